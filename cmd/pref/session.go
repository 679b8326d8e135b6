package main

import (
	"fmt"
	"github.com/preference-rules/pref/tutorial"
	"math/rand/v2"
	"strings"
	"unicode/utf8"

	"github.com/preference-rules/pref/interpreter/bot"
	"github.com/preference-rules/pref/interpreter/deal"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/interpreter/record"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/interpreter/settle"
	"github.com/preference-rules/pref/interpreter/table"
)

// session is a run of deals at one table, stepped one decision at a time.
// The computer players (and a person at the line seat, who has a Player)
// are asked at once; the seat of a person at the full screen has no
// Player, and next stops there and waits for take.
type session struct {
	p       *printer
	t       *table.Table
	rng     *rand.Rand
	deals   int  // deals to play; maxGameDeals for a whole game
	whole   bool // play until the sheet closes
	d       int  // deals begun
	inDeal  bool
	over    bool
	g       *game.Game
	settler *settle.Settler
	you     game.Player // the person's player; nil at the full screen
	youName string      // "" when only computers play
}

func newSession(p *printer, t *table.Table, rng *rand.Rand, deals int, you game.Player, youName string) *session {
	s := &session{p: p, t: t, rng: rng, deals: deals, you: you, youName: youName, settler: settle.New(t.R)}
	s.g = game.New(t.R, make([]game.Player, t.R.Hands))
	s.g.TableSize = len(t.Names)
	s.g.KeepHistory = p.rec != nil
	if deals == 0 {
		s.whole, s.deals = true, maxGameDeals
	}
	return s
}

// playSession plays every deal with players that all answer at once.
func playSession(p *printer, t *table.Table, rng *rand.Rand, deals int, you game.Player, youName string) error {
	_, err := newSession(p, t, rng, deals, you, youName).next()
	return err
}

// next moves the session on to the next decision of a seat without a
// player and returns the actions open to it; nil when the session is over.
func (s *session) next() ([]game.Action, error) {
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
	}
	return nil, nil
}

