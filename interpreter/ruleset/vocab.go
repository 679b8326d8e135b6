package ruleset

import "github.com/preference-rules/pref/interpreter/money"

// The interpreter's vocabulary: every variable a settlement expression
// reads, in one table. Each entry says what the name is (its kind and its
// value in a new environment), what it means to an author (Doc, which the
// README's table of variables repeats: TestReadmeVariables), what a
// learner reads for it (Words, used by the tutorial and the rulebook),
// and how settlement fills it (an accessor of the field of Facts, the
// settlement's view of one deal, that holds its value). The loader types expressions by this table, settle
// fills frames by walking it (Bind, FactsBinding.Fill), the tutorial words names by
// it: no other file of those packages spells a variable's name
// (TestVariableNamesOnlyInVocabulary).

// Facts is the settlement's view of one deal: what settle works out from
// an outcome, before the table binds it to the variables' names. Settle
// works out every field afresh for each deal.
type Facts struct {
	Contract, Trumps string // the contract played and its trump suit id ("" if none)

	Number, TricksNeeded, DefenceNeeds int // of the contract played (0 if none)

	Doubling int // 1 << the doubling level at the table (2 after a contra, 4 after a recontra, ...)

	MarksGiven, PotBid, DeclarerRun, AllPassRun, Players              int
	Overtricks, Undertricks, DefenceTricks, TalonTricks, FewestTricks int
	PlayingDefenders, DroppedDefenders, FailedDefenders               int
	DeclarerAces, DeclarerAcesAll                                     int

	Declared, Passed, Hand, Forced, Conceded, Uncontested, Played, Made bool
	TalonSameRank, SomeoneInvited, Open, Contra, Recontra               bool

	Pot      money.Amount
	PotAfter money.Amount // the pot as this deal's payments so far leave it (settle moves it as rules pay)

	DealNumber, SessionDeals int // this deal's place in the session (1 for the first; 0 unknown) and the deals the session is agreed to last (0: not agreed)

	Declarer, Dealer, Forehand *Party // nil: no such party (a zero Party)
}

// Words are what a learner reads for a variable where its Doc, written
// for authors, would read badly (each empty where Doc serves).
type Words struct {
	Fact string // a yes-or-no variable, holding, as a clause
	Not  string // the same, not holding
	Noun string // a number, as a noun

	None, Some string // a count that is 0, that is more than 0

	Who string // a party, as the learner calls it
}

// Variable is one name of the interpreter's vocabulary. Exactly one of
// the accessors is set, that of its kind; a party filled per payment
// line (from, to) has none: settle binds it to each payer and receiver
// (PayFrom, PayTo).
type Variable struct {
	Name  string
	Kind  Kind
	Zero  any    // its value in a new environment
	Doc   string // its meaning, for authors
	Words Words  // for learners

	Int    func(*Facts) *int
	Bool   func(*Facts) *bool
	Amount func(*Facts) *money.Amount
	String func(*Facts) *string
	Party  func(*Facts) **Party
}

