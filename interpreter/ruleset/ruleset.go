package ruleset

import (
	"fmt"
	"slices"
	"strings"

	"github.com/expr-lang/expr/vm"
	"github.com/preference-rules/pref/interpreter/cards"
	"github.com/preference-rules/pref/interpreter/money"
	"github.com/preference-rules/pref/schema"
	"gopkg.in/yaml.v3"
)

// Ruleset is a compiled ruleset: everything the interpreter needs, with no
// YAML left on the paths that run per deal or per card.
type Ruleset struct {
	File        string
	Spec        *Spec
	Name        string
	Title       string
	Description string

	Deck     cards.Deck
	Hands    int // players holding cards
	TableMax int
	// CounterClockwise: the deal and the play go to the right. Seats are
	// kept in playing order either way; only the words differ.
	CounterClockwise bool
	Packets          []Packet
	HandSize         int // cards per hand, also the number of tricks
	TalonSize        int

	Contracts  []Contract
	ValueNames []string // keys of every contract's values, sorted
	Ladder     []Call   // bids, lowest first

	Auction  Auction
	Exchange Exchange
	Defence  Defence
	Play     Play

	Options []Option
	Events  []Event
	Ante    Ante
	Sheet   Sheet
	// RunEndsOnPlay: a run of all-pass deals ends only with a deal whose
	// contract is played by cards; otherwise with any deal that has a
	// declarer (a contract nobody defends counts as played).
	RunEndsOnPlay bool
	// FirstDealer: who deals first at a new table: "" the last seat, or
	// "draw-suit-first" / "draw-rank-first": each player draws a card and
	// the highest deals, cards compared by suit then rank or the reverse.
	FirstDealer string

	Defines []Define
	// AmountWords are the learner's words for the names amounts read, by
	// name (amount_words:); nil when the ruleset gives none.
	AmountWords map[string]AmountWords
	// Marking is what the ruleset calls the markings its rules hand out
	// (marking:), "marking" and "markings" when it names none.
	Marking MarkingWords
	// MarkKinds are the further kinds of marker (markings:), kind k at
	// MarkKinds[k-1]; the default kind, 0, is Marking's.
	MarkKinds []MarkKind
	Rules     []Rule

	// ContraWords are what the table calls the doublings, by level (1
	// contra ... 4 mortcontra; call_words), for what a player reads
	ContraWords [MaxContraLevels + 1]string
	// Terms are the table's words in force (words:, the set an option
	// selects): the deck's suit names and the contracts' labels are
	// already the set's; the accounts' words are read by AccountWord.
	Terms       Terms
	termsOption string              // the option that selects the set ("" none)
	termSets    map[string]*termSet // by the option's value
	own         ownWords            // the words the ruleset writes itself

	envTemplate map[string]any
	layout      *Layout       // of the settlement frames
	zero        *Frame        // every name at its zero, the options at their values
	codes       []*Code       // every settlement expression
	finals      []*Code       // the final's expressions (over its own frames)
	programs    *programCache // shared with the rulesets With derives
	// trusted: an embedded ruleset, which the test suite checks against
	// the schema with every option value; its loads (and With's) skip the
	// schema, whose compilation is most of a command's start-up
	trusted bool
	root    *yaml.Node // the document, with the sets of the options as they stand applied
	// written: the document as written, no option's sets applied, which
	// With applies the options to (root is written when no option in
	// force sets a field)
	written *yaml.Node
	// files are the files of the extends chain, the ruleset's first: the
	// lines of the n-th file's nodes are moved by n*lineStride (merge.go)
	files    []string
	warnings schema.List // what loading noticed but did not refuse
}

type Packet struct {
	ToTalon bool
	Cards   int
}

