package game

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/preference-rules/pref/interpreter/cards"
	"github.com/preference-rules/pref/interpreter/deal"
	"github.com/preference-rules/pref/interpreter/ruleset"
)

// Pass is the call of a player who does not bid; other calls are ladder
// indexes.
const Pass = -1

// MaxSeats and MaxTricks bound the fixed arrays of a game: a seat for
// each hand a deal may have.
const (
	MaxSeats  = deal.MaxHands
	MaxTricks = 16
)

// Player makes the decisions of one seat: offered the actions open now
// (LegalActions: every call, card or answer; a discard or a pot offer as
// its form, to be filled in), it returns the one it takes.
// bot.Simple is one; a player that decides one phase itself hands the
// rest to it.
type Player interface {
	Choose(g *Game, legal []Action) Action
}

// TalonSeat is the seat recorded for a talon card turned into a trick.
const TalonSeat = -1

// CallRecord is one call of the auction.
type CallRecord struct {
	Seat int
	Call int // Pass or a ladder index
}

// Trick is one trick as played.
type Trick struct {
	Leader int
	N      int
	Seats  [MaxSeats]int8
	Cards  [MaxSeats]cards.Card
	Winner int
}

// State is one deal in progress or finished: a value that Clone copies
// whole. Seats are the players holding hands, in playing order, forehand 0
// and the dealer last. LegalActions lists the decisions open now, Apply
// makes one.
type State struct {
	R     *ruleset.Ruleset // compiled once, never changed: shared by clones
	Names [MaxSeats]string // the seats' names, for rulings and errors ("" : seat N)

	// dealState is everything of one deal but the records below: a new
	// deal zeroes it as one, and leaves the records' old entries, past
	// their counts, where they are (they are never read).
	dealState

	Record     [MaxTricks]Trick          // the tricks played: Record[:NTricks]
	Notes      [maxCooperationNotes]Note // breaches of the defenders' cooperation rules: Notes[:NNotes]
	deckOrder  [32]cards.Card            // the shuffled pack (Deal)
	talonOrder [MaxSeats]cards.Card      // the talon in the order it was dealt (as many as it holds)
}

// dealState is the part of a State a new deal starts afresh: its fields
// are State's (promoted).
type dealState struct {
	Dealt    [MaxSeats]cards.Mask // hands as dealt
	Hands    [MaxSeats]cards.Mask // hands now
	Talon    cards.Mask
	Laid     cards.Mask // the declarer's discard
	Calls    []CallRecord
	Bid      int // winning ladder index, or Pass
	Declarer int // -1 when nobody declared
	Contract int // -1 when none
	Hand     bool
	Forced   bool
	PotBid   int // what the declarer offered into the pot in the pot auction
	Conceded bool
	Defence  [MaxSeats]deal.Choice
	Doubled  [MaxSeats]int // per defender: 1 contra, 2 recontra
	Open     bool          // the defending hands are shown
	// TableSize is the number of players at the table (0: one per hand);
	// with more, the dealer sits out.
	TableSize int
	// TalonTaken is the tricks the talon won (talon_leads: card).
	TalonTaken int

	Trump   cards.Suit
	Taken   [MaxSeats]int
	BestRun int // the declarer's longest run of consecutive tricks
	curRun  int
	NTricks int
	Stopped bool // play stopped early: the contract was lost
	Claimed bool // play ended by a claim: Taken counts tricks not in Record
	NNotes  int
	trick   Trick
	winner  cards.Card

	// the card play as the contract and the defence fixed it (startPlay):
	// the rules of play binding each seat, and who plays
	started bool // set: rules and inPlay hold
	rules   [MaxSeats]ruleset.Play
	inPlay  [MaxSeats]bool
	binding bool // cooperation rule 1 binds (the defenders may not overtake each other)
	// the cards open to seat legalSeat in the trick now (nextCard; -1 none):
	// asked by the offer, the check and the next seat alike, computed once
	legalSeat int
	legalNow  cards.Mask

	// where the deal stands: the decision awaited (phases.go), and each
	// phase's own cursor, read and moved by that phase's code alone
	phase Phase
	toAct int
	err   error   // a fault that stopped the deal
	auc   Auction // PhaseAuction
	// AllPassRun is the number of deals before this one passed out in a
	// row (SetAllPassRun), for the all-pass exit rule.
	AllPassRun int

	nextOffer     int       // PhaseOffer: the all-pass offer to make next (index into auction offers)
	pot           potCursor // PhasePotAuction
	handAsked     bool      // PhaseFromHand: the declarer chose between the hand and the talon
	discarded     bool      // PhaseDiscard: the declarer laid his cards aside
	nextDefender  int       // PhaseDefend: the defender to ask next, counted from the declarer's left (1: the first)
	halfSeat      int       // PhaseRetrieve: the defender who took half, or -1
	retrieveAsked bool      // PhaseRetrieve: the first defender answered
	openAsked     bool      // PhaseOpen: the lone defender chose open or closed
	nextInviter   int       // PhaseInvite: the defender to ask next whether to invite, counted from the declarer's left
	giveUpAsked   bool      // PhaseGiveUp: the declarer answered
	nextContra    int       // PhaseContra: the defender to ask next, counted from the declarer's left
	contraBy      int       // PhaseContra, PhaseRecontra: the defender whose contra is being answered, or -1
	play          playCursor
}

