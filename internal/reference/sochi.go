package reference

import (
	"math/bits"
	"math/rand/v2"
)

// Sochi: Russian Preferans, Sochi convention, as rulesets/sochi.yaml has it
// with its options at their defaults, at a table of three. Suits in
// bidding order are spades, clubs, diamonds, hearts (0-3); NoTrump stands
// for a contract without trumps.
//
// Contracts are numbered as the ruleset's (and its ladder's) list: 6
// spades 0 ... 6 no-trump 4, 7 spades 5 ... 8 no-trump 14, misère 15,
// 9 spades 16 ... 10 no-trump 25, and the all-pass game 26.
const (
	NoTrump = -1

	SochiMisere  = 15
	SochiAllPass = 26
	sochiLadder  = 26 // contracts that may be bid: all but the all-pass game

	maxSochiCalls  = 32 // 26 raises and 3 passes at most
	maxSheet       = 8
	sochiTalonLead = 2 // all-pass game at three: the talon's two cards open the first two tricks
)

// SochiTricks is the tricks contract c needs (misère: none, exactly).
func SochiTricks(c int) int {
	switch {
	case c < SochiMisere:
		return 6 + c/5
	case c > SochiMisere && c < SochiAllPass:
		return 9 + (c-16)/5
	}
	return 0
}

// SochiTrumps is contract c's trump suit, or NoTrump.
func SochiTrumps(c int) int {
	switch {
	case c < SochiMisere:
		if s := c % 5; s < 4 {
			return s
		}
	case c > SochiMisere && c < SochiAllPass:
		if s := (c - 16) % 5; s < 4 {
			return s
		}
	}
	return NoTrump
}

// sochiGame is what a contract writes: to the pool when made, per trick
// short on the mountain ("game" in the ruleset): 2 4 6 8 10 for six to
// ten, misère 10, the all-pass game 1 a trick (preferans-conventions.md,
// "Game values").
func sochiGame(c int) int64 {
	switch c {
	case SochiMisere:
		return 10
	case SochiAllPass:
		return 1
	}
	return int64(2 * (SochiTricks(c) - 5))
}

// sochiWhist is what each whister's trick writes against the declarer: the
// game value, nothing for misère.
func sochiWhist(c int) int64 {
	if c == SochiMisere || c == SochiAllPass {
		return 0
	}
	return sochiGame(c)
}

// sochiDefenceNeeds is the defence's obligation: "mindestens 4 Stiche beim
// Sechsergebot, mindestens 2 Stiche beim Siebenergebot und mindestens 1
// Stich bei höheren Geboten"; none against misère.
func sochiDefenceNeeds(c int) int {
	switch t := SochiTricks(c); {
	case c == SochiMisere || c == SochiAllPass:
		return 0
	case t == 6:
		return 4
	case t == 7:
		return 2
	}
	return 1
}

// Half is the defence choice of the second defender who, the first having
// passed, takes half the obligation as won without play (against a six or
// a seven), numbered as deal.Half.
const Half Choice = 4

// Account is a place on the score sheet.
type Account uint8

const (
	PoolAccount Account = iota
	MountainAccount
	WhistsAccount // written by Seat against Against
)

var accountNames = [...]string{"pool", "mountain", "whists"}

func (a Account) String() string { return accountNames[a] }

// Entry is one sheet entry: Amount written to Seat's Account (whists
// against the seat Against, else Against is -1).
type Entry struct {
	Seat, Against int8
	Account       Account
	Amount        int64
}

// Sochi is one deal of sochi. Set AllPassRun (the all-pass deals just
// before this one) before Settle; Deal, Play and Settle reuse it from deal
// to deal: nothing is allocated.
type Sochi struct {
	AllPassRun int

	Dealt      [Seats]uint32
	Hands      [Seats]uint32
	Talon      uint32
	talonOrder [2]uint8 // the talon as dealt: the order its cards open the all-pass game
	Laid       uint32
	Calls      [maxSochiCalls]Call
	NCalls     int
	Bid        int // the winning contract, or Pass
	Declarer   int // -1: all passed, the all-pass game is played
	Contract   int
	Defence    [Seats]Choice
	Retrieved  bool // the first defender took the whist back after the other's half
	Open       bool // the defending hands are shown
	Tricks     [HandSize]Trick
	NTricks    int
	Taken      [Seats]int

	Sheet  [maxSheet]Entry
	NSheet int

	deck [32]uint8
}

