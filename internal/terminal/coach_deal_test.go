package terminal

import (
	"slices"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	"github.com/preference-rules/pref/internal/app"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/rulesets"
)

// coachedScreen is the coached deals of ruleset name from the one that
// teaches lesson on, at a screen of w x h; nil when none teaches it.
func coachedScreen(t *testing.T, name string, lesson app.Lesson, w, h int) (*Screen, string) {
	t.Helper()
	r, err := rulesets.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	p := &app.Printer{Ruleset: r, ASCII: true, Bots: "simple"}
	deals, err := CoachedDeals(r, defaultNames[:r.Hands], p)
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(deals, func(d CoachedDeal) bool { return d.Teaches == lesson })
	if i < 0 {
		return nil, ""
	}
	scr, err := NewCoachedScreen(r.Title, p, deals[i:])
	if err != nil {
		t.Fatal(err)
	}
	scr.Update(tea.WindowSizeMsg{Width: w, Height: h})
	return scr, deals[i].You
}

// wrongChoice is a legal choice on screen other than the hint that takes
// a decision at once (not one card of a discard), or -1.
func wrongChoice(scr *Screen) int {
	if scr.legal[0].Phase == game.PhaseDiscard {
		return -1
	}
	for i, c := range scr.req.Choices {
		if c.OK && i != scr.req.Hint {
			return i
		}
	}
	return -1
}

// The coached deal of every embedded ruleset, played end to end as a
// learner: every decision is the learner's, asked at the table screen;
// the first wrong choice is explained (the coach's choice and why) and
// taken back with u; every right one is agreed with; the deal ends with
// the result in a sentence, and every screen fits 80x24 (issue 27).
func TestCoachedDealEveryRuleset(t *testing.T) {
	for _, name := range rulesets.Names() {
		for _, lesson := range app.Lessons {
			playCoached(t, name, lesson, 80, 24)
		}
	}
}

// At 60x20 too every line of the coached deal fits.
func TestCoachedDealNarrow(t *testing.T) {
	for _, name := range []string{"austrian-1829", "sochi"} {
		playCoached(t, name, app.LessonDeclare, 60, 20)
	}
}

func playCoached(t *testing.T, name string, lesson app.Lesson, w, h int) {
	scr, you := coachedScreen(t, name, lesson, w, h)
	if scr == nil {
		t.Logf("%s: no deal teaches %v", name, lesson)
		return
	}
	took, explained, phases := 0, false, map[game.Phase]bool{}
	for step := 0; !scr.done; step++ {
		if step > 400 {
			t.Fatalf("%s: the deal never ends", name)
		}
		// the learner's decision: his own seat's, or a hand he plays
		// (the other defender's, shown open)
		if seat := scr.p.SeatName(scr.sess.Game().Chooser()); seat != you {
			t.Fatalf("%s: a decision of %s put to the learner at %s", name, seat, you)
		}
		if step == 0 && w >= 80 && !strings.Contains(screenText(scr), "Count your sure tricks") {
			t.Errorf("%s: no word before the first call:\n%s", name, ansi.Strip(scr.View()))
		}
		phases[scr.legal[0].Phase] = true
		fits(t, name, scr, w, h)
		if !explained {
			if explained = tryWrong(t, name, scr, w, h); explained {
				continue
			}
		}
		press(scr, "?", "enter")
		took++
		if scr.coach.reviewing {
			t.Fatalf("%s: the coach disagrees with its own hint: %s", name, scr.coach.after)
		}
	}
	if scr.err != nil {
		t.Fatalf("%s: %v", name, scr.err)
	}
	if !explained {
		t.Errorf("%s %v: no wrong choice was explained", name, lesson)
	}
	// a hand dropped plays no card; every other lesson plays the cards
	if !phases[game.PhasePlay] && lesson != app.LessonDrop || took < 2 {
		t.Errorf("%s %v: the learner made %d decisions, phases %v", name, lesson, took, phases)
	}
	res := scr.coach.result
	if res == "" || !strings.Contains(screenText(scr), strings.Join(strings.Fields(res), " ")) {
		t.Fatalf("%s: no result sentence at the end:\n%s", name, ansi.Strip(scr.View()))
	}
	t.Logf("%s %v (%s): %s", name, lesson, you, res)
}

// tryWrong takes a choice other than the coach's, when there is one that
// takes a decision at once: if the coach disagrees, its word must say
// what it would do and offer u, and u must take the choice back. It
// reports whether a wrong choice was explained and taken back; false
// leaves the decision taken (the coach agreed) or not tried.
func tryWrong(t *testing.T, name string, scr *Screen, w, h int) bool {
	t.Helper()
	i := wrongChoice(scr)
	if i < 0 {
		return false
	}
	before := slices.Clone(scr.legal)
	scr.cursor = i
	press(scr, "enter")
	if !scr.coach.reviewing {
		return false // as good as the coach's: agreed
	}
	v := screenText(scr)
	if !strings.Contains(v, "Coach: I would") || !strings.Contains(v, "u take it back") {
		t.Fatalf("%s: a wrong choice is not explained:\n%s", name, ansi.Strip(scr.View()))
	}
	fits(t, name, scr, w, h)
	press(scr, "u")
	if !slices.Equal(scr.legal, before) || !strings.Contains(strings.ToLower(screenText(scr)), "taken back") {
		t.Fatalf("%s: u did not take the choice back:\n%s", name, ansi.Strip(scr.View()))
	}
	return true
}

// fits fails when a line of the screen is wider than w or the screen is
// taller than h (at 60x20 too, with a sheet in the panel and a list of
// 27 calls: the panel then gives way, a row a line).
func fits(t *testing.T, name string, scr *Screen, w, h int) {
	t.Helper()
	lines := screenLines(scr)
	for _, l := range lines {
		if ansi.StringWidth(l) > w {
			t.Fatalf("%s: a line %d wide: %q", name, ansi.StringWidth(l), l)
		}
	}
	if len(lines) > h {
		t.Errorf("%s: %d lines on a screen of %d:\n%s", name, len(lines), h, ansi.Strip(scr.View()))
	}
}

// screenText is the screen as one line of words: a sentence wrapped
// over lines reads whole.
func screenText(scr *Screen) string {
	return strings.Join(strings.Fields(strings.Join(screenLines(scr), " ")), " ")
}
