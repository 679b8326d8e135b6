package game

import (
	"fmt"

	"github.com/preference-rules/pref/interpreter/deal"
	"github.com/preference-rules/pref/interpreter/ruleset"
)

// The card play (PhasePlay), its cursor the trick under way and the place
// in it of the next card (playCursor); and the end (PhaseOver). This is
// the per-card path: plain Go on masks and fixed arrays, allocating
// nothing (TestPlayAllocatesNothing).

// playLegal offers each card open to the seat to play.
func (g *State) playLegal(buf []Action) []Action {
	a := Action{Phase: PhasePlay, Seat: g.toAct}
	for m := g.Legal(g.toAct); m != 0; m &= m - 1 {
		a.Cards = m & -m // the lowest card's bit
		buf = append(buf, a)
	}
	return buf
}

func (g *State) playDecide(a Action) (string, error) {
	r, s := g.R, a.Seat
	legal := g.Legal(s)
	c := a.Card()
	if a.Cards.Count() != 1 || !legal.Has(c) {
		if a.Cards.Count() != 1 {
			return "", fmt.Errorf("trick %d: %s must play one card, not %q", g.NTricks+1, g.seatName(s), r.Deck.Format(a.Cards, false))
		}
		if !g.Hands[s].Has(c) {
			return "", fmt.Errorf("trick %d: %s", g.NTricks+1, g.IllegalCard(s, c))
		}
		return "", fmt.Errorf("trick %d: %s played %s but %s", g.NTricks+1, g.seatName(s), r.Deck.Name(c), g.IllegalCard(s, c))
	}
	if r.Play.Cooperation != ruleset.CooperationNone && g.Declarer >= 0 {
		g.note(s, c)
	}
	g.put(s, c)
	g.play.place++
	return "", nil
}

// playNext asks the next seat to play to the trick, closing tricks as
// they fill; the last trick closed or play stopped, the deal is over.
func (g *State) playNext() (waiting bool, err error) {
	done, err := g.nextCard() // done only without an error
	if done {
		g.phase = PhaseOver // moveTo, kept small enough to inline into advance
	}
	return !done, err
}

func (g *State) overNext() (bool, error) {
	return g.waitFor(-1)
}

// startPlay sets up the first trick, and the card play as the contract
// and the defence have fixed it: who plays, the rules binding each seat.
func (g *State) startPlay() {
	g.phase = PhasePlay
	r, n := g.R, g.Seats()
	defence := g.Defenders() // InPlay for each seat, built once
	for s := 0; s < n; s++ {
		g.inPlay[s] = defence.Plays(r, s, true)
		g.rules[s] = r.Play.ForSeat(s == g.Declarer, g.Declarer >= 0)
	}
	g.binding = r.Play.Cooperation == ruleset.CooperationFirstRuleBinding && g.Declarer >= 0
	g.started = true
	g.play.leader = 0 // forehand, when everyone plays
	if g.Declarer >= 0 {
		g.play.leader = FirstLeader(g.R, g.Declarer, g.Contract, g.InPlay)
	}
	g.play.talonLeads = g.TalonTricks()
	g.play.trick = 0
	g.openTrick()
}

// openTrick starts trick g.play.trick: the talon's card first where it
// leads.
func (g *State) openTrick() {
	p := &g.play
	if p.trick <= p.talonLeads && p.talonLeads > 0 {
		p.leader = 0 // forehand plays first to the talon's tricks and leads after them
	}
	g.trick = Trick{Leader: p.leader}
	if p.trick < p.talonLeads {
		g.put(TalonSeat, g.talonOrder[p.trick])
	}
	p.place = 0
}

// nextCard finds the next seat to play to the trick, closing tricks as
// they fill; done when the last trick is closed or play stopped.
func (g *State) nextCard() (done bool, err error) {
	n := g.Seats()
	p := &g.play
	for {
		for p.place < n {
			s := deal.Round(p.leader, p.place, n)
			if !g.inPlay[s] {
				p.place++
				continue
			}
			g.legalSeat = -1
			legal := g.Legal(s)
			if legal == 0 {
				return false, fmt.Errorf("%s has no card for trick %d", g.SeatName(s), p.trick+1)
			}
			g.toAct, g.legalSeat, g.legalNow = s, s, legal
			return false, nil
		}
		if g.closeTrick() || p.trick >= g.R.HandSize {
			return true, nil
		}
		g.openTrick()
	}
}

// closeTrick records the trick just completed and who took it; stopped
// when it lost a contract that stops when lost.
func (g *State) closeTrick() (stopped bool) {
	if t := &g.trick; t.N > 0 && g.talonFixing() {
		g.winner = t.Cards[deal.Winner(t.Cards[:t.N], g.Trump, true)] // nobody followed the talon's suit
	}
	g.trick.Winner = int(g.trick.Seats[g.winnerIndex()])
	g.Record[g.NTricks] = g.trick
	g.NTricks++
	g.play.trick++
	if g.trick.Winner == TalonSeat {
		g.TalonTaken++
		return false
	}
	g.Taken[g.trick.Winner]++
	if g.trick.Winner == g.Declarer {
		g.curRun++
		g.BestRun = max(g.BestRun, g.curRun)
	} else {
		g.curRun = 0
	}
	g.play.leader = g.trick.Winner
	if ct := &g.R.Contracts[g.Contract]; ct.StopWhenLost && g.Declarer >= 0 && g.lost(ct, g.play.trick) {
		g.Stopped = true
		return true
	}
	return false
}
