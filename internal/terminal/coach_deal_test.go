package terminal

import (
	"slices"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	"github.com/preference-rules/pref/internal/app"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/interpreter/table"
	"github.com/preference-rules/pref/rulesets"
)

// coachedScreen is the coached deal of lesson under ruleset name, at a
// screen of w x h.
func coachedScreen(t *testing.T, name string, lesson app.Lesson, w, h int) (*Screen, app.CoachedDeal) {
	t.Helper()
	r, err := rulesets.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	names := defaultNames[:r.Hands]
	d, err := app.PickCoachedDeal(r, names, lesson)
	if err != nil {
		t.Fatal(err)
	}
	p := &app.Printer{Ruleset: r, ASCII: true, Bots: "simple"}
	scr, err := NewCoachedScreen(r.Title, p, d.Seat, lesson.String(), func() (*app.Session, error) {
		tb, err := table.New(r, names)
		return app.NewSession(p, tb, app.DealRand(d.Seed), 1, nil, d.Seat), err
	})
	if err != nil {
		t.Fatal(err)
	}
	scr.Update(tea.WindowSizeMsg{Width: w, Height: h})
	return scr, d
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
			playCoached(t, name, lesson)
		}
	}
}

func playCoached(t *testing.T, name string, lesson app.Lesson) {
	scr, d := coachedScreen(t, name, lesson, 80, 24)
	took, explained, phases := 0, false, map[game.Phase]bool{}
	for step := 0; !scr.done; step++ {
		if step > 400 {
			t.Fatalf("%s: the deal never ends", name)
		}
		// the learner's decision: his own seat's, or a hand he plays
		// (the other defender's, shown open)
		if seat := scr.p.SeatName(scr.sess.Game().Chooser()); seat != d.Seat {
			t.Fatalf("%s: a decision of %s put to the learner at %s", name, seat, d.Seat)
		}
		phases[scr.legal[0].Phase] = true
		fits(t, name, scr, 80)
		if i := wrongChoice(scr); !explained && i >= 0 {
			before := slices.Clone(scr.legal)
			scr.cursor = i
			press(scr, "enter")
			if !scr.coach.reviewing {
				continue // as good as the coach's: agreed
			}
			v := strings.Join(screenLines(scr), " ")
			if !strings.Contains(v, "Coach: I would") || !strings.Contains(v, "Press u to take it back") {
				t.Fatalf("%s: a wrong choice is not explained:\n%s", name, ansi.Strip(scr.View()))
			}
			press(scr, "u")
			if !slices.Equal(scr.legal, before) || !strings.Contains(strings.Join(screenLines(scr), " "), "taken back") {
				t.Fatalf("%s: u did not take the choice back:\n%s", name, ansi.Strip(scr.View()))
			}
			explained = true
			continue
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
	if !phases[game.PhasePlay] || took < 3 {
		t.Errorf("%s %v: the learner made %d decisions, phases %v", name, lesson, took, phases)
	}
	res := scr.coach.result
	if res == "" || !strings.Contains(strings.Join(screenLines(scr), " "), strings.Fields(res)[0]) {
		t.Fatalf("%s: no result sentence at the end:\n%s", name, ansi.Strip(scr.View()))
	}
	fits(t, name, scr, 80)
	t.Logf("%s %v (seed %d, %s): %s", name, lesson, d.Seed, d.Seat, res)
}

// fits fails when a line of the screen is wider than w.
func fits(t *testing.T, name string, scr *Screen, w int) {
	t.Helper()
	for _, l := range screenLines(scr) {
		if ansi.StringWidth(l) > w {
			t.Fatalf("%s: a line %d wide: %q", name, ansi.StringWidth(l), l)
		}
	}
}
