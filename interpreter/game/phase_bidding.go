package game

import (
	"fmt"

	"github.com/preference-rules/pref/interpreter/deal"
	"github.com/preference-rules/pref/interpreter/ruleset"
)

// The bidding: the auction on the ladder (PhaseAuction, its cursor the
// Auction), and when all pass the offers to declare (PhaseOffer) and the
// pot auction for the talon (PhasePotAuction).

// auctionLegal offers a pass and every bid the auction allows.
func (g *State) auctionLegal(buf []Action) []Action {
	s := g.toAct
	buf = append(buf, Action{Phase: PhaseAuction, Seat: s, Value: Pass})
	for c := max(g.auc.Bid, 0); c < len(g.R.Ladder); c++ { // below the standing bid nothing is open
		if g.auc.Allows(c) {
			buf = append(buf, Action{Phase: PhaseAuction, Seat: s, Value: c})
		}
	}
	return buf
}

func (g *State) auctionDecide(a Action) (string, error) {
	if !g.auc.Allows(a.Value) {
		return "", fmt.Errorf("%s cannot call %s now: %s", g.seatName(a.Seat), g.callName(a.Value), g.whyNotCall(a.Value))
	}
	g.Calls = append(g.Calls, CallRecord{Seat: a.Seat, Call: a.Value})
	g.auc.Apply(a.Value)
	g.Bid = g.auc.Bid
	return "each call passes or bids what the auction allows", nil
}

// auctionNext asks the next seat to call; the bidding over, the one who
// holds the bid declares, or all passed and the offers follow.
func (g *State) auctionNext() (bool, error) {
	turn, done := g.auc.Next()
	if !done {
		return g.waitFor(turn)
	}
	if g.auc.Holder >= 0 {
		g.Declarer = g.auc.Holder
		g.Hand = g.R.Ladder[g.Bid].Hand
		return g.moveTo(PhaseFromHand)
	}
	g.nextOffer = 0
	return g.moveTo(PhaseOffer)
}

// auctionAnswer: a call not open is a pass.
func (g *State) auctionAnswer(a Action) Action {
	if !g.auc.Allows(a.Value) {
		a.Value = Pass
	}
	return a
}

func (g *State) offerDecide(a Action) (string, error) {
	take, err := yesNo(a)
	if err != nil {
		return "", err
	}
	if take {
		g.Declarer = a.Seat
		return "all passed: the seat offered may declare", nil
	}
	g.nextOffer++
	return "all passed: the seat offered may declare", nil
}

// offerNext makes the ruleset's all-pass offers in turn (a forced one
// is no question); none taken, the pot auction follows, or the deal is
// passed out.
func (g *State) offerNext() (bool, error) {
	r := g.R
	if g.Declarer >= 0 {
		return g.moveTo(PhaseFromHand)
	}
	if g.nextOffer < len(r.Auction.Offers) {
		o := r.Auction.Offers[g.nextOffer]
		seat := [...]int{ruleset.Forehand: 0, ruleset.Middlehand: 1, ruleset.Dealer: g.Dealer()}[o.Seat]
		if o.Forced {
			g.Declarer, g.Forced = seat, true
			return false, nil
		}
		return g.waitFor(seat)
	}
	if r.Auction.PotAuction {
		g.pot.holder, g.pot.offer, g.pot.active, g.pot.turn = -1, 0, g.Seats(), 0
		return g.moveTo(PhasePotAuction)
	}
	return g.allPassed()
}

// potLegal offers a pass, or the least offer above the standing one
// (players may offer more: any Value above it is legal).
func (g *State) potLegal(buf []Action) []Action {
	s := g.toAct
	return append(buf, Action{Phase: PhasePotAuction, Seat: s, Value: 0}, Action{Phase: PhasePotAuction, Seat: s, Value: g.pot.offer + 1})
}

func (g *State) potDecide(a Action) (string, error) {
	s := a.Seat
	if a.Value < 0 || (a.Value > 0 && a.Value <= g.pot.offer) {
		return "", fmt.Errorf("a pot offer must be 0 (pass) or above the standing %d, not %d", g.pot.offer, a.Value)
	}
	if a.Value > 0 {
		g.pot.holder, g.pot.offer = s, a.Value
	} else {
		g.pot.passed[s] = true
		g.pot.active--
	}
	g.pot.turn = (s + 1) % g.Seats()
	return "the pot auction: the highest offer takes the talon", nil
}

// potNext asks the next seat still in; the auction over, the highest
// offer declares and takes the talon, or the deal is passed out.
func (g *State) potNext() (bool, error) {
	p := &g.pot
	if p.active > 0 && !(p.active == 1 && p.holder >= 0) {
		for p.passed[p.turn] || p.turn == p.holder {
			p.turn = (p.turn + 1) % g.Seats()
		}
		return g.waitFor(p.turn)
	}
	if p.holder >= 0 {
		g.Declarer, g.PotBid, g.Hand = p.holder, p.offer, false
		return g.moveTo(PhaseFromHand)
	}
	return g.allPassed()
}

// potAnswer: an offer not above the standing one is a pass.
func (g *State) potAnswer(a Action) Action {
	if a.Value <= g.pot.offer {
		a.Value = 0
	}
	return a
}

// allPassed ends an auction nobody won: the contract everyone plays, if
// the ruleset has one (deal.AllPassContract, asked of stated outcomes
// too), else the deal is over.
func (g *State) allPassed() (bool, error) {
	if ci := deal.AllPassContract(g.R); ci >= 0 {
		g.Contract, g.Trump = ci, g.R.Contracts[ci].Trumps
		g.startPlay()
		return false, nil
	}
	g.toAct = -1
	return g.moveTo(PhaseOver)
}
