package verify

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/preference-rules/pref/interpreter/deal"
	"github.com/preference-rules/pref/interpreter/money"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/interpreter/seats"
)

// Outcome turns the case into the interpreter's outcome, refusing what
// cannot be (unknown names, bids not in the table). The steps read the
// case's fields in a fixed order, so that a case wrong in two ways is
// always refused for the same one.
func (c *Case) Outcome(r *ruleset.Ruleset) (*deal.Outcome, error) {
	o, faults := c.outcome(r, false)
	if len(faults) > 0 {
		return nil, faults[0].err
	}
	return o, nil
}

// outcome is Outcome with the faults found and the key each is written
// under; all: every step is tried, so that one run says every fault, but
// a step that reads what a refused one would have set (the defence and
// the session read the contract) is skipped.
func (c *Case) outcome(r *ruleset.Ruleset, all bool) (*deal.Outcome, []fault) {
	if len(c.Seats) == 0 {
		return nil, []fault{{"seats", fmt.Errorf("seats: none given")}}
	}
	if err := seats.Check(c.Seats); err != nil {
		return nil, []fault{{"seats", fmt.Errorf("seats: %v", err)}}
	}
	s := newStatement(c, r)
	var faults []fault
	contractRefused := false
	// Each step is named with the key of the case its faults are said at,
	// unless a fault carries its own (atKey): a step may read several.
	for _, step := range []struct {
		name, key string
		f         func() error
	}{
		{"dealerAndPot", "dealer", s.dealerAndPot}, {"options", "options", s.options}, {"talon", "talon", s.talon},
		{"events", "events", s.events}, {"contract", "contract", s.contract}, {"defence", "defence", s.defence},
		{"marks", "marks", s.marks}, {"marks_of", "marks_of", s.kindMarks}, {"doubled", "doubled", s.doubled},
		{"session", "all_pass_run", s.session}, {"tricks", "tricks", s.tricks}, {"cards", "held", s.cards},
	} {
		if contractRefused && (step.name == "defence" || step.name == "session") {
			continue
		}
		if err := step.f(); err != nil {
			faults = append(faults, faultOf(step.key, err))
			if !all {
				return nil, faults
			}
			contractRefused = contractRefused || step.name == "contract"
		}
	}
	if len(faults) > 0 {
		return nil, faults
	}
	return s.o, nil
}

// statement is a case being turned into an outcome: the case, its ruleset,
// the outcome so far and where each seat sits.
type statement struct {
	c    *Case
	r    *ruleset.Ruleset
	o    *deal.Outcome
	seat map[string]int
}

func newStatement(c *Case, r *ruleset.Ruleset) *statement {
	n := len(c.Seats)
	s := &statement{c: c, r: r, seat: map[string]int{}}
	for i, name := range c.Seats {
		s.seat[name] = i
	}
	s.o = &deal.Outcome{
		Seats: c.Seats, Dealer: n - 1, Declarer: -1, Contract: -1,
		Defence: make([]deal.Choice, n), Tricks: make([]int, n),
		Options: c.Options, Events: map[string]bool{},
		Stated: true, // the defence as chosen, before any contra
	}
	return s
}

// find is the seat of name, which the case writes under what.
func (s *statement) find(what, name string) (int, error) {
	i, ok := s.seat[name]
	if !ok {
		return 0, fmt.Errorf("%s %q is not one of the seats %v", what, name, s.c.Seats)
	}
	return i, nil
}

func (s *statement) dealerAndPot() error {
	var err error
	if s.c.Dealer != "" {
		if s.o.Dealer, err = s.find("dealer", s.c.Dealer); err != nil {
			return err
		}
	}
	if s.c.Pot != "" {
		if s.o.Pot, err = money.Parse(s.c.Pot); err != nil {
			return atKey("pot", fmt.Errorf("pot: %v", err))
		}
		// A pot beyond the input limits would be printed back rounded or
		// overflow in the settlement: refuse it here, naming the field.
		if err := money.CheckInput(s.o.Pot); err != nil {
			return atKey("pot", fmt.Errorf("pot: %v", err))
		}
	}
	return nil
}

