package game

import "github.com/preference-rules/pref/interpreter/settle"

// Run plays the deal to its end: each decision the state waits for is
// asked of the seat's player (for a card, of the player who controls the
// hand) and applied. An answer that is not open is read as the ruleset's
// default where there is one (a call: pass; a defence: play), as players
// always could; a card or a discard that breaks a rule stops the deal.
func (g *Game) Run() error {
	g.History = g.History[:0]
	for !g.Over() {
		if g.err != nil {
			return g.err
		}
		a := g.ask()
		if _, err := g.Apply(a); err != nil {
			return err
		}
		if g.KeepHistory {
			g.History = append(g.History, a)
		}
	}
	return g.err
}

// ask puts the awaited decision to the player of the seat to act.
func (g *Game) ask() Action {
	s := g.toAct
	p := g.Players[s]
	a := Action{Phase: g.phase, Seat: s}
	yn := func(b bool) Action {
		if b {
			a.Value = Yes
		} else {
			a.Value = No
		}
		return a
	}
	switch g.phase {
	case PhaseAuction:
		legal := g.auc.Legal(g.buf[:0])
		call := p.Call(g, s, legal)
		if !contains(legal, call) {
			call = Pass // an answer outside the legal calls is a pass
		}
		a.Value = call
	case PhaseOffer:
		return yn(p.TakeOffer(g, s))
	case PhasePotAuction:
		if amt := p.PotOffer(g, s, g.potOffer+1); amt > g.potOffer {
			a.Value = amt
		}
	case PhaseFromHand:
		return yn(p.PlayFromHand(g, s))
	case PhaseDiscard:
		a.Cards = p.Discard(g, s, g.R.Exchange.Discard)
	case PhaseAnnounce:
		legal := g.Announceable(g.buf[:0])
		ct, concede := p.Announce(g, s, legal, g.MayConcede())
		a.Value, a.Concede = ct, concede && g.MayConcede()
	case PhaseDefend:
		ch := p.Defend(g, s)
		if ch != settle.Drop && ch != settle.Play && !(ch == settle.Half && g.MayHalf(s)) {
			ch = settle.Play
		}
		a.Value = int(ch)
	case PhaseRetrieve:
		rt, ok := p.(Retriever)
		return yn(ok && rt.Retrieve(g, s)) // players without it leave the half standing
	case PhaseOpen:
		if oc, ok := p.(OpenChooser); ok {
			return yn(oc.ChooseOpen(g, s))
		}
		return yn(g.Open) // players without it keep what the contract says
	case PhaseInvite:
		return yn(p.Invite(g, s))
	case PhaseGiveUp:
		return yn(p.GiveUp(g, s))
	case PhaseContra:
		return yn(p.Contra(g, s))
	case PhaseRecontra:
		return yn(p.Recontra(g, s, g.contraBy))
	case PhasePlay:
		c := g.Players[g.Controller(s)].Play(g, s, g.Legal(s))
		a.Cards = c.Bit()
	}
	return a
}
