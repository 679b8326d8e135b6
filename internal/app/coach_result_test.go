package app

import (
	"io"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/preference-rules/pref/interpreter/table"
	"github.com/preference-rules/pref/rulesets"
)

// The coach's closing sentence tells the learner what the deal brought
// him in every ruleset: on a score sheet, where a deal has no money
// figure, it says the sheet's entries for him, never "Your result: ."
func TestCoachResultSaysAFigure(t *testing.T) {
	for _, name := range rulesets.Names() {
		r, err := rulesets.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		for seed := uint64(1); seed <= 3; seed++ {
			tb, err := table.New(r, coachNames[:r.Hands])
			if err != nil {
				t.Fatal(err)
			}
			p := &Printer{Out: io.Discard, Ruleset: r, Bots: "simple"}
			s := NewSession(p, tb, rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15)), 1, nil, "")
			for {
				legal, err := s.Next()
				if err != nil {
					t.Fatalf("%s seed %d: %v", name, seed, err)
				}
				if legal == nil {
					break
				}
			}
			text := NewCoach(p).Result(s, coachNames[0])
			if text == "" || strings.HasSuffix(text, ": .") || strings.Contains(text, ":  ") {
				t.Errorf("%s seed %d: the result says no figure: %q", name, seed, text)
			}
		}
	}
}
