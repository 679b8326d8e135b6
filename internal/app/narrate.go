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
	p, g, r := s.p, s.g, s.t.R
	if p.You == "" {
		return
	}
	name := p.SeatName(a.Seat)
	yes := a.Value == game.Yes
	switch a.Phase {
	case game.PhaseAuction, game.PhaseOffer, game.PhasePotAuction:
		if ph := g.Phase(); ph > game.PhasePotAuction {
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
	case game.PhaseFromHand:
		if yes {
			p.Printf("%s plays from the hand; the talon stays face down.\n", name)
		}
	case game.PhaseDiscard:
		switch {
		case name == p.You:
			p.Printf("You take the talon (%s) and lay aside %s.\n", p.Cards(before.Talon), p.Cards(a.Cards))
		case r.Exchange.ShowTalon:
			p.Printf("%s shows the talon (%s), takes it and lays aside %d cards.\n", name, p.Cards(before.Talon), a.Cards.Count())
		default:
			p.Printf("%s takes the talon and lays aside %d cards.\n", name, a.Cards.Count())
		}
	case game.PhaseAnnounce:
		if g.Conceded {
			p.Printf("%s gives up.\n", name)
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
		p.Printf("%s announces %s%s: %s %d tricks.\n", name, ct.Display(), trumps, verb, r.Need(g.Contract, g.Hand))
	case game.PhaseDefend:
		what := map[deal.Choice]string{deal.Play: "defends", deal.Drop: "passes", deal.Half: "takes half without play"}[deal.Choice(a.Value)]
		p.Printf("  %-10s %s\n", name, what)
	case game.PhaseRetrieve:
		if yes {
			p.Printf("%s takes the defence back and defends alone.\n", name)
		}
	case game.PhaseOpen:
		if yes {
			p.Printf("%s plays open: the defending hands are shown.\n", name)
		}
	case game.PhaseInvite:
		if yes {
			p.Printf("%s invites the other defender to play along.\n", name)
		}
	case game.PhaseGiveUp:
		if yes {
			p.Printf("%s gives up before play.\n", name)
		}
	case game.PhaseContra:
		if yes {
			p.Printf("%s: contra!\n", name)
		}
	case game.PhaseRecontra:
		if yes {
			p.Printf("%s: %s!\n", name, ruleset.ContraCalls[min(g.Doubled[before.ContraBy()], ruleset.MaxContraLevels)])
		}
	}
	if before.Phase() != game.PhasePlay && g.Phase() == game.PhasePlay {
		p.Printf("\nPlay\n")
	}
	if g.NTricks > before.NTricks {
		for i := before.NTricks; i < g.NTricks; i++ {
			t := &g.Record[i]
			p.Printf("  %2d. %-44s -> %s\n", i+1, p.trickCards(t), p.SeatName(t.Winner))
		}
		if g.Stopped {
			p.Printf("  Play stops: the contract can no longer be made.\n")
		}
	}
}
