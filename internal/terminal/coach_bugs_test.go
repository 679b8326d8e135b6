package terminal

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/preference-rules/pref/internal/app"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/rulesets"
)

// After a plain u (the coach agreed: no offer to take back) the coach's
// words stay: the word on the decision taken back, and what to look at
// before the decision asked again, said once already (issue 27).
func TestCoachWordsStayAfterPlainTakeBack(t *testing.T) {
	scr, _ := coachedScreen(t, "austrian-1829", app.LessonDeclare, 80, 24)
	before := scr.coach.before
	if !strings.Contains(before, "Count your sure tricks") {
		t.Fatalf("no word before the first call: %q", before)
	}
	press(scr, "?", "enter") // the coach's own call: agreed
	if scr.coach.reviewing || !strings.HasPrefix(scr.coach.after, "Coach: good") {
		t.Fatalf("the coach's own call: %q (reviewing %v)", scr.coach.after, scr.coach.reviewing)
	}
	after := scr.coach.after
	press(scr, "u")
	text := screenText(scr)
	for _, want := range []string{after, before} {
		if !strings.Contains(text, strings.Join(strings.Fields(want), " ")) {
			t.Errorf("after u the coach's %q is gone:\n%s", want, ansi.Strip(scr.View()))
		}
	}
}

// The learner's own call is logged where it was made: before the line
// that tells how the auction ended, which that call brought about (it
// was logged after it), in the coached deals of every ruleset where the
// learner passes.
func TestOwnCallLoggedBeforeAuctionEnd(t *testing.T) {
	seen := 0
	for _, name := range rulesets.Names() {
		for _, lesson := range []app.Lesson{app.LessonPass, app.LessonDrop} { // the learner passes: often the last call
			scr, you := coachedScreen(t, name, lesson, 80, 24)
			if scr == nil {
				continue
			}
			for step := 0; !scr.done && step < 400; step++ {
				call := scr.legal[0].Phase == game.PhaseAuction
				label := scr.req.Choices[scr.req.Hint].Label
				lines := len(scr.lines)
				press(scr, "?", "enter")
				if !call || scr.sess.Game().Phase() == game.PhaseAuction {
					continue
				}
				step = 400 // the auction is over: the rest of the deal is not needed
				// this call ended the auction: it comes first in what it added
				added := scr.lines[lines:]
				if len(added) == 0 || strings.Join(strings.Fields(added[0]), " ") != you+" "+label {
					t.Errorf("%s %v: the call that ended the auction (%s %s) is not logged first: %q", name, lesson, you, label, added)
				}
				seen++
			}
		}
	}
	if seen < 10 {
		t.Fatalf("only %d auctions ended by the learner's call", seen)
	}
}

// Sochi at 60x20 (a sheet of three lines in the panel, 27 calls on five
// rows) fits the screen's height at every decision of a practice deal
// and of every coached deal, and at their ends: the panel gives way, a
// row a line, before the screen runs over (issue 27).
func TestSochiFits60x20(t *testing.T) {
	for seed := uint64(1); seed <= 4; seed++ {
		scr := tableScreen(t, "sochi", seed, 60, 20)
		for step := 0; !scr.done && step < 300; step++ {
			fits(t, "sochi", scr, 60, 20)
			press(scr, "?", "enter")
		}
		fits(t, "sochi", scr, 60, 20)
	}
	for _, lesson := range app.Lessons {
		playCoached(t, "sochi", lesson, 60, 20)
	}
}