// potCursor is where the pot auction stands.
type potCursor struct {
	holder int // the seat whose offer stands, or -1
	offer  int // the standing offer
	active int // the seats that have not passed
	turn   int // the seat to offer next
	passed [MaxSeats]bool
}

// playCursor is where the card play stands.
type playCursor struct {
	trick      int // the trick under way, from 0
	place      int // the place in it of the next card, counted from the leader
	leader     int // the seat that leads it
	talonLeads int // the tricks the talon's cards are turned into
}

// Game is a deal with a player for each seat: Run asks each decision of
// the seat's player and applies it to the State.
type Game struct {
	State
	Players []Player
	// History, when KeepHistory is set, is every action of the deal in
	// order (a game record is written from it).
	History     []Action
	KeepHistory bool
	// CardChoosers, where set for a seat, choose that seat's player's
	// cards in Run from the mask of the cards open to it, instead of its
	// Choose from a list of actions: the play loop's fast path, for
	// players whose cards are a function of the mask (the simple player's
	// ChooseCard). It is set by whoever makes the game, never found by a
	// method: a player type embedding another would otherwise have its
	// own Choose bypassed by the embedded type's.
	CardChoosers [MaxSeats]CardChooser
	actions      [80]Action // the legal actions offered to players, reused
	buf          [64]int    // Scratch's buffer
}

// A CardChooser chooses a card of legal for the player to play.
type CardChooser func(g *Game, legal cards.Mask) cards.Card

// Scratch is an empty slice over a buffer the game keeps, for players that
// list calls or contracts without allocating per decision.
func (g *Game) Scratch() []int { return g.buf[:0] }

// New makes a game for r with one player per hand.
func New(r *ruleset.Ruleset, players []Player) *Game {
	return &Game{State: State{R: r}, Players: players}
}

// Seats is the number of players holding hands.
func (g *State) Seats() int { return g.R.Hands }

// Dealer is the dealer's seat: the last one.
func (g *State) Dealer() int { return g.R.Hands - 1 }

// Deal shuffles with rng and deals the ruleset's packets, forehand first.
func (g *State) Deal(rng *rand.Rand) {
	r := g.R
	g.reset()
	n := 0
	for all := r.Deck.All(); all != 0; all &= all - 1 {
		g.deckOrder[n] = all.Lowest()
		n++
	}
	for i := n - 1; i > 0; i-- {
		j := rng.IntN(i + 1)
		g.deckOrder[i], g.deckOrder[j] = g.deckOrder[j], g.deckOrder[i]
	}
	k := 0
	for _, p := range r.Packets {
		if p.ToTalon {
			for range p.Cards {
				if n := g.Talon.Count(); n < MaxSeats {
					g.talonOrder[n] = g.deckOrder[k]
				}
				g.Talon |= g.deckOrder[k].Bit()
				k++
			}
			continue
		}
		for s := 0; s < r.Hands; s++ {
			for range p.Cards {
				g.Hands[s] |= g.deckOrder[k].Bit()
				k++
			}
		}
	}
	g.Dealt = g.Hands
	g.start()
}

