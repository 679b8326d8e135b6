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

// ask puts the awaited decision to the player who makes it (for a card,
// the player controlling the hand). A call or a defence that is not open
// is read as the ruleset's default (pass; play).
func (g *Game) ask() Action {
	s := g.toAct
	if g.phase == PhasePlay {
		s = g.Controller(s)
	}
	legal := g.LegalActions(g.actions[:0])
	a := g.Players[s].Choose(g, legal)
	a.Phase, a.Seat = g.phase, g.toAct
	switch g.phase {
	case PhaseAuction:
		if !g.auc.Allows(a.Value) {
			a.Value = Pass
		}
	case PhaseDefend:
		if ch := settle.Choice(a.Value); ch != settle.Drop && ch != settle.Play && !(ch == settle.Half && g.MayHalf(g.toAct)) {
			a.Value = int(settle.Play)
		}
	case PhasePotAuction:
		if a.Value <= g.potOffer {
			a.Value = 0 // an offer not above the standing one is a pass
		}
	case PhaseAnnounce:
		a.Concede = a.Concede && g.MayConcede()
	}
	return a
}

// ContraBy is the defender whose contra the declarer answers (PhaseRecontra).
func (g *State) ContraBy() int { return g.contraBy }

// PotOffer is the standing offer of the pot auction.
func (g *State) PotOffer() int { return g.potOffer }
