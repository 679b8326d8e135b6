package game_test

import (
	"testing"

	"github.com/preference-rules/pref/interpreter/deal"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/rulesets"
)

// The prompt names a contract as the lessons' bid table does, with the
// bid's own name beside it where the label says something else; a record
// keeps the bid's name. A defence is "play" / "drop out" at the prompt, as
// the lessons say it, and "play" / "drop" in a record.
func TestPlainWordsSpokenNames(t *testing.T) {
	for _, tc := range []struct{ ruleset, contract, spoken string }{
		{"austrian-1829", "hearts", "hearts (Préférence)"},
		{"sochi", "misere", "misère"},
		{"simple-pot", "clubs", "Eins (clubs)"},
		{"west-balkans", "spades", "spades"},
		{"illustrated", "open-misere", "open misère"},
	} {
		r, err := rulesets.Open(tc.ruleset)
		if err != nil {
			t.Fatal(err)
		}
		ci, ok := r.ContractByName(tc.contract)
		if !ok {
			t.Fatalf("%s: no contract %s", tc.ruleset, tc.contract)
		}
		if got := game.SpokenContract(&r.Contracts[ci]); got != tc.spoken {
			t.Errorf("%s %s: spoken %q, want %q", tc.ruleset, tc.contract, got, tc.spoken)
		}
	}
	r, _ := rulesets.Open("austrian-1829")
	s := game.New(r, nil)
	for _, tc := range []struct {
		choice          deal.Choice
		spoken, written string
	}{{deal.Play, "play", "play"}, {deal.Drop, "drop out", "drop"}, {deal.Half, "take half", "half"}} {
		a := game.Action{Phase: game.PhaseDefend, Value: int(tc.choice)}
		if got := s.ActionWords(a, game.Spoken, game.Namer{}); got != tc.spoken {
			t.Errorf("%v spoken %q, want %q", tc.choice, got, tc.spoken)
		}
		if got := s.ActionWords(a, game.Written, game.Namer{}); got != tc.written {
			t.Errorf("%v written %q, want %q", tc.choice, got, tc.written)
		}
	}
}
