package web

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/preference-rules/pref/rulesets"
)

// The browser tests drive Debian's chromium (nothing is downloaded): one
// browser process for the whole package, a tab per test. They skip with a
// message when no browser is found; .ci/run installs chromium so CI runs
// them. PREF_SCREENSHOTS=DIR writes each page at phone and desktop sizes;
// PREF_SOAK=1 plays a deal of every ruleset, not three.

var (
	browserOnce sync.Once
	browserCtx  context.Context
	browserErr  error
	browserStop = func() {}
)

// findBrowser is the chromium to drive: $PREF_CHROMIUM (none: no
// browser), else the first found on the PATH or at Debian's place.
func findBrowser() string {
	if p := os.Getenv("PREF_CHROMIUM"); p == "none" {
		return ""
	} else if p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "/usr/bin/chromium"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

func TestMain(m *testing.M) {
	code := m.Run()
	browserStop()
	os.Exit(code)
}

// browser is a new tab of the shared browser; the test skips when there
// is no browser.
func browser(t *testing.T) context.Context {
	t.Helper()
	path := findBrowser()
	if path == "" {
		t.Skip("no browser found (chromium on the PATH, or $PREF_CHROMIUM): the browser tests are skipped; apt-get install chromium runs them")
	}
	browserOnce.Do(func() {
		dir, err := os.MkdirTemp("", "pref-chromium-")
		if err != nil {
			browserErr = err
			return
		}
		opts := append(chromedp.DefaultExecAllocatorOptions[:],
			chromedp.ExecPath(path), chromedp.UserDataDir(dir),
			chromedp.Flag("headless", true), chromedp.Flag("no-sandbox", true), chromedp.Flag("disable-gpu", true),
			chromedp.Flag("disable-quic", true), chromedp.Flag("no-first-run", true), chromedp.Flag("disable-background-networking", true),
			chromedp.Flag("disable-component-update", true), chromedp.Flag("disable-sync", true))
		actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
		bctx, cancelBrowser := chromedp.NewContext(actx)
		browserStop = func() { cancelBrowser(); cancelAlloc(); os.RemoveAll(dir) }
		browserCtx, browserErr = bctx, chromedp.Do(bctx) // starts the browser
	})
	if browserErr != nil {
		t.Fatalf("chromium %s did not start: %v", path, browserErr)
	}
	ctx, cancel := chromedp.NewContext(browserCtx)
	t.Cleanup(cancel)
	return ctx
}

// problems records every console error, uncaught exception and failed
// request of a tab.
type problems struct {
	mu    sync.Mutex
	list  []string
	allow []string // a problem naming one of these is expected (an error page asked for)
}

func watch(t *testing.T, ctx context.Context) *problems {
	t.Helper()
	p := &problems{}
	if err := chromedp.Do(ctx); err != nil { // open the tab
		t.Fatal(err)
	}
	err := chromedp.Listen(ctx, func(ev any) {
		var msg string
		switch e := ev.(type) {
		case *runtime.EventConsoleAPICalled:
			if e.Type == runtime.ConsoleAPICalledTypeError || e.Type == runtime.ConsoleAPICalledTypeWarning {
				msg = fmt.Sprintf("console %s", e.Type)
				for _, a := range e.Args {
					msg += " " + string(a.Value) + a.Description
				}
			}
		case *runtime.EventExceptionThrown:
			msg = "exception: " + e.ExceptionDetails.Text
			if e.ExceptionDetails.Exception != nil {
				msg += " " + e.ExceptionDetails.Exception.Description
			}
		case *log.EventEntryAdded:
			if e.Entry.Level == log.EntryLevelError || e.Entry.Level == log.EntryLevelWarning {
				msg = "log: " + e.Entry.Text + " " + e.Entry.URL
			}
		case *network.EventLoadingFailed:
			msg = "request failed: " + e.ErrorText
		case *network.EventResponseReceived:
			if e.Response.Status >= 400 {
				msg = fmt.Sprintf("request %s: status %d", e.Response.URL, e.Response.Status)
			}
		}
		if msg != "" {
			p.mu.Lock()
			p.list = append(p.list, msg)
			p.mu.Unlock()
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		p.mu.Lock()
		defer p.mu.Unlock()
		for _, m := range p.list {
			if !slices.ContainsFunc(p.allow, func(a string) bool { return strings.Contains(m, a) }) {
				t.Errorf("in the browser: %s", m)
			}
		}
	})
	return p
}

// served is the test server's address.
func served(t *testing.T) string {
	ts, _ := testServer(t)
	return ts.URL
}

// clickAndWait clicks sel and waits for the table the server answers with.
func clickAndWait(ctx context.Context, sel string) error {
	step, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	return chromedp.Do(step,
		chromedp.Evaluate[chromedp.Void](`document.getElementById("table").dataset.old = "1"`),
		chromedp.Click(chromedp.CSS(sel)),
		void(chromedp.Poll[bool](`!document.querySelector("#table[data-old]") && !!document.querySelector("#table")`, chromedp.WithPollingInterval(5*time.Millisecond))),
	)
}

// playRulesets are the rulesets whose deal the default run plays: a pot,
// a score sheet and a third family; PREF_SOAK=1 plays every ruleset.
func playRulesets() []string {
	if os.Getenv("PREF_SOAK") != "" {
		return rulesets.Names()
	}
	return []string{"austrian-1829", "sochi", "west-balkans"}
}

// A whole deal played by clicks: a legal card or call clicked until the
// settlement appears, with no console error and no failed request; a deal
// played out ends with what perfect play would have given.
func TestBrowserPlaysAWholeDeal(t *testing.T) {
	ctx := browser(t)
	watch(t, ctx)
	base := served(t)
	reviewed := 0
	defer func() {
		if !t.Failed() && reviewed == 0 {
			t.Error("no deal showed the perfect-play review after its settlement")
		}
	}()
	for _, name := range playRulesets() {
		t.Run(name, func(t *testing.T) {
			if err := chromedp.Do(ctx, chromedp.Navigate(base+"/play?ruleset="+name+"&seed=3"), chromedp.WaitVisible(chromedp.CSS("#table"))); err != nil {
				t.Fatal(err)
			}
			start := time.Now()
			clicks := 0
			for ; clicks < 200; clicks++ {
				done, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`!!document.querySelector("[data-settlement]")`))
				if err != nil {
					t.Fatal(err)
				}
				if done {
					break
				}
				// a call rather than a pass, so that the person declares,
				// takes the talon and lays cards aside where the hand allows
				if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`(() => { const el = document.querySelector('[data-legal="true"]:not([data-action="pass"])') || document.querySelector('[data-legal="true"]'); el.dataset.pick = "1"; return true; })()`)); err != nil {
					t.Fatal(err)
				}
				if err := clickAndWait(ctx, `[data-pick]`); err != nil {
					t.Fatalf("click %d: %v", clicks, err)
				}
			}
			text, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS("[data-settlement]")))
			if err != nil || !strings.Contains(text, "Settlement") && !strings.Contains(text, "deal is over") {
				t.Fatalf("no settlement after %d clicks: %q %v", clicks, text, err)
			}
			if strings.Contains(text, "Perfect play:") {
				reviewed++
			}
			t.Logf("%s: a deal in %d clicks, %v a click on average", name, clicks, time.Since(start)/time.Duration(max(1, clicks)))
		})
	}
}

