package terminal

import (
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/rulesets"
	"github.com/preference-rules/pref/tutorial"
)

// The first coached deal plays the first game's fewer rules, derived from
// each ruleset (issue 27): every call and announcement offered to the
// learner is one the first course teaches (a contract in a trump suit,
// never from the hand; nothing asks "hand or talon?"), the title says it
// is the first game's rules, the next deal the full rules, and the deal
// plays to its result sentence. Seen failing on the original code, whose
// first coached deal offered the full ladder (no trumps, misère, hand
// games).
func TestFirstCoachedDealPlaysTheFirstGame(t *testing.T) {
	for _, name := range rulesets.Names() {
		r, err := rulesets.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		left := leftOutCalls(r)
		scr, _ := coachedScreen(t, name, 0, 80, 24)
		if !strings.Contains(screenText(scr), "first game's rules") {
			t.Errorf("%s: the first coached deal does not say it plays the first game's rules:\n%s", name, ansi.Strip(scr.View()))
		}
		if more := scr.coach.more; len(more) > 0 && !strings.HasPrefix(more[0].Lesson, "full rules") {
			t.Errorf("%s: the deal after the first game's is %q, not the full rules", name, more[0].Lesson)
		}
		offered := 0
		for step := 0; !scr.done; step++ {
			if step > 400 {
				t.Fatalf("%s: the deal never ends", name)
			}
			offered += checkOffered(t, name, r, scr, left)
			press(scr, "?", "enter")
			if scr.coach.reviewing {
				press(scr, " ")
			}
		}
		if scr.err != nil {
			t.Fatalf("%s: %v", name, scr.err)
		}
		res := scr.coach.result
		if res == "" || !strings.Contains(screenText(scr), strings.Join(strings.Fields(res), " ")) {
			t.Fatalf("%s: no result sentence at the end of the first game's deal:\n%s", name, ansi.Strip(scr.View()))
		}
		t.Logf("%s: %d calls offered, none left out; %s", name, offered, res)
	}
}

// leftOutCalls are the names of the calls of r's ladder the first game
// leaves out: bids of a contract it does not teach, and hand bids of a
// contract also bid with the talon.
func leftOutCalls(r *ruleset.Ruleset) map[string]bool {
	out := map[string]bool{}
	for _, call := range r.Ladder {
		if leftOut(r, call) {
			out[r.CallName(call)] = true
		}
	}
	return out
}

// leftOut reports whether the first game leaves call of r out.
func leftOut(r *ruleset.Ruleset, call ruleset.Call) bool {
	if tutorial.FirstGameLeavesOut(&r.Contracts[call.Contract]) {
		return true
	}
	return call.Hand && slices.Contains(r.Ladder, ruleset.Call{Contract: call.Contract, Name: r.CallName(ruleset.Call{Contract: call.Contract})})
}

// checkOffered fails when the decision on screen offers a call the first
// game leaves out, by the full ruleset r's contracts, or by name among
// the choices shown; it returns how many calls were offered.
func checkOffered(t *testing.T, name string, r *ruleset.Ruleset, scr *Screen, left map[string]bool) int {
	t.Helper()
	g := scr.sess.Game()
	n := 0
	for _, a := range scr.legal {
		switch a.Phase {
		case game.PhaseFromHand:
			t.Fatalf("%s: the first game asks whether to play from the hand", name)
		case game.PhaseAuction:
			if a.Value < 0 {
				continue
			}
			n++
			call := g.R.Ladder[a.Value]
			if leftOut(r, call) {
				t.Fatalf("%s: the first game offers the call %s", name, r.CallName(call))
			}
		case game.PhaseAnnounce:
			if a.Value >= 0 && !a.Concede && tutorial.FirstGameLeavesOut(&r.Contracts[a.Value]) {
				t.Fatalf("%s: the first game offers to announce %s", name, r.Contracts[a.Value].Display())
			}
		}
	}
	if scr.req != nil && (scr.legal[0].Phase == game.PhaseAuction || scr.legal[0].Phase == game.PhaseAnnounce) {
		for _, c := range scr.req.Choices {
			if left[c.Label] {
				t.Fatalf("%s: the first game shows the choice %q", name, c.Label)
			}
		}
	}
	return n
}