// Contract is one row of the bid table.
type Contract struct {
	Name, Label   string
	TableWord     bool       // Label is the table's own word (a term set's, terms.go): said without the name
	Trumps        cards.Suit // cards.NoSuit for none
	Tricks        int
	Exact         bool
	InARow        bool // the target counts the declarer's longest run of consecutive tricks
	Number        int
	Values        []int // in the order of Ruleset.ValueNames
	StopWhenLost  bool
	NoDrop        bool
	MustBid       bool // announced only when bid as such
	FirstBidOnly  bool // may be bid only as a player\'s first call
	EachNeeds     int  // tricks each playing defender needs
	Open          bool
	DefenceNeeds  int // tricks the defence as a whole answers for (0: none)
	DefendersOpen bool
	TalonLeads    TalonLeads
	NoDeclarer    bool   // played by everyone when all pass (auction.all_pass.play)
	Half          bool   // the defence choice half is open against it
	HandExtra     int    // tricks it needs beyond Tricks when played from the hand (exact contracts: 0)
	Leader        Leader // who leads to its first trick; LeaderDefault: as play.leader says
	MustContra    bool   // played only against a contra: undoubled, the deal ends unplayed (uncontested)
	// MustContraTalonOnly: MustContra binds only when it is played with the
	// talon (must_contra: talon)
	MustContraTalonOnly bool
	NoInvite            bool // a lone defender may not invite the other against it
}

// Leader is who leads to the first trick, passing over seats not in play.
type Leader uint8

const (
	LeaderDefault       Leader = iota // a contract's: as the rules of play say
	LeaderDeclarer                    // the declarer
	LeaderForehand                    // forehand, then the next in play
	LeaderDeclarerLeft                // the player after the declarer in playing order, then the next
	LeaderDeclarerRight               // the player before the declarer in playing order ("through the declarer"), then the one before him
)

// Leaders are the words of play.leader and a contract's leader.
var Leaders = map[string]Leader{"declarer": LeaderDeclarer, "forehand": LeaderForehand, "declarer-left": LeaderDeclarerLeft, "declarer-right": LeaderDeclarerRight}

// LeaderOf is who leads to the first trick of contract ci (-1: none).
func (r *Ruleset) LeaderOf(ci int) Leader {
	if ci >= 0 && ci < len(r.Contracts) && r.Contracts[ci].Leader != LeaderDefault {
		return r.Contracts[ci].Leader
	}
	return r.Play.Leader
}

// TalonLeads says how the talon's cards open the first tricks of a contract
// played by everyone.
type TalonLeads uint8

const (
	TalonNotTurned     TalonLeads = iota
	TalonSuit                     // fixes the suit led, never wins
	TalonCard                     // competes, and may win the trick
	TalonCardDealerOut            // TalonCard when the dealer sits out, else TalonSuit
)

// Display is the label, or the name.
func (c *Contract) Display() string {
	if c.Label != "" {
		return c.Label
	}
	return c.Name
}

// Made reports whether n tricks, the longest run of them consecutive, make
// the contract when it needs need tricks (see Ruleset.Need).
func (c *Contract) Made(need, n, run int) bool {
	switch {
	case c.InARow:
		return run >= need
	case c.Exact:
		return n == need
	}
	return n >= need
}

// Lost reports whether the contract, needing need tricks, is lost for
// good once the declarer has taken taken of the played tricks of a deal of
// all: an exact contract by one trick too many, any other when the tricks
// left cannot make up the difference. The one home of the rule that stops
// play (stop_when_lost) and of the check of a stated outcome that stopped.
func (c *Contract) Lost(need, taken, played, all int) bool {
	return (c.Exact && taken > need) || taken+all-played < need
}

// Need is the tricks contract ci needs: its own, plus the extra tricks of a
// hand game where the ruleset asks for them (exact contracts excepted).
func (r *Ruleset) Need(ci int, hand bool) int {
	c := &r.Contracts[ci]
	if hand {
		return c.Tricks + c.HandExtra
	}
	return c.Tricks
}

// Call is a bid on the ladder: a contract, maybe in its hand version.
type Call struct {
	Contract int
	Hand     bool
	Name     string // the word said for it, when not the contract's (auction.call_names)
}

type Raise uint8

const (
	RaiseHigher Raise = iota
	RaiseOneMore
)

