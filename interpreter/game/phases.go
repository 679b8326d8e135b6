package game

import "fmt"

// A deal is a run of phases, each a decision of one kind (Phase). Each
// phase is its own set of methods, in the file of its stage of the deal:
//
//	phase_bidding.go   PhaseAuction, PhaseOffer, PhasePotAuction
//	phase_exchange.go  PhaseFromHand, PhaseDiscard, PhaseAnnounce
//	phase_defence.go   PhaseDefend, PhaseRetrieve, PhaseOpen, PhaseInvite, PhaseGiveUp
//	phase_contra.go    PhaseContra, PhaseRecontra
//	phase_play.go      PhasePlay, PhaseOver
//
// and phases, below, puts them in one table indexed by Phase: State asks
// the phase the deal is in (LegalActions, Apply, Take, advance) and never
// switches over phases itself. The two most frequent decisions, a card
// and a call, skip the table where a simulated deal takes them (take,
// decide, advance, answer test for their phase and call its method
// directly: a call through the table never inlines). A new phase is a
// Phase constant and its name (state.go), its methods in the file of its
// stage, its row here, and the phase before it moving on to it; nothing
// else changes.

// phaseRules is what one phase does. Each reads and moves only its own
// cursor in the state (dealState: nextOffer, pot, nextDefender, ...).
type phaseRules struct {
	// legal appends the actions open now to buf (the phase's seat is
	// g.toAct).
	legal func(g *State, buf []Action) []Action
	// decide takes the decision a, whose phase and seat are checked, and
	// says the rule that applied; a decision the rules refuse is an error
	// and leaves the state as it was.
	decide func(g *State, a Action) (rule string, err error)
	// next runs what follows without a decision: it either waits for the
	// phase's next decision (toAct set, waiting true), or moves the deal on
	// (to another phase, or its own cursor to the next seat) and next is
	// asked again.
	next func(g *State) (waiting bool, err error)
	// answer reads a player's answer as Take does, the ruleset's default
	// for one that is not open (a call not open is a pass); nil: as given.
	answer func(g *State, a Action) Action
}

// phases is the deal's phases by Phase.
var phases = [...]phaseRules{
	PhaseAuction:    {legal: (*State).auctionLegal, decide: (*State).auctionDecide, next: (*State).auctionNext, answer: (*State).auctionAnswer},
	PhaseOffer:      {legal: (*State).yesNoLegal, decide: (*State).offerDecide, next: (*State).offerNext},
	PhasePotAuction: {legal: (*State).potLegal, decide: (*State).potDecide, next: (*State).potNext, answer: (*State).potAnswer},
	PhaseFromHand:   {legal: (*State).yesNoLegal, decide: (*State).fromHandDecide, next: (*State).fromHandNext},
	PhaseDiscard:    {legal: (*State).discardLegal, decide: (*State).discardDecide, next: (*State).discardNext},
	PhaseAnnounce:   {legal: (*State).announceLegal, decide: (*State).announceDecide, next: (*State).announceNext, answer: (*State).announceAnswer},
	PhaseDefend:     {legal: (*State).defendLegal, decide: (*State).defendDecide, next: (*State).defendNext, answer: (*State).defendAnswer},
	PhaseRetrieve:   {legal: (*State).yesNoLegal, decide: (*State).retrieveDecide, next: (*State).retrieveNext},
	PhaseOpen:       {legal: (*State).yesNoLegal, decide: (*State).openDecide, next: (*State).openNext},
	PhaseInvite:     {legal: (*State).yesNoLegal, decide: (*State).inviteDecide, next: (*State).inviteNext},
	PhaseGiveUp:     {legal: (*State).yesNoLegal, decide: (*State).giveUpDecide, next: (*State).giveUpNext},
	PhaseContra:     {legal: (*State).yesNoLegal, decide: (*State).contraDecide, next: (*State).contraNext},
	PhaseRecontra:   {legal: (*State).yesNoLegal, decide: (*State).recontraDecide, next: (*State).recontraNext},
	PhasePlay:       {legal: (*State).playLegal, decide: (*State).playDecide, next: (*State).playNext},
	PhaseOver:       {legal: (*State).noneLegal, decide: (*State).noneDecide, next: (*State).overNext},
}

// advance runs what follows a decision without one, up to the next
// decision or the end of the deal.
func (g *State) advance() error {
	for {
		var waiting bool
		var err error
		if g.phase == PhasePlay {
			waiting, err = g.playNext() // the per-card path: a direct call
		} else {
			waiting, err = phases[g.phase].next(g)
		}
		if waiting || err != nil {
			return err
		}
	}
}

// decide applies the decision a (its phase and seat checked) to the phase
// the deal is in; advance then runs what follows without a decision.
func (g *State) decide(a Action) (rule string, err error) {
	if g.phase == PhasePlay {
		return g.playDecide(a) // the per-card path: a direct call
	}
	return phases[g.phase].decide(g, a)
}

// waitFor makes seat the one to decide next: the phase waits (a next's
// result).
func (g *State) waitFor(seat int) (waiting bool, err error) {
	g.toAct = seat
	return true, nil
}

// moveTo moves the deal on to phase p without a decision (a next's
// result: p's next is asked at once).
func (g *State) moveTo(p Phase) (waiting bool, err error) {
	g.phase = p
	return false, nil
}

// yesNoLegal offers the two answers of a yes/no question.
func (g *State) yesNoLegal(buf []Action) []Action {
	return append(buf, Action{Phase: g.phase, Seat: g.toAct, Value: No}, Action{Phase: g.phase, Seat: g.toAct, Value: Yes})
}

// yesNo checks a yes/no answer.
func yesNo(a Action) (bool, error) {
	if a.Value != Yes && a.Value != No {
		return false, fmt.Errorf("%s: answer yes (1) or no (0), not %d", a.Phase, a.Value)
	}
	return a.Value == Yes, nil
}

func (g *State) noneLegal(buf []Action) []Action { return buf }

func (g *State) noneDecide(Action) (string, error) { return "", fmt.Errorf("no decision is open") }