// options refuses an option the ruleset lacks, a value of another type
// than its default, and a value beyond the input limits.
func (s *statement) options() error {
	for name, v := range s.c.Options {
		opt, ok := s.r.Option(name)
		if !ok {
			return fmt.Errorf("option %q: the ruleset has no such option", name)
		}
		if fmt.Sprintf("%T", v) != fmt.Sprintf("%T", opt.Default) {
			return fmt.Errorf("option %q: want a %T like its default %v", name, opt.Default, opt.Default)
		}
	}
	return checkOptionValues(s.c.Options)
}

func (s *statement) talon() error {
	for _, name := range s.c.Talon {
		card, err := s.r.Deck.Parse(name)
		if err != nil {
			return fmt.Errorf("talon: %v", err)
		}
		if s.o.Talon.Has(card) {
			return fmt.Errorf("talon: %s twice", name)
		}
		s.o.Talon |= card.Bit()
	}
	return nil
}

func (s *statement) events() error {
	for _, e := range s.c.Events {
		known := false
		for _, ev := range s.r.Events {
			known = known || ev.Name == e
		}
		if !known {
			return fmt.Errorf("event %q: the ruleset has no such event", e)
		}
		s.o.Events[e] = true
	}
	return nil
}

// contract reads who declared what, or that all passed; with a declarer,
// every other seat that holds a hand plays until the case says otherwise.
func (s *statement) contract() error {
	ct, o := s.c.Contract, s.o
	if ct.Passed {
		if ct.Declarer != "" || ct.Bid != "" {
			return fmt.Errorf("contract: passed and a declarer or bid cannot go together")
		}
		return nil
	}
	if ct.Declarer == "" {
		return fmt.Errorf("contract: a declarer, or passed: true")
	}
	var err error
	if o.Declarer, err = s.find("declarer", ct.Declarer); err != nil {
		return err
	}
	if err := s.bid(ct.Bid); err != nil {
		return err
	}
	if ct.Run < 0 || ct.Run > s.r.HandSize {
		return fmt.Errorf("contract: run: %d tricks in a row; a deal has %d", ct.Run, s.r.HandSize)
	}
	if ct.PotBid < 0 || ct.PotBid > money.MaxInput {
		return fmt.Errorf("contract: pot_bid: %d; want 0 to %d", ct.PotBid, int64(money.MaxInput))
	}
	o.Hand, o.Forced, o.Conceded, o.Run, o.PotBid = ct.Hand, ct.Forced, ct.Conceded, ct.Run, ct.PotBid
	if err := checkHandBid(s.r, o); err != nil {
		return err
	}
	deal.DefaultDefence(o.Defence, o.Declarer, o.SitsOut(s.r)) // the game's, where nobody may drop
	return nil
}

// bid sets the contract named, if the case names one.
func (s *statement) bid(name string) error {
	if name == "" {
		return nil
	}
	i, ok := s.r.ContractByName(name)
	if !ok {
		var names []string
		for _, x := range s.r.Contracts {
			names = append(names, x.Name)
		}
		return fmt.Errorf("bid %q is not in the bid table (%s)", name, strings.Join(names, ", "))
	}
	s.o.Contract = i
	return nil
}

// choices are the defence's choices as a case writes them.
var choices = map[string]deal.Choice{"play": deal.Play, "drop": deal.Drop, "invite": deal.Invite, "half": deal.Half}

// defence reads each defender's choice. The defender invited dropped out
// first and plays for the inviter: a case may write it play, drop or leave
// it out ({Emil: invite, Franz: play} is the natural way to say it). The
// outcome holds it as dropped.
func (s *statement) defence() error {
	o := s.o
	for name, ch := range s.c.Defence {
		i, err := s.find("defence:", name)
		if err != nil {
			return err
		}
		if o.Defence[i] == deal.NoChoice {
			return fmt.Errorf("defence: %s is not a defender", name)
		}
		choice, ok := choices[ch]
		if !ok {
			return fmt.Errorf("defence: %s: %q is not a choice (play, drop, invite, half)", name, ch)
		}
		o.Defence[i] = choice
	}
	if i := slices.Index(o.Defence, deal.Invite); i >= 0 {
		deal.HoldInvited(o.Defence, i) // as the game holds an invitation
	}
	return nil
}

