package bot_test

import (
	"math"
	"testing"

	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/rulesets"
)

// teamScripted plays a serbian deal up to where stop says: seat 0
// declares the lowest bid with the talon, both defenders come, seat 1
// (asked first) declines the kontra, seat 2 calls it, and the declarer
// does not answer it.
func teamScripted(t *testing.T, r *ruleset.Ruleset, seed uint64, stop func(g *game.Game) bool) *game.Game {
	t.Helper()
	return scriptedBy(t, r, seed, 2, false, stop)
}

// In team mode (serbian: one kontra for the defence) a kontra changes
// nothing the defenders chose until it is answered: a defender who came
// and said no before his partner's kontra is read, while the declarer
// weighs his answer, as surely as where each defender doubles for himself
// (the same ruleset with team mode off: the same samples, the same seed).
// A reading that takes the defence of a team-doubled deal as nothing
// samples him otherwise (0.05 to 0.66 half tricks apart on these deals),
// and the test fails.
func TestTeamSamplesReadADeclineBeforeThePartnersContra(t *testing.T) {
	r, err := rulesets.Open("serbian")
	if err != nil {
		t.Fatal(err)
	}
	if !r.Defence.Contra.Team {
		t.Fatal("serbian's contra is no longer in team mode: this test needs one that is")
	}
	solo := *r // the same rules, each defender doubling for himself
	solo.Defence.Contra.Team = false
	asked := func(g *game.Game) bool { return g.Phase() == game.PhaseContra && g.ToAct() == 1 }
	answer := func(g *game.Game) bool { return g.Phase() == game.PhaseRecontra && g.ToAct() == 0 }
	checked, apart, shift := 0, 0.0, 0.0
	for seed := uint64(0); seed < 80 && checked < 8; seed++ {
		before := teamScripted(t, r, seed, asked)
		team, alone := teamScripted(t, r, seed, answer), teamScripted(t, &solo, seed, answer)
		if before.Over() || team.Over() || alone.Over() || team.Declarer != 0 || r.Contracts[team.Contract].Exact || team.Doubled[2] != 1 {
			continue
		}
		checked++
		b, tm, al := defenderStrength(t, before, 300), defenderStrength(t, team, 300), defenderStrength(t, alone, 300)
		t.Logf("seed %d (%s): the declarer samples the first defender at %.2f half tricks before he is asked to double; answering the second's kontra, %.2f in team mode, %.2f with each defender doubling for himself",
			seed, r.Contracts[team.Contract].Name, b, tm, al)
		if math.Abs(tm-al) > 0.05 {
			t.Errorf("seed %d: answering a team kontra the declarer samples the defender who declined it before at %.2f half tricks, with each doubling for himself %.2f: want the same", seed, tm, al)
		}
		apart = max(apart, math.Abs(tm-al))
		shift += (b - tm) / 8
	}
	if checked < 8 || shift < 0.5 {
		t.Errorf("%d deals reached the kontra (want 8); the first defender sampled %.2f half tricks weaker after declining before his partner's kontra than before he was asked, on average (want at least 0.5)", checked, shift)
	}
	t.Logf("team mode and each for himself at most %.2f half tricks apart", apart)
}
