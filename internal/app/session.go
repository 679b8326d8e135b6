package app

import (
	"errors"
	"fmt"
	"github.com/preference-rules/pref/interpreter/deal"
	"math/rand/v2"
	"strings"

	"github.com/preference-rules/pref/interpreter/cards"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/interpreter/record"
	"github.com/preference-rules/pref/interpreter/solve"
	"github.com/preference-rules/pref/interpreter/table"
	"github.com/preference-rules/pref/tutorial"
)

// Session is a run of deals at one table, stepped one decision at a time.
// The computer players (and a person at the line seat, who has a Player)
// are asked at once; the seat of a person at the full screen has no
// Player, and Next stops there and waits for Take.
type Session struct {
	p       *Printer
	t       *table.Table
	rng     *rand.Rand
	deals   int  // deals to play; MaxGameDeals for a whole game
	whole   bool // play until the sheet closes
	d       int  // deals begun
	inDeal  bool
	over    bool
	g       *game.Game
	deal    *table.Deal // the deal in play (table.Begin), nil before the first
	you     game.Player // the person's player; nil at the full screen
	youName string      // "" when only computers play
	progs   programs    // the outside programs seated (--bots exec:...)
	// reviewed is the replay the review of the deal last finished made
	// (Printer.Review), for its better cards told again (BetterCards); nil
	// from the moment the next deal is dealt.
	reviewed *reviewedDeal
}

// reviewedDeal is the solver's replay of a finished deal, ok false when
// there was no card play to replay or the solver did not reach the deal.
type reviewedDeal struct {
	steps []solve.Step
	ok    bool
}

// NewSession seats the players at t for deals deals (0: a whole game, until
// the sheet closes), dealt from rng, written by p. The seat named youName
// is the person's: played by you, or, when you is nil, left for Take.
func NewSession(p *Printer, t *table.Table, rng *rand.Rand, deals int, you game.Player, youName string) *Session {
	s := &Session{p: p, t: t, rng: rng, deals: deals, you: you, youName: youName}
	t.Explain = true // the transcript shows each payment's arithmetic
	s.g = game.New(t.R, make([]game.Player, t.R.Hands))
	s.g.KeepHistory = p.Record != nil
	if deals == 0 {
		s.whole, s.deals = true, MaxGameDeals
	} else {
		t.Length = deals // settlement's session_deals
		if p.Record != nil && t.R.ReadsSessionLength() {
			p.Record.SessionDeals = deals // the replay settles alike
		}
	}
	return s
}

// Play plays every deal with players that all answer at once.
func Play(p *Printer, t *table.Table, rng *rand.Rand, deals int, you game.Player, youName string) error {
	s := NewSession(p, t, rng, deals, you, youName)
	defer s.Close()
	_, err := s.Next()
	return err
}

// Next moves the session on to the next decision of a seat without a
// player and returns the actions open to it; nil when the session is over.
func (s *Session) Next() ([]game.Action, error) {
	for !s.over {
		if !s.inDeal {
			if err := s.startDeal(); err != nil {
				s.over = true
				return nil, err
			}
			continue
		}
		if s.g.Over() {
			if err := s.finishDeal(); err != nil {
				s.over = true
				return nil, err
			}
			continue
		}
		if legal, err := s.step(); legal != nil || err != nil {
			return legal, err
		}
	}
	return nil, nil
}

// step lets the computer player whose decision it is decide; when the
// seat has no player it returns the actions open to it.
func (s *Session) step() ([]game.Action, error) {
	legal := s.g.Choices()
	pl := s.g.Players[s.g.Chooser()]
	if pl == nil {
		return legal, nil
	}
	before := s.g.State
	a, err := s.g.Take(pl.Choose(s.g, legal))
	if err != nil {
		s.over = true
		return nil, failed("the interpreter refused a computer player's move: %v", err)
	}
	s.tell(&before, a.Action)
	return nil, nil
}

