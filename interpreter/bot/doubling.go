package bot

import (
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