// Variables of every settlement expression, with their meaning. The names
// are the interpreter's concepts; a ruleset adds its contract values,
// options, events and defines. The order is the frames' slot order.
var Variables = []Variable{
	{Name: "contract", Kind: KindString, Zero: "", Doc: "name of the contract played (empty if none)",
		String: func(x *Facts) *string { return &x.Contract }},
	{Name: "trumps", Kind: KindString, Zero: "", Doc: "trump suit id of the contract (empty if none)",
		String: func(x *Facts) *string { return &x.Trumps }},
	{Name: "number", Kind: KindInt, Zero: 0, Doc: "numerical bidding value of the contract",
		Int: func(x *Facts) *int { return &x.Number }},
	{Name: "hand", Kind: KindBool, Zero: false, Doc: "the contract is played from the hand (talon unused)",
		Words: Words{Not: "the contract is not played from the hand"},
		Bool:  func(x *Facts) *bool { return &x.Hand }},
	{Name: "declared", Kind: KindBool, Zero: false, Doc: "there is a declarer",
		Words: Words{Fact: "somebody declared", Not: "nobody declared"},
		Bool:  func(x *Facts) *bool { return &x.Declared }},
	{Name: "passed", Kind: KindBool, Zero: false, Doc: "every player passed and nobody declared",
		Words: Words{Fact: "everybody passed", Not: "somebody declared"},
		Bool:  func(x *Facts) *bool { return &x.Passed }},
	{Name: "forced", Kind: KindBool, Zero: false, Doc: "the declarer was forced by the all-pass procedure",
		Words: Words{Not: "the declarer was not forced"},
		Bool:  func(x *Facts) *bool { return &x.Forced }},
	{Name: "conceded", Kind: KindBool, Zero: false, Doc: "the declarer gave up before play",
		Words: Words{Not: "the declarer did not give up"},
		Bool:  func(x *Facts) *bool { return &x.Conceded }},
	{Name: "uncontested", Kind: KindBool, Zero: false, Doc: "a contract played only against a contra that nobody doubled: not played",
		Bool: func(x *Facts) *bool { return &x.Uncontested }},
	{Name: "played", Kind: KindBool, Zero: false, Doc: "cards were played",
		Words: Words{Not: "no cards were played"},
		Bool:  func(x *Facts) *bool { return &x.Played }},
	{Name: "made", Kind: KindBool, Zero: false, Doc: "cards were played and the declarer took the tricks the contract needs",
		Words: Words{Fact: "the declarer made the contract", Not: "the declarer did not make the contract"},
		Bool:  func(x *Facts) *bool { return &x.Made }},
	{Name: "tricks_needed", Kind: KindInt, Zero: 0, Doc: "tricks the declarer needed",
		Int: func(x *Facts) *int { return &x.TricksNeeded }},
	{Name: "talon_same_rank", Kind: KindBool, Zero: false, Doc: "the talon's cards are all of one rank (known from a played deal, or a case naming the talon)",
		Bool: func(x *Facts) *bool { return &x.TalonSameRank }},
	{Name: "contra", Kind: KindBool, Zero: false, Doc: "a defender called contra",
		Words: Words{Not: "nobody called contra"},
		Bool:  func(x *Facts) *bool { return &x.Contra }},
	{Name: "recontra", Kind: KindBool, Zero: false, Doc: "the declarer answered with recontra",
		Words: Words{Not: "there was no recontra"},
		Bool:  func(x *Facts) *bool { return &x.Recontra }},
	{Name: "doubling", Kind: KindInt, Zero: 1, Doc: "1, 2 after a contra, 4 after a recontra, 8 after a subcontra, 16 after a mortcontra (the highest at the table)",
		Int: func(x *Facts) *int { return &x.Doubling }},
	{Name: "marks_given", Kind: KindInt, Zero: 0, Doc: "markings handed out so far in the session",
		Int: func(x *Facts) *int { return &x.MarksGiven }},
	{Name: "pot_bid", Kind: KindInt, Zero: 0, Doc: "what the declarer offered into the pot in the pot auction (0 if none)",
		Words: Words{Noun: "what the declarer offered into the pot", None: "nobody bid into the pot", Some: "the declarer bid into the pot"},
		Int:   func(x *Facts) *int { return &x.PotBid }},
	{Name: "declarer_run", Kind: KindInt, Zero: 0, Doc: "the declarer's longest run of tricks won one after another",
		Int: func(x *Facts) *int { return &x.DeclarerRun }},
	{Name: "overtricks", Kind: KindInt, Zero: 0, Doc: "tricks the declarer took above the target (0 if failed)",
		Words: Words{None: "the declarer took no trick above the contract", Some: "the declarer took tricks above the contract"},
		Int:   func(x *Facts) *int { return &x.Overtricks }},
	{Name: "undertricks", Kind: KindInt, Zero: 0, Doc: "tricks the declarer was short (0 if made)",
		Words: Words{None: "the declarer was not short", Some: "the declarer was short"},
		Int:   func(x *Facts) *int { return &x.Undertricks }},
	{Name: "defence_tricks", Kind: KindInt, Zero: 0, Doc: "tricks the defenders took together",
		Int: func(x *Facts) *int { return &x.DefenceTricks }},
	{Name: "playing_defenders", Kind: KindInt, Zero: 0, Doc: "defenders who played",
		Words: Words{None: "no defender played", Some: "a defender played"},
		Int:   func(x *Facts) *int { return &x.PlayingDefenders }},
	{Name: "dropped_defenders", Kind: KindInt, Zero: 0, Doc: "defenders who dropped out",
		Words: Words{None: "no defender dropped out", Some: "a defender dropped out"},
		Int:   func(x *Facts) *int { return &x.DroppedDefenders }},
	{Name: "failed_defenders", Kind: KindInt, Zero: 0, Doc: "playing defenders short of their target",
		Words: Words{None: "no playing defender failed", Some: "a playing defender failed"},
		Int:   func(x *Facts) *int { return &x.FailedDefenders }},
	{Name: "pot", Kind: KindAmount, Zero: money.Amount{}, Doc: "the pot before this settlement",
		Amount: func(x *Facts) *money.Amount { return &x.Pot }},
	{Name: "someone_invited", Kind: KindBool, Zero: false, Doc: "a defender invited the one who dropped out",
		Words: Words{Not: "nobody was invited"},
		Bool:  func(x *Facts) *bool { return &x.SomeoneInvited }},
	{Name: "declarer_aces", Kind: KindInt, Zero: 0, Doc: "cards of the highest rank in the hand the declarer played (known when the deal was played)",
		Int: func(x *Facts) *int { return &x.DeclarerAces }},
	{Name: "declarer_aces_all", Kind: KindInt, Zero: 0, Doc: "cards of the highest rank among the declarer's hand and the talon taken (known when the deal was played)",
		Int: func(x *Facts) *int { return &x.DeclarerAcesAll }},
	{Name: "defence_needs", Kind: KindInt, Zero: 0, Doc: "tricks the defence owes against the contract (its defence_needs)",
		Words: Words{Noun: "the tricks the defence owes against the contract"},
		Int:   func(x *Facts) *int { return &x.DefenceNeeds }},
	{Name: "open", Kind: KindBool, Zero: false, Doc: "the defending hands were shown (a lone defender's choice, or a contract with defenders_open)",
		Words: Words{Not: "the defending hands were not shown"},
		Bool:  func(x *Facts) *bool { return &x.Open }},
	{Name: "talon_tricks", Kind: KindInt, Zero: 0, Doc: "tricks the talon won, in a contract everyone plays with talon_leads: card",
		Words: Words{Noun: "the tricks the talon won", None: "the talon won no trick", Some: "the talon won a trick"},
		Int:   func(x *Facts) *int { return &x.TalonTricks }},
	{Name: "fewest_tricks", Kind: KindInt, Zero: 0, Doc: "the fewest tricks any player holding a hand took",
		Int: func(x *Facts) *int { return &x.FewestTricks }},
	{Name: "all_pass_run", Kind: KindInt, Zero: 0, Doc: "deals immediately before this one in which nobody declared",
		Words: Words{None: "the deal before was not passed out", Some: "the deal before was passed out"},
		Int:   func(x *Facts) *int { return &x.AllPassRun }},
	{Name: PlayersName, Kind: KindInt, Zero: 0, Doc: "seats at the table, a dealer sitting out included",
		Int: func(x *Facts) *int { return &x.Players }},
	{Name: "pot_after", Kind: KindAmount, Zero: money.Amount{}, Doc: "the pot after the payments to and from it of the rules before this one in this deal (a rule last in the list reads the pot the deal leaves); not in a define or an event, which are worked out before any rule",
		Words:  Words{Noun: "the pot after the payments of the rules before"},
		Amount: func(x *Facts) *money.Amount { return &x.PotAfter }},
	{Name: "deal_number", Kind: KindInt, Zero: 0, Doc: "this deal's place in the session, 1 for the first (0 when not known: a deal settled on its own)",
		Words: Words{Noun: "the number of this deal in the session"},
		Int:   func(x *Facts) *int { return &x.DealNumber }},
	{Name: "session_deals", Kind: KindInt, Zero: 0, Doc: "the deals the session is agreed to last (0 when no length was agreed)",
		Words: Words{Noun: "the deals the session lasts", None: "no length of the session was agreed", Some: "a length of the session was agreed"},
		Int:   func(x *Facts) *int { return &x.SessionDeals }},
	{Name: "declarer", Kind: KindParty, Zero: Party{}, Doc: "the declarer", Words: Words{Who: "the declarer"},
		Party: func(x *Facts) **Party { return &x.Declarer }},
	{Name: "dealer", Kind: KindParty, Zero: Party{}, Doc: "the dealer", Words: Words{Who: "the dealer"},
		Party: func(x *Facts) **Party { return &x.Dealer }},
	{Name: "forehand", Kind: KindParty, Zero: Party{}, Doc: "forehand", Words: Words{Who: "forehand"},
		Party: func(x *Facts) **Party { return &x.Forehand }},
	{Name: "from", Kind: KindParty, Zero: Party{}, Doc: "in a payment line: the payer", Words: Words{Who: "the payer"}},
	{Name: "to", Kind: KindParty, Zero: Party{}, Doc: "in a payment line: the receiver", Words: Words{Who: "the receiver"}},
}