// Take makes the waiting person's decision a; an action that breaks a rule
// is refused and nothing changes.
func (s *Session) Take(a game.Action) error {
	if s.over || !s.inDeal || s.g.Over() {
		return fmt.Errorf("no decision is waiting")
	}
	before := s.g.State
	if _, err := s.g.Apply(a); err != nil {
		return err
	}
	if s.g.KeepHistory {
		s.g.History = append(s.g.History, a)
	}
	s.tell(&before, a)
	return nil
}

// Leave ends the session where it stands: a deal in the middle is kept in
// the record (with --record) as unfinished, every step so far written.
func (s *Session) Leave() {
	if s.inDeal && !s.over && s.p.Record != nil {
		s.p.Record.Deals = append(s.p.Record.Deals, record.FromGame(s.g, s.p.Names, s.t.Names[s.t.Dealer]))
	}
	s.over = true
	s.Close()
}

// Standings prints where the players stand: the balances and the pot, or
// the score sheet and what closing it now would give.
func (s *Session) Standings() error {
	t := s.t
	if t.Deals == 0 {
		s.p.Printf("No deal was finished: nothing is booked.\n")
		return nil
	}
	if t.R.Sheet.Final != nil {
		return s.p.final(t)
	}
	s.p.Printf("\nStandings after %s\n", deal.Count(t.Deals, "deal"))
	s.p.balances(t)
	return nil
}

// Snapshot is the deal as it stood: Restore goes back to it.
type Snapshot struct {
	deal    int
	state   *game.State
	history int
}

// Snapshot is the deal as it stands now.
func (s *Session) Snapshot() Snapshot {
	return Snapshot{deal: s.d, state: s.g.State.Clone(), history: len(s.g.History)}
}

// Restore goes back to snapshot v, taken earlier in the deal being played:
// a finished deal is booked and cannot be taken back.
func (s *Session) Restore(v Snapshot) bool {
	if v.deal != s.d || !s.inDeal || s.over || v.state == nil {
		return false
	}
	s.g.State = *v.state.Clone()
	s.g.History = s.g.History[:v.history]
	return true
}

// Game is the deal being played (or the last one played).
func (s *Session) Game() *game.Game { return s.g }

// Table is the table the deals are booked at.
func (s *Session) Table() *table.Table { return s.t }

// InDeal reports whether a deal is under way.
func (s *Session) InDeal() bool { return s.inDeal }

// Progress is the number of deals begun, of the deals planned, and whether
// the session plays a whole game (planned is then MaxGameDeals).
func (s *Session) Progress() (begun, planned int, wholeGame bool) {
	return s.d, s.deals, s.whole
}

// startDeal seats the players, takes the antes and deals; or, when the
// session has run its course, prints the final sheet and ends it.
func (s *Session) startDeal() error {
	p, t, r := s.p, s.t, s.t.R
	if s.whole {
		closed, err := t.Closed()
		if err != nil {
			return failed("%v", err)
		}
		if closed {
			s.over = true
			return p.final(t)
		}
	}
	if s.d == s.deals {
		s.over = true
		if s.whole {
			return failed("the game did not close in %d deals", MaxGameDeals)
		}
		if r.Sheet.Final != nil && s.deals > 1 {
			return p.final(t)
		}
		return nil
	}
	s.reviewed = nil // the game is dealt anew below
	if s.d == 0 {
		if drawn := t.DrawForDealer(s.rng); drawn != nil {
			var parts []string
			for i, c := range drawn {
				parts = append(parts, t.Names[i]+" "+p.Card(c))
			}
			how := "suit first, then rank"
			if r.FirstDealer == "draw-rank-first" {
				how = "rank first, then suit"
			}
			p.Printf("Drawing for the first deal: %s. %s drew the highest (%s) and deals.\n\n", strings.Join(parts, ", "), t.Names[t.Dealer], how)
		}
	}
	seatNames := t.Seats(nil)
	p.Names, p.You = seatNames, ""
	for i := range s.g.Players {
		if s.youName != "" && seatNames[i] == s.youName {
			s.g.Players[i], p.You = s.you, s.youName
			continue
		}
		pl, err := s.botFor(i, seatNames[i], seatNames)
		if err != nil {
			return err
		}
		s.g.Players[i] = pl
	}
	p.header(t, s.d, s.deals, seatNames)
	d, err := t.Begin(s.g)
	if err != nil {
		return &BadInput{fmt.Errorf("ante: %v", err)}
	}
	s.deal = d
	for _, a := range d.Antes {
		p.Printf("%s pays %v into the pot (%s)\n", t.Names[a.From], a.Amount, a.Rule)
	}
	if r.MovesMoney() {
		p.Printf("Pot: %v\n", t.Pot)
	}
	s.g.History = s.g.History[:0]
	d.Shuffle(s.rng)
	p.hands(s.g, seatNames)
	s.d++
	s.inDeal = true
	return nil
}

