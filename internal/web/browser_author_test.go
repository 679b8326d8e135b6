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
)

// A house variant written in the page: a mistake typed is marked at its
// line (in the gutter and the list) a moment later, the fix clears it and
// shows the diff, the save writes it into the user's folder and its link
// plays it.
func TestBrowserAuthorMistakeFixSavePlay(t *testing.T) {
	dir := userFolder(t)
	ctx := browser(t)
	watch(t, ctx)
	base := served(t)
	step, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	err := chromedp.Do(step,
		chromedp.EmulateViewport(1280, 800),
		chromedp.Navigate(base+"/author?from=sochi"),
		chromedp.WaitVisible(chromedp.CSS("#text")),
		chromedp.Evaluate[chromedp.Void](`document.getElementById("name").value = "kitchen-web";
			const t = document.getElementById("text");
			t.value = "extends: sochi\nname: kitchen-web\ntitle: Kitchen web rules\n";
			t.focus(); t.setSelectionRange(t.value.length, t.value.length);`),
		chromedp.KeyEvent("play:\r  head: sometimes"),
		void(chromedp.Poll[bool](`!!document.querySelector('[data-mistake][data-line="5"][data-col="9"]') && document.querySelector("#gutter .bad") && document.querySelector("#gutter .bad").textContent.includes("5")`, chromedp.WithPollingInterval(20*time.Millisecond))),
	)
	if err != nil {
		t.Fatalf("the mistake typed was not marked at line 5: %v", err)
	}
	msg, _ := chromedp.Run(ctx, chromedp.Text(chromedp.CSS("[data-mistake]")))
	if !strings.Contains(msg, "line 5, column 9") || !strings.Contains(msg, "play.head") {
		t.Errorf("the mistake reads %q", msg)
	}
	// the mistake's link puts the caret at its line and column
	caret, err := chromedp.Run(step, chromedp.Evaluate[int](`(() => { document.querySelector("[data-goto]").click(); const ta = document.getElementById("text"); const at = ta.selectionStart; ta.setSelectionRange(ta.value.length, ta.value.length); return at; })()`))
	if want := len("extends: sochi\nname: kitchen-web\ntitle: Kitchen web rules\nplay:\n") + 8; err != nil || caret != want {
		t.Errorf("the mistake's link put the caret at %d, want %d (line 5, column 9) %v", caret, want, err)
	}
	err = chromedp.Do(step,
		chromedp.KeyEvent(strings.Repeat("\b", len("sometimes"))+"must"),
		void(chromedp.Poll[bool](`!document.querySelector("[data-mistake]") && !document.querySelector("#gutter .bad") && document.querySelector("[data-diff]").textContent.includes("play.head: never -> must")`, chromedp.WithPollingInterval(20*time.Millisecond))),
		chromedp.Click(chromedp.CSS(`[data-tool="save"]`)),
		chromedp.WaitVisible(chromedp.CSS("[data-play]")),
	)
	if err != nil {
		t.Fatalf("fixed and saved: %v", err)
	}
	if data, err := os.ReadFile(filepath.Join(dir, "kitchen-web.yaml")); err != nil || !strings.Contains(string(data), "head: must") {
		t.Fatalf("the file saved: %q %v", data, err)
	}
	title, err := chromedp.Run(step, chromedp.Text(chromedp.CSS("[data-play]")))
	if err != nil || title != "Play kitchen-web" {
		t.Errorf("the link reads %q %v", title, err)
	}
	err = chromedp.Do(step, chromedp.Click(chromedp.CSS("[data-play]")), chromedp.WaitVisible(chromedp.CSS("#table")))
	if err != nil {
		t.Fatal(err)
	}
	h1, err := chromedp.Run(step, chromedp.Text(chromedp.CSS("#table h1")))
	if err != nil || h1 != "Kitchen web rules" {
		t.Errorf("the table's title %q %v, want the variant's", h1, err)
	}
}

// The Author page with a quick comparison, at phone and desktop sizes,
// into $PREF_SCREENSHOTS.
func TestBrowserAuthorScreenshots(t *testing.T) {
	if os.Getenv("PREF_SCREENSHOTS") == "" {
		t.Skip("PREF_SCREENSHOTS not set")
	}
	ctx := browser(t)
	watch(t, ctx)
	base := served(t)
	step, cancel := context.WithTimeout(ctx, 60*time.Second)
	defer cancel()
	for _, size := range [][2]int64{{390, 844}, {1280, 800}} {
		err := chromedp.Do(step,
			chromedp.EmulateViewport(size[0], size[1]),
			chromedp.Navigate(base+"/author?from=sochi"),
			chromedp.WaitVisible(chromedp.CSS("#text")),
			chromedp.Evaluate[chromedp.Void](`const t = document.getElementById("text"); t.value += "\nplay:\n  head: sometimes\n"; t.dispatchEvent(new Event("input"));`),
			void(chromedp.Poll[bool](`!!document.querySelector("[data-mistake]")`)),
		)
		if err != nil {
			t.Fatal(err)
		}
		screenshot(t, ctx, fmt.Sprintf("author-mistake-%dx%d", size[0], size[1]), true)
		err = chromedp.Do(step,
			chromedp.Evaluate[chromedp.Void](`t.value = t.value.replace("sometimes", "must");`),
			chromedp.Click(chromedp.CSS(`[data-tool="compare"]`)),
			chromedp.WaitVisible(chromedp.CSS("[data-compare]")),
		)
		if err != nil {
			t.Fatal(err)
		}
		screenshot(t, ctx, fmt.Sprintf("author-compare-%dx%d", size[0], size[1]), true)
	}
}

// screenshot writes the tab's picture into $PREF_SCREENSHOTS as NAME.png
// (the whole page when whole), nothing when it is not set.
func screenshot(t *testing.T, ctx context.Context, name string, whole bool) {
	t.Helper()
	dir := os.Getenv("PREF_SCREENSHOTS")
	if dir == "" {
		return
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	shot := chromedp.CaptureScreenshot()
	if whole {
		shot = chromedp.FullScreenshot(100)
	}
	png, err := chromedp.Run(ctx, shot)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name+".png"), png, 0o644); err != nil {
		t.Fatal(err)
	}
}
