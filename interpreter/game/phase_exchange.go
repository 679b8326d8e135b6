package game

import (
	"fmt"

	"github.com/preference-rules/pref/interpreter/ruleset"
)

// The exchange: the declarer plays from the hand or takes the talon
// (PhaseFromHand), lays cards aside (PhaseDiscard) and names the contract
// or gives up (PhaseAnnounce).

func (g *State) fromHandDecide(a Action) (string, error) {
	hand, err := yesNo(a)
	if err != nil {
		return "", err
	}
	g.Hand = hand
	g.handAsked = true
	return "", nil
}

// fromHandNext asks the declarer hand or talon where he may choose: only
// a declarer who won the auction with a bid may; one made by an all-pass
// offer or the pot auction was offered the talon, and picks it up.
func (g *State) fromHandNext() (bool, error) {
	r := g.R
	if r.Exchange.HandPlay == ruleset.HandAfterAuction && g.Bid != Pass && !g.handAsked {
		return g.waitFor(g.Declarer)
	}
	if !g.Hand && r.Exchange.TakeTalon {
		g.Hands[g.Declarer] |= g.Talon
	}
	return g.moveTo(PhaseDiscard)
}

// discardLegal offers the discard as its form: the number of cards to lay
// aside (Value) and the hand they come from (Cards); any Value cards of it
// are legal.
func (g *State) discardLegal(buf []Action) []Action {
	s := g.toAct
	return append(buf, Action{Phase: PhaseDiscard, Seat: s, Value: g.R.Exchange.Discard, Cards: g.Hands[s]})
}

func (g *State) discardDecide(a Action) (string, error) {
	s, n := a.Seat, g.R.Exchange.Discard
	if a.Cards.Count() != n || a.Cards&^g.Hands[s] != 0 {
		return "", fmt.Errorf("%s must lay aside %d of the cards held, not %s", g.seatName(s), n, g.R.Deck.Format(a.Cards, false))
	}
	g.Hands[s] &^= a.Cards
	g.Laid = a.Cards
	g.discarded = true
	return "", nil
}

// discardNext asks the declarer who took the talon up for his discard,
// then hands over to PhaseAnnounce, waiting for the declarer.
func (g *State) discardNext() (bool, error) {
	if !g.Hand && g.R.Exchange.TakeTalon && !g.discarded {
		return g.waitFor(g.Declarer)
	}
	g.phase = PhaseAnnounce
	return g.waitFor(g.Declarer)
}

// announceLegal offers the contracts the declarer may announce, and giving
// up where the ruleset allows it.
func (g *State) announceLegal(buf []Action) []Action {
	s := g.toAct
	for ct := range g.R.Contracts {
		if g.mayAnnounce(ct) {
			buf = append(buf, Action{Phase: PhaseAnnounce, Seat: s, Value: ct})
		}
	}
	if g.MayConcede() {
		buf = append(buf, Action{Phase: PhaseAnnounce, Seat: s, Value: -1, Concede: true})
	}
	return buf
}

func (g *State) announceDecide(a Action) (string, error) {
	if a.Concede {
		if !g.MayConcede() {
			return "", fmt.Errorf("this ruleset does not let the declarer give up now")
		}
		g.Conceded = true
		if g.mayAnnounce(a.Value) {
			g.Contract = a.Value
		}
		return "the declarer may give up before play", nil
	}
	if !g.mayAnnounce(a.Value) {
		return "", fmt.Errorf("%s announced contract %d, not one the bid allows (%v)", g.seatName(a.Seat), a.Value, g.Announceable(nil))
	}
	g.Contract = a.Value
	g.Trump = g.R.Contracts[a.Value].Trumps
	return "the declarer announces a contract the bid allows", nil
}

// announceNext runs after the announcement (PhaseDiscard made the
// declarer wait for it): the defence follows, unless the declarer gave up.
func (g *State) announceNext() (bool, error) {
	if g.Conceded {
		return g.moveTo(PhaseOver)
	}
	g.nextDefender = 1
	return g.moveTo(PhaseDefend)
}

// announceAnswer: a concession not allowed is no concession.
func (g *State) announceAnswer(a Action) Action {
	a.Concede = a.Concede && g.MayConcede()
	return a
}
