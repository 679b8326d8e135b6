package game

import (
	"fmt"
	"slices"

	"github.com/preference-rules/pref/interpreter/cards"
	"github.com/preference-rules/pref/interpreter/deal"
	"github.com/preference-rules/pref/interpreter/ruleset"
)

// Phase is the kind of decision a deal waits for.
type Phase uint8

const (
	PhaseAuction    Phase = iota // a call: pass or a ladder bid
	PhaseOffer                   // all passed: take the offer to declare?
	PhasePotAuction              // all passed: an amount into the pot for the talon, or pass
	PhaseFromHand                // the declarer: play from the hand, or take the talon?
	PhaseDiscard                 // the declarer lays aside as many cards as the talon held
	PhaseAnnounce                // the declarer names the contract, or gives up
	PhaseDefend                  // a defender: play, drop, or take half
	PhaseRetrieve                // the first defender, dropped: take the defence back after the other's half?
	PhaseOpen                    // the lone defender playing a dropped hand along: open or closed?
	PhaseInvite                  // the defender left alone: invite the one who dropped?
	PhaseGiveUp                  // the declarer, the defence known: give up before play?
	PhaseContra                  // a defender: double before the first lead?
	PhaseRecontra                // answer the last doubling (the declarer a contra or subcontra, the caller a recontra)?
	PhasePlay                    // a card to the trick
	PhaseOver                    // the deal is finished
)

var phaseNames = [...]string{"auction", "offer", "pot auction", "from hand", "discard", "announce",
	"defend", "retrieve", "open", "invite", "give up", "contra", "recontra", "play", "over"}

func (p Phase) String() string {
	if int(p) >= len(phaseNames) {
		return fmt.Sprintf("phase %d", p)
	}
	return phaseNames[p]
}

// Action is one decision of one seat. Its meaning depends on the phase it
// answers: Value is the call (Pass or a ladder index), the contract
// announced, the amount offered into the pot, the defence choice, or 1/0
// for a yes/no question; Cards is the card played or the cards laid aside.
type Action struct {
	Phase   Phase
	Seat    int // whose decision (for a card: whose hand it leaves)
	Value   int
	Cards   cards.Mask
	Concede bool // with PhaseAnnounce: the declarer gives up (Value may name the contract conceded)
}

// Yes and No are the values of a yes/no decision.
const (
	No  = 0
	Yes = 1
)

// Card is the card of a PhasePlay action.
func (a Action) Card() cards.Card { return a.Cards.Lowest() }

// Ruling is what the state made of an action: the action and the rule
// that applied, in words (a constant: building text per card would cost
// every simulated deal; explanations are put together from it on demand).
type Ruling struct {
	Action Action
	Rule   string
}

// Phase is the decision the deal waits for.
func (g *State) Phase() Phase { return g.phase }

// ToAct is the seat whose decision is awaited (for a card, the seat whose
// hand plays; Controller names the player who chooses it), or -1 when the
// deal is over.
func (g *State) ToAct() int {
	if g.phase == PhaseOver {
		return -1
	}
	return g.toAct
}

// Over reports whether the deal is finished.
func (g *State) Over() bool { return g.phase == PhaseOver }

// Clone is an independent copy of the state: applying actions to one does
// not change the other.
func (g *State) Clone() *State {
	c := *g
	c.Calls = slices.Clone(g.Calls)
	return &c
}

// LegalActions appends the actions open now to buf. A discard is offered as the
// number of cards to lay aside (Value) and the hand they come from
// (Cards): any Value cards of it are legal.
func (g *State) LegalActions(buf []Action) []Action {
	buf = buf[:0]
	if g.R == nil || g.auc.r == nil && g.phase == PhaseAuction {
		return buf // nothing dealt: no decision is open
	}
	return phases[g.phase].legal(g, buf)
}

