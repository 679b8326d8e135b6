package deal

import (
	"github.com/preference-rules/pref/interpreter/cards"
	"github.com/preference-rules/pref/interpreter/money"
	"github.com/preference-rules/pref/interpreter/ruleset"
)

// MaxHands is the most hands a deal has (the schema's players.hands).
const MaxHands = 4

// Choice is a defender's decision.
type Choice uint8

const (
	NoChoice Choice = iota // the declarer, or a player without a hand
	Play
	Drop
	Invite // plays, and invited the defender who dropped: that one plays for the inviter
	Half   // the other defender dropped: takes half the defence's obligation as won, without play
)

func (c Choice) String() string { return [...]string{"-", "play", "drop", "invite", "half"}[c] }

// Outcome is how a deal ended: enough to settle it.
type Outcome struct {
	Seats      []string // names in playing order, forehand first
	Dealer     int      // index into Seats; with more seats than hands the dealer sits out
	Declarer   int      // index into Seats, or -1 when nobody declared
	Contract   int      // index into the ruleset's contracts, or -1
	Hand       bool     // played from the hand
	Forced     bool     // the declarer was forced by the all-pass procedure
	Conceded   bool     // the declarer gave up before play
	Defence    []Choice // per seat
	Tricks     []int    // per seat
	Run        int      // the declarer's longest run of consecutive tricks (contracts in_a_row)
	PotBid     int      // the declarer's winning offer in a pot auction
	Doubled    []int    // per seat: 1 a defender's contra, 2 answered by recontra, 3 subcontra, 4 mortcontra (nil: none)
	Marks      []int    // per seat: markings held at the start of the deal (nil: none)
	MarksGiven int      // markings handed out earlier in the session
	// KindMarks are the markers of the ruleset's named kinds (markings:)
	// held at the start of the deal: KindMarks[k-1][seat] for kind k (nil:
	// none).
	KindMarks    [][]int
	Pot          money.Amount
	Open         bool                    // the lone defender chose open play
	Uncontested  bool                    // a must_contra contract nobody doubled: not played (see Uncontested)
	AllPassRun   int                     // deals immediately before this one in which nobody declared
	DealNumber   int                     // this deal's place in the session, 1 for the first (0: not known)
	SessionDeals int                     // the deals the session is agreed to last (0: not agreed)
	TalonTricks  int                     // tricks the talon won (a contract everyone plays, talon_leads: card)
	Sheet        map[string]money.Amount // the score sheet before the deal ("Anton pool"); nil: empty. Read, never written
	Options      map[string]any          // option name -> bool or int, overriding defaults
	Events       map[string]bool         // event name -> happened

	// The talon, when known (a played deal, or a case that names it).
	Talon cards.Mask

	// Cards, when the deal was played here rather than stated: the facts
	// that events with a `when` are derived from.
	CardsKnown      bool
	DeclarerAces    int // cards of the top rank in the hand the declarer played
	DeclarerAcesAll int // the same among the declarer's hand and the talon taken
	// Held is each seat's cards (in the order of Seats, the hands
	// first): as dealt, with the talon the declarer took; Won, the cards
	// of the tricks each seat took; LastTrick, 1 + the seat that took the
	// last trick (0: none, or not known). Settlement's holds, won and
	// captured, and party.last_trick, read them.
	Held, Won [MaxHands]cards.Mask
	LastTrick int

	// Stated: the outcome is stated (an outcome case, pref settle), not
	// played here. Its Defence is the choices as the defenders made them,
	// before any contra; a played deal's is as the game leaves it, where
	// a team contra has made its caller the inviter. Check asks the contra
	// rules of the choices as made.
	Stated bool
}

// Defenders is the outcome's defence as a Defence value, over the
// outcome's own lists.
func (o *Outcome) Defenders() Defence {
	return Defence{Declarer: o.Declarer, Contract: o.Contract, Hand: o.Hand, Choices: o.Defence, Doubled: o.Doubled}
}

// Inviter is the seat of the defender who invited, or -1. A contra in
// team mode counts as an invitation by its caller.
func (o *Outcome) Inviter(r *ruleset.Ruleset) int {
	d := o.Defenders()
	return d.Inviter(r)
}

// DoubledAt is seat i's contra level (0 none, 1 contra, 2 recontra, 3
// subcontra, 4 mortcontra).
func (o *Outcome) DoubledAt(i int) int {
	if i < len(o.Doubled) {
		return o.Doubled[i]
	}
	return 0
}

// teamContra reports whether a contra in team mode was called: its caller
// then plays for the other defender, who counts as dropped and invited
// even against a contract nobody may drop out of.
func (o *Outcome) teamContra(r *ruleset.Ruleset) bool {
	if !r.Defence.Contra.Team {
		return false
	}
	for _, d := range o.Doubled {
		if d > 0 {
			return true
		}
	}
	return false
}

// InPlay reports whether seat i plays cards (see Defence.Plays).
func (o *Outcome) InPlay(r *ruleset.Ruleset, i int) bool {
	d := o.Defenders()
	return o.inPlay(r, &d, i)
}

// inPlay is InPlay for d, the outcome's Defenders (built once by a caller
// that asks it for every seat).
func (o *Outcome) inPlay(r *ruleset.Ruleset, d *Defence, i int) bool {
	return o.played(d) && d.Plays(r, i, o.HoldsHand(r, i))
}

// HoldsHand reports whether seat i received cards (the dealer sits out at a
// table larger than the ruleset's number of hands).
func (o *Outcome) HoldsHand(r *ruleset.Ruleset, i int) bool {
	return i != o.SitsOut(r)
}

// SitsOut is the seat dealt no hand: the dealer at a table larger than the
// ruleset's number of hands, else -1.
func (o *Outcome) SitsOut(r *ruleset.Ruleset) int {
	if len(o.Seats) <= r.Hands {
		return -1
	}
	return o.Dealer
}

// Played reports whether cards were played: a declarer who did not concede
// and at least one defender who plays, or a contract everyone plays.
func (o *Outcome) Played() bool {
	d := o.Defenders()
	return o.played(&d)
}

// played is Played for d, the outcome's Defenders (built once by a caller
// that asks it more).
func (o *Outcome) played(d *Defence) bool {
	if o.Declarer < 0 && o.Contract >= 0 {
		return true
	}
	if o.Declarer < 0 || o.Conceded || o.Uncontested {
		return false
	}
	return d.DefenderPlays()
}
