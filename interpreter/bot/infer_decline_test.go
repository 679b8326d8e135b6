package bot_test

import (
	"testing"

	"github.com/preference-rules/pref/interpreter/deal"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/rulesets"
)

// A defender asked to double who says no is read as surely as one who
// doubles: he lacks what a kontra needs, so the declarer samples him
// weaker once he has declined than while he was still to be asked. A
// reading that takes a declined kontra as nothing sees no difference at
// all (the same samples, the same seed).
func TestSamplesReadADeclinedContra(t *testing.T) {
	r, err := rulesets.Open("serbian")
	if err != nil {
		t.Fatal(err)
	}
	checked, shift := 0, 0.0
	for seed := uint64(0); seed < 80 && checked < 8; seed++ {
		asked := func(seat int) func(g *game.Game) bool {
			return func(g *game.Game) bool { return g.Phase() == game.PhaseContra && g.ToAct() == seat }
		}
		before := scriptedDefence(t, r, seed, deal.Play, asked(1)) // both defenders come
		after := scriptedDefence(t, r, seed, deal.Play, asked(2))
		if before.Over() || after.Over() || before.Declarer != 0 || before.R.Contracts[before.Contract].Exact {
			continue
		}
		checked++
		b, a := defenderStrength(t, before, 300), defenderStrength(t, after, 300)
		t.Logf("seed %d (%s): the declarer samples the first defender at %.2f half tricks before he is asked to double, %.2f after he declined",
			seed, r.Contracts[after.Contract].Name, b, a)
		if a > b+0.1 {
			t.Errorf("seed %d: after declining a kontra the defender is sampled at %.2f half tricks, before %.2f: want no more", seed, a, b)
		}
		shift += (b - a) / 8
	}
	if checked < 8 || shift < 0.15 {
		t.Errorf("%d deals reached the kontra (want 8); a declined kontra moved the defender's sampled hand %.2f half tricks weaker on average (want at least 0.15)", checked, shift)
	}
}
