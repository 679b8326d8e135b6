package reference

import (
	"math/bits"
	"math/rand/v2"
)

// A card is suit*8 + rank: suits in bidding order (clubs, spades,
// diamonds, hearts: the ruleset's order), ranks 7 8 9 10 J Q K A from 0.
// A hand is a uint32 with one bit per card, the interpreter's layout.
const (
	Clubs = iota
	Spades
	Diamonds
	Hearts
)

const (
	Seats    = 3  // forehand 0, middlehand 1, dealer 2
	HandSize = 10 // also the number of tricks
	Pass     = -1 // a call that bids nothing
	Pot      = -1 // the pot as a party to a payment

	maxCalls     = 16 // 12 bids (4 suits x 3 holders) and 3 passes at most
	maxTransfers = 8  // 5 at most: a failed declarer and two failed defenders
)

// austrian-1829 contract values, source 003 "Settling": "Each trick won was
// worth 1 kreuzer (kr) in Clubs, 2 in Spades, 3 in Diamonds and 4 in
// Préference"; the game is 10, 20, 30 or 40; a bête is the value of the
// lowest game (footnote b).
var (
	gameValue  = [4]int64{10, 20, 30, 40}
	trickValue = [4]int64{1, 2, 3, 4}
)

const (
	makeTricks = 6 // the declarer's target
	eachNeeds  = 2 // "must take at least 2 tricks to share the winnings"
)

// Choice is a defender's decision, numbered as deal.Choice.
type Choice uint8

const (
	NoChoice Choice = iota // the declarer
	Play                   // helfen
	Drop                   // passen
)

// Call is one call of the auction: Call is Pass or a suit.
type Call struct{ Seat, Call int8 }

// TalonSeat is the seat recorded for a talon card turned into a trick.
const TalonSeat = -1

// Trick is one trick as played: Cards[i] by Seats[i] (TalonSeat for a
// talon card that opens it), Leader first among the seats.
type Trick struct {
	Leader, N, Winner int8
	Seats             [Seats + 1]int8
	Cards             [Seats + 1]uint8
}

// Transfer is one payment; From and To are seats or Pot.
type Transfer struct {
	From, To int8
	Amount   int64
}

// Austrian is one deal of austrian-1829. Deal, Play and Settle reuse it
// from deal to deal: nothing is allocated.
type Austrian struct {
	Dealt    [Seats]uint32 // hands as dealt
	Hands    [Seats]uint32 // hands now
	Talon    uint32
	Laid     uint32 // the declarer's discard
	Calls    [maxCalls]Call
	NCalls   int
	Bid      int // the winning suit, or Pass
	Declarer int
	Contract int // the suit announced (also when the forced dealer gives up)
	Hand     bool
	Forced   bool
	Conceded bool
	// HandDoubles is the option hand-doubles: a game played from the hand
	// is worth double, game and tricks (footnote c). Settle reads it.
	HandDoubles bool
	Defence     [Seats]Choice
	Tricks      [HandSize]Trick
	NTricks     int
	Taken       [Seats]int

	Transfers  [maxTransfers]Transfer
	NTransfers int
	Net        [Seats + 1]int64 // each seat's result, then the pot's

	deck [32]uint8
}

// Deal shuffles with rng exactly as the interpreter does (the pack in card
// order, Fisher-Yates from the top, one rng.IntN per position) and deals
// 3 - talon 2 - 4 - 3, forehand first.
func (a *Austrian) Deal(rng *rand.Rand) {
	for i := range a.deck {
		a.deck[i] = uint8(i)
	}
	for i := len(a.deck) - 1; i > 0; i-- {
		j := rng.IntN(i + 1)
		a.deck[i], a.deck[j] = a.deck[j], a.deck[i]
	}
	var hands [Seats]uint32
	k := 0
	for s := 0; s < Seats; s++ {
		for range 3 {
			hands[s] |= 1 << a.deck[k]
			k++
		}
	}
	a.Talon = 1<<a.deck[k] | 1<<a.deck[k+1]
	k += 2
	for _, n := range [2]int{4, 3} {
		for s := 0; s < Seats; s++ {
			for range n {
				hands[s] |= 1 << a.deck[k]
				k++
			}
		}
	}
	a.Dealt, a.Hands = hands, hands
	a.Laid, a.NCalls, a.Bid, a.Declarer, a.Contract = 0, 0, Pass, -1, -1
	a.Hand, a.Forced, a.Conceded = false, false, false
	a.Defence, a.Taken, a.NTricks = [Seats]Choice{}, [Seats]int{}, 0
	a.NTransfers, a.Net = 0, [Seats + 1]int64{}
}