type Auction struct {
	Raise       Raise
	HoldEarlier bool
	// HoldNext: a bid with the talon raised by one player is answered by
	// the next with a hold ("moje") or a pass, a hold by a raise or a pass;
	// the opening bid cannot be held.
	HoldNext bool
	// OpenerHoldsFirstRaise (with HoldNext): the first raise may be held
	// only by the player who opened; any other player may raise it
	// instead.
	OpenerHoldsFirstRaise bool
	// TopHoldEnds (with HoldNext): a hold of the highest bid with the
	// talon ends the bidding at once, nobody asked to pass.
	TopHoldEnds       bool
	OneRound          bool // each player calls once; the highest bid wins
	HandOnlyFirstCall bool
	HandNotAfterPlain bool // a player who has bid with the talon may not bid hand later (a hand bid does not bar one)
	Offers            []Offer
	PotAuction        bool  // all passed: bid amounts into the pot for the talon
	AllPassPlay       int   // all passed: this contract is played by everyone; -1 none
	AllPassExit       []int // after 1, 2, 3... deals passed out in a row: the least tricks a bid may promise (misère excepted)
}

// Seat roles named in rulesets.
type Role uint8

const (
	Forehand Role = iota
	Middlehand
	Dealer
)

type Offer struct {
	Seat       Role
	Forced     bool
	MayConcede bool
}

type HandPlay uint8

const (
	HandNever HandPlay = iota
	HandBid
	HandAfterAuction
)

type Exchange struct {
	TakeTalon  bool
	ShowTalon  bool
	Discard    int
	HandPlay   HandPlay
	HandExtra  int // tricks a hand game needs beyond the contract's
	AtLeastBid bool
}

type Defence struct {
	MayPlay, MayDrop bool
	MayInvite        bool // the defender left alone may invite the one who dropped
	MayHalf          bool // the second defender may take half when the first dropped
	InviteNeeds      int  // tricks the inviter needs, the invited player's included
	Contra           Contra
	EachNeeds        int
	Concede          Concede
	DroppedPlayed    bool // a dropped hand is played along with the defender who plays
	OpenChoice       bool // that defender chooses open or closed play
	OddEarlier       bool // the earlier defender answers for an odd trick of defence_needs
}

// Contra is the doubling of a deal by a defender, and its answer.
type Contra struct {
	On        bool
	Team      bool // one contra for the defence; the caller invites the other
	TeamNeeds int  // team mode: tricks the defence needs after a contra
	Recontra  bool // the declarer may answer (Levels >= 2)
	Levels    int  // the longest chain of doublings: 1 contra, 2 recontra, 3 subcontra, 4 mortcontra
	// NotAfterInvitation: once a defender invited the other, nobody calls
	// contra: inviting is final.
	NotAfterInvitation bool
}

// ContraCalls names the doublings of a contra chain by level (1 contra ...
// 4 mortcontra); the caller of contra and the declarer answer in turn.
var ContraCalls = [...]string{"", "contra", "recontra", "subcontra", "mortcontra"}

// MaxContraLevels is the longest chain of doublings a ruleset may allow.
const MaxContraLevels = 4

// Cooperation is the status of the defenders' cooperation rules.
type Cooperation uint8

const (
	CooperationNone Cooperation = iota
	CooperationAdvice
	CooperationFirstRuleBinding
)

// Concede says whether and when a declarer may give up before play.
type Concede uint8

const (
	ConcedeNever Concede = iota
	ConcedeBeforeDefence
	ConcedeAfterDefence
)

type Play struct {
	Cooperation   Cooperation
	Leader        Leader // who leads to the first trick (a contract may say otherwise)
	DeclarerLeads bool   // Leader is LeaderDeclarer
	LeftLeads     bool   // Leader is LeaderDeclarerLeft
	MustTrump     bool
	MustHead      bool
	HeadBy        Part // who MustHead binds
	// Lead restricts the card a player leads (play.lead); LeadOff is the
	// set of its rules that do not bind the seat (bit i: Lead[i]), set by
	// ForSeat.
	Lead    []LeadRule
	LeadOff uint8
}

// Part is the side a player takes in a deal, for rules of play that bind
// only some players.
type Part uint8

const (
	PartEveryone  Part = iota
	PartDefenders      // the players against a declarer
	PartDeclarer
)

