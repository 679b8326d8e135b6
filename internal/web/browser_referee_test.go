package web

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// openInBrowser pastes a record's text into the referee's form and opens
// it: the page of its first step.
func openInBrowser(t *testing.T, ctx context.Context, base, text string) {
	t.Helper()
	js, _ := json.Marshal(text)
	ctx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	err := chromedp.Do(ctx, chromedp.Navigate(base+"/referee"), chromedp.WaitVisible(chromedp.CSS("#text")),
		chromedp.Evaluate[chromedp.Void](`document.getElementById("text").value = `+string(js)),
		chromedp.Click(chromedp.CSS("[data-open]")),
		chromedp.WaitVisible(chromedp.CSS("#referee")))
	if err != nil {
		t.Fatal(err)
	}
}

// refereeKey presses key and waits for the step it leads to.
func refereeKey(t *testing.T, ctx context.Context, key string) int {
	t.Helper()
	step, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	err := chromedp.Do(step,
		chromedp.Evaluate[chromedp.Void](`document.getElementById("referee").dataset.old = "1"`),
		chromedp.KeyEvent(key),
		void(chromedp.Poll[bool](`!document.querySelector("#referee[data-old]") && !!document.querySelector("#referee")`, chromedp.WithPollingInterval(5*time.Millisecond))))
	if err != nil {
		t.Fatalf("key %q: %v", key, err)
	}
	n, err := chromedp.Run(ctx, chromedp.Evaluate[int](`+document.getElementById("referee").dataset.step`))
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// A record pasted, then stepped to its end by the keyboard alone (→ each
// step, Home back to the first, End to the last, ← one back, → again):
// each step ruled, the last one's settlement read in sentences, the
// arithmetic opened with its toggle; then an illegal record stepped to its
// fault. The page's address follows the steps.
func TestBrowserRefereeStepsARecordToItsSettlement(t *testing.T) {
	ctx := browser(t)
	watch(t, ctx)
	base := served(t)
	openInBrowser(t, ctx, base, string(readFile(t, "../../conformance/sochi/record-suit-game-made.yaml")))
	steps, err := chromedp.Run(ctx, chromedp.Evaluate[int](`+document.getElementById("referee").dataset.steps`))
	if err != nil || steps < 30 {
		t.Fatalf("%d steps, %v", steps, err)
	}
	start := time.Now()
	for k := 1; k < steps; k++ {
		if got := refereeKey(t, ctx, kb.ArrowRight); got != k {
			t.Fatalf("→ led to step %d, want %d", got, k)
		}
		ruling, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector("[data-ruling]").dataset.ruling`))
		if ruling != "legal" {
			t.Fatalf("step %d ruled %q", k, ruling)
		}
	}
	t.Logf("%d steps by →, %v a step", steps-1, time.Since(start)/time.Duration(steps-1))
	if got := refereeKey(t, ctx, kb.Home); got != 0 {
		t.Errorf("Home led to step %d", got)
	}
	if got := refereeKey(t, ctx, kb.End); got != steps-1 {
		t.Errorf("End led to step %d", got)
	}
	if refereeKey(t, ctx, kb.ArrowLeft) != steps-2 || refereeKey(t, ctx, kb.ArrowRight) != steps-1 {
		t.Error("← and → do not step back and forth")
	}
	text, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS("[data-settlement]")))
	if err != nil || !strings.Contains(text, "Charlotte needed 6 tricks in 6-spades and took 7, so the game was made") {
		t.Fatalf("the settlement at the end: %q %v", text, err)
	}
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS("[data-arithmetic] summary"))); err != nil {
		t.Fatal(err)
	}
	arith, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS("[data-arithmetic]")))
	if err != nil || !strings.Contains(arith, "the game value of 6-spades") {
		t.Errorf("the arithmetic toggled open: %q %v", arith, err)
	}
	url, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`location.search`))
	if !strings.HasSuffix(url, fmt.Sprintf("step=%d", steps-1)) {
		t.Errorf("the address %q does not follow the steps", url)
	}
	refereeShots(t, ctx, "referee-settlement")

	openInBrowser(t, ctx, base, string(readFile(t, "../../conformance/rostov/record-illegal-follow-suit.yaml")))
	refereeKey(t, ctx, kb.End)
	fault, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS(`[data-ruling="fault"]`)))
	if err != nil || !strings.Contains(fault, "Brigitte played 10C but must follow spades") {
		t.Errorf("the fault: %q %v", fault, err)
	}
	refereeShots(t, ctx, "referee-fault")
	refereeKey(t, ctx, kb.ArrowLeft)
	// the analyser, asked for at the lead of the first trick
	wait, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	if err := chromedp.Do(wait, chromedp.Click(chromedp.CSS(`a[data-nav="analyse"]`)), chromedp.WaitVisible(chromedp.CSS("[data-bestcard]"))); err != nil {
		t.Fatalf("best play: %v", err)
	}
	refereeShots(t, ctx, "referee-trick")
}

// refereeShots writes the page at phone and desktop sizes into
// $PREF_SCREENSHOTS, when set.
func refereeShots(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	dir := os.Getenv("PREF_SCREENSHOTS")
	if dir == "" {
		return
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, size := range [][2]int64{{390, 844}, {1280, 800}} {
		var png []byte
		err := chromedp.Do(ctx, chromedp.EmulateViewport(size[0], size[1]))
		if err == nil {
			png, err = chromedp.Run(ctx, chromedp.FullScreenshot(100))
		}
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("%s-%dx%d.png", name, size[0], size[1])), png, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
