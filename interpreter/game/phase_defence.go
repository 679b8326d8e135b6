package game

import (
	"fmt"

	"github.com/preference-rules/pref/interpreter/deal"
	"github.com/preference-rules/pref/interpreter/ruleset"
)

// The defence: each defender plays, drops out or takes half
// (PhaseDefend); the first defender may take the defence back from a
// half (PhaseRetrieve); a lone defender playing a dropped hand along
// chooses open or closed play (PhaseOpen); the defender left alone may
// invite the one who dropped (PhaseInvite); and the declarer, the defence
// known, may give up (PhaseGiveUp).

// defendLegal offers play and drop, and half where this defender may.
func (g *State) defendLegal(buf []Action) []Action {
	s := g.toAct
	buf = append(buf, Action{Phase: PhaseDefend, Seat: s, Value: int(deal.Play)}, Action{Phase: PhaseDefend, Seat: s, Value: int(deal.Drop)})
	if g.MayHalf(s) {
		buf = append(buf, Action{Phase: PhaseDefend, Seat: s, Value: int(deal.Half)})
	}
	return buf
}

func (g *State) defendDecide(a Action) (string, error) {
	s := a.Seat
	if a.Value < 0 || a.Value > int(deal.Half) {
		return "", fmt.Errorf("%s: %d is no defence choice", g.seatName(s), a.Value)
	}
	ch := deal.Choice(a.Value)
	if ch != deal.Play && ch != deal.Drop && !(ch == deal.Half && g.MayHalf(s)) {
		return "", fmt.Errorf("%s cannot choose %v here", g.seatName(s), ch)
	}
	if ch == deal.Drop && !g.R.MayDrop(g.Contract) {
		return "", fmt.Errorf("%s cannot drop out: %s", g.seatName(s), g.R.WhyNoDrop(g.Contract))
	}
	g.Defence[s] = ch
	g.nextDefender++
	return "each defender plays or drops out", nil
}

// defendNext asks each defender in turn from the declarer's left, where
// the contract lets them drop out; where it does not, nobody is asked and
// the defence is the one deal.DefaultDefence states (as a stated outcome's
// is). Then the retrieve question follows.
func (g *State) defendNext() (bool, error) {
	n := g.Seats()
	if g.nextDefender < n {
		if g.R.MayDrop(g.Contract) {
			return g.waitFor((g.Declarer + g.nextDefender) % n)
		}
		deal.DefaultDefence(g.Defence[:n], g.Declarer, -1) // the game's seats all hold hands
		g.nextDefender = n
	}
	g.halfSeat = -1
	for s := 0; s < n; s++ {
		if g.Defence[s] == deal.Half {
			g.halfSeat = s
		}
	}
	return g.moveTo(PhaseRetrieve)
}

// defendAnswer: a defence not open is play.
func (g *State) defendAnswer(a Action) Action {
	if ch := deal.Choice(a.Value); ch != deal.Drop && ch != deal.Play && !(ch == deal.Half && g.MayHalf(g.toAct)) {
		a.Value = int(deal.Play)
	}
	return a
}

func (g *State) retrieveDecide(a Action) (string, error) {
	back, err := yesNo(a)
	if err != nil {
		return "", err
	}
	if back {
		g.Defence[a.Seat], g.Defence[g.halfSeat] = deal.Play, deal.Drop // the half counts as a pass
	}
	g.retrieveAsked = true
	return "", nil
}

// retrieveNext asks the first defender, who dropped, whether to take the
// defence back after the other took half.
func (g *State) retrieveNext() (bool, error) {
	if g.halfSeat >= 0 && !g.retrieveAsked {
		return g.waitFor((g.Declarer + 1) % g.Seats())
	}
	if g.R.Contracts[g.Contract].DefendersOpen {
		g.Open = true
	}
	return g.moveTo(PhaseOpen)
}

func (g *State) openDecide(a Action) (string, error) {
	open, err := yesNo(a)
	if err != nil {
		return "", err
	}
	g.Open = open
	g.openAsked = true
	return "", nil
}

// openNext asks the lone defender open or closed, where the ruleset lets
// him choose.
func (g *State) openNext() (bool, error) {
	if lone := g.LoneDefender(); lone >= 0 && g.R.Defence.OpenChoice && !g.openAsked {
		return g.waitFor(lone)
	}
	g.nextInviter = 1
	return g.moveTo(PhaseInvite)
}

func (g *State) inviteDecide(a Action) (string, error) {
	inv, err := yesNo(a)
	if err != nil {
		return "", err
	}
	if inv {
		deal.HoldInvited(g.Defence[:g.Seats()], a.Seat)
		g.nextInviter = g.Seats() // asked and answered: nobody else
	} else {
		g.nextInviter++
	}
	return "", nil
}

// inviteNext asks a defender who plays, the other having dropped, whether
// to invite him; then the deal goes on only if a defender plays.
func (g *State) inviteNext() (bool, error) {
	r, n := g.R, g.Seats()
	if r.Defence.MayInvite && n == 3 && g.nextInviter < n && !r.Contracts[g.Contract].NoInvite {
		s := (g.Declarer + g.nextInviter) % n
		other := (g.Declarer + 3 - g.nextInviter) % n
		if g.Defence[s] == deal.Play && g.Defence[other] == deal.Drop {
			return g.waitFor(s)
		}
		g.nextInviter++
		return false, nil
	}
	if !g.playing() {
		return g.moveTo(PhaseOver)
	}
	return g.moveTo(PhaseGiveUp)
}

func (g *State) giveUpDecide(a Action) (string, error) {
	up, err := yesNo(a)
	if err != nil {
		return "", err
	}
	g.Conceded = up
	g.giveUpAsked = true
	return "", nil
}

// giveUpNext asks the declarer, the defence known, whether to give up;
// if he does not, the contra follows.
func (g *State) giveUpNext() (bool, error) {
	if g.R.MayConcede(ruleset.ConcedeAfterDefence, g.Forced) && !g.giveUpAsked {
		return g.waitFor(g.Declarer)
	}
	if g.Conceded {
		return g.moveTo(PhaseOver)
	}
	g.nextContra, g.contraBy = 1, -1
	return g.moveTo(PhaseContra)
}