// PayFrom and PayTo are the parties of a payment line (and PayTo the
// party a marking line marks), which settle binds per line.
var (
	PayFrom = PartyVariable("from")
	PayTo   = PartyVariable("to")
)

// PotAfter is pot_after, which settle moves as each rule pays.
var PotAfter = AmountVariable("pot_after")

// ReadsDealNumber reports whether r reads the deal's place in the
// session or the session's length (lint tries the first and the last
// deal of a session); ReadsSessionLength, the length alone (a record of
// the session keeps it).
func (r *Ruleset) ReadsDealNumber() bool {
	return r.Reads("deal_number") || r.ReadsSessionLength()
}

func (r *Ruleset) ReadsSessionLength() bool { return r.Reads("session_deals") }

// variableByName finds the table's entries by name.
var variableByName = func() map[string]*Variable {
	m := make(map[string]*Variable, len(Variables))
	for i := range Variables {
		m[Variables[i].Name] = &Variables[i]
	}
	return m
}()

// VariableNamed is the interpreter's variable of that name, if any.
func VariableNamed(name string) (*Variable, bool) {
	v, ok := variableByName[name]
	return v, ok
}

// FactsBinding binds the interpreter's variables to the fields of one
// Facts, found once by walking the table (Bind): filling a frame then
// copies each fact to its variable's slot, with no call and no name.
type FactsBinding struct {
	ints    []*int
	bools   []*bool
	amounts []*money.Amount
	strs    []*string
	parties []**Party // nil for a party of a payment line
}