// ForSeat is the rules of play as they bind one player: the declarer or
// not, in a deal with a declarer or not. A rule bound to a role binds
// nobody in a deal without a declarer (the all-pass game).
func (p Play) ForSeat(declarer, hasDeclarer bool) Play {
	switch p.HeadBy {
	case PartDefenders:
		p.MustHead = p.MustHead && hasDeclarer && !declarer
	case PartDeclarer:
		p.MustHead = p.MustHead && hasDeclarer && declarer
	}
	p.LeadOff = 0
	for i := range p.Lead {
		if !p.Lead[i].binds(declarer, hasDeclarer) {
			p.LeadOff |= 1 << i
		}
	}
	return p
}

// Option is a rule variation; Value is its default (bool or int).
type Option struct {
	Name, Ident, Description, Source string
	Default                          any        // bool, int, or string (one of Values)
	Values                           []string   // a choice among words: the words
	Sets                             *yaml.Node // fields switched when on (a mapping), or nil
	Min, Max                         *int       // a number's bounds, if the ruleset gives them
	MultipleOf                       int        // a number's step (2: even), 0 if none
}

type Event struct {
	Name, Ident, Description, Source string
	When                             *Code // derived from the cards when the deal is played; nil: stated only
}

// Sheet names the score-sheet accounts: per player, and per pair.
type Sheet struct {
	Accounts     []string
	PairAccounts []string
	Start        []SheetStart // accounts that do not start at zero
	WriteOff     *WriteOff    // nil: none
	Ceiling      *Ceiling     // nil: none
	Final        *Final       // nil: the sheet is never closed
}

// SheetStart is what every player's Account holds when a game starts
// (an account a game counts down from): an expression over the
// options and players, evaluated by StartValue.
type SheetStart struct {
	Account, Src string
	Value        *vm.Program
}

// PlayersName is the name by which expressions read the number of
// players: a deal's facts (the vocabulary), what a sheet's accounts start
// at and its final conversion.
const PlayersName = "players"

// StartValue is what account holds when a game of players starts (zero
// for an account without a start).
func (r *Ruleset) StartValue(account string, players int) (money.Amount, error) {
	for _, st := range r.Sheet.Start {
		if st.Account != account {
			continue
		}
		env := map[string]any{PlayersName: players}
		for _, o := range r.Options {
			env[o.Ident] = o.Default
		}
		v, err := vm.Run(st.Value, env)
		if err != nil {
			return money.Amount{}, fmt.Errorf("table.sheet.start %s %q: %v", account, st.Src, err)
		}
		switch x := v.(type) {
		case int:
			return money.Int(int64(x)), nil
		case money.Amount:
			return x, nil
		}
		return money.Amount{}, fmt.Errorf("table.sheet.start %s %q is not a number", account, st.Src)
	}
	return money.Amount{}, nil
}

// WriteOff: a player's gain in Account is first taken off Off while Off
// stands above zero. When (nil: always) is a settlement expression.
type WriteOff struct {
	Account, Off string
	When         *Code
	WhenSrc      string
	Rule, Source string
}

// Ceiling: no player's Account passes At. The excess fills the others'
// Account below At, the fullest first (ties to the nearest on the
// helper's left); the helper writes PerPoint per point given in HelpAccount
// (a pair account) against each player helped; what nobody can take comes
// off the helper's Rest. At, When (nil: always) and PerPoint are settlement
// expressions.
type Ceiling struct {
	Account, HelpAccount, Rest string
	At, When, PerPoint         *Code
	AtSrc, WhenSrc, PerSrc     string
	Rule, Source               string
}

// Final closes a game kept on a score sheet: ClosedWhen per player, Pair
// per ordered pair of players, both over a FinalEnv, or compiled over a
// NewFinalFrame.
type Final struct {
	ClosedWhen, Pair   *Code
	ClosedSrc, PairSrc string
	Description        string
	env                map[string]any
	layout             *Layout
}

// Slot is the slot of a name of the final's frames (an account, other_,
// total_, players), for filling them.
func (f *Final) Slot(name string) (Slot, bool) { return f.layout.Slot(name) }

