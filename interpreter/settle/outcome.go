package settle

import (
	"fmt"
	"slices"

	"github.com/preference-rules/pref/interpreter/cards"

	"github.com/preference-rules/pref/interpreter/money"
	"github.com/preference-rules/pref/interpreter/ruleset"
)

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

// Pot is the party index of the pot in transfers.
const Pot = -1

// Outcome is how a deal ended: enough to settle it.
type Outcome struct {
	Seats       []string // names in playing order, forehand first
	Dealer      int      // index into Seats; with more seats than hands the dealer sits out
	Declarer    int      // index into Seats, or -1 when nobody declared
	Contract    int      // index into the ruleset's contracts, or -1
	Hand        bool     // played from the hand
	Forced      bool     // the declarer was forced by the all-pass procedure
	Conceded    bool     // the declarer gave up before play
	Defence     []Choice // per seat
	Tricks      []int    // per seat
	Run         int      // the declarer's longest run of consecutive tricks (contracts in_a_row)
	PotBid      int      // the declarer's winning offer in a pot auction
	Doubled     []int    // per seat: 1 a defender's contra, 2 answered by recontra, 3 subcontra, 4 mortcontra (nil: none)
	Marks       []int    // per seat: markings held at the start of the deal (nil: none)
	MarksGiven  int      // markings handed out earlier in the session
	Pot         money.Amount
	Open        bool                    // the lone defender chose open play
	Uncontested bool                    // a must_contra contract nobody doubled: not played (see Uncontested)
	AllPassRun  int                     // deals immediately before this one in which nobody declared
	TalonTricks int                     // tricks the talon won (a contract everyone plays, talon_leads: card)
	Sheet       map[string]money.Amount // the score sheet before the deal ("Anton pool"); nil: empty. Read, never written
	Options     map[string]any          // option name -> bool or int, overriding defaults
	Events      map[string]bool         // event name -> happened

	// The talon, when known (a played deal, or a case that names it).
	Talon cards.Mask

	// Cards, when the deal was played here rather than stated: the facts
	// that events with a `when` are derived from.
	CardsKnown      bool
	DeclarerAces    int // cards of the top rank in the hand the declarer played
	DeclarerAcesAll int // the same among the declarer's hand and the talon taken

	// Stated: the outcome is stated (an outcome case, pref settle), not
	// played here. Its Defence is the choices as the defenders made them,
	// before any contra; a played deal's is as the game leaves it, where
	// a team contra has made its caller the inviter. Check asks the contra
	// rules of the choices as made.
	Stated bool
}

// Inviter is the seat of the defender who invited, or -1. A contra in
// team mode counts as an invitation by its caller.
func (o *Outcome) Inviter(r *ruleset.Ruleset) int {
	return Inviter(r, o.Declarer, o.Defence, o.Doubled)
}

// Inviter is the defender who plays for the other as well, or -1: the one
// who invited, the one who plays a dropped hand along, or in team mode the
// caller of a contra. choices and doubled are per seat (doubled may be
// nil). One home for play, stated outcomes and explanations alike.
func Inviter(r *ruleset.Ruleset, declarer int, choices []Choice, doubled []int) int {
	for i, c := range choices {
		if c == Invite {
			return i
		}
	}
	// A dropped hand played along: the one defender who plays takes it.
	if lone := LoneDefender(r, declarer, choices); lone >= 0 {
		return lone
	}
	if r.Defence.Contra.Team {
		for i, d := range doubled {
			if d > 0 {
				return i
			}
		}
	}
	return -1
}

// Plays reports whether seat plays cards in a deal whose defence made
// choices (and contras doubled): the declarer, a defender who plays or
// invites, a dropped defender played for by an inviter; when nobody
// declared, every hand in a contract everyone plays. holdsHand says the
// seat received cards.
func Plays(r *ruleset.Ruleset, declarer, contract int, choices []Choice, doubled []int, seat int, holdsHand bool) bool {
	if declarer < 0 {
		return contract >= 0 && holdsHand
	}
	c := choices[seat]
	if seat == declarer || c == Play || c == Invite {
		return true
	}
	inviter := Inviter(r, declarer, choices, doubled)
	return (c == Drop && inviter >= 0) || (r.Defence.Contra.Team && inviter >= 0 && holdsHand)
}