// take makes the waiting person's decision a; an action that breaks a rule
// is refused and nothing changes.
func (s *session) take(a game.Action) error {
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

// tell narrates a decision as it is taken, when a person sits at the table
// (a deal among computers is told after it ends): the end of the auction,
// the exchange, the announcement, each defender's choice, each trick and
// its winner. Another player's discard stays hidden until the deal ends.
func (s *session) tell(before *game.State, a game.Action) {
	p, g, r := s.p, s.g, s.t.R
	if p.you == "" {
		return
	}
	name := p.seatName(a.Seat)
	yes := a.Value == game.Yes
	switch a.Phase {
	case game.PhaseAuction, game.PhaseOffer, game.PhasePotAuction:
		if ph := g.Phase(); ph > game.PhasePotAuction {
			switch {
			case g.Declarer >= 0 && g.Forced:
				p.f("Everybody passed: %s is forced to take the talon.\n", p.seatName(g.Declarer))
			case g.Declarer >= 0 && g.PotBid > 0:
				p.f("%s offers %d into the pot and wins the talon.\n", p.seatName(g.Declarer), g.PotBid)
			case g.Declarer >= 0 && g.Bid == game.Pass:
				p.f("Everybody passed: %s takes the second chance and declares.\n", p.seatName(g.Declarer))
			case g.Declarer >= 0:
				p.f("%s wins the auction with %s.\n", p.seatName(g.Declarer), p.callName(r.Ladder[g.Bid]))
			case g.Contract >= 0:
				p.f("Everybody passed: %s, each for himself.\n", r.Contracts[g.Contract].Display())
			default:
				p.f("Everybody passed: nobody declares.\n")
			}
		}
	case game.PhaseFromHand:
		if yes {
			p.f("%s plays from the hand; the talon stays face down.\n", name)
		}
	case game.PhaseDiscard:
		switch {
		case name == p.you:
			p.f("You take the talon (%s) and lay aside %s.\n", p.cards(before.Talon), p.cards(a.Cards))
		case r.Exchange.ShowTalon:
			p.f("%s shows the talon (%s), takes it and lays aside %d cards.\n", name, p.cards(before.Talon), a.Cards.Count())
		default:
			p.f("%s takes the talon and lays aside %d cards.\n", name, a.Cards.Count())
		}
	case game.PhaseAnnounce:
		if g.Conceded {
			p.f("%s gives up.\n", name)
			break
		}
		ct := &r.Contracts[g.Contract]
		trumps := ""
		if int(ct.Trumps) < len(r.Deck.SuitNames) {
			trumps = " (trumps " + r.Deck.SuitNames[ct.Trumps] + ")"
		}
		verb := "needs"
		if ct.Exact {
			verb = "must take exactly"
		}
		p.f("%s announces %s%s: %s %d tricks.\n", name, ct.Display(), trumps, verb, r.Need(g.Contract, g.Hand))
	case game.PhaseDefend:
		what := map[deal.Choice]string{deal.Play: "defends", deal.Drop: "passes", deal.Half: "takes half without play"}[deal.Choice(a.Value)]
		p.f("  %-10s %s\n", name, what)
	case game.PhaseRetrieve:
		if yes {
			p.f("%s takes the defence back and defends alone.\n", name)
		}
	case game.PhaseOpen:
		if yes {
			p.f("%s plays open: the defending hands are shown.\n", name)
		}
	case game.PhaseInvite:
		if yes {
			p.f("%s invites the other defender to play along.\n", name)
		}
	case game.PhaseGiveUp:
		if yes {
			p.f("%s gives up before play.\n", name)
		}
	case game.PhaseContra:
		if yes {
			p.f("%s: contra!\n", name)
		}
	case game.PhaseRecontra:
		if yes {
			p.f("%s: %s!\n", name, ruleset.ContraCalls[min(g.Doubled[before.ContraBy()], ruleset.MaxContraLevels)])
		}
	}
	if before.Phase() != game.PhasePlay && g.Phase() == game.PhasePlay {
		p.f("\nPlay\n")
	}
	if g.NTricks > before.NTricks {
		for i := before.NTricks; i < g.NTricks; i++ {
			t := &g.Record[i]
			p.f("  %2d. %-44s -> %s\n", i+1, p.trickCards(t), p.seatName(t.Winner))
		}
		if g.Stopped {
			p.f("  Play stops: the contract can no longer be made.\n")
		}
	}
}

// leave ends the session where it stands: a deal in the middle is kept in
// the record (with --record) as unfinished, every step so far written.
func (s *session) leave() {
	if s.inDeal && !s.over && s.p.rec != nil {
		s.p.rec.Deals = append(s.p.rec.Deals, record.FromGame(s.g, s.p.names, s.t.Names[s.t.Dealer]))
	}
	s.over = true
}

// standings prints where the players stand: the balances and the pot, or
// the score sheet and what closing it now would give.
func (s *session) standings() error {
	t := s.t
	if t.Deals == 0 {
		s.p.f("No deal was finished: nothing is booked.\n")
		return nil
	}
	if t.R.Sheet.Final != nil {
		return s.p.final(t)
	}
	s.p.f("\nStandings after %d deal(s)\n", t.Deals)
	s.p.balances(t)
	return nil
}

// snapshot is the deal as it stood: restore goes back to it.
type snapshot struct {
	deal    int
	state   *game.State
	history int
}

func (s *session) snapshot() snapshot {
	return snapshot{deal: s.d, state: s.g.State.Clone(), history: len(s.g.History)}
}

// restore goes back to snapshot v, taken earlier in the deal being played:
// a finished deal is booked and cannot be taken back.
func (s *session) restore(v snapshot) bool {
	if v.deal != s.d || !s.inDeal || s.over || v.state == nil {
		return false
	}
	s.g.State = *v.state.Clone()
	s.g.History = s.g.History[:v.history]
	return true
}

// seatNames are this deal's seats, forehand first.
func (s *session) seatNames() []string {
	order := s.t.Order()
	names := make([]string, len(order))
	for i, idx := range order {
		names[i] = s.t.Names[idx]
	}
	return names
}

// startDeal seats the players, takes the antes and deals; or, when the
// session has run its course, prints the final sheet and ends it.
func (s *session) startDeal() error {
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
			return failed("the game did not close in %d deals", maxGameDeals)
		}
		if r.Sheet.Final != nil && s.deals > 1 {
			return p.final(t)
		}
		return nil
	}
	if s.d == 0 {
		if drawn := t.DrawForDealer(s.rng); drawn != nil {
			var parts []string
			for i, c := range drawn {
				parts = append(parts, t.Names[i]+" "+p.card(c))
			}
			how := "suit first, then rank"
			if r.FirstDealer == "draw-rank-first" {
				how = "rank first, then suit"
			}
			p.f("Drawing for the first deal: %s. %s drew the highest (%s) and deals.\n\n", strings.Join(parts, ", "), t.Names[t.Dealer], how)
		}
	}
	seatNames := s.seatNames()
	p.names, p.you = seatNames, ""
	for i := range s.g.Players {
		if s.youName != "" && seatNames[i] == s.youName {
			s.g.Players[i], p.you = s.you, s.youName
			continue
		}
		s.g.Players[i] = newReasoned(p.bots, uint64(s.d)<<4|uint64(i), p, seatNames)
	}
	p.header(t, s.d, s.deals, seatNames)
	antes, err := t.Ante()
	if err != nil {
		return badInput(fmt.Errorf("ante: %v", err))
	}
	for _, a := range antes {
		p.f("%s pays %v into the pot (%s)\n", t.Names[a.From], a.Amount, a.Rule)
	}
	if usesMoney(r) {
		p.f("Pot: %v\n", t.Pot)
	}
	s.g.History = s.g.History[:0]
	s.g.Deal(s.rng)
	s.g.SetAllPassRun(t.AllPassRun)
	for i, n := range seatNames {
		if i < game.MaxSeats {
			s.g.Names[i] = n
		}
	}
	p.hands(s.g, seatNames)
	s.d++
	s.inDeal = true
	return nil
}