// Play runs the deal to its end with the Decide* players: the auction, the
// all-pass offers, the exchange, the defence and the ten tricks.
func (a *Austrian) Play() {
	a.auction()
	d := a.Declarer
	if !a.Hand {
		a.Hands[d] |= a.Talon
		laid := DecideDiscard(a.Hands[d])
		if bits.OnesCount32(laid) != 2 || laid&^a.Hands[d] != 0 {
			panic("reference: the discard must be two cards of the hand")
		}
		a.Laid = laid
		a.Hands[d] &^= laid
	}
	// announce: the bid or a higher suit; any suit after all passed
	open := uint8(0xf)
	if a.Bid != Pass {
		open = 0xf << a.Bid & 0xf
	}
	ct, concede := DecideAnnounce(a.Hands[d], open, a.Forced)
	if open&(1<<ct) == 0 {
		panic("reference: announced a suit below the bid")
	}
	a.Contract = ct
	if concede && a.Forced { // only the forced dealer may give up (and pay a bête)
		a.Conceded = true
		return
	}
	playing := false
	for step := 1; step < Seats; step++ {
		s := (d + step) % Seats
		a.Defence[s] = Drop
		if DecideDefend(a.Hands[s], ct) {
			a.Defence[s], playing = Play, true
		}
	}
	if playing {
		a.play()
	}
}

// auction: forehand calls first; a later bidder must name a higher suit,
// an earlier one may hold an equal bid ("mine"). Passing is for good.
func (a *Austrian) auction() {
	var passed [Seats]bool
	active, holder, bid, turn := Seats, -1, Pass, 0
	for active > 0 && !(active == 1 && holder >= 0) {
		if passed[turn] || turn == holder {
			turn = (turn + 1) % Seats
			continue
		}
		var open uint8
		for c := Clubs; c <= Hearts; c++ {
			if bid == Pass || c > bid || (c == bid && turn < holder) {
				open |= 1 << c
			}
		}
		call := DecideCall(a.Hands[turn], open)
		if call != Pass && open&(1<<call) == 0 {
			call = Pass // a call not open counts as a pass
		}
		a.Calls[a.NCalls] = Call{Seat: int8(turn), Call: int8(call)}
		a.NCalls++
		if call == Pass {
			passed[turn] = true
			active--
		} else {
			bid, holder = call, turn
		}
		turn = (turn + 1) % Seats
	}
	a.Bid = bid
	switch {
	case holder >= 0: // the winning bidder may play from the hand
		a.Declarer = holder
		a.Hand = DecideHand(a.Hands[holder], bid)
	case DecideOffer(a.Hands[0]): // "forehand has a second opportunity"
		a.Declarer = 0
	default: // "the dealer must pick up the talon and either play or pass"
		a.Declarer, a.Forced = Seats-1, true
	}
}

// play plays the ten tricks: the declarer leads to the first, the winner
// of each to the next; a dropped defender's hand is out of play.
func (a *Austrian) play() {
	trump, d := a.Contract, a.Declarer
	var inPlay [Seats]bool
	for s := range inPlay {
		inPlay[s] = s == d || a.Defence[s] == Play
	}
	leader := d
	for t := range a.Tricks {
		tr := &a.Tricks[t]
		tr.Leader, tr.N = int8(leader), 0
		var win uint8
		for k := 0; k < Seats; k++ {
			s := (leader + k) % Seats
			if !inPlay[s] {
				continue
			}
			legal := Legal(a.Hands[s], tr, trump)
			c := DecidePlay(s, legal, tr, trump, d)
			if legal&(1<<c) == 0 {
				panic("reference: an illegal card")
			}
			a.Hands[s] &^= 1 << c
			if tr.N == 0 || beats(c, win, trump) {
				win, tr.Winner = c, int8(s)
			}
			tr.Seats[tr.N], tr.Cards[tr.N] = int8(s), c
			tr.N++
		}
		leader = int(tr.Winner)
		a.Taken[leader]++
	}
	a.NTricks = HandSize
}

