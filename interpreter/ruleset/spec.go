package ruleset

import (
	"errors"

	"github.com/preference-rules/pref/schema"
	"gopkg.in/yaml.v3"
)

// decode is the stage that reads the checked document into a Spec. The
// Spec keeps the nodes of expressions and names (Expr, Word) for the
// compiler's positions. A document the schema refused (refused) that
// cannot be decoded has the schema's errors, which say why; when only
// some values had the wrong type (a *yaml.TypeError), the rest is decoded
// and the compiler, guarded on a refused document, checks it: the values
// the schema refused are decoded as if they were not written (yaml.v3
// would leave out the whole item that holds one).
func decode(file string, root *yaml.Node, refused schema.List) (*Spec, error) {
	var spec Spec
	err := root.Decode(&spec)
	if err == nil {
		return &spec, nil
	}
	if len(refused) == 0 {
		return nil, &schema.Error{File: file, Msg: err.Error()}
	}
	var typeErr *yaml.TypeError
	if errors.As(err, &typeErr) {
		spec = Spec{}
		if withoutRefused(root, refused).Decode(&spec) == nil {
			return &spec, nil
		}
	}
	return nil, refused.Err()
}

// withoutRefused is a copy of root with each scalar value the schema
// refused (at the place of one of its mistakes) made null.
func withoutRefused(root *yaml.Node, refused schema.List) *yaml.Node {
	cp := deepCopy(root)
	at := map[[2]int]bool{}
	for _, e := range refused {
		at[[2]int{e.Line, e.Col}] = true
	}
	var walk func(n *yaml.Node, depth int)
	walk = func(n *yaml.Node, depth int) {
		if depth > 64 {
			return
		}
		for i, c := range n.Content {
			isKey := n.Kind == yaml.MappingNode && i%2 == 0
			if c.Kind == yaml.ScalarNode && !isKey && at[[2]int{c.Line, c.Column}] {
				c.Tag, c.Value, c.Style = "!!null", "", 0
			}
			walk(c, depth+1)
		}
	}
	walk(cp, 0)
	return cp
}

// Spec is a ruleset file as written. The JSON Schema in schema/ is its
// contract with authors; keep the two in step (a test checks every field
// here is described there).
type Spec struct {
	// Extends names the ruleset this one starts from; the merge step
	// (merge.go) reads and removes it before the spec is decoded.
	Extends     string         `yaml:"extends"`
	Name        string         `yaml:"name"`
	Title       string         `yaml:"title"`
	Description string         `yaml:"description"`
	Source      string         `yaml:"source"`
	Notes       string         `yaml:"notes"`
	Players     PlayersSpec    `yaml:"players"`
	Cards       CardsSpec      `yaml:"cards"`
	Deal        DealSpec       `yaml:"deal"`
	Contracts   []ContractSpec `yaml:"contracts"`
	Auction     AuctionSpec    `yaml:"auction"`
	Exchange    ExchangeSpec   `yaml:"exchange"`
	Defence     DefenceSpec    `yaml:"defence"`
	Play        PlaySpec       `yaml:"play"`
	Options     yaml.Node      `yaml:"options"` // name -> OptionSpec, in file order
	Events      yaml.Node      `yaml:"events"`  // name -> EventSpec, in file order
	Table       TableSpec      `yaml:"table"`
	PPN         *PPNSpec       `yaml:"ppn"`
	Define      yaml.Node      `yaml:"define"`       // name -> expression, in file order
	AmountWords yaml.Node      `yaml:"amount_words"` // name -> a learner's words for it
	Marking     *MarkingSpec   `yaml:"marking"`      // what the ruleset calls a marking (refa)
	Markings    []MarkKindSpec `yaml:"markings"`     // further kinds of marker, each named, with its words
	CallWords   *CallWordsSpec `yaml:"call_words"`   // what the table calls the doublings (kontra)
	Terms       *TermsSpec     `yaml:"words"`        // a table's words for suits, contracts, accounts, by an option's value (terms.go)
	Settlement  []RuleSpec     `yaml:"settlement"`
}

type PlayersSpec struct {
	Hands     int    `yaml:"hands"`
	TableMax  int    `yaml:"table_max"`
	Direction string `yaml:"direction"` // clockwise (default) | counter-clockwise
}

type CardsSpec struct {
	Suits []SuitSpec `yaml:"suits"`
	Ranks []string   `yaml:"ranks"`
}

type SuitSpec struct {
	ID      string   `yaml:"id"`
	Name    string   `yaml:"name"`
	Symbol  string   `yaml:"symbol"`
	Colour  string   `yaml:"colour"`
	Aliases []string `yaml:"aliases"`
}

type DealSpec struct {
	Packets []PacketSpec `yaml:"packets"`
}

