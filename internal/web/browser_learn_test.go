package web

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/preference-rules/pref/rulesets"
)

// evalTrue waits until the script expr is true in the tab (a few seconds
// at most).
func evalTrue(t *testing.T, ctx context.Context, what, expr string) {
	t.Helper()
	step, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if err := chromedp.Do(step, void(chromedp.Poll[bool](expr, chromedp.WithPollingInterval(5*time.Millisecond)))); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
}

// A lesson's question answered wrong, then right, in the browser: a miss
// is tried again, the next lesson opens only once the question is
// answered, and the lesson reached and the answer survive a reload.
func TestBrowserLearnsALesson(t *testing.T) {
	ctx := browser(t)
	watch(t, ctx)
	base := served(t)
	r, err := rulesets.Open("sochi")
	if err != nil {
		t.Fatal(err)
	}
	pages, err := course(r)
	if err != nil {
		t.Fatal(err)
	}
	lesson := 1 // the basics: one question, who wins a trick
	if len(pages[lesson].Questions) != 1 {
		t.Fatalf("lesson %d has %d questions, the test wants one", lesson, len(pages[lesson].Questions))
	}
	q := pages[lesson].Questions[0]
	right, wrong := q.Answer, (q.Answer+1)%len(q.Choices)
	at := func(n int) string {
		return fmt.Sprintf(`(() => { const v = [...document.querySelectorAll("[data-lesson]")].filter(s => !s.hidden); return v.length === 1 && v[0].dataset.lesson === "%d"; })()`, n)
	}
	in := fmt.Sprintf(`[data-lesson="%d"]`, lesson)
	choice := func(i int) string { return fmt.Sprintf(`%s [data-question="0"] [data-answer="%d"]`, in, i) }
	said := `document.querySelector('` + in + ` .said').textContent`

	if err := chromedp.Do(ctx, chromedp.Navigate(base+"/learn?ruleset=sochi"), chromedp.WaitVisible(chromedp.CSS(`[data-lesson="0"]`))); err != nil {
		t.Fatal(err)
	}
	evalTrue(t, ctx, "the first lesson alone shown", at(0))
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`[data-lesson="0"] [data-next]`))); err != nil {
		t.Fatal(err)
	}
	evalTrue(t, ctx, "the next lesson shown", at(lesson))
	// not answered: the next lesson stays shut
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(in+` [data-next]`))); err != nil {
		t.Fatal(err)
	}
	evalTrue(t, ctx, "still at the lesson, its question unanswered", at(lesson)+` && document.querySelector('`+in+` [data-next]').getAttribute("aria-disabled") === "true"`)

	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(choice(wrong)))); err != nil {
		t.Fatal(err)
	}
	evalTrue(t, ctx, "a miss tried again", said+`.includes("Try once more")`)
	evalTrue(t, ctx, "the missed choice marked, the right one not told", fmt.Sprintf(`document.querySelector('%s').dataset.verdict === "wrong" && !document.querySelector('%s [data-correct]')`, choice(wrong), in))
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(choice(right)))); err != nil {
		t.Fatal(err)
	}
	evalTrue(t, ctx, "the right answer said right", said+`.includes("Right.") && document.querySelector('`+choice(right)+`').dataset.verdict === "right"`)
	// the keyboard goes on: the right answer moves the focus to Next
	if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.ArrowRight)); err != nil {
		t.Fatal(err)
	}
	evalTrue(t, ctx, "the next lesson opened by answering", at(lesson+1))

	if err := chromedp.Do(ctx, chromedp.Reload()); err != nil {
		t.Fatal(err)
	}
	evalTrue(t, ctx, "the lesson reached kept over a reload", at(lesson+1))
	// back to the lesson by the contents (folded on a narrow screen: opened first)
	if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`document.querySelector(".contents details").open = true`), chromedp.Click(chromedp.CSS(fmt.Sprintf(`[data-to="%d"] a`, lesson)))); err != nil {
		t.Fatal(err)
	}
	evalTrue(t, ctx, "the answer kept over a reload", at(lesson)+` && `+said+`.includes("Right.") && document.querySelector('`+choice(right)+`').disabled`)
	shootLearn(t, ctx, base)
}

// shootLearn writes the Learn page at phone and desktop sizes into
// $PREF_SCREENSHOTS: a lesson, and a question answered.
func shootLearn(t *testing.T, ctx context.Context, base string) {
	dir := os.Getenv("PREF_SCREENSHOTS")
	if dir == "" {
		return
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, size := range [][2]int64{{390, 844}, {1280, 800}} {
		for _, s := range []struct{ name, hash string }{{"learn-contents", ""}, {"learn-question", "#lesson-1"}} {
			err := chromedp.Do(ctx, chromedp.EmulateViewport(size[0], size[1]), chromedp.Navigate(base+"/learn?ruleset=sochi"+s.hash), chromedp.WaitVisible(chromedp.CSS(`main.learn.scripted`)))
			if err != nil {
				t.Fatal(err)
			}
			if s.hash != "" {
				_ = chromedp.Do(ctx, chromedp.ScrollIntoView(chromedp.CSS(`[data-lesson="1"] .question`)))
			}
			png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("%s-%dx%d.png", s.name, size[0], size[1])), png, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// A coached deal played by clicks from the lessons' link: the coach's
// words beside the table all along (data-coach), and its result at the end.
func TestBrowserCoachedDeal(t *testing.T) {
	ctx := browser(t)
	watch(t, ctx)
	base := served(t)
	if err := chromedp.Do(ctx, chromedp.Navigate(base+"/learn?ruleset=sochi"), chromedp.WaitVisible(chromedp.CSS(`main.learn.scripted`))); err != nil {
		t.Fatal(err)
	}
	href, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector("[data-play]").getAttribute("href")`))
	if err != nil || !strings.HasPrefix(href, "/coached?") {
		t.Fatalf("the lessons' link to a deal: %q %v", href, err)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(base+href), chromedp.WaitVisible(chromedp.CSS(`#table [data-coach]`))); err != nil {
		t.Fatal(err)
	}
	advance(t, ctx, "over")
	evalTrue(t, ctx, "the coach's result beside the settlement", `!!document.querySelector("#table [data-coach] [data-coach-result]") && !!document.querySelector("[data-settlement]")`)
	if dir := os.Getenv("PREF_SCREENSHOTS"); dir != "" {
		for _, size := range [][2]int64{{390, 844}, {1280, 800}} {
			if err := chromedp.Do(ctx, chromedp.EmulateViewport(size[0], size[1])); err != nil {
				t.Fatal(err)
			}
			png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("coached-over-%dx%d.png", size[0], size[1])), png, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}