// finishDeal tells the deal, settles it and books it at the table.
func (s *session) finishDeal() error {
	p, t, r, g := s.p, s.t, s.t.R, s.g
	s.inDeal = false
	seatNames := p.names
	p.deal(g, seatNames)
	if p.review {
		if text := tutorial.PerfectPlay(g, seatNames, p.card); text != "" {
			p.f("\n%s\n", wrapWords(text, 78))
		}
	}
	o := t.Outcome(g)
	l, err := s.settler.Settle(o, true)
	if err != nil {
		return failed("settlement: %v", err)
	}
	if p.rec != nil { // the deal and what it settled: pref verify replays and compares
		d := record.FromGame(g, seatNames, t.Names[t.Dealer])
		d.Expect = record.Expectation(l)
		p.rec.Deals = append(p.rec.Deals, d)
	}
	p.f("\nSettlement\n")
	if usesMoney(r) || len(l.Transfers) > 0 {
		if err := printLedger(indent{p.w}, l, o.Pot); err != nil {
			return failed("settlement: %v", err)
		}
	} else if len(l.Sheet) == 0 {
		p.f("  nothing is written on the sheet\n")
	}
	for _, m := range l.Marks {
		p.f("  %s %+d marking (rule %q)\n", l.Name(m.Seat), m.Delta, m.Rule)
	}
	printSheet(indent{p.w}, l)
	if err := t.Apply(o, l); err != nil {
		// The ruleset settled a deal the table cannot book (a balance
		// beyond the limits): a ruling that failed, not bad input.
		return failed("deal %d: %v", s.d, err)
	}
	if !t.Balanced() {
		return failed("the table does not balance: %v, pot %v", t.Balance, t.Pot)
	}
	if s.deals > 1 {
		p.balances(t)
	}
	t.Next()
	return nil
}

// reasoned is a computer player that prints each of its calls with its
// reason.
type reasoned struct {
	bot    game.Player
	reason func() string
	p      *printer
	names  []string
}

// newReasoned makes the computer player of kind for a seat: simple, or
// strong (cards by sampling, the other decisions weighed by simulation).
func newReasoned(kind string, seed uint64, p *printer, names []string) *reasoned {
	if kind == "strong" {
		b := bot.NewStrong(seed)
		return &reasoned{bot: b, reason: func() string { return b.Reason() }, p: p, names: names}
	}
	b := &bot.Simple{}
	return &reasoned{bot: b, reason: func() string { return b.Reason() }, p: p, names: names}
}

func (b *reasoned) Choose(g *game.Game, legal []game.Action) game.Action {
	a := b.bot.Choose(g, legal)
	if a.Phase == game.PhaseAuction {
		call := "pass"
		if a.Value != game.Pass {
			call = b.p.callName(g.R.Ladder[a.Value])
		}
		b.p.f("  %-10s %-12s (%s)\n", b.names[a.Seat], call, b.reason())
	}
	return a
}

// wrapWords breaks text into lines of at most width columns between words.
func wrapWords(text string, width int) string {
	var b strings.Builder
	col := 0
	for _, w := range strings.Fields(text) {
		n := utf8.RuneCountInString(w)
		if col > 0 && col+1+n > width {
			b.WriteByte('\n')
			col = 0
		} else if col > 0 {
			b.WriteByte(' ')
			col++
		}
		b.WriteString(w)
		col += n
	}
	return b.String()
}
