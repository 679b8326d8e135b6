package web

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/preference-rules/pref/rulesets"
)

// The strong player's hint in the browser: asked (the Hint button) at the
// person's decisions of a deal with strong players, each answered (the
// table redrawn with the hint and its reason) in under a second. The
// default run times the first decision of the auction and the first of the
// card play beside simple computer players and logs the figures;
// PREF_SOAK=1 times every decision of a deal with strong players and
// holds each to the bound (a loaded machine stretches the clock; the
// strong player's wall-clock budget, bot.Strong.WallClock, is for
// internal/app's adviser to set).
func TestBrowserStrongHintTimed(t *testing.T) {
	ctx := browser(t)
	watch(t, ctx)
	soak := os.Getenv("PREF_SOAK") != ""
	page := strongHintPage(t, soak)
	if err := chromedp.Do(ctx, chromedp.Navigate(page), chromedp.WaitVisible(chromedp.CSS("#table"))); err != nil {
		t.Fatal(err)
	}
	var took []time.Duration
	var where []string
	timedPlay, timedOther := 0, 0
	for step := 0; step < 60; step++ {
		if !soak && timedPlay >= 1 {
			break // the default run: the first decision of the auction and of the card play
		}
		phase, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector("[data-settlement]") ? "over" : document.getElementById("table").dataset.phase`))
		if err != nil {
			t.Fatal(err)
		}
		if phase == "over" {
			break
		}
		timeIt := soak || phase == "play" || timedOther < 1
		if !timeIt {
			if err := clickAndWait(ctx, `[data-legal="true"]`); err != nil {
				t.Fatal(err)
			}
			continue
		}
		d := timedHint(ctx, t, phase)
		took, where = append(took, d), append(where, fmt.Sprintf("%s %v", phase, d.Round(time.Millisecond)))
		if phase == "play" {
			timedPlay++
		} else {
			timedOther++
		}
		if soak && d > time.Second {
			t.Errorf("the strong hint at %s took %v, over 1 s", phase, d)
		}
		if err := clickAndWait(ctx, `[data-hint="true"]`); err != nil {
			t.Fatal(err)
		}
	}
	if timedPlay == 0 {
		t.Fatalf("no hint was asked in the card play (timed: %v)", where)
	}
	sorted := slices.Clone(took)
	slices.Sort(sorted)
	t.Logf("the strong hint, asked in the browser to the table redrawn: median %v, slowest %v over %d decisions (%s)",
		sorted[len(sorted)/2].Round(time.Millisecond), sorted[len(sorted)-1].Round(time.Millisecond), len(took), strings.Join(where, ", "))
}

// strongHintPage is the page of a sochi deal (seed 2) where the person is
// hinted by the strong player: with soak, beside strong computer players;
// else beside simple ones, whose own decisions take no time, so that the
// deal reaches the card play in a second (the hint asked is the same,
// app.NewAdviser("strong")).
func strongHintPage(t *testing.T, soak bool) string {
	t.Helper()
	ts, srv := testServer(t)
	if soak {
		return ts.URL + "/play?ruleset=sochi&seed=2&bots=strong"
	}
	r, err := rulesets.Open("sochi")
	if err != nil {
		t.Fatal(err)
	}
	w, err := newTable("sochi", nil, r, 2, "strong", "simple")
	if err != nil {
		t.Fatal(err)
	}
	return ts.URL + "/play?t=" + srv.tables.add(w)
}

// timedHint asks for the hint at the person's decision in phase and
// returns how long the table took to be redrawn with it.
func timedHint(ctx context.Context, t *testing.T, phase string) time.Duration {
	t.Helper()
	start := time.Now()
	if err := clickAndWait(ctx, `[data-tool="hint"]`); err != nil {
		t.Fatalf("hint at %s: %v", phase, err)
	}
	d := time.Since(start)
	status, _ := chromedp.Run(ctx, chromedp.Text(chromedp.CSS(".status")))
	if !strings.HasPrefix(status, "Hint: ") {
		t.Fatalf("the hint at %s said %q", phase, status)
	}
	return d
}