// NewFinalFrame is FinalEnv as a frame for the final's compiled
// expressions.
func (r *Ruleset) NewFinalFrame() *Frame { return newFrame(r.Sheet.Final.layout, r.FinalEnv()) }

type Ante struct {
	Each, Dealer int
	When         AnteWhen
}

type AnteWhen uint8

const (
	AnteFirstDeal AnteWhen = iota
	AnteEveryDeal
	AntePotEmpty
)

// Define is a named value computed once per settlement.
type Define struct {
	Name, Src string
	Program   *Code
}

// Rule is a compiled settlement rule.
type Rule struct {
	Name, Source string
	When         *Code
	WhenSrc      string
	WhenValues   []ExplainPart // the condition with each name's value, for explanations
	Mark         []Mark
	Pay          []Pay
}

// Mark is a compiled change of markings: Add for every party of Who for
// which Where holds (the party bound as `to`).
type Mark struct {
	Kind   int // 0: the default kind; k: MarkKinds[k-1]
	Who    Selector
	Where  *Code
	Add    *Code
	AddSrc string
}

// Party selectors of a payment line.
type Selector uint8

const (
	SelDeclarer Selector = iota
	SelDefenders
	SelPlayers
	SelDealer
	SelForehand
	SelPot
)

type Pay struct {
	From, To  Selector
	Account   string // a score-sheet account written instead of moving money
	Pair      bool   // Account is a pair account: to's, against from
	Where     *Code  // nil: always
	Amount    *Code
	AmountSrc string
	Explain   []ExplainPart // from the ruleset's explain, else the amount with its values (Arithmetic)
}

// ExplainPart is literal text, or an expression whose value is printed.
type ExplainPart struct {
	Text    string
	Program *Code
	Quote   bool // a word in a condition: shown quoted, as it is compared ("obliged" == "unwhisted")
}

// ContractByName finds a contract's index.
func (r *Ruleset) ContractByName(name string) (int, bool) {
	for i := range r.Contracts {
		if r.Contracts[i].Name == name {
			return i, true
		}
	}
	return 0, false
}

// CallName writes a ladder call: "diamonds", "hearts hand".
func (r *Ruleset) CallName(c Call) string {
	if c.Name != "" {
		return c.Name
	}
	n := r.Contracts[c.Contract].Name
	if c.Hand {
		n += " hand"
	}
	return n
}

// Option finds an option by name.
func (r *Ruleset) Option(name string) (*Option, bool) {
	for i := range r.Options {
		if r.Options[i].Name == name {
			return &r.Options[i], true
		}
	}
	return nil, false
}

// FinalEnv is a fresh environment for the final expressions: every account
// at zero, players 0, the options at r's values.
func (r *Ruleset) FinalEnv() map[string]any {
	f := r.Sheet.Final
	env := make(map[string]any, len(f.env))
	for k, v := range f.env {
		env[k] = v
	}
	for _, o := range r.Options {
		env[o.Ident] = o.Default
	}
	return env
}

// TalonCompetes reports whether the talon's cards turned into tricks of
// contract c may win them, at a table where the dealer sits out or not.
func (c *Contract) TalonCompetes(dealerSitsOut bool) bool {
	return c.TalonLeads == TalonCard || (c.TalonLeads == TalonCardDealerOut && dealerSitsOut)
}

// MayHalf reports whether seat may take half against contract ci declared
// by declarer: the ruleset offers it against that contract, seat is the
// second defender from the declarer's left and the first dropped out.
func (r *Ruleset) MayHalf(ci, declarer, seat int, firstDropped bool) bool {
	if !r.Defence.MayHalf || ci < 0 || !r.Contracts[ci].Half || declarer < 0 || r.Hands != 3 {
		return false
	}
	return seat == (declarer+2)%r.Hands && firstDropped
}

// MayDrop reports whether a defender of contract ci may drop out: the one
// rule the game asks by and a stated outcome is checked by. WhyNoDrop puts
// a refusal in words.
func (r *Ruleset) MayDrop(ci int) bool {
	return r.Defence.MayDrop && !(ci >= 0 && ci < len(r.Contracts) && r.Contracts[ci].NoDrop)
}