type PacketSpec struct {
	To    string `yaml:"to"`
	Cards int    `yaml:"cards"`
}

type ContractSpec struct {
	Node          *yaml.Node     `yaml:"-"`
	Name          string         `yaml:"name"`
	Label         string         `yaml:"label"`
	Trumps        string         `yaml:"trumps"`
	Tricks        int            `yaml:"tricks"`
	Exact         bool           `yaml:"exact"`
	InARow        bool           `yaml:"in_a_row"`
	Number        int            `yaml:"number"`
	Values        map[string]int `yaml:"values"`
	StopWhenLost  bool           `yaml:"stop_when_lost"`
	NoDrop        bool           `yaml:"no_drop"`
	MustBid       bool           `yaml:"must_bid"`
	FirstBidOnly  bool           `yaml:"first_bid_only"`
	EachNeeds     *int           `yaml:"each_needs"`
	Open          bool           `yaml:"open"`
	DefenceNeeds  int            `yaml:"defence_needs"`
	DefendersOpen bool           `yaml:"defenders_open"`
	TalonLeads    string         `yaml:"talon_leads"`
	Half          bool           `yaml:"half"`
	HandExtra     *int           `yaml:"hand_extra_tricks"`
	Leader        string         `yaml:"leader"`
	MustContra    string         `yaml:"must_contra"` // true, false or talon
	NoInvite      bool           `yaml:"no_invite"`
}

func (c *ContractSpec) UnmarshalYAML(n *yaml.Node) error {
	type plain ContractSpec
	c.Node = n
	return n.Decode((*plain)(c))
}

type AuctionSpec struct {
	AllPassExit       []int             `yaml:"all_pass_exit"` // after 1, 2, 3... all-pass deals in a row: the least tricks a bid may promise
	Ladder            []Word            `yaml:"ladder"`
	CallNames         map[string]string `yaml:"call_names"` // ladder call -> the word said for it (10-spades: totus)
	Raise             string            `yaml:"raise"`
	Hold              string            `yaml:"hold"`
	Rounds            string            `yaml:"rounds"`
	HandOnlyFirstCall bool              `yaml:"hand_only_as_first_call"`
	HandNotAfterPlain bool              `yaml:"no_hand_after_plain_bid"`
	OpenerHoldsFirst  bool              `yaml:"opener_holds_first_raise"`
	TopHoldEnds       bool              `yaml:"top_hold_ends"`
	AllPass           AllPassSpec       `yaml:"all_pass"`
}

type AllPassSpec struct {
	PotAuction bool        `yaml:"pot_auction"`
	Offers     []OfferSpec `yaml:"offers"`
	Otherwise  string      `yaml:"otherwise"`
	Play       Word        `yaml:"play"`
}

type OfferSpec struct {
	Seat       string `yaml:"seat"`
	Forced     bool   `yaml:"forced"`
	MayConcede bool   `yaml:"may_concede"`
}

type ExchangeSpec struct {
	Talon           string `yaml:"talon"`
	Discard         int    `yaml:"discard"`
	HandPlay        string `yaml:"hand_play"`
	HandExtraTricks int    `yaml:"hand_extra_tricks"`
	Announce        string `yaml:"announce"`
}

type DefenceSpec struct {
	Choices          []string    `yaml:"choices"`
	InviteNeeds      *int        `yaml:"invite_needs"`
	Contra           *ContraSpec `yaml:"contra"`
	EachNeeds        int         `yaml:"each_needs"`
	DeclarerConcedes string      `yaml:"declarer_concedes"`
	DroppedHand      string      `yaml:"dropped_hand"`
	Open             string      `yaml:"open"`
	OddShare         string      `yaml:"odd_share"`
}

type ContraSpec struct {
	Mode      string `yaml:"mode"`
	TeamNeeds int    `yaml:"team_needs"`
	Recontra  *bool  `yaml:"recontra"`
	Levels    *int   `yaml:"levels"`
	// AfterInvitation: a contra may still be called once a defender invited
	// the other (default true).
	AfterInvitation *bool `yaml:"after_invitation"`
}

type PlaySpec struct {
	Cooperation string     `yaml:"cooperation"`
	Leader      string     `yaml:"leader"`
	Trump       string     `yaml:"trump"`
	Head        string     `yaml:"head"`
	Lead        []LeadSpec `yaml:"lead"`
}

type OptionSpec struct {
	Sets        yaml.Node `yaml:"sets"`
	Default     yaml.Node `yaml:"default"`
	Values      []string  `yaml:"values"`      // a choice among words: the words
	Minimum     *int      `yaml:"minimum"`     // a number: the least value it takes
	Maximum     *int      `yaml:"maximum"`     // a number: the largest
	MultipleOf  int       `yaml:"multiple_of"` // a number: it is a multiple of this (2: an even number)
	Description string    `yaml:"description"`
	Source      string    `yaml:"source"`
}

