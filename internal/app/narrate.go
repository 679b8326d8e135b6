package app

import (
	"github.com/preference-rules/pref/interpreter/deal"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/interpreter/ruleset"
)

// tell narrates a decision as it is taken, when a person sits at the table
// (a deal among computers is told after it ends): the end of the auction,
// the exchange, the announcement, each defender's choice, each trick and
// its winner. Another player's discard stays hidden until the deal ends.
func (s *Session) tell(before *game.State, a game.Action) {
	p := s.p
	if p.You == "" {
		return
	}
	name := p.SeatName(a.Seat)
	switch a.Phase {
	case game.PhaseAuction, game.PhaseOffer, game.PhasePotAuction:
		s.tellAuctionEnd()
	case game.PhaseDiscard:
		s.tellDiscard(before, a, name)
	case game.PhaseAnnounce:
		s.tellAnnouncement(name)
	case game.PhaseDefend:
		// the lessons' words for the choice (game/words.go's defence row)
		// or the table's word for it, where a term set says one
		choice := deal.Choice(a.Value)
		what := saysChoice(s.t.R, choice, map[deal.Choice]string{deal.Play: "plays", deal.Drop: "drops out", deal.Half: "takes half without play"}[choice])
		p.Printf("  %-10s %s\n", name, what)
	default:
		if a.Value == game.Yes {
			s.tellYes(before, a.Phase, name)
		}
	}
	if before.Phase() != game.PhasePlay && s.g.Phase() == game.PhasePlay {
		p.Printf("\nPlay\n")
	}
	s.tellTricks(before)
}

// tellAuctionEnd says how the auction ended, once it has: who won it and
// with what, or what everybody passing led to.
func (s *Session) tellAuctionEnd() {
	p, g, r := s.p, s.g, s.t.R
	if g.Phase() <= game.PhasePotAuction {
		return
	}
	switch {
	case g.Declarer >= 0 && g.Forced:
		p.Printf("Everybody passed: %s is forced to take the talon.\n", p.SeatName(g.Declarer))
	case g.Declarer >= 0 && g.PotBid > 0:
		p.Printf("%s offers %d into the pot and wins the talon.\n", p.SeatName(g.Declarer), g.PotBid)
	case g.Declarer >= 0 && g.Bid == game.Pass:
		p.Printf("Everybody passed: %s takes the second chance and declares.\n", p.SeatName(g.Declarer))
	case g.Declarer >= 0:
		p.Printf("%s wins the auction with %s.\n", p.SeatName(g.Declarer), p.callName(r.Ladder[g.Bid]))
	case g.Contract >= 0:
		p.Printf("Everybody passed: %s, each for himself.\n", r.Contracts[g.Contract].Display())
	default:
		p.Printf("Everybody passed: nobody declares.\n")
	}
}

// tellDiscard is the exchange: the person sees the cards he lays aside,
// the others only how many (and the talon, where it is shown).
func (s *Session) tellDiscard(before *game.State, a game.Action, name string) {
	p := s.p
	switch {
	case name == p.You:
		p.Printf("You take the talon (%s) and lay aside %s.\n", p.Cards(before.Talon), p.Cards(a.Cards))
	case s.t.R.Exchange.ShowTalon:
		p.Printf("%s shows the talon (%s), takes it and lays aside %s.\n", name, p.Cards(before.Talon), deal.Count(a.Cards.Count(), "card"))
	default:
		p.Printf("%s takes the talon and lays aside %s.\n", name, deal.Count(a.Cards.Count(), "card"))
	}
}

// tellAnnouncement is the contract announced, its trumps and the tricks
// it needs; or the declarer giving up.
func (s *Session) tellAnnouncement(name string) {
	p, g, r := s.p, s.g, s.t.R
	if g.Conceded {
		p.Printf("%s gives up.\n", name)
		return
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
	p.Printf("%s announces %s%s: %s %s.\n", name, ct.Display(), trumps, verb, deal.Count(r.Need(g.Contract, g.Hand), "trick"))
}

// tellYes is a question of phase ph answered yes: from the hand, the
// defence taken back, open play, an invitation, giving up, contra and the
// calls after it. A no is not told.
func (s *Session) tellYes(before *game.State, ph game.Phase, name string) {
	p, g := s.p, s.g
	switch ph {
	case game.PhaseFromHand:
		p.Printf("%s plays from the hand; the talon stays face down.\n", name)
	case game.PhaseRetrieve:
		p.Printf("%s takes the defence back and defends alone.\n", name)
	case game.PhaseOpen:
		p.Printf("%s plays open: the defending hands are shown.\n", name)
	case game.PhaseInvite:
		p.Printf("%s invites the other defender to play along.\n", name)
	case game.PhaseGiveUp:
		p.Printf("%s gives up before play.\n", name)
	case game.PhaseContra:
		p.Printf("%s: %s!\n", name, g.R.ContraWord(1))
	case game.PhaseRecontra:
		p.Printf("%s: %s!\n", name, g.R.ContraWord(min(g.Doubled[before.ContraBy()], ruleset.MaxContraLevels)))
	}
}

// tellTricks is each trick completed by the decision, with its winner, and
// the play stopping early.
func (s *Session) tellTricks(before *game.State) {
	p, g := s.p, s.g
	if g.NTricks <= before.NTricks {
		return
	}
	for i := before.NTricks; i < g.NTricks; i++ {
		t := &g.Record[i]
		p.trickLine(i, p.trickCards(t), p.SeatName(t.Winner))
	}
	if g.Stopped {
		p.Printf("  Play stops: the contract can no longer be made.\n")
	}
}