// review tells what perfect play would have given in g's finished deal
// and the better cards, from one replay of the deal by the solver (the
// costly part, which each told on its own).
func (p *Printer) review(g *game.Game, seatNames []string) ([]solve.Step, bool) {
	if g.Contract < 0 || g.NTricks == 0 {
		return nil, false
	}
	steps, err := solve.Replay(&g.State)
	if err != nil {
		return nil, false
	}
	if text := tutorial.PerfectPlayOf(g, steps, seatNames, p.Card); text != "" {
		p.Printf("\n%s\n", wrapWords(text, 78))
	}
	if text := betterCardsOf(g, steps, seatNames, p.Card); text != "" {
		p.Printf("%s\n", wrapWords(text, 78))
	}
	return steps, true
}

// BetterCards is BetterCards of the deal last played, from the replay its
// review made when the printer reviews each deal (the coach tells the
// better cards again beside the result: the replay is the costly part).
// A finished deal stays as it is until the next is dealt, which forgets
// the replay.
func (s *Session) BetterCards(names []string, cardName func(cards.Card) string) string {
	if s.reviewed == nil || s.inDeal {
		return BetterCards(s.g, names, cardName)
	}
	if !s.reviewed.ok {
		return ""
	}
	return betterCardsOf(s.g, s.reviewed.steps, names, cardName)
}

// finishDeal tells the deal, settles it and books it at the table.
func (s *Session) finishDeal() error {
	p, t, r, g := s.p, s.t, s.t.R, s.g
	s.inDeal = false
	s.endPrograms()
	seatNames := p.Names
	p.deal(g, seatNames)
	if p.Review {
		steps, ok := p.review(g, seatNames)
		s.reviewed = &reviewedDeal{steps: steps, ok: ok}
	}
	d := s.deal
	if err := d.Settle(); err != nil {
		return failed("settlement: %v", err)
	}
	o, l := d.Outcome, d.Ledger
	if p.Record != nil { // the deal and what it settled: pref verify replays and compares
		rd := record.FromGame(g, seatNames, t.Names[t.Dealer])
		rd.Expect = record.Expectation(l)
		p.Record.Deals = append(p.Record.Deals, rd)
	}
	p.Printf("\nSettlement\n")
	if r.MovesMoney() || len(l.Transfers) > 0 {
		if err := p.ledger(indent{p.Out}, l, o.Pot, t); err != nil {
			return failed("settlement: %v", err)
		}
	} else if len(l.Sheet) == 0 {
		p.Printf("  nothing is written on the sheet\n")
	}
	p.sheet(indent{p.Out}, l) // the entries, then the markings in the ruleset's words
	if err := d.Book(); errors.Is(err, table.ErrUnbalanced) {
		return failed("%v", err)
	} else if err != nil {
		// The ruleset settled a deal the table cannot book (a balance
		// beyond the limits): a ruling that failed, not bad input.
		return failed("deal %d: %v", s.d, err)
	}
	if s.deals > 1 {
		p.balances(t)
	}
	return nil
}