type EventSpec struct {
	When        Expr   `yaml:"when"`
	Description string `yaml:"description"`
	Source      string `yaml:"source"`
}

type TableSpec struct {
	Ante           AnteSpec  `yaml:"ante"`
	Sheet          SheetSpec `yaml:"sheet"`
	AllPassRunEnds string    `yaml:"all_pass_run_ends"` // declared (default) | played
	FirstDealer    string    `yaml:"first_dealer"`      // last-seat (default) | draw-suit-first | draw-rank-first
}

type SheetSpec struct {
	Accounts     []string        `yaml:"accounts"`
	PairAccounts []string        `yaml:"pair_accounts"`
	Start        map[string]Expr `yaml:"start"`
	WriteOff     *WriteOffSpec   `yaml:"write_off"`
	Ceiling      *CeilingSpec    `yaml:"ceiling"`
	Final        *FinalSpec      `yaml:"final"`
	// Target names the option that sets the figure the game is played
	// to: pref play's --to-pool N sets it, so that no Go code names a
	// ruleset's option (Ruleset.Target reads it).
	Target string `yaml:"target"`
}

// PPNSpec binds the Portable Preferans Notation to a ruleset: what its
// tags and its summary's columns are in this ruleset's options and score
// sheet. Package ppn reads it, so that no Go code names them.
type PPNSpec struct {
	Tags   map[string]string `yaml:"tags"`   // PPN's info tag -> the option it sets
	Middle string            `yaml:"middle"` // the account of the paper's middle column
	Sides  string            `yaml:"sides"`  // the pair account of its side columns
}

// WriteOffSpec: a player's gain in one account is first written off
// another while that stands above zero (a made game clearing the
// declarer's mountain before it reaches the pool).
type WriteOffSpec struct {
	Account string `yaml:"account"`
	Off     string `yaml:"off"`
	When    Expr   `yaml:"when"`
	Rule    string `yaml:"rule"`
	Source  string `yaml:"source"`
}

// CeilingSpec: no player's account passes a ceiling; the excess fills the
// other players' accounts below it, the fullest first, the helper writing
// a pair account against each player helped; what nobody can take comes off
// another of the helper's accounts.
type CeilingSpec struct {
	Account string          `yaml:"account"`
	At      Expr            `yaml:"at"`
	When    Expr            `yaml:"when"`
	Help    CeilingHelpSpec `yaml:"help"`
	Rest    string          `yaml:"rest"`
	Rule    string          `yaml:"rule"`
	Source  string          `yaml:"source"`
}

type CeilingHelpSpec struct {
	Account  string `yaml:"account"`
	PerPoint Expr   `yaml:"per_point"`
}

// FinalSpec closes a game kept on a score sheet.
type FinalSpec struct {
	ClosedWhen  Expr   `yaml:"closed_when"`
	Pair        Expr   `yaml:"pair"`
	Description string `yaml:"description"`
}

type AnteSpec struct {
	Each   int    `yaml:"each"`
	Dealer int    `yaml:"dealer"`
	When   string `yaml:"when"`
}

type RuleSpec struct {
	Node   *yaml.Node `yaml:"-"`
	Rule   string     `yaml:"rule"`
	Source string     `yaml:"source"`
	When   Expr       `yaml:"when"`
	Mark   []MarkSpec `yaml:"mark"`
	Pay    []PaySpec  `yaml:"pay"`
}

func (r *RuleSpec) UnmarshalYAML(n *yaml.Node) error {
	type plain RuleSpec
	r.Node = n
	return n.Decode((*plain)(r))
}

type PaySpec struct {
	Node    *yaml.Node `yaml:"-"`
	From    Word       `yaml:"from"`
	Account Word       `yaml:"account"`
	To      Word       `yaml:"to"`
	Where   Expr       `yaml:"where"`
	Amount  Expr       `yaml:"amount"`
	Explain Word       `yaml:"explain"`
}

func (p *PaySpec) UnmarshalYAML(n *yaml.Node) error {
	type plain PaySpec
	p.Node = n
	return n.Decode((*plain)(p))
}

type MarkSpec struct {
	Kind  Word `yaml:"kind"` // a kind markings names; default: the default kind
	Who   Word `yaml:"who"`
	Where Expr `yaml:"where"`
	Add   Expr `yaml:"add"`
}

// Word is a scalar that remembers where it was written.
type Word struct {
	Text string
	Node *yaml.Node
}

func (w *Word) UnmarshalYAML(n *yaml.Node) error {
	w.Node = n
	if n.Kind == yaml.ScalarNode {
		w.Text = n.Value // numbers and booleans are expressions too
		return nil
	}
	return n.Decode(&w.Text)
}

// Expr is an expression's source and its node, for error positions.
type Expr = Word
