package game

// Run plays the deal to its end: each decision the state waits for is
// asked of the player who makes it (Chooser) and taken (Take). A caller
// that steps the deal itself (a screen waiting for a person, an undo)
// uses Chooser, Choices and Take the same way.
func (g *Game) Run() error {
	g.History = g.History[:0]
	for !g.Over() {
		if g.err != nil {
			return g.err
		}
		if g.R == nil || g.auc.r == nil {
			_, err := g.Apply(Action{}) // no deal: Apply says so
			return err
		}
		var a Action
		if f := g.CardChoosers[g.Chooser()]; f != nil && g.phase == PhasePlay {
			a = Action{Phase: PhasePlay, Seat: g.toAct, Cards: f(g, g.Legal(g.toAct)).Bit()}
		} else {
			a = g.answer(g.Players[g.Chooser()].Choose(g, g.Choices()))
		}
		if err := g.take(a); err != nil {
			return err
		}
		if g.KeepHistory {
			g.History = append(g.History, a)
		}
	}
	return g.err
}

// Chooser is the seat whose player makes the awaited decision: the seat
// to act, or for a card the player controlling the hand (a lone defender
// playing a dropped hand along).
func (g *State) Chooser() int {
	if g.phase == PhasePlay {
		return g.Controller(g.toAct)
	}
	return g.toAct
}

// Choices is the actions open now, in a buffer the game reuses: valid until
// the next call.
func (g *Game) Choices() []Action { return g.LegalActions(g.actions[:0]) }

// Take applies a player's answer to the awaited decision and keeps it in
// History (with KeepHistory). An answer that is not open is read as the
// ruleset's default where there is one, as players always could: a call
// not open is a pass, a defence not open is play, a pot offer not above
// the standing one is a pass, a concession not allowed is no concession.
// A card or a discard that breaks a rule is refused; the state is then
// unchanged.
func (g *Game) Take(a Action) (Ruling, error) {
	a = g.answer(a)
	r, err := g.Apply(a)
	if err == nil && g.KeepHistory {
		g.History = append(g.History, a)
	}
	return r, err
}

// answer reads a player's answer as Take does: for the decision awaited,
// a default for one that is not open.
func (g *Game) answer(a Action) Action {
	a.Phase, a.Seat = g.phase, g.toAct
	if g.phase == PhaseAuction {
		return g.auctionAnswer(a) // the most frequent answer: a direct call, inlined
	}
	if read := phases[g.phase].answer; read != nil {
		return read(&g.State, a)
	}
	return a
}

// ContraBy is the defender whose contra is being answered (PhaseRecontra).
func (g *State) ContraBy() int { return g.contraBy }

// ContraCall is the doubling the awaited PhaseRecontra decision would call
// (2 recontra, 3 subcontra, 4 mortcontra), or 0 outside it.
func (g *State) ContraCall() int {
	if g.phase != PhaseRecontra || g.contraBy < 0 {
		return 0
	}
	return g.Doubled[g.contraBy] + 1
}

// PotOffer is the standing offer of the pot auction.
func (g *State) PotOffer() int { return g.pot.offer }