// Apply makes the decision a and moves the deal on to the next decision.
// An action that is not open now is refused with the rule it breaks; the
// state is then unchanged.
func (g *State) Apply(a Action) (Ruling, error) {
	if g.err != nil {
		return Ruling{}, g.err
	}
	if g.R == nil || g.auc.r == nil {
		return Ruling{}, fmt.Errorf("no deal: deal the cards (Deal or SetHands) before any decision")
	}
	if g.phase == PhaseOver {
		return Ruling{}, fmt.Errorf("the deal is over: no %s is open", a.Phase)
	}
	if a.Phase != g.phase {
		return Ruling{}, fmt.Errorf("out of turn: the deal waits for %s (%s), not %s", g.phase, g.seatName(g.toAct), a.Phase)
	}
	if a.Seat != g.toAct {
		return Ruling{}, fmt.Errorf("out of turn: %s is to decide (%s), not %s", g.seatName(g.toAct), g.phase, g.seatName(a.Seat))
	}
	rule, err := g.decide(a)
	if err != nil {
		return Ruling{}, err
	}
	r := Ruling{Action: a, Rule: rule}
	if err := g.advance(); err != nil {
		g.err = err
		return r, err
	}
	return r, nil
}

// take is Apply for a decision the deal waits for (its phase and seat
// set), without the ruling: the loop of Run. It asks the phase itself
// rather than through decide: one call less for every decision of every
// simulated deal.
func (g *State) take(a Action) error {
	var err error
	if g.phase == PhasePlay {
		_, err = g.playDecide(a) // the per-card path: a direct call
	} else {
		_, err = phases[g.phase].decide(g, a)
	}
	if err != nil {
		return err
	}
	if err := g.advance(); err != nil {
		g.err = err
		return err
	}
	return nil
}

// SeatName is seat's name, or "seat N" when the state was not told.
func (g *State) SeatName(s int) string {
	switch {
	case s < 0:
		return "nobody"
	case s < MaxSeats && g.Names[s] != "":
		return g.Names[s]
	}
	return fmt.Sprintf("seat %d", s+1)
}

func (g *State) seatName(s int) string { return g.SeatName(s) }

// IllegalCard says, in the third person and with the evidence, which rule
// forbids seat to play c now ("must follow hearts and holds KH 9H"); "" when
// c is legal.
func (g *State) IllegalCard(seat int, c cards.Card) string {
	d := &g.R.Deck
	hand := g.Hands[seat]
	if !hand.Has(c) {
		return fmt.Sprintf("%s does not hold %s (holds %s)", g.SeatName(seat), d.Name(c), d.Format(hand, false))
	}
	if g.Legal(seat).Has(c) {
		return ""
	}
	if g.trick.N == 0 {
		lead, words := g.leadRule(seat)
		if words == "" {
			words = "the rule of the lead"
		}
		return fmt.Sprintf("%s: may lead %s", words, d.Format(lead, false))
	}
	led := g.trick.Cards[0].Suit()
	m, rule := g.ruleNow(seat)
	switch {
	case m.Has(c):
		return "cooperation rule 1 binds: " + CooperationRules[RuleNoOvertake]
	case (rule == deal.RuleFollow || rule == deal.RuleHead) && c.Suit() != led:
		return fmt.Sprintf("must follow %s and holds %s", d.SuitNames[led], d.Format(hand.Suit(led), false))
	case rule == deal.RuleHead:
		return fmt.Sprintf("must head the trick (%s wins it so far) and holds %s", d.Name(g.winner), d.Format(m, false))
	case (rule == deal.RuleTrump || rule == deal.RuleOverTrump) && c.Suit() != g.Trump:
		return fmt.Sprintf("has no %s, so must trump, and holds %s", d.SuitNames[led], d.Format(hand.Suit(g.Trump), false))
	case rule == deal.RuleOverTrump:
		return fmt.Sprintf("must beat the trump %s and holds %s", d.Name(g.winner), d.Format(m, false))
	}
	return "that card is not allowed here"
}

func (g *State) callName(c int) string {
	if c == Pass {
		return "pass"
	}
	if c < 0 || c >= len(g.R.Ladder) {
		return fmt.Sprintf("bid %d (not on the ladder)", c)
	}
	return g.R.CallName(g.R.Ladder[c])
}

