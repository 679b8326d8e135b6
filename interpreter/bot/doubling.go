package bot

import (
	"fmt"

	"github.com/preference-rules/pref/interpreter/cards"
	"github.com/preference-rules/pref/interpreter/game"
)

// ddMade plays s on to the end, every doubling still to come declined and
// the other decisions before the first card the simple player's, the
// cards a line of best play (kept in lines), and reports whether the
// declarer makes his contract double-dummy, with the solver's nodes it
// took; false (ok) where no contract is played with a declarer or no line
// was found within maxNodes. The tricks do not depend on the doubling, so
// this is what any doubling call is made or lost on.
func (b *Strong) ddMade(s *game.State, lines map[ddKey][]cards.Card, maxNodes int) (made bool, nodes int, ok bool) {
	pg := &b.probe
	pg.State = *s
	pg.Calls = append(pg.Calls[:0:0], s.Calls...)
	for !pg.Over() && pg.Phase() != game.PhasePlay {
		legal := pg.Choices()
		a := legal[0]
		switch a.Phase {
		case game.PhaseContra, game.PhaseRecontra:
			a.Value = game.No
		default:
			a = b.sim.Choose(pg, legal)
		}
		if _, err := pg.Take(a); err != nil {
			return false, 0, false
		}
	}
	if pg.Over() || pg.Declarer < 0 || pg.TalonTricks() != 0 || pg.NTricks != 0 || pg.CurrentTrick().N != 0 {
		return false, 0, false
	}
	line, nodes := b.ddLine(pg, lines, maxNodes)
	if line == nil {
		return false, nodes, false
	}
	for _, c := range line {
		if pg.Over() {
			break
		}
		if _, err := pg.Take(game.Action{Phase: game.PhasePlay, Seat: pg.ToAct(), Cards: c.Bit()}); err != nil {
			break
		}
	}
	for !pg.Over() {
		if _, err := pg.Take(b.sim.Choose(pg, pg.Choices())); err != nil {
			return false, nodes, false
		}
	}
	ct := &pg.R.Contracts[pg.Contract]
	return ct.Made(pg.R.Need(pg.Contract, pg.Hand), pg.Taken[pg.Declarer], pg.BestRun), nodes, true
}

// A doubling call (a contra and every answer up the ladder) is weighed as
// a contest: the deals sampled agree with the calls before it, and in
// each deal played out the later doubling calls are those of a sensible
// player who answers a double only when sure of winning it (doubled
// double-dummy on the sampled cards). Against a declarer who re-doubles
// only with a contract that cannot be beaten, a contra then pays only
// where the samples say he can fail often enough, and after his re-double
// the samples are the deals in which he makes it: no subcontra.

// Weights of a sampled deal by what the calls so far say of the contract:
// a call only a sure hand makes (an answer to a double) keeps only the
// deals that agree with it; a contra, a contract declared, count the
// deals that agree with them more.
const (
	contraWeight   = 2 // a deal the defence beats, after a contra
	declaredWeight = 2 // a deal the declarer makes, his contract declared
	strongWeight   = 4 // the same, for a call only a strong hand makes
)

// callWeights are the weights of a deal in which the declarer makes his
// contract and of one in which the defence beats it, by the last doubling
// called (a weight 0: the call rules such deals out).
func callWeights(g *game.State) (made, beaten float64) {
	level := 0
	for s := 0; s < g.Seats(); s++ {
		if s != g.Declarer {
			level = max(level, g.Doubled[s])
		}
	}
	ct := &g.R.Contracts[g.Contract]
	switch {
	case level >= 2 && level%2 == 0:
		return 1, 0 // the declarer answered a double: he is sure of the contract
	case level >= 3:
		return 0, 1 // the caller answered a re-double: he is sure of beating it
	case level == 1:
		return 1, contraWeight
	case g.Hand || ct.Exact || ct.Trumps == cards.NoSuit:
		return strongWeight, 1 // a hand game, a misère or a no-trump game
	}
	return declaredWeight, 1
}

// double weighs a doubling call (contra, or an answer up the ladder) as a
// contest over the ladder, on deals weighted by callWeights. Where the
// call it answers rules out nearly every deal sampled (fewer than
// minWorlds agree), it does not double.
func (b *Strong) double(g *game.Game, me int, legal []game.Action) (game.Action, bool) {
	if len(legal) < 2 {
		return game.Action{}, false
	}
	madeW, beatenW := callWeights(&g.State)
	sure := madeW == 0 || beatenW == 0
	weight := func(w *game.State, lines map[ddKey][]cards.Card, maxNodes int) (float64, int) {
		made, n, ok := b.ddMade(w, lines, maxNodes)
		switch {
		case !ok && sure:
			return 0, n
		case !ok:
			return 1, n
		case made:
			return madeW, n
		}
		return beatenW, n
	}
	opts := make([]option, len(legal))
	for i, a := range legal {
		opts[i] = take(a, -1)
	}
	b.ladder = true
	vals, worlds, _ := b.weighWith(&g.State, me, opts, b.budget(), weight)
	b.ladder = false
	read := "the contract declared read as likely made"
	switch {
	case sure && madeW > 0:
		read = "the declarer's answer to the double read as a contract sure to be made"
	case sure:
		read = "the answer to the re-double read as a contract sure to be beaten"
	case beatenW > madeW:
		read = "the contra read as likely to beat the contract"
	}
	if sure && worlds < minWorlds {
		for _, a := range legal {
			if a.Value == game.No {
				b.because(fmt.Sprintf("too few deals of the unseen cards agree with the calls (%s): does not double", read))
				return a, true
			}
		}
	}
	i := argmax(vals)
	if vals[i] == negInf {
		return game.Action{}, false
	}
	b.because(fmt.Sprintf("best on average over %d deals of the unseen cards (%s), each played out double-dummy, every later double answered only when sure (%s)",
		worlds, read, b.compare(legal, vals, g)))
	return legal[i], true
}

// sensibleAnswer is a doubling answer in a rollout of a doubling call:
// the declarer doubles back when he makes the contract double-dummy, the
// caller when the defence beats it; with the solver's nodes it took.
func (b *Strong) sensibleAnswer(rg *game.Game, legal []game.Action, lines map[ddKey][]cards.Card, maxNodes int) (game.Action, int) {
	made, n, ok := b.ddMade(&rg.State, lines, maxNodes)
	a := legal[0]
	a.Value = game.No
	if ok && (rg.Chooser() == rg.Declarer) == made {
		a.Value = game.Yes
	}
	return a, n
}