// marks reads the markings handed out earlier and those each player holds.
func (s *statement) marks() error {
	c, o := s.c, s.o
	if c.MarksGiven < 0 || c.MarksGiven > MaxCount {
		return atKey("marks_given", fmt.Errorf("marks_given: %d; want 0 to %d", c.MarksGiven, MaxCount))
	}
	o.MarksGiven = c.MarksGiven
	for name, m := range c.Marks {
		i, err := s.find("marks:", name)
		if err != nil {
			return err
		}
		if m < 0 || m > MaxCount {
			return fmt.Errorf("marks: %s holds %d; want 0 to %d", name, m, MaxCount)
		}
		if o.Marks == nil {
			o.Marks = make([]int, len(c.Seats))
		}
		o.Marks[i] = m
	}
	return nil
}

// contraLevels are how far a contra chain went, as a case writes it.
var contraLevels = map[string]int{"contra": 1, "recontra": 2, "subcontra": 3, "mortcontra": 4}

func (s *statement) doubled() error {
	for name, level := range s.c.Doubled {
		i, err := s.find("doubled:", name)
		if err != nil {
			return err
		}
		if s.o.Doubled == nil {
			s.o.Doubled = make([]int, len(s.c.Seats))
		}
		l, ok := contraLevels[level]
		if !ok {
			return fmt.Errorf("doubled: %s: %q is not contra, recontra, subcontra or mortcontra", name, level)
		}
		s.o.Doubled[i] = l
	}
	return nil
}

// session reads what the case states of the session before the deal (the
// all-pass run, open play, the sheet), and the contract played when all
// passed and the ruleset plays one.
func (s *statement) session() error {
	c, o, r := s.c, s.o, s.r
	if c.AllPassRun < 0 || c.AllPassRun > MaxCount {
		return fmt.Errorf("all_pass_run: %d deals; want 0 to %d", c.AllPassRun, MaxCount)
	}
	o.Open, o.AllPassRun = c.Open, c.AllPassRun
	if c.DealNumber < 0 || c.SessionDeals < 0 || c.DealNumber > MaxCount || c.SessionDeals > MaxCount {
		key := "session_deals"
		if c.DealNumber < 0 || c.DealNumber > MaxCount {
			key = "deal_number"
		}
		return atKey(key, fmt.Errorf("deal_number %d, session_deals %d: want 0 to %d", c.DealNumber, c.SessionDeals, MaxCount))
	}
	o.DealNumber, o.SessionDeals = c.DealNumber, c.SessionDeals
	d := o.Defenders()
	o.Uncontested = d.Uncontested(r)
	if c.Sheet != nil {
		var err error
		if o.Sheet, err = c.sheetBefore(r); err != nil {
			return atKey("sheet", err)
		}
	}
	if ci := deal.AllPassContract(r); c.Contract.Passed && ci >= 0 {
		if c.Tricks == nil {
			return atKey("tricks", fmt.Errorf("tricks: when all pass, %s is played: give each player's tricks", r.Contracts[ci].Name))
		}
		o.Contract = ci // the all-pass game was played, as in the game
	}
	return nil
}

// tricks reads each player's tricks (and the talon's) in a fixed order, so
// that the same case is always refused for the same reason.
func (s *statement) tricks() error {
	c, o, r := s.c, s.o, s.r
	names := make([]string, 0, len(c.Tricks))
	for name := range c.Tricks {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		t := c.Tricks[name]
		// Each count is bounded before the interpreter adds them up: huge
		// counts could wrap around to a sum that looks like a whole deal.
		if t < 0 || t > r.HandSize {
			return fmt.Errorf("tricks: %s took %d; a deal has %d", name, t, r.HandSize)
		}
		if name == "talon" {
			o.TalonTricks = t // the talon's cards won tricks of their own
			continue
		}
		i, err := s.find("tricks:", name)
		if err != nil {
			return err
		}
		o.Tricks[i] = t
	}
	if c.Tricks == nil && o.Played() {
		return fmt.Errorf("tricks: cards were played (a defender plays) but no tricks are given")
	}
	return nil
}