// An illegal card is marked and refused with its rule, by a click and by
// the keyboard alone (arrows to it, Enter).
func TestBrowserRefusesAnIllegalCard(t *testing.T) {
	ctx := browser(t)
	watch(t, ctx)
	base := served(t)
	for seed := 1; seed < 30; seed++ {
		if err := chromedp.Do(ctx, chromedp.Navigate(fmt.Sprintf("%s/play?ruleset=sochi&seed=%d", base, seed)), chromedp.WaitVisible(chromedp.CSS("#table"))); err != nil {
			t.Fatal(err)
		}
		for clicks := 0; clicks < 100; clicks++ {
			state, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector('[data-card][data-legal="false"]') ? "illegal" : document.querySelector("[data-settlement]") ? "over" : "on"`))
			if err != nil {
				t.Fatal(err)
			}
			if state == "over" {
				break
			}
			if state == "illegal" {
				card, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector('[data-card][data-legal="false"]').dataset.card`))
				if err != nil {
					t.Fatal(err)
				}
				if err := clickAndWait(ctx, `[data-card][data-legal="false"]`); err != nil {
					t.Fatal(err)
				}
				status, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS(".status")))
				if err != nil || !strings.Contains(status, "is not legal:") {
					t.Fatalf("after clicking the illegal %s: status %q %v", card, status, err)
				}
				still, _ := chromedp.Run(ctx, chromedp.Evaluate[bool](fmt.Sprintf(`!!document.querySelector('[data-card="%s"]')`, card)))
				if !still {
					t.Fatalf("the illegal %s left the hand", card)
				}
				keyboardChooses(t, ctx)
				return
			}
			if err := clickAndWait(ctx, `[data-legal="true"]`); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Fatal("no illegal card met in 30 deals")
}