// Deal shuffles with rng as the interpreter does and deals ten cards to
// each hand, forehand first, then the talon.
func (a *Sochi) Deal(rng *rand.Rand) {
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
		for range HandSize {
			hands[s] |= 1 << a.deck[k]
			k++
		}
	}
	a.talonOrder = [2]uint8{a.deck[k], a.deck[k+1]}
	a.Talon = 1<<a.deck[k] | 1<<a.deck[k+1]
	a.Dealt, a.Hands = hands, hands
	a.Laid, a.NCalls, a.Bid, a.Declarer, a.Contract = 0, 0, Pass, -1, -1
	a.Defence, a.Retrieved, a.Open = [Seats]Choice{}, false, false
	a.Taken, a.NTricks, a.NSheet = [Seats]int{}, 0, 0
}

// Play runs the deal: the auction, then the all-pass game, or the
// exchange, the announcement, the defence and the play.
func (a *Sochi) Play() {
	a.auction()
	if a.Declarer < 0 {
		a.Contract = SochiAllPass
		a.play()
		return
	}
	d := a.Declarer
	// "die Talonkarten geöffnet und dem Spieler gegeben ... wirft zwei Karten verdeckt ab"
	a.Hands[d] |= a.Talon
	laid := DecideSochiDiscard(a.Hands[d], a.Bid == SochiMisere)
	if bits.OnesCount32(laid) != 2 || laid&^a.Hands[d] != 0 {
		panic("reference: the discard must be two cards of the hand")
	}
	a.Laid = laid
	a.Hands[d] &^= laid
	// announce at least the bid; misère only when bid as such
	var open uint32
	for c := 0; c < sochiLadder; c++ {
		if (a.Bid == SochiMisere) == (c == SochiMisere) && c >= a.Bid {
			open |= 1 << c
		}
	}
	ct := DecideSochiAnnounce(a.Hands[d], open)
	if open&(1<<ct) == 0 {
		panic("reference: announced a contract below the bid")
	}
	a.Contract = ct
	first, second := (d+1)%Seats, (d+2)%Seats
	if ct == SochiMisere { // misère: the defenders may not pass, their hands are shown
		a.Defence[first], a.Defence[second], a.Open = Play, Play, true
	} else {
		halfOK := SochiTricks(ct) <= 7
		a.Defence[first] = DecideWhist(a.Hands[first], ct, false)
		a.Defence[second] = DecideWhist(a.Hands[second], ct, halfOK && a.Defence[first] == Drop)
		if a.Defence[second] == Half && DecideRetrieve(a.Hands[first], ct) {
			// the first defender takes the whist back: the half counts as a pass
			a.Defence[first], a.Defence[second], a.Retrieved = Play, Drop, true
		}
		if lone := a.loneDefender(); lone >= 0 {
			a.Open = DecideOpen(a.Hands[lone])
		}
	}
	if a.Defence[first] == Play || a.Defence[second] == Play {
		a.play()
	}
}

// loneDefender is the one defender who whists when the other passed, or
// -1: he plays the passer's hand along.
func (a *Sochi) loneDefender() int {
	first, second := (a.Declarer+1)%Seats, (a.Declarer+2)%Seats
	switch {
	case a.Defence[first] == Play && a.Defence[second] == Drop:
		return first
	case a.Defence[second] == Play && a.Defence[first] == Drop:
		return second
	}
	return -1
}

