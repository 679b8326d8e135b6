package game

import (
	"github.com/preference-rules/pref/interpreter/deal"
)

// The doublings before the first lead: each defender the rules let double
// is asked in turn (PhaseContra); a contra is answered, and each answer
// answered, up to the ruleset's levels (PhaseRecontra). Then the card
// play begins, or a contract played only against a contra ends unplayed.

func (g *State) contraDecide(a Action) (string, error) {
	dbl, err := yesNo(a)
	if err != nil {
		return "", err
	}
	if dbl {
		g.Doubled[a.Seat] = 1
		g.contraBy = a.Seat
	} else {
		g.nextContra++
	}
	return "", nil
}

// contraNext sends a contra called to its answer, or asks the next
// defender who may double; everyone asked, the card play begins.
func (g *State) contraNext() (bool, error) {
	r := g.R
	if g.contraBy >= 0 && g.Doubled[g.contraBy] == 1 && r.Defence.Contra.Levels >= 2 {
		g.phase = PhaseRecontra
		return g.waitFor(g.Declarer)
	}
	if g.contraBy >= 0 {
		g.afterContra()
		return false, nil
	}
	if n := g.Seats(); r.Defence.Contra.On && g.nextContra < n {
		s := (g.Declarer + g.nextContra) % n
		// The one rule for who may double, asked of stated outcomes too:
		// no contra after an invitation where the rules say so, none by
		// a defender who dropped uninvited.
		if d := g.Defenders(); d.WhyNoContra(r, s) != "" {
			g.nextContra++
			return false, nil
		}
		return g.waitFor(s)
	}
	if d := g.Defenders(); d.Uncontested(r) {
		return g.moveTo(PhaseOver) // played only against a contra
	}
	g.startPlay()
	return false, nil
}

func (g *State) recontraDecide(a Action) (string, error) {
	re, err := yesNo(a)
	if err != nil {
		return "", err
	}
	if re {
		g.Doubled[g.contraBy]++
	}
	if !re || g.Doubled[g.contraBy] >= g.R.Defence.Contra.Levels {
		g.afterContra()
	}
	return "", nil
}

// recontraNext waits for the answer to the last doubling: the declarer
// answers a contra or a subcontra, the caller a recontra.
func (g *State) recontraNext() (bool, error) {
	if g.Doubled[g.contraBy]%2 == 0 {
		return g.waitFor(g.contraBy)
	}
	return g.waitFor(g.Declarer)
}

// afterContra moves on once a contra was called and perhaps answered: in
// team mode one contra serves the defence, its caller playing with the
// other as invited, dropped or not; otherwise
// the next defender may double too.
func (g *State) afterContra() {
	s, n := g.contraBy, g.Seats()
	g.phase, g.contraBy = PhaseContra, -1
	if g.R.Defence.Contra.Team {
		for j := 1; j < n; j++ {
			if o := (g.Declarer + j) % n; o != s {
				g.Defence[o] = deal.Drop // dropped or not, and an invitation before gives way
			}
		}
		deal.HoldInvited(g.Defence[:n], s) // the others count as invited: they play for the caller
		g.nextContra = n
		return
	}
	g.nextContra++
}