func (g *State) whyNotCall(c int) string {
	switch {
	case c < Pass || c >= len(g.R.Ladder):
		return "no such bid"
	case g.auc.Bid != Pass && c < g.auc.Bid:
		return "it is lower than the standing bid " + g.callName(g.auc.Bid)
	case g.auc.MinTricks > 0 && g.R.Contracts[g.R.Ladder[c].Contract].Tricks < g.auc.MinTricks:
		return fmt.Sprintf("after %s in a row a bid must be for at least %s", deal.Count(g.AllPassRun, "all-pass deal"), deal.Count(g.auc.MinTricks, "trick"))
	}
	return "the auction's rules do not allow it here (raise, hold, first call only)"
}

// SetAllPassRun tells the deal how many deals before it were passed out
// in a row, for a ruleset whose auction limits the bids after such a run
// (auction.all_pass_exit). Call it after dealing, before the first call.
func (g *State) SetAllPassRun(run int) {
	g.AllPassRun = run
	g.auc.AfterAllPass(run)
}

// start begins the deal just dealt: forehand calls first.
func (g *State) start() {
	g.auc = *NewAuction(g.R)
	g.phase = PhaseAuction
	g.err = g.advance()
}

// TrickReason says in words why trick i (0-based) went to its winner: the
// highest card of the suit led, the highest trump, or the talon's card.
func (g *State) TrickReason(i int) string {
	if i < 0 || i >= g.NTricks {
		return ""
	}
	t := &g.Record[i]
	d := &g.R.Deck
	var win cards.Card
	for k := 0; k < t.N; k++ {
		if int(t.Seats[k]) == t.Winner {
			win = t.Cards[k]
		}
	}
	who := g.SeatName(t.Winner)
	if t.Winner == TalonSeat {
		return fmt.Sprintf("the talon's %s: nobody beat it", d.Name(win))
	}
	led := t.Cards[0].Suit()
	lead := ""
	if t.Seats[0] == TalonSeat {
		lead = " (the talon's card fixed the suit)"
	}
	if g.Trump != cards.NoSuit && win.Suit() == g.Trump && led != g.Trump {
		return fmt.Sprintf("%s trumps with %s, the highest trump%s", who, d.Name(win), lead)
	}
	return fmt.Sprintf("%s wins with %s, the highest card in %s, the suit led%s", who, d.Name(win), d.SuitNames[led], lead)
}

// Claim ends the card play at a trick's boundary with the tricks each
// seat takes in the whole deal, as the players agreed (a claim, or a
// concession of the rest): taken has one entry per seat. A claim cannot
// undo a trick already won, give tricks to a seat out of play, or stand
// for a contract that play would have stopped (lost with stop_when_lost)
// or that counts tricks in a row.
func (g *State) Claim(taken []int) error {
	r := g.R
	n := g.Seats()
	switch {
	case g.phase != PhasePlay:
		return fmt.Errorf("claim: no card play is under way (the deal waits for %s)", g.phase)
	case g.Contract >= 0 && (r.Contracts[g.Contract].InARow || r.Contracts[g.Contract].TalonLeads != ruleset.TalonNotTurned):
		// before the trick under way: a talon card turned is one already
		return fmt.Errorf("claim: %s counts the order of the tricks; write them all", r.Contracts[g.Contract].Display())
	case g.trick.N > 0:
		return fmt.Errorf("claim: trick %d is under way; a claim comes between tricks", g.NTricks+1)
	case len(taken) != n:
		return fmt.Errorf("claim: %d counts for %d seats", len(taken), n)
	}
	total := g.TalonTaken
	for s := 0; s < n; s++ {
		switch {
		case taken[s] < g.Taken[s]:
			return fmt.Errorf("claim: %s has already taken %s, not %d", g.SeatName(s), deal.Count(g.Taken[s], "trick"), taken[s])
		case taken[s] > g.Taken[s] && !g.InPlay(s):
			return fmt.Errorf("claim: %s does not play", g.SeatName(s))
		}
		total += taken[s]
	}
	if total != r.HandSize {
		return fmt.Errorf("claim: the tricks add up to %d; a deal has %d", total, r.HandSize)
	}
	if g.Declarer >= 0 {
		ct := &r.Contracts[g.Contract]
		need := r.Need(g.Contract, g.Hand)
		if ct.StopWhenLost && ct.Lost(need, taken[g.Declarer], r.HandSize, r.HandSize) {
			return fmt.Errorf("claim: %s would be lost, and play stops at the trick that loses it: write the tricks up to that one", ct.Display())
		}
	}
	copy(g.Taken[:n], taken)
	g.Claimed = true
	g.phase, g.toAct = PhaseOver, -1
	return nil
}