// auction: forehand first; each bid higher than the last, misère only as
// a player's first call; a pass is for good.
func (a *Sochi) auction() {
	var passed, called [Seats]bool
	active, holder, bid, turn := Seats, -1, Pass, 0
	for active > 0 && !(active == 1 && holder >= 0) {
		if passed[turn] || turn == holder {
			turn = (turn + 1) % Seats
			continue
		}
		var open uint32
		for c := bid + 1; c < sochiLadder; c++ {
			if c != SochiMisere || !called[turn] {
				open |= 1 << c
			}
		}
		call := DecideSochiCall(a.Hands[turn], open)
		if call != Pass && open&(1<<call) == 0 {
			call = Pass
		}
		a.Calls[a.NCalls] = Call{Seat: int8(turn), Call: int8(call)}
		a.NCalls++
		called[turn] = true
		if call == Pass {
			passed[turn] = true
			active--
		} else {
			bid, holder = call, turn
		}
		turn = (turn + 1) % Seats
	}
	a.Bid, a.Declarer = bid, holder
}

// play plays the ten tricks. Forehand leads to the first. In the all-pass
// game the talon's cards open the first two tricks: each only fixes the
// suit to follow and goes to the highest card of that suit played (or, if
// nobody has it, of the suit forehand played); forehand plays first to
// those tricks and leads to the third.
func (a *Sochi) play() {
	trump := SochiTrumps(a.Contract)
	var inPlay [Seats]bool
	lone := -1
	if a.Declarer >= 0 {
		lone = a.loneDefender()
	}
	for s := range inPlay {
		inPlay[s] = a.Declarer < 0 || s == a.Declarer || a.Defence[s] == Play || (a.Defence[s] == Drop && lone >= 0)
	}
	turned := 0
	if a.Declarer < 0 {
		turned = sochiTalonLead
	}
	leader := 0
	for t := range a.Tricks {
		tr := &a.Tricks[t]
		if t <= turned && turned > 0 {
			leader = 0
		}
		tr.Leader, tr.N = int8(leader), 0
		if t < turned {
			tr.Seats[0], tr.Cards[0], tr.N = TalonSeat, a.talonOrder[t], 1
		}
		for k := 0; k < Seats; k++ {
			s := (leader + k) % Seats
			if !inPlay[s] {
				continue
			}
			legal := Legal(a.Hands[s], tr, trump)
			c := DecideSochiPlay(s, legal, tr, trump, a.Declarer, a.Contract)
			if legal&(1<<c) == 0 {
				panic("reference: an illegal card")
			}
			a.Hands[s] &^= 1 << c
			tr.Seats[tr.N], tr.Cards[tr.N] = int8(s), c
			tr.N++
		}
		_, w := winning(tr, trump, true)
		tr.Winner = w
		leader = int(w)
		a.Taken[leader]++
	}
	a.NTricks = HandSize
}

// winning is the card and seat taking trick t so far. A talon card that
// opens a trick only fixes the suit: the first card of its suit played
// takes over from it. With done, a talon card nobody followed gives the
// trick to the highest card of the suit played first after it.
func winning(t *Trick, trump int, done bool) (uint8, int8) {
	w, ws := t.Cards[0], t.Seats[0]
	for i := int8(1); i < t.N; i++ {
		c := t.Cards[i]
		if beats(c, w, trump) || (ws == TalonSeat && c>>3 == w>>3) {
			w, ws = c, t.Seats[i]
		}
	}
	if done && ws == TalonSeat && t.N > 1 {
		w, ws = t.Cards[1], t.Seats[1]
		for i := int8(2); i < t.N; i++ {
			if c := t.Cards[i]; c>>3 == w>>3 && c > w {
				w, ws = c, t.Seats[i]
			}
		}
	}
	return w, ws
}