// SetHands deals given cards instead (a recorded or constructed deal).
func (g *State) SetHands(hands []cards.Mask, talon cards.Mask) error {
	r := g.R
	if len(hands) != r.Hands {
		return fmt.Errorf("%d hands given; the ruleset deals %d", len(hands), r.Hands)
	}
	var seen cards.Mask
	for i, h := range append(hands, talon) {
		want := r.HandSize
		if i == len(hands) {
			want = r.TalonSize
		}
		if h.Count() != want {
			return fmt.Errorf("hand %d has %d cards; want %d", i+1, h.Count(), want)
		}
		if seen&h != 0 {
			return fmt.Errorf("card %s is dealt twice", r.Deck.Name((seen & h).Lowest()))
		}
		if h&^r.Deck.All() != 0 {
			return fmt.Errorf("a card is not in the pack")
		}
		seen |= h
	}
	g.reset()
	copy(g.Hands[:], hands)
	g.Talon = talon
	for i, m := 0, talon; m != 0 && i < MaxSeats; i, m = i+1, m&(m-1) {
		g.talonOrder[i] = m.Lowest() // a stated talon is turned lowest card first
	}
	g.Dealt = g.Hands
	g.start()
	return g.err
}

// SetTalonOrder gives the order the talon's cards were dealt in (they
// lead tricks in that order where talon_leads turns them): the cards of
// order must be the talon's.
func (g *State) SetTalonOrder(order []cards.Card) {
	var m cards.Mask
	for _, c := range order {
		m |= c.Bit()
	}
	if m != g.Talon || len(order) != g.Talon.Count() {
		return
	}
	for i := 0; i < len(order) && i < MaxSeats; i++ {
		g.talonOrder[i] = order[i]
	}
}