// keyboardChooses plays a legal choice by keys alone: the first legal
// choice focused, → moves the focus to another choice and ← back, then
// Enter plays it: the table moves on.
func keyboardChooses(t *testing.T, ctx context.Context) {
	t.Helper()
	before, _ := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("[data-card]").length`))
	focused := chromedp.Evaluate[string](`(document.activeElement && (document.activeElement.dataset.card || document.activeElement.dataset.action)) || ""`)
	if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`document.querySelector('[data-legal="true"]').focus(); document.getElementById("table").dataset.old = "1"`)); err != nil {
		t.Fatal(err)
	}
	first, err := chromedp.Run(ctx, focused)
	if err != nil {
		t.Fatal(err)
	}
	_ = chromedp.Do(ctx, chromedp.KeyEvent(kb.ArrowRight))
	moved, _ := chromedp.Run(ctx, focused)
	_ = chromedp.Do(ctx, chromedp.KeyEvent(kb.ArrowLeft))
	back, _ := chromedp.Run(ctx, focused)
	if err := chromedp.Do(ctx, chromedp.KeyEvent("\r"), void(chromedp.Poll[bool](`!document.querySelector("#table[data-old]")`))); err != nil {
		t.Fatal(err)
	}
	if first == "" || moved == first || back != first {
		t.Errorf("the arrows did not move the focus: %q, then → %q, then ← %q", first, moved, back)
	}
	after, _ := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("[data-card]").length`))
	if after >= before {
		t.Errorf("Enter on a legal card played nothing: %d clickable cards, then %d", before, after)
	}
}