// Settle writes the deal to the score sheet as rulesets/sochi.yaml's rules
// do, in their order.
func (a *Sochi) Settle() {
	a.NSheet = 0
	ct, d := a.Contract, a.Declarer
	game := sochiGame(ct)
	if d < 0 {
		a.settleAllPass(game)
		return
	}
	whist := sochiWhist(ct)
	played := a.Defence[(d+1)%Seats] == Play || a.Defence[(d+2)%Seats] == Play
	made, under := sochiResult(ct, a.Taken[d])
	// made, or nobody whisted: the game to the declarer's pool
	if made || !played {
		a.write(d, -1, PoolAccount, game)
	}
	if !played {
		for s := range a.Defence { // half-whist: half the obligation written as taken
			if a.Defence[s] == Half {
				a.write(s, d, WhistsAccount, int64(sochiDefenceNeeds(ct)/2)*whist)
			}
		}
		return
	}
	credited, defTricks := a.whistTricks(d)
	for s := range credited {
		if s != d && a.Defence[s] == Play {
			a.write(s, d, WhistsAccount, int64(credited[s])*whist)
		}
	}
	if !made {
		a.write(d, -1, MountainAccount, game*int64(under))
		if whist > 0 { // consolation: each defender, whister or not
			for s := range credited {
				if s != d {
					a.write(s, d, WhistsAccount, game*int64(under))
				}
			}
		}
	}
	a.settleResponsible(&credited, sochiDefenceNeeds(ct), defTricks, game)
}

// settleAllPass writes the all-pass game: every trick a penalty, at the
// run's rate 1-2-3-3...
func (a *Sochi) settleAllPass(game int64) {
	rate := int64(min(a.AllPassRun, 2) + 1)
	for s := range a.Taken {
		if a.Taken[s] > 0 {
			a.write(s, -1, MountainAccount, int64(a.Taken[s])*game*rate)
		}
	}
	for s := range a.Taken { // a player without a trick: one trick's value to the pool
		if a.Taken[s] == 0 {
			a.write(s, -1, PoolAccount, game*rate)
		}
	}
}

// sochiResult is whether the declarer of ct who took taken tricks made
// it, and if not by how many tricks he failed (in misère, each trick
// taken).
func sochiResult(ct, taken int) (made bool, under int) {
	need := SochiTricks(ct)
	made = taken >= need
	if ct == SochiMisere {
		made = taken == 0
	}
	if !made {
		under = need - taken
		if ct == SochiMisere {
			under = taken
		}
	}
	return made, under
}

// whistTricks is the tricks each whister writes against the declarer d,
// his own (a lone whister, greedy whist, the passer's as well), and the
// defence's tricks together.
func (a *Sochi) whistTricks(d int) (credited [Seats]int, defTricks int) {
	lone := a.loneDefender()
	for s := range a.Taken {
		if s != d {
			defTricks += a.Taken[s]
			if a.Defence[s] == Play {
				credited[s] = a.Taken[s]
			}
		}
	}
	if lone >= 0 {
		credited[lone] = defTricks
	}
	return credited, defTricks
}

// settleResponsible writes responsible whist: a whister short of his share
// of the obligation (needs; halves against a six or seven, against more
// the later whister's) writes the game per trick short on his mountain,
// never short by more than the defence as a whole.
func (a *Sochi) settleResponsible(credited *[Seats]int, needs, defTricks int, game int64) {
	if needs == 0 {
		return
	}
	d := a.Declarer
	var answer [2]int
	n := 0
	for k := 1; k < Seats; k++ {
		if s := (d + k) % Seats; a.Defence[s] == Play {
			answer[n] = s
			n++
		}
	}
	missing := max(0, needs-defTricks)
	var short [Seats]int
	for k, s := range answer[:n] {
		share := needs / n
		if k >= n-needs%n {
			share++
		}
		short[s] = min(missing, max(0, share-credited[s]))
	}
	for s := range short { // written in seat order
		if short[s] > 0 {
			a.write(s, -1, MountainAccount, game*int64(short[s]))
		}
	}
}

// write adds a sheet entry; nothing is written for nothing.
func (a *Sochi) write(seat, against int, acc Account, amount int64) {
	if amount == 0 {
		return
	}
	a.Sheet[a.NSheet] = Entry{Seat: int8(seat), Against: int8(against), Account: acc, Amount: amount}
	a.NSheet++
}

// Run deals with rng, plays and settles one deal.
func (a *Sochi) Run(rng *rand.Rand) {
	a.Deal(rng)
	a.Play()
	a.Settle()
}