// DefenceInPlay reports whether a defender plays or invites: with a
// declarer, cards are played only then.
func DefenceInPlay(declarer int, choices []Choice) bool {
	for i, c := range choices {
		if i != declarer && (c == Play || c == Invite) {
			return true
		}
	}
	return false
}

// doubledAt is seat i's contra level (0 none, 1 contra, 2 recontra, 3
// subcontra, 4 mortcontra).
func (o *Outcome) doubledAt(i int) int {
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

// InPlay reports whether seat i plays cards (see Plays).
func (o *Outcome) InPlay(r *ruleset.Ruleset, i int) bool {
	return o.Played() && Plays(r, o.Declarer, o.Contract, o.Defence, o.Doubled, i, o.HoldsHand(r, i))
}

// HoldsHand reports whether seat i received cards (the dealer sits out at a
// table larger than the ruleset's number of hands).
func (o *Outcome) HoldsHand(r *ruleset.Ruleset, i int) bool {
	if len(o.Seats) <= r.Hands {
		return true
	}
	return i != o.Dealer
}

// Played reports whether cards were played: a declarer who did not concede
// and at least one defender who plays, or a contract everyone plays.
func (o *Outcome) Played() bool {
	if o.Declarer < 0 && o.Contract >= 0 {
		return true
	}
	if o.Declarer < 0 || o.Conceded || o.Uncontested {
		return false
	}
	return DefenceInPlay(o.Declarer, o.Defence)
}

// Uncontested reports whether a declared contract that is played only
// against a contra (must_contra; with must_contra: talon, only when played
// with the talon) ends unplayed: defenders came, none doubled and none
// invited the other (an invitation plays it). One home for the game,
// stated outcomes and explanations.
func Uncontested(r *ruleset.Ruleset, declarer, contract int, hand bool, choices []Choice, doubled []int) bool {
	if declarer < 0 || contract < 0 || contract >= len(r.Contracts) || !r.Contracts[contract].MustContra || !DefenceInPlay(declarer, choices) {
		return false
	}
	if hand && r.Contracts[contract].MustContraTalonOnly {
		return false
	}
	if slices.Contains(choices, Invite) {
		return false
	}
	for _, d := range doubled {
		if d > 0 {
			return false
		}
	}
	return true
}

// Check refuses an outcome that cannot happen under r: it names the rule
// broken. Settle calls it. The rules it asks are the ones the game plays by
// (ruleset.MayDrop, MayConcede, MayHalf, Contract.Lost, Inviter,
// DefenceInPlay): a stated outcome and a played deal meet the same rules.
func Check(r *ruleset.Ruleset, o *Outcome) error {
	for _, check := range []func(*ruleset.Ruleset) error{o.checkTable, o.checkRanges, o.checkContra, o.checkDeal} {
		if err := check(r); err != nil {
			return err
		}
	}
	switch {
	case o.Declarer < 0 && o.Contract >= 0:
		return o.checkEveryonePlays(r)
	case o.Declarer < 0:
		return o.checkNobodyDeclared()
	}
	for _, check := range []func(*ruleset.Ruleset) error{o.checkDeclarer, o.checkDefence, o.checkTricks} {
		if err := check(r); err != nil {
			return err
		}
	}
	return nil
}

// checkTable: the seats, the dealer, one entry per seat.
func (o *Outcome) checkTable(r *ruleset.Ruleset) error {
	n := len(o.Seats)
	if n < r.Hands || n > r.TableMax {
		return fmt.Errorf("%d seats: this ruleset seats %d to %d players", n, r.Hands, r.TableMax)
	}
	if o.Dealer < 0 || o.Dealer >= n {
		return fmt.Errorf("dealer is not one of the seats")
	}
	if len(o.Defence) != n || len(o.Tricks) != n {
		return fmt.Errorf("internal: defence and tricks must have one entry per seat")
	}
	return nil
}

// checkDeal: the talon, whether the contract has a declarer, open play.
func (o *Outcome) checkDeal(r *ruleset.Ruleset) error {
	if o.Talon != 0 && o.Talon.Count() != r.TalonSize {
		return fmt.Errorf("the talon has %d cards; a deal puts %d there", o.Talon.Count(), r.TalonSize)
	}
	if o.Contract >= 0 && r.Contracts[o.Contract].NoDeclarer != (o.Declarer < 0) {
		if o.Declarer < 0 {
			return fmt.Errorf("nobody declared, but %s is a contract with a declarer", r.Contracts[o.Contract].Name)
		}
		return fmt.Errorf("%s is played by everyone when all pass: it has no declarer", r.Contracts[o.Contract].Name)
	}
	if o.TalonTricks != 0 && (o.Contract < 0 || !r.Contracts[o.Contract].TalonCompetes(len(o.Seats) > r.Hands)) {
		return fmt.Errorf("the talon took %d tricks, but its cards do not compete for tricks here", o.TalonTricks)
	}
	if o.Open && !o.mayBeOpen(r) {
		return fmt.Errorf("open play: only a defender who plays a dropped hand along may choose it (defence open: choose)")
	}
	if want := Uncontested(r, o.Declarer, o.Contract, o.Hand, o.Defence, o.Doubled); o.Uncontested != want {
		if want {
			return fmt.Errorf("%s is played only against a contra: nobody doubled, so no card was played", r.Contracts[o.Contract].Name)
		}
		return fmt.Errorf("uncontested: only a must_contra contract that defenders came to and nobody doubled ends unplayed")
	}
	return nil
}

// checkNobodyDeclared: all passed and nothing was played.
func (o *Outcome) checkNobodyDeclared() error {
	if o.Played() {
		return fmt.Errorf("tricks were played but nobody declared")
	}
	for i, t := range o.Tricks {
		if t != 0 {
			return fmt.Errorf("%s took %d tricks but nobody declared", o.Seats[i], t)
		}
	}
	return nil
}

// checkDeclarer: how the declarer came to declare, and whether he may have
// given up.
func (o *Outcome) checkDeclarer(r *ruleset.Ruleset) error {
	if o.Declarer >= len(o.Seats) || !o.HoldsHand(r, o.Declarer) {
		return fmt.Errorf("the declarer must be a player holding a hand")
	}
	if o.Contract < 0 && !o.Conceded {
		return fmt.Errorf("a declarer who plays needs a contract")
	}
	switch {
	case o.Hand && r.Exchange.HandPlay == ruleset.HandNever:
		return fmt.Errorf("this ruleset has no hand games")
	case o.PotBid != 0 && (!r.Auction.PotAuction || o.PotBid < 0):
		return fmt.Errorf("a pot bid of %d: this ruleset has no pot auction", o.PotBid)
	case o.PotBid > 0 && o.Hand:
		return fmt.Errorf("the winner of the pot auction takes the talon: not a hand game")
	case o.Forced && o.Hand:
		return fmt.Errorf("a declarer forced when all passed picks up the talon: not a hand game")
	case o.Forced && len(r.Auction.Offers) == 0:
		return fmt.Errorf("this ruleset forces nobody: a forced declarer cannot happen")
	case o.Conceded && !r.MayConcede(ruleset.ConcedeBeforeDefence, o.Forced) && !r.MayConcede(ruleset.ConcedeAfterDefence, o.Forced):
		return fmt.Errorf("this ruleset does not let the declarer give up")
	}
	return nil
}

// checkDefence: each defender's choice is one the ruleset offers him.
func (o *Outcome) checkDefence(r *ruleset.Ruleset) error {
	for i, c := range o.Defence {
		switch {
		case i == o.Declarer || !o.HoldsHand(r, i):
			if c != NoChoice {
				return fmt.Errorf("%s is not a defender and has no defence choice", o.Seats[i])
			}
		case c == Drop && !r.MayDrop(o.Contract) && !o.teamContra(r):
			return fmt.Errorf("%s dropped out, but %s", o.Seats[i], r.WhyNoDrop(o.Contract))
		case c == NoChoice && !o.Conceded: // a declarer who gives up asks no defender
			return fmt.Errorf("%s is a defender: play or drop", o.Seats[i])
		case c == Half && !r.MayHalf(o.Contract, o.Declarer, i, o.Defence[(o.Declarer+1)%r.Hands] == Drop):
			return fmt.Errorf("%s took half: only the second defender may, after the first dropped out, against a contract that allows it (defence choice half, contract half)", o.Seats[i])
		case c == Invite && !r.Defence.MayInvite:
			return fmt.Errorf("%s invited, but this ruleset has no invitation", o.Seats[i])
		case c == Invite && o.Contract >= 0 && r.Contracts[o.Contract].NoInvite && !o.teamContra(r):
			return fmt.Errorf("%s invited, but nobody may invite against %s", o.Seats[i], r.Contracts[o.Contract].Name)
		}
	}
	if inv := o.Inviter(r); inv >= 0 && o.Defence[inv] == Invite {
		for i, c := range o.Defence {
			if i != inv && i != o.Declarer && o.HoldsHand(r, i) && c != Drop {
				return fmt.Errorf("%s invited, but %s did not drop out: only a dropped defender can be invited", o.Seats[inv], o.Seats[i])
			}
		}
	}
	return nil
}

// checkTricks: the tricks add up to a deal, or to the trick where a
// contract that stops when lost was lost; only players in play took any.
func (o *Outcome) checkTricks(r *ruleset.Ruleset) error {
	total := 0
	for i, t := range o.Tricks {
		if t < 0 {
			return fmt.Errorf("%s took %d tricks", o.Seats[i], t)
		}
		total += t
		if t > 0 && o.Uncontested {
			return fmt.Errorf("%s took %d tricks, but %s is played only against a contra and nobody doubled: no card was played", o.Seats[i], t, r.Contracts[o.Contract].Name)
		}
		if t > 0 && !o.InPlay(r, i) {
			return fmt.Errorf("%s took %d tricks but did not play", o.Seats[i], t)
		}
	}
	if !o.Played() {
		return nil
	}
	var ct *ruleset.Contract
	if o.Contract >= 0 {
		ct = &r.Contracts[o.Contract]
	}
	if ct != nil && ct.InARow {
		if t := o.Tricks[o.Declarer]; o.Run > t || (t > 0 && o.Run < 1) || (t == r.HandSize && o.Run != t) {
			return fmt.Errorf("a run of %d tricks in a row cannot come from the declarer's %d tricks", o.Run, t)
		}
	}
	if total == r.HandSize {
		if need := r.Need(o.Contract, o.Hand); ct != nil && ct.StopWhenLost && !ct.Made(need, o.Tricks[o.Declarer], o.Run) && !decided(ct, need, o.Tricks[o.Declarer], total, r.HandSize) {
			return fmt.Errorf("%s was lost before the last trick, so play stopped there: %d tricks cannot all have been played", ct.Name, total)
		}
		return nil
	}
	if total < r.HandSize && ct != nil && ct.StopWhenLost && decided(ct, r.Need(o.Contract, o.Hand), o.Tricks[o.Declarer], total, r.HandSize) {
		return nil // play stopped when the contract was lost
	}
	return fmt.Errorf("tricks add up to %d; a deal has %d", total, r.HandSize)
}

// decided reports whether play stopped exactly when the contract was lost:
// lost after the last trick played, not lost before it. An exact contract
// (misère) is lost by the declarer taking one trick too many, so the last
// trick was the declarer's; any other is lost by a trick the defence took.
// MaxRun bounds the all-pass run and the markings an outcome may state:
// far beyond any session, small enough that no progression built on them
// can be mistaken for a real figure.
const MaxRun = 1000

// checkRanges refuses figures no deal can have, before any of them is
// added up: tricks outside 0..hand size (a sum of huge counts would wrap),
// negative or absurd runs and markings, a pot beyond the input limits.
func (o *Outcome) checkRanges(r *ruleset.Ruleset) error {
	for i, name := range o.Seats {
		if name == "" || name == "pot" {
			return fmt.Errorf("seat %d: %q cannot name a player", i+1, name)
		}
		if slices.Contains(o.Seats[:i], name) { // a handful of seats: no map
			return fmt.Errorf("%s sits at the table twice", name)
		}
	}
	for i, t := range o.Tricks {
		if t < 0 || t > r.HandSize {
			return fmt.Errorf("%s took %d tricks; a deal has %d", o.Seats[i], t, r.HandSize)
		}
	}
	if o.TalonTricks < 0 || o.TalonTricks > r.HandSize {
		return fmt.Errorf("the talon took %d tricks; a deal has %d", o.TalonTricks, r.HandSize)
	}
	if o.Run < 0 || o.Run > r.HandSize {
		return fmt.Errorf("a run of %d tricks in a row; a deal has %d", o.Run, r.HandSize)
	}
	if o.AllPassRun < 0 || o.AllPassRun > MaxRun {
		return fmt.Errorf("all-pass run %d: want 0 to %d deals", o.AllPassRun, MaxRun)
	}
	if o.MarksGiven < 0 || o.MarksGiven > MaxRun {
		return fmt.Errorf("markings given %d: want 0 to %d", o.MarksGiven, MaxRun)
	}
	for i, m := range o.Marks {
		if m < 0 || m > MaxRun {
			return fmt.Errorf("%s holds %d markings: want 0 to %d", o.Seats[min(i, len(o.Seats)-1)], m, MaxRun)
		}
	}
	if o.PotBid < 0 || o.PotBid > money.MaxInput {
		return fmt.Errorf("a pot bid of %d: want 0 to %d", o.PotBid, int64(money.MaxInput))
	}
	// The magnitude only: a pot a session produced may hold fractions
	// finer than any figure typed in (a tenth of a tenth of ...).
	if err := money.CheckMagnitude(o.Pot); err != nil {
		return fmt.Errorf("pot: %v", err)
	}
	return nil
}

func decided(ct *ruleset.Contract, need, taken, played, all int) bool {
	before := taken
	if ct.Exact && taken > need {
		before--
	}
	return played > 0 && ct.Lost(need, taken, played, all) && !ct.Lost(need, before, played-1, all)
}

// checkContra: each doubling is one the ruleset allows, called by a
// defender the game would have asked (WhyNoContra, the game's own rule).
func (o *Outcome) checkContra(r *ruleset.Ruleset) error {
	if o.Doubled == nil {
		return nil
	}
	if len(o.Doubled) != len(o.Seats) {
		return fmt.Errorf("internal: doubled must have one entry per seat")
	}
	choices := o.choicesBeforeContra(r)
	callers := 0
	for i, d := range o.Doubled {
		switch {
		case d == 0:
			continue
		case !r.Defence.Contra.On:
			return fmt.Errorf("%s called contra, but this ruleset has no contra", o.Seats[i])
		case d < 0 || d > ruleset.MaxContraLevels:
			return fmt.Errorf("%s: contra level %d", o.Seats[i], d)
		case d > r.Defence.Contra.Levels:
			return fmt.Errorf("%s against %s, but this ruleset's doublings stop at %s", ruleset.ContraCalls[d], o.Seats[i], ruleset.ContraCalls[r.Defence.Contra.Levels])
		case i == o.Declarer || o.Declarer < 0 || !o.HoldsHand(r, i):
			return fmt.Errorf("%s is not a defender and cannot call contra", o.Seats[i])
		case o.Conceded:
			return fmt.Errorf("contra against a declarer who gave up")
		}
		if why := WhyNoContra(r, o.Declarer, choices, i); why != "" {
			return fmt.Errorf("%s called contra, but %s", o.Seats[i], why)
		}
		callers++
	}
	if r.Defence.Contra.Team && callers > 1 {
		return fmt.Errorf("one contra for the defence: %d defenders called it", callers)
	}
	return nil
}

// choicesBeforeContra are the defence's choices as they stood when contra
// was asked. A stated outcome gives them so. A played deal gives them as
// the game left them: a team contra made its caller the inviter (the game
// asked the rule then), so the caller is read as a defender who played.
func (o *Outcome) choicesBeforeContra(r *ruleset.Ruleset) []Choice {
	if o.Stated || !r.Defence.Contra.Team {
		return o.Defence
	}
	choices := slices.Clone(o.Defence)
	for i, d := range o.Doubled {
		if d > 0 && i < len(choices) && choices[i] == Invite {
			choices[i] = Play
		}
	}
	return choices
}

// WhyNoContra is the rule that keeps defender seat from calling contra, or
// "" when he may: choices are the defence's as made before any contra. The
// game asks it before offering the call, Check of each doubling an outcome
// states: one rule for both.
func WhyNoContra(r *ruleset.Ruleset, declarer int, choices []Choice, seat int) string {
	c := &r.Defence.Contra
	switch {
	case !c.On:
		return "this ruleset has no contra (defence contra)"
	case declarer < 0 || seat == declarer:
		return "only a defender calls contra"
	case c.NotAfterInvitation && slices.Contains(choices, Invite):
		return "nobody calls contra after an invitation: inviting is final (defence contra after_invitation: false)"
	case !DefenceInPlay(declarer, choices):
		return "no defender plays: the deal ended before contra is asked"
	case choices[seat] == Drop && Inviter(r, declarer, choices, nil) < 0:
		return "he dropped out and nobody invited him (a dropped defender calls contra only when invited)"
	}
	return ""
}

// LoneDefender is the one defender who plays when the other dropped and
// the ruleset plays dropped hands along (defence dropped_hand: played), or
// -1. choices are per seat, the declarer's included.
func LoneDefender(r *ruleset.Ruleset, declarer int, choices []Choice) int {
	if !r.Defence.DroppedPlayed || declarer < 0 {
		return -1
	}
	lone, dropped := -1, false
	for s, c := range choices {
		switch {
		case s == declarer:
		case c == Play && lone >= 0:
			return -1
		case c == Play:
			lone = s
		case c == Drop:
			dropped = true
		}
	}
	if !dropped {
		return -1
	}
	return lone
}

func (o *Outcome) mayBeOpen(r *ruleset.Ruleset) bool {
	if o.Contract >= 0 && r.Contracts[o.Contract].DefendersOpen {
		return true
	}
	inv := o.Inviter(r)
	return r.Defence.OpenChoice && inv >= 0 && o.Defence[inv] == Play
}

// checkEveryonePlays checks a contract played by every hand, each for himself.
func (o *Outcome) checkEveryonePlays(r *ruleset.Ruleset) error {
	if o.Conceded || o.Forced || o.Hand || o.PotBid != 0 {
		return fmt.Errorf("%s has no declarer: nobody can concede, be forced, play from the hand or bid into the pot", r.Contracts[o.Contract].Name)
	}
	if o.TalonTricks < 0 {
		return fmt.Errorf("the talon took %d tricks", o.TalonTricks)
	}
	total := o.TalonTricks
	for i, t := range o.Tricks {
		if o.Defence[i] != NoChoice {
			return fmt.Errorf("%s: nobody declared, so there is no defence to choose", o.Seats[i])
		}
		if t < 0 {
			return fmt.Errorf("%s took %d tricks", o.Seats[i], t)
		}
		if t > 0 && !o.HoldsHand(r, i) {
			return fmt.Errorf("%s took %d tricks but sat out", o.Seats[i], t)
		}
		total += t
	}
	if total != r.HandSize {
		return fmt.Errorf("tricks add up to %d; a deal has %d", total, r.HandSize)
	}
	return nil
}