// Every page at phone and desktop sizes, into $PREF_SCREENSHOTS; the
// figures of a page load are logged.
func TestBrowserScreenshots(t *testing.T) {
	dir := os.Getenv("PREF_SCREENSHOTS")
	if dir == "" && os.Getenv("PREF_SOAK") == "" {
		t.Skip("PREF_SCREENSHOTS not set (PREF_SOAK=1 draws the pages without writing them)")
	}
	if dir != "" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	ctx := browser(t)
	watch(t, ctx).allow = []string{"ruleset=nope"} // the error page, asked for
	base := served(t)
	// the long pages (the rulesets, a rulebook) as the screen shows them,
	// the table whole
	shots := []struct {
		name, url, clicks string
		whole             bool
	}{
		{"landing", "/", "", false},
		{"rules", "/rules?ruleset=sochi", "", false},
		{"play-auction", "/play?ruleset=sochi&seed=3", "", true},
		{"play-discard", "/play?ruleset=sochi&seed=3", "discard", true},
		{"play-trick", "/play?ruleset=austrian-1829&seed=3", "play", true},
		{"play-settlement", "/play?ruleset=west-balkans&seed=3", "over", true},
		{"error", "/play?ruleset=nope", "", false},
	}
	for _, size := range [][2]int64{{390, 844}, {1280, 800}} {
		for _, s := range shots {
			err := chromedp.Do(ctx, chromedp.EmulateViewport(size[0], size[1]), chromedp.Navigate(base+s.url), chromedp.WaitReady(chromedp.CSS("body")))
			if err != nil {
				t.Fatal(err)
			}
			advance(t, ctx, s.clicks)
			if dir == "" {
				continue
			}
			shot := chromedp.CaptureScreenshot()
			if s.whole {
				shot = chromedp.FullScreenshot(100)
			}
			png, err := chromedp.Run(ctx, shot)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("%s-%dx%d.png", s.name, size[0], size[1])), png, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	if dir == "" {
		t.Log("PREF_SCREENSHOTS not set: the pages were drawn, no screenshot written")
	}
}

// advance clicks legal choices (a call rather than a pass) until the
// decision of phase until ("discard", "play"...) or the settlement
// ("over"); "" clicks nothing.
func advance(t *testing.T, ctx context.Context, until string) {
	t.Helper()
	for i := 0; until != "" && i < 200; i++ {
		phase, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector("[data-settlement]") ? "over" : document.querySelector("#table").dataset.phase`))
		if err != nil {
			t.Fatal(err)
		}
		if phase == until || phase == "over" {
			return
		}
		if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`(() => { const el = document.querySelector('[data-legal="true"]:not([data-action="pass"])') || document.querySelector('[data-legal="true"]'); el.dataset.pick = "1"; return true; })()`)); err != nil {
			t.Fatal(err)
		}
		if err := clickAndWait(ctx, `[data-pick]`); err != nil {
			t.Fatal(err)
		}
	}
}

// A page loads in under 300 ms and 500 KB on loopback: the navigation's
// time (to its load event, and to the last byte of the page) and every
// byte the page fetched, for every kind of page. The size is checked
// always; the time, which a busy machine stretches, with PREF_SOAK=1 (the
// median of three loads; one load otherwise), and logged always.
func TestBrowserPageLoadFigures(t *testing.T) {
	ctx := browser(t)
	watch(t, ctx)
	base := served(t)
	loads := 1
	if os.Getenv("PREF_SOAK") != "" {
		loads = 3
	}
	pages := []string{"/", "/play?ruleset=sochi&seed=1", "/rules?ruleset=sochi", "/learn?ruleset=sochi",
		"/learn?ruleset=leningrad", "/coached?ruleset=sochi", "/author?from=sochi", "/referee"}
	for _, u := range pages {
		var took, bytes []float64
		var toBytes float64
		for i := 0; i < loads; i++ {
			if err := chromedp.Do(ctx, chromedp.Navigate(base+u), chromedp.WaitReady(chromedp.CSS("body"))); err != nil {
				t.Fatal(err)
			}
			fig, err := chromedp.Run(ctx, chromedp.Poll[[]float64](`(() => { const n = performance.getEntriesByType("navigation")[0]; if (!n || !n.loadEventEnd) return null; let b = n.encodedBodySize; for (const r of performance.getEntriesByType("resource")) b += r.transferSize || r.encodedBodySize; return [n.loadEventEnd - n.startTime, b, n.responseEnd - n.startTime]; })()`))
			if err != nil {
				t.Fatal(err)
			}
			took, bytes, toBytes = append(took, fig[0]), append(bytes, fig[1]), fig[2]
		}
		slices.Sort(took)
		t.Logf("%s: loaded in %.0f ms (median of %d; the page's last byte at %.0f ms), %.0f bytes on the first load", u, took[len(took)/2], loads, toBytes, bytes[0])
		if bytes[0] > 500<<10 {
			t.Errorf("%s: %.0f bytes, over 500 KB", u, bytes[0])
		}
		if took[len(took)/2] > 300 && os.Getenv("PREF_SOAK") != "" {
			t.Errorf("%s: %.0f ms, over 300 ms", u, took[len(took)/2])
		}
	}
}

// void is action a with its value dropped, to run among others with Do.
func void[T any](a chromedp.Action[T]) chromedp.Action[chromedp.Void] {
	return func(ctx context.Context, t *chromedp.Target) (chromedp.Void, error) {
		_, err := a(ctx, t)
		return chromedp.Void{}, err
	}
}

// The keys of the terminal: ? gives the hint with its reason, u takes the
// last decision back; after the deal n (the Next deal button) deals the
// next deal of the session, whose standings were shown.
func TestBrowserHintTakeBackAndNextDeal(t *testing.T) {
	ctx := browser(t)
	watch(t, ctx)
	base := served(t)
	if err := chromedp.Do(ctx, chromedp.Navigate(base+"/play?ruleset=austrian-1829&seed=3"), chromedp.WaitVisible(chromedp.CSS("#table"))); err != nil {
		t.Fatal(err)
	}
	key := func(k string) string {
		t.Helper()
		err := chromedp.Do(ctx,
			chromedp.Evaluate[chromedp.Void](`document.getElementById("table").dataset.old = "1"`),
			chromedp.KeyEvent(k),
			void(chromedp.Poll[bool](`!document.querySelector("#table[data-old]")`)))
		if err != nil {
			t.Fatalf("key %q: %v", k, err)
		}
		status, _ := chromedp.Run(ctx, chromedp.Text(chromedp.CSS(".status")))
		return status
	}
	if s := key("?"); !strings.HasPrefix(s, "Hint: ") || !strings.Contains(s, "(") {
		t.Errorf("? gave %q, want the hint with its reason", s)
	}
	if err := clickAndWait(ctx, `[data-legal="true"]`); err != nil {
		t.Fatal(err)
	}
	if s := key("u"); s != "Taken back: decide again." {
		t.Errorf("u gave %q", s)
	}
	advance(t, ctx, "over")
	standings, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector(".standings").textContent`)) // folded under the sheet drawn
	if err != nil || !strings.Contains(standings, "after 1 deal") {
		t.Errorf("standings %q %v", standings, err)
	}
	key("n")
	phase, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector("[data-settlement]") ? "" : document.getElementById("table").dataset.phase`))
	if err != nil || phase == "" {
		t.Errorf("after n: phase %q %v, want the next deal's first decision", phase, err)
	}
}
