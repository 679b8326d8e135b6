package solve_test

import (
	"math/rand/v2"
	"testing"

	"github.com/preference-rules/pref/interpreter/cards"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/interpreter/solve"
	"github.com/preference-rules/pref/rulesets"
)

// BenchmarkTricks solves the same 20 random endings of 6 cards a hand of
// each kind of contract, per op: a suit contract (austrian-1829), the
// same with cooperation rule 1 binding the defenders (west-balkans), and
// the all-pass game with the talon's cards opening the tricks (sochi).
// It measures the solver's per-card path: legal cards, trick winners,
// the seat to play.
func BenchmarkTricks(b *testing.B) {
	for _, v := range []struct {
		name, ruleset string
		options       map[string]any
		allPass       bool
	}{
		{"suit", "austrian-1829", nil, false},
		{"cooperation", "west-balkans", map[string]any{"cooperation-binding": true}, false},
		{"all-pass-talon", "sochi", nil, true},
	} {
		b.Run(v.name, func(b *testing.B) {
			r, err := rulesets.Open(v.ruleset)
			if err != nil {
				b.Fatal(err)
			}
			if v.options != nil {
				if r, err = r.With(v.options); err != nil {
					b.Fatal(err)
				}
			}
			contract := -1
			for i := range r.Contracts {
				ct := &r.Contracts[i]
				if v.allPass == ct.NoDeclarer && (v.allPass || ct.Trumps != cards.NoSuit && !ct.Exact) {
					contract = i
					break
				}
			}
			positions := benchPositions(r, contract, 20, 6)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				for _, p := range positions {
					q := *p
					if _, _, err := solve.Tricks(&q); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}

// benchPositions deals n endings of size cards a hand for contract, the
// talon's first card opening the first trick where the contract turns it.
func benchPositions(r *ruleset.Ruleset, contract, n, size int) []*solve.Position {
	rng := rand.New(rand.NewPCG(25, 25))
	all := r.Deck.All().Cards()
	ct := &r.Contracts[contract]
	var out []*solve.Position
	for len(out) < n {
		rng.Shuffle(len(all), func(i, j int) { all[i], all[j] = all[j], all[i] })
		p := &solve.Position{R: r, Contract: contract, Declarer: rng.IntN(3), Leader: rng.IntN(3),
			Cooperating: r.Play.Cooperation == ruleset.CooperationFirstRuleBinding && !ct.NoDeclarer}
		for s := 0; s < 3; s++ {
			for _, c := range all[s*size : (s+1)*size] {
				p.Hands[s] |= c.Bit()
			}
		}
		if ct.TalonLeads != ruleset.TalonNotTurned {
			p.Talon = []cards.Card{all[3*size]}
		}
		out = append(out, p)
	}
	return out
}