// Resample is a copy of the state dealt other cards, for a player who
// weighs a decision over the deals it cannot tell apart: dealt are the
// hands as dealt, talon the talon and, where the declarer has already
// laid cards aside, laid those cards (out of his hand and the talon).
// Every decision taken so far stands. Only before the first card: the
// copy is checked like a deal (each hand and the talon their size, no
// card twice).
func (g *State) Resample(dealt [MaxSeats]cards.Mask, talon, laid cards.Mask) (*State, error) {
	if g.R == nil || g.auc.r == nil || g.phase >= PhasePlay {
		return nil, fmt.Errorf("resample: only a deal under way, before the first card")
	}
	n := g.Seats()
	var seen cards.Mask
	for s := 0; s < n; s++ {
		if dealt[s].Count() != g.Dealt[s].Count() || dealt[s]&seen != 0 {
			return nil, fmt.Errorf("resample: hand %d holds %d cards (want %d) or shares one", s+1, dealt[s].Count(), g.Dealt[s].Count())
		}
		seen |= dealt[s]
	}
	if talon.Count() != g.Talon.Count() || talon&seen != 0 || (seen|talon)&^g.R.Deck.All() != 0 {
		return nil, fmt.Errorf("resample: the talon holds %d cards (want %d), shares one with a hand, or a card is not in the pack", talon.Count(), g.Talon.Count())
	}
	c := g.Clone()
	c.Dealt, c.Hands, c.Talon = dealt, dealt, talon
	for i, m := 0, talon; m != 0 && i < MaxSeats; i, m = i+1, m&(m-1) {
		c.talonOrder[i] = m.Lowest()
	}
	if d := g.Declarer; d >= 0 && g.phase >= PhaseDiscard && !g.Hand && g.R.Exchange.TakeTalon {
		c.Hands[d] |= talon // the talon taken up
		if g.discarded {
			if laid.Count() != g.Laid.Count() || laid&^c.Hands[d] != 0 {
				return nil, fmt.Errorf("resample: the declarer lays aside %d of his cards and the talon", g.Laid.Count())
			}
			c.Hands[d] &^= laid
			c.Laid = laid
		}
	}
	return c, nil
}

// SetAuctionResult ends the auction as though seat had won it with the
// ladder call (the others passing), and moves on to the exchange: for a
// player who weighs what a contract would bring it. Only while the
// auction is under way.
func (g *State) SetAuctionResult(seat, call int) error {
	switch {
	case g.R == nil || g.auc.r == nil || g.phase != PhaseAuction:
		return fmt.Errorf("no auction is under way")
	case seat < 0 || seat >= g.Seats():
		return fmt.Errorf("no seat %d", seat)
	case call < 0 || call >= len(g.R.Ladder):
		return fmt.Errorf("no bid %d on the ladder", call)
	}
	a := &g.auc
	for s := 0; s < g.Seats(); s++ {
		a.passed[s], a.called[s] = s != seat, true
	}
	a.Bid, a.Holder, a.active, a.Turn = call, seat, 1, 0
	g.Calls = append(g.Calls, CallRecord{Seat: seat, Call: call})
	g.Bid = call
	return g.advance()
}