// Bind binds the variables to x's fields, in slot order (the
// interpreter's variables have the same slots in every ruleset's frames).
func Bind(x *Facts) *FactsBinding {
	b := new(FactsBinding)
	for _, v := range Variables {
		switch v.Kind {
		case KindInt:
			b.ints = append(b.ints, v.Int(x))
		case KindBool:
			b.bools = append(b.bools, v.Bool(x))
		case KindAmount:
			b.amounts = append(b.amounts, v.Amount(x))
		case KindString:
			b.strs = append(b.strs, v.String(x))
		case KindParty:
			var p **Party
			if v.Party != nil {
				p = v.Party(x)
			}
			b.parties = append(b.parties, p)
		}
	}
	return b
}

// Fill sets the interpreter's variables of f from the bound facts (the
// parties of a payment line are left as they are). f is a frame of a
// ruleset's settlement expressions, whose slots start with the
// interpreter's variables.
func (b *FactsBinding) Fill(f *Frame) {
	for i, p := range b.ints {
		f.ints[i] = *p
	}
	for i, p := range b.bools {
		f.bools[i] = *p
	}
	for i, p := range b.amounts {
		f.amounts[i] = *p
	}
	for i, p := range b.strs {
		f.strs[i] = *p
	}
	for i, p := range b.parties {
		if p == nil {
			continue
		}
		if *p == nil {
			f.parties[i] = &noParty
		} else {
			f.parties[i] = *p
		}
	}
}

// PartyWords are what a learner reads for the fields of a Party (by
// their names in expressions) after the party's name: a yes-or-no field
// as a clause (Fact) and its negation (Not), a number as a noun, and a
// number that is 0 or more (None, Some).
var PartyWords = map[string]Words{
	"played":     {Fact: "played", Not: "did not play"},
	"dropped":    {Fact: "dropped out", Not: "did not drop out"},
	"failed":     {Fact: "failed", Not: "did not fail"},
	"declarer":   {Fact: "is the declarer", Not: "is not the declarer"},
	"defender":   {Fact: "is a defender", Not: "is not a defender"},
	"dealer":     {Fact: "is the dealer", Not: "is not the dealer"},
	"pot":        {Fact: "is the pot", Not: "is not the pot"},
	"invited":    {Fact: "was invited", Not: "was not invited"},
	"inviter":    {Fact: "invited the other defender", Not: "did not invite the other defender"},
	"half":       {Fact: "took half without play", Not: "did not take half"},
	"last_trick": {Fact: "took the last trick", Not: "did not take the last trick"},
	"tricks":     {Noun: "tricks", None: "took no trick", Some: "took a trick"},
	"credited":   {Noun: "tricks credited"},
	"doubling":   {Noun: "doubling"},
	"marks":      {Noun: "markings", None: "holds no marking", Some: "holds a marking"},
	"share":      {Noun: "share of the defence"},
	"short":      {Noun: "tricks short", None: "is not short", Some: "is short"},
	"own_short":  {Noun: "tricks short of his own share", None: "took his own share", Some: "is short of his own share"},
	"seat":       {Noun: "seat"},
}