// Legal is the cards of hand that may be played to trick t: any card to
// lead; else the suit led; else a trump; else any card. Heading the trick
// is not required. trump is NoTrump for a contract without trumps.
func Legal(hand uint32, t *Trick, trump int) uint32 {
	if t.N == 0 {
		return hand
	}
	if follow := hand & suitMask(int(t.Cards[0]>>3)); follow != 0 {
		return follow
	}
	if trump != NoTrump {
		if tr := hand & suitMask(trump); tr != 0 {
			return tr
		}
	}
	return hand
}

// beats reports whether card c beats card w, the trick's winner so far.
func beats(c, w uint8, trump int) bool {
	if c>>3 == w>>3 {
		return c > w
	}
	return int(c>>3) == trump
}

// Settle pays out the deal as the source's "Settling" says, with the
// readings of rulesets/austrian-1829.yaml, in the order of its rules.
func (a *Austrian) Settle() {
	a.NTransfers, a.Net = 0, [Seats + 1]int64{}
	d := a.Declarer
	played := false
	for s := range a.Defence {
		played = played || (!a.Conceded && a.Defence[s] == Play)
	}
	if a.Conceded {
		// "the dealer paid a bête of 10 kr to the pot": the lowest game
		a.pay(d, Pot, gameValue[Clubs])
		return
	}
	stake, perTrick := gameValue[a.Contract], trickValue[a.Contract]
	if a.Hand && a.HandDoubles {
		stake, perTrick = 2*stake, 2*perTrick
	}
	if !played {
		// "both defenders dropped out, the declarer won 10, 20, 30 or 40"
		a.pay(Pot, d, stake)
		return
	}
	failed, nFailed := a.failedDefenders()
	switch made := a.Taken[d] >= makeTricks; {
	case made && nFailed == 0:
		// "he won ... from the pot ... paid each successful defender their share"
		a.pay(Pot, d, stake)
		a.payDefenders(d, perTrick)
	case made:
		// "A defender who failed to take 2 tricks paid the others directly
		// for the tricks they took and the pot remained untouched."
		a.payForFailed(&failed, perTrick)
	default:
		// "paid to the pot what would have been won ... and paid the
		// others for their tricks"
		a.pay(d, Pot, stake)
		a.payDefenders(d, perTrick)
		// "If a declarer and a defender failed, each placed a bête in the pot"
		for s := range failed {
			if failed[s] {
				a.pay(s, Pot, stake)
			}
		}
	}
}

// failedDefenders is, per seat, whether a defender who played took fewer
// tricks than each needs, and how many did.
func (a *Austrian) failedDefenders() (failed [Seats]bool, n int) {
	for s := range a.Defence {
		if a.Defence[s] == Play && a.Taken[s] < eachNeeds {
			failed[s] = true
			n++
		}
	}
	return failed, n
}

// payDefenders has the declarer d pay each defender who played for his
// tricks.
func (a *Austrian) payDefenders(d int, perTrick int64) {
	for s := range a.Defence {
		if a.Defence[s] == Play {
			a.pay(d, s, int64(a.Taken[s])*perTrick)
		}
	}
}

// payForFailed has each failed defender pay the declarer and the other
// defender who played for their tricks, in seat order.
func (a *Austrian) payForFailed(failed *[Seats]bool, perTrick int64) {
	for from := range failed {
		if !failed[from] {
			continue
		}
		for to := range a.Defence {
			if to != from && (to == a.Declarer || a.Defence[to] == Play) {
				a.pay(from, to, int64(a.Taken[to])*perTrick)
			}
		}
	}
}

// pay records a payment; nothing is paid for no tricks.
func (a *Austrian) pay(from, to int, amount int64) {
	if amount == 0 {
		return
	}
	a.Transfers[a.NTransfers] = Transfer{From: int8(from), To: int8(to), Amount: amount}
	a.NTransfers++
	a.Net[party(from)] -= amount
	a.Net[party(to)] += amount
}

// party is the index of a seat or the pot in Net.
func party(p int) int {
	if p == Pot {
		return Seats
	}
	return p
}

// Run deals with rng, plays and settles one deal.
func (a *Austrian) Run(rng *rand.Rand) {
	a.Deal(rng)
	a.Play()
	a.Settle()
}
