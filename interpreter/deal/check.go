package deal

import (
	"fmt"
	"slices"

	"github.com/preference-rules/pref/interpreter/money"
	"github.com/preference-rules/pref/interpreter/ruleset"
)

// Check refuses an outcome that cannot happen under r: it names the rule
// broken. Settle calls it. The rules it asks are the ones the game plays by
// (ruleset.MayDrop, MayConcede, MayHalf, Contract.Lost, the rules of
// Defence): a stated outcome and a played deal meet the same rules.
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
		return fmt.Errorf("the talon took %s, but its cards do not compete for tricks here", Count(o.TalonTricks, "trick"))
	}
	if o.Open && !o.mayBeOpen(r) {
		return fmt.Errorf("open play: only a defender who plays a dropped hand along may choose it (defence open: choose)")
	}
	d := o.Defenders()
	if want := d.Uncontested(r); o.Uncontested != want {
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
			return fmt.Errorf("%s took %s but nobody declared", o.Seats[i], Count(t, "trick"))
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

// checkDefence: each defender's choice is one the ruleset offers him, and
// an invitation is of a defender who dropped out.
func (o *Outcome) checkDefence(r *ruleset.Ruleset) error {
	for i, c := range o.Defence {
		if err := o.checkChoice(r, i, c); err != nil {
			return err
		}
	}
	return o.checkInvited(r)
}

// checkChoice: seat i's choice c is one the ruleset offers him.
func (o *Outcome) checkChoice(r *ruleset.Ruleset, i int, c Choice) error {
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
	return nil
}

// checkInvited: the defender an invitation names dropped out.
func (o *Outcome) checkInvited(r *ruleset.Ruleset) error {
	inv := o.Inviter(r)
	if inv < 0 || o.Defence[inv] != Invite {
		return nil
	}
	for i, c := range o.Defence {
		if i != inv && i != o.Declarer && o.HoldsHand(r, i) && c != Drop {
			return fmt.Errorf("%s invited, but %s did not drop out: only a dropped defender can be invited", o.Seats[inv], o.Seats[i])
		}
	}
	return nil
}

// checkTricks: the tricks add up to a deal, or to the trick where a
// contract that stops when lost was lost; only players in play took any.
func (o *Outcome) checkTricks(r *ruleset.Ruleset) error {
	d := o.Defenders() // asked for every seat
	total, err := o.countTricks(r, &d)
	if err != nil || !o.played(&d) {
		return err
	}
	var ct *ruleset.Contract
	if o.Contract >= 0 {
		ct = &r.Contracts[o.Contract]
	}
	if err := o.checkRun(r, ct); err != nil {
		return err
	}
	return o.checkTotal(r, ct, total)
}

// countTricks adds up the seats' tricks, each taken by a seat in play (d,
// the outcome's Defenders) in a deal where cards were played.
func (o *Outcome) countTricks(r *ruleset.Ruleset, d *Defence) (total int, err error) {
	for i, t := range o.Tricks {
		if t < 0 {
			return 0, fmt.Errorf("%s took %s", o.Seats[i], Count(t, "trick"))
		}
		total += t
		if t > 0 && o.Uncontested {
			return 0, fmt.Errorf("%s took %s, but %s is played only against a contra and nobody doubled: no card was played", o.Seats[i], Count(t, "trick"), r.Contracts[o.Contract].Name)
		}
		if t > 0 && !o.inPlay(r, d, i) {
			return 0, fmt.Errorf("%s took %s but did not play", o.Seats[i], Count(t, "trick"))
		}
	}
	return total, nil
}

// checkRun: a run of tricks in a row (contract ct counts one) fits the
// declarer's tricks.
func (o *Outcome) checkRun(r *ruleset.Ruleset, ct *ruleset.Contract) error {
	if ct == nil || !ct.InARow {
		return nil
	}
	if t := o.Tricks[o.Declarer]; o.Run > t || (t > 0 && o.Run < 1) || (t == r.HandSize && o.Run != t) {
		return fmt.Errorf("a run of %d tricks in a row cannot come from the declarer's %d tricks", o.Run, t)
	}
	return nil
}

// checkTotal: total tricks are a whole deal, unless contract ct stops when
// lost and was lost at the last of them; a whole deal of such a contract
// was not lost before its last trick.
func (o *Outcome) checkTotal(r *ruleset.Ruleset, ct *ruleset.Contract, total int) error {
	if ct == nil || !ct.StopWhenLost {
		if total == r.HandSize {
			return nil
		}
		return fmt.Errorf("tricks add up to %d; a deal has %d", total, r.HandSize)
	}
	need, taken := r.Need(o.Contract, o.Hand), o.Tricks[o.Declarer]
	switch {
	case total == r.HandSize && !ct.Made(need, taken, o.Run) && !decided(ct, need, taken, total, r.HandSize):
		return fmt.Errorf("%s was lost before the last trick, so play stopped there: %d tricks cannot all have been played", ct.Name, total)
	case total == r.HandSize:
		return nil
	case total < r.HandSize && decided(ct, need, taken, total, r.HandSize):
		return nil // play stopped when the contract was lost
	}
	return fmt.Errorf("tricks add up to %d; a deal has %d", total, r.HandSize)
}

// MaxRun bounds the all-pass run and the markings an outcome may state:
// far beyond any session, small enough that no progression built on them
// can be mistaken for a real figure.
const MaxRun = 1000

// checkRanges refuses figures no deal can have, before any of them is
// added up: tricks outside 0..hand size (a sum of huge counts would wrap),
// negative or absurd runs and markings, a pot beyond the input limits.
func (o *Outcome) checkRanges(r *ruleset.Ruleset) error {
	if err := o.checkNames(); err != nil {
		return err
	}
	if err := o.checkTrickRanges(r); err != nil {
		return err
	}
	return o.checkSessionRanges()
}

// checkNames: each seat a player's name, none twice.
func (o *Outcome) checkNames() error {
	for i, name := range o.Seats {
		if name == "" || name == "pot" {
			return fmt.Errorf("seat %d: %q cannot name a player", i+1, name)
		}
		if slices.Contains(o.Seats[:i], name) { // a handful of seats: no map
			return fmt.Errorf("%s sits at the table twice", name)
		}
	}
	return nil
}

// checkTrickRanges: the seats', the talon's tricks and the run each within
// a deal.
func (o *Outcome) checkTrickRanges(r *ruleset.Ruleset) error {
	for i, t := range o.Tricks {
		if t < 0 || t > r.HandSize {
			return fmt.Errorf("%s took %s; a deal has %d", o.Seats[i], Count(t, "trick"), r.HandSize)
		}
	}
	if o.TalonTricks < 0 || o.TalonTricks > r.HandSize {
		return fmt.Errorf("the talon took %s; a deal has %d", Count(o.TalonTricks, "trick"), r.HandSize)
	}
	if o.Run < 0 || o.Run > r.HandSize {
		return fmt.Errorf("a run of %d tricks in a row; a deal has %d", o.Run, r.HandSize)
	}
	return nil
}

// checkSessionRanges: the all-pass run, the markings and the pot within
// what a session can produce.
func (o *Outcome) checkSessionRanges() error {
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

// decided reports whether play stopped exactly when the contract was lost:
// lost after the last trick played, not lost before it. An exact contract
// (misère) is lost by the declarer taking one trick too many, so the last
// trick was the declarer's; any other is lost by a trick the defence took.
func decided(ct *ruleset.Contract, need, taken, played, all int) bool {
	before := taken
	if ct.Exact && taken > need {
		before--
	}
	return played > 0 && ct.Lost(need, taken, played, all) && !ct.Lost(need, before, played-1, all)
}

// checkContra: each doubling is one the ruleset allows, called by a
// defender the game would have asked (Defence.WhyNoContra, the game's own
// rule).
func (o *Outcome) checkContra(r *ruleset.Ruleset) error {
	if o.Doubled == nil {
		return nil
	}
	if len(o.Doubled) != len(o.Seats) {
		return fmt.Errorf("internal: doubled must have one entry per seat")
	}
	before := Defence{Declarer: o.Declarer, Choices: o.choicesBeforeContra(r)}
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
		if why := before.WhyNoContra(r, i); why != "" {
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
		return fmt.Errorf("the talon took %s", Count(o.TalonTricks, "trick"))
	}
	total := o.TalonTricks
	for i, t := range o.Tricks {
		if o.Defence[i] != NoChoice {
			return fmt.Errorf("%s: nobody declared, so there is no defence to choose", o.Seats[i])
		}
		if t < 0 {
			return fmt.Errorf("%s took %s", o.Seats[i], Count(t, "trick"))
		}
		if t > 0 && !o.HoldsHand(r, i) {
			return fmt.Errorf("%s took %s but sat out", o.Seats[i], Count(t, "trick"))
		}
		total += t
	}
	if total != r.HandSize {
		return fmt.Errorf("tricks add up to %d; a deal has %d", total, r.HandSize)
	}
	return nil
}