// WhyNoDrop says why a defender of contract ci may not drop out, or ""
// when he may (MayDrop). The words are built here, when asked: the deal
// asks MayDrop, which builds nothing, at every defence.
func (r *Ruleset) WhyNoDrop(ci int) string {
	switch {
	case !r.Defence.MayDrop:
		return "this ruleset does not let defenders drop"
	case !r.MayDrop(ci):
		return "defenders may not drop out of " + r.Contracts[ci].Name
	}
	return ""
}

// MayConcede reports whether the declarer may give up at the moment when
// (ConcedeBeforeDefence: on announcing; ConcedeAfterDefence: once the
// defence is known), forced or not. A declarer forced by an offer that
// allows it gives up on announcing.
func (r *Ruleset) MayConcede(when Concede, forced bool) bool {
	if when == ConcedeNever {
		return false
	}
	return r.Defence.Concede == when || when == ConcedeBeforeDefence && forced && r.ForcedMayConcede()
}

// CheckValue reports whether v is a value option o may take: of its
// default's type, and for a choice one of its words.
func (o *Option) CheckValue(v any) error {
	if fmt.Sprintf("%T", v) != fmt.Sprintf("%T", o.Default) {
		if len(o.Values) > 0 {
			return fmt.Errorf("option %q: want one of %s", o.Name, strings.Join(o.Values, ", "))
		}
		return fmt.Errorf("option %q: want a %T like its default %v", o.Name, o.Default, o.Default)
	}
	if s, ok := v.(string); ok && !slices.Contains(o.Values, s) {
		return fmt.Errorf("option %q: %q is not one of %s", o.Name, s, strings.Join(o.Values, ", "))
	}
	if n, ok := v.(int); ok && (n > MaxInt || n < -MaxInt) {
		return fmt.Errorf("option %q: %d is beyond ±%d, the largest number a ruleset may use", o.Name, n, int64(MaxInt))
	}
	if n, ok := v.(int); ok {
		return o.checkBounds(n)
	}
	return nil
}

// checkBounds checks a number against the option's minimum, maximum and
// step, saying the option's own description (which tells why).
func (o *Option) checkBounds(n int) error {
	switch {
	case o.Min != nil && n < *o.Min:
		return fmt.Errorf("option %q: %d is below %d, the least it takes (%s)", o.Name, n, *o.Min, o.Description)
	case o.Max != nil && n > *o.Max:
		return fmt.Errorf("option %q: %d is above %d, the largest it takes (%s)", o.Name, n, *o.Max, o.Description)
	case o.MultipleOf > 0 && n%o.MultipleOf != 0:
		return fmt.Errorf("option %q: %d is not a multiple of %d (%s)", o.Name, n, o.MultipleOf, o.Description)
	}
	return nil
}

// ForcedMayConcede reports whether a declarer forced when all passed may
// give up (an offer with forced and may_concede).
func (r *Ruleset) ForcedMayConcede() bool {
	for _, o := range r.Auction.Offers {
		if o.Forced && o.MayConcede {
			return true
		}
	}
	return false
}

// Warnings are what loading the ruleset noticed without refusing it: a
// settlement rule of a house file whose name is close to one of its
// base's (both apply). Each names its file, line and column.
func (r *Ruleset) Warnings() schema.List { return r.warnings }

// Place is the file, line and column of a node of r's document: a node from
// a ruleset r extends is in that file. file is "" for r's own file.
func (r *Ruleset) Place(n *yaml.Node) (file string, line, col int) {
	if n == nil {
		return "", 0, 0
	}
	line, col = n.Line, n.Column
	if k := line / lineStride; k > 0 && k < len(r.files) {
		return r.files[k], line % lineStride, col
	}
	return "", line, col
}

// MovesMoney reports whether r moves money (antes, payments) rather than
// only writing on a score sheet: the transcript and pref settle then
// speak of money and the pot.
func (r *Ruleset) MovesMoney() bool {
	if r.Ante.Each > 0 || r.Ante.Dealer > 0 {
		return true
	}
	for _, rule := range r.Rules {
		for _, p := range rule.Pay {
			if p.Account == "" {
				return true
			}
		}
	}
	return false
}