// TalonOrder is the talon's cards in the order they were dealt.
func (g *State) TalonOrder() []cards.Card {
	n := min(g.Talon.Count(), MaxSeats)
	out := make([]cards.Card, 0, g.Talon.Count())
	out = append(out, g.talonOrder[:n]...)
	for m := g.Talon; m != 0; m &= m - 1 { // beyond MaxSeats, the rest lowest first
		if c := m.Lowest(); !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	return out
}

// reset starts a new deal: the deal's part of the state zeroed as one,
// the records emptied by their counts.
func (g *State) reset() {
	g.dealState = dealState{Calls: g.Calls[:0], TableSize: g.TableSize,
		Bid: Pass, Declarer: -1, Contract: -1, Trump: cards.NoSuit, legalSeat: -1}
}

func (g *State) playing() bool {
	d := g.Defenders()
	return d.DefenderPlays()
}

// Defenders is the defence as it stands now, a Defence over the state's own
// arrays (nothing is allocated): the rules of deal.Defence are asked of it,
// held in a local variable (its methods take a pointer).
func (g *State) Defenders() deal.Defence {
	n := g.Seats()
	return deal.Defence{Declarer: g.Declarer, Contract: g.Contract, Hand: g.Hand, Choices: g.Defence[:n], Doubled: g.Doubled[:n]}
}

// MayConcede reports whether the declarer may give up when announcing.
func (g *State) MayConcede() bool {
	return g.R.MayConcede(ruleset.ConcedeBeforeDefence, g.Forced)
}

// Announceable lists the contracts the declarer may announce (see
// mayAnnounce), appended to buf.
func (g *State) Announceable(buf []int) []int {
	buf = buf[:0]
	for ci := range g.R.Contracts {
		if g.mayAnnounce(ci) {
			buf = append(buf, ci)
		}
	}
	return buf
}

// mayAnnounce reports whether the declarer may announce contract ci: the
// bid, or with at-least-bid any contract at least as high in the contracts
// table (never one that must be bid as such). A declarer by an all-pass
// offer chooses freely among those that need no bid (or the first
// contract, when every one must be bid). A contract everyone plays when all
// pass is never announced.
func (g *State) mayAnnounce(ci int) bool {
	r := g.R
	if ci < 0 || ci >= len(r.Contracts) {
		return false
	}
	free := func(c int) bool { return !r.Contracts[c].MustBid && !r.Contracts[c].NoDeclarer }
	if g.Bid == Pass {
		if free(ci) {
			return true
		}
		for c := range r.Contracts {
			if free(c) {
				return false
			}
		}
		return ci == 0
	}
	bid := r.Ladder[g.Bid].Contract
	switch {
	case ci == bid:
		return true
	case ci < bid || !r.Exchange.AtLeastBid || r.Contracts[bid].MustBid:
		return false
	}
	return free(ci)
}

// MayHalf reports whether seat, deciding now, may take half: the ruleset
// offers it against this contract, seat is the second defender and the
// first dropped out.
func (g *State) MayHalf(seat int) bool {
	return g.Declarer >= 0 && g.R.MayHalf(g.Contract, g.Declarer, seat, g.Defence[(g.Declarer+1)%g.Seats()] == deal.Drop)
}

// LoneDefender is the one defender who plays when the others dropped and
// the ruleset plays dropped hands along, or -1.
func (g *State) LoneDefender() int {
	d := g.Defenders()
	return d.LoneDefender(g.R)
}

// Controller is the seat whose player chooses seat's cards: in open play
// the lone defender plays the dropped hand.
func (g *State) Controller(seat int) int {
	if g.Open && g.Defence[seat] == deal.Drop {
		if lone := g.LoneDefender(); lone >= 0 {
			return lone
		}
	}
	return seat
}

// ContraCaller is the defender who called contra, or -1.
func (g *State) ContraCaller() int {
	for k := 1; k < g.Seats(); k++ {
		if c := (g.Declarer + k) % g.Seats(); g.Declarer >= 0 && g.Doubled[c] > 0 {
			return c
		}
	}
	return -1
}

// Invited reports whether seat dropped out and was invited to play (or
// its hand is played along with the one defender who plays).
func (g *State) Invited(seat int) bool {
	if g.Defence[seat] != deal.Drop {
		return false
	}
	d := g.Defenders()
	return d.Inviter(g.R) >= 0
}

// InPlay reports whether seat takes part in the card play (Defence.Plays:
// the one home of the rule for play, stated outcomes and explanations).
func (g *State) InPlay(seat int) bool {
	d := g.Defenders()
	return d.Plays(g.R, seat, true)
}

// FirstLeader is the seat that leads to the first trick of contract (-1:
// none): the declarer, forehand, or the player after or before the
// declarer, as the contract or else the rules of play say, passing over
// seats that do not play.
func FirstLeader(r *ruleset.Ruleset, declarer, contract int, inPlay func(int) bool) int {
	n := r.Hands
	leader, step := 0, 1
	switch r.LeaderOf(contract) {
	case ruleset.LeaderDeclarer:
		leader = declarer
	case ruleset.LeaderDeclarerLeft:
		leader = deal.Round(declarer, 1, n)
	case ruleset.LeaderDeclarerRight:
		if declarer >= 0 {
			leader, step = deal.Round(declarer, n-1, n), n-1 // passing over to the one before
		}
	}
	var in deal.Seats
	for s := 0; s < n; s++ {
		if inPlay(s) {
			in = in.Add(s)
		}
	}
	if !in.Has(leader) {
		leader = in.After(leader, step, n)
	}
	return leader
}

func (g *State) lost(ct *ruleset.Contract, played int) bool {
	return ct.Lost(g.R.Need(g.Contract, g.Hand), g.Taken[g.Declarer], played, g.R.HandSize)
}

func (g *State) put(seat int, c cards.Card) {
	t := &g.trick
	if t.N == 0 || deal.Takes(c, g.winner, g.Trump, g.talonFixing()) {
		g.winner = c
	}
	t.Seats[t.N], t.Cards[t.N] = int8(seat), c
	t.N++
	if seat != TalonSeat {
		g.Hands[seat] &^= c.Bit()
	}
	g.legalSeat = -1 // the trick changed
}

// TalonTricks is the number of tricks the talon's cards are turned into.
func (g *State) TalonTricks() int {
	if g.Declarer >= 0 || g.Contract < 0 || g.R.Contracts[g.Contract].TalonLeads == ruleset.TalonNotTurned {
		return 0
	}
	return min(g.R.TalonSize, MaxSeats)
}

// TalonCompetes reports whether a turned talon card may win its trick.
func (g *State) TalonCompetes() bool {
	return g.R.Contracts[g.Contract].TalonCompetes(g.TableSize > g.R.Hands)
}

// talonFixing reports whether the card heading the trick is a talon card
// that only fixes the suit (deal.Takes, deal.Winner).
func (g *State) talonFixing() bool {
	t := &g.trick
	return t.Seats[0] == TalonSeat && g.winner == t.Cards[0] && !g.TalonCompetes()
}

func (g *State) winnerIndex() int {
	for i := 0; i < g.trick.N; i++ {
		if g.trick.Cards[i] == g.winner {
			return i
		}
	}
	return 0
}

// Trick is the trick being played.
func (g *State) CurrentTrick() *Trick { return &g.trick }

// Winning is the card winning the current trick (valid once a card is down).
func (g *State) Winning() cards.Card { return g.winner }

// Legal is the set of cards seat may play to the current trick.
func (g *State) Legal(seat int) cards.Mask {
	if seat == g.legalSeat {
		return g.legalNow
	}
	if g.trick.N == 0 {
		m, _ := g.leadNow(seat)
		return m
	}
	binding := g.binding
	var l cards.Mask
	if g.started {
		l = deal.Legal(g.rules[seat], g.Trump, g.Hands[seat], g.trick.Cards[0].Suit(), g.winner)
	} else { // a position set for questions
		l = deal.Legal(g.R.Play.ForSeat(seat == g.Declarer, g.Declarer >= 0), g.Trump, g.Hands[seat], g.trick.Cards[0].Suit(), g.winner)
		binding = g.R.Play.Cooperation == ruleset.CooperationFirstRuleBinding && g.Declarer >= 0
	}
	if binding {
		l &^= g.overtakes(seat, l) // overtaking the other defender is a revoke
	}
	return l
}

// leadRule is leadNow with the words of the rule that narrowed the
// cards seat may lead ("": none did; a rule's words are never empty).
func (g *State) leadRule(seat int) (cards.Mask, string) {
	m, by := g.leadNow(seat)
	if by < 0 {
		return m, ""
	}
	return m, g.R.Play.Lead[by].Words
}

// leadNow is the cards seat may lead to the trick now under the lead
// rules (deal.Lead) and the rule that decided, -1 none.
func (g *State) leadNow(seat int) (cards.Mask, int) {
	p := g.rules[seat]
	if !g.started { // a position set for questions
		p = g.R.Play.ForSeat(seat == g.Declarer, g.Declarer >= 0)
	}
	return deal.LeadHand(p, g.Trump, g.Hands[seat], g.R.HandSize)
}

// LegalMoves is the set of cards of hand that may be played to trick (the
// cards so far, led first) under the play rules p with trumps trump
// (deal.LegalMoves, kept here for the game's callers).
func LegalMoves(p ruleset.Play, trump cards.Suit, hand cards.Mask, trick []cards.Card) cards.Mask {
	return deal.LegalMoves(p, trump, hand, trick)
}

// ruleNow is the rule deciding seat's legal cards in the trick now.
func (g *State) ruleNow(seat int) (cards.Mask, deal.Rule) {
	if g.trick.N == 0 {
		return g.Hands[seat], deal.RuleLead
	}
	return deal.LegalBy(g.R.Play.ForSeat(seat == g.Declarer, g.Declarer >= 0), g.Trump, g.Hands[seat], g.trick.Cards[0].Suit(), g.winner)
}

// Outcome is the finished deal as settlement sees it; names are the seats'.
func (g *State) Outcome(names []string) *deal.Outcome {
	o := new(deal.Outcome)
	g.OutcomeInto(o, names)
	return o
}

// OutcomeInto is Outcome written over o, whose lists' room is reused: a
// simulation settles deal after deal from one outcome without allocating
// (a doubled deal's list of contras excepted).
func (g *State) OutcomeInto(o *deal.Outcome, names []string) {
	n := g.Seats()
	defence, tricks := o.Defence[:0], o.Tricks[:0]
	*o = deal.Outcome{
		Seats: names, Dealer: g.Dealer(), Declarer: g.Declarer, Contract: g.Contract,
		Hand: g.Hand, Forced: g.Forced, Conceded: g.Conceded,
		Defence: append(defence, g.Defence[:n]...), Tricks: append(tricks, g.Taken[:n]...),
	}
	o.TalonTricks = g.TalonTaken
	d := g.Defenders()
	o.Uncontested = d.Uncontested(g.R)
	o.Open = g.Open && g.LoneDefender() >= 0 && !g.R.Contracts[max(g.Contract, 0)].DefendersOpen
	o.Run = g.BestRun
	o.Talon = g.Talon
	o.PotBid = g.PotBid
	for s := 0; s < n; s++ {
		if g.Doubled[s] > 0 {
			o.Doubled = make([]int, n)
			copy(o.Doubled, g.Doubled[:n])
			break
		}
	}
	if g.Declarer >= 0 {
		top := g.topRank()
		o.CardsKnown = true
		o.DeclarerAces = ((g.Hands[g.Declarer] | g.played(g.Declarer)) & top).Count()
		all := g.Dealt[g.Declarer]
		if !g.Hand && g.R.Exchange.TakeTalon {
			all |= g.Talon
		}
		o.DeclarerAcesAll = (all & top).Count()
	}
	g.cardFacts(o)
}

// cardFacts writes who held and who won which cards, and who took the
// last trick (once a deal: the tricks walked, nothing allocated).
func (g *State) cardFacts(o *deal.Outcome) {
	o.Held, o.Won, o.LastTrick = [deal.MaxHands]cards.Mask{}, [deal.MaxHands]cards.Mask{}, 0
	if g.NTricks == 0 {
		return
	}
	for s := 0; s < g.Seats() && s < deal.MaxHands; s++ {
		o.Held[s] = g.Dealt[s]
	}
	if g.Declarer >= 0 && !g.Hand && g.R.Exchange.TakeTalon {
		o.Held[g.Declarer] |= g.Talon
	}
	for i := 0; i < g.NTricks; i++ {
		t := &g.Record[i]
		if t.Winner < 0 || t.Winner >= deal.MaxHands {
			continue // the talon's trick
		}
		o.Won[t.Winner] |= t.played()
	}
	if w := g.Record[g.NTricks-1].Winner; w >= 0 && w < deal.MaxHands {
		o.LastTrick = w + 1
	}
}

// topRank is the set of cards of the deck's highest rank.
func (g *State) topRank() cards.Mask {
	var m cards.Mask
	for s := range g.R.Deck.SuitIDs {
		m |= cards.Make(cards.Suit(s), len(g.R.Deck.Ranks)-1).Bit()
	}
	return m
}

// played is the set of cards seat has played to tricks.
func (g *State) played(seat int) cards.Mask {
	var m cards.Mask
	for i := 0; i < g.NTricks; i++ {
		t := &g.Record[i]
		for k := 0; k < t.N; k++ {
			if int(t.Seats[k]) == seat {
				m |= t.Cards[k].Bit()
			}
		}
	}
	return m
}
