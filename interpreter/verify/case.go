package verify

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/preference-rules/pref/internal/safeio"
	"github.com/preference-rules/pref/interpreter/cards"
	"github.com/preference-rules/pref/interpreter/deal"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/interpreter/money"
	"github.com/preference-rules/pref/interpreter/record"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/interpreter/settle"
	"github.com/preference-rules/pref/interpreter/table"
	"github.com/preference-rules/pref/rulesets"
	"github.com/preference-rules/pref/schema"
	"gopkg.in/yaml.v3"
)

// Case is one outcome case as written.
type Case struct {
	Ruleset      string                       `yaml:"ruleset"`
	Title        string                       `yaml:"title"`
	Source       string                       `yaml:"source"`
	Seats        []string                     `yaml:"seats"`
	Dealer       string                       `yaml:"dealer"`
	Pot          string                       `yaml:"pot"`
	Contract     ContractSpec                 `yaml:"contract"`
	Defence      map[string]string            `yaml:"defence"`
	Tricks       map[string]int               `yaml:"tricks"`
	Options      map[string]any               `yaml:"options"`
	Events       []string                     `yaml:"events"`
	Talon        []string                     `yaml:"talon"`         // the talon's cards, e.g. [7H, 7C]
	Doubled      map[string]string            `yaml:"doubled"`       // a defender's contra and how far the chain went: {Boris: contra}, recontra, subcontra or mortcontra
	Marks        map[string]int               `yaml:"marks"`         // markings held at the start of the deal
	MarksGiven   int                          `yaml:"marks_given"`   // markings handed out earlier in the session
	MarksOf      map[string]map[string]int    `yaml:"marks_of"`      // markers of the ruleset's named kinds held at the start of the deal: {double: {Anton: 1}}
	Open         bool                         `yaml:"open"`          // the lone whister chose open play
	AllPassRun   int                          `yaml:"all_pass_run"`  // deals immediately before this one in which nobody declared
	DealNumber   int                          `yaml:"deal_number"`   // this deal's place in the session, 1 for the first (0: not stated)
	SessionDeals int                          `yaml:"session_deals"` // the deals the session is agreed to last (0: not agreed)
	Held         map[string][]string          `yaml:"held"`          // cards a seat held (dealt, with the talon the declarer took): {Anton: [KH, QH]}
	Won          map[string][]string          `yaml:"won"`           // cards in the tricks a seat took
	LastTrick    string                       `yaml:"last_trick"`    // who took the last trick
	Position     *Position                    `yaml:"position"`
	Auction      []string                     `yaml:"auction"` // calls so far, from forehand: pass, or a ladder bid
	Sheet        map[string]map[string]Figure `yaml:"sheet"`   // the score sheet as it stands: closed and scored (expect closed, final), or before the deal the case states: {Anton: {pool: 10, whists: {Brigitte: 4}}}
	Expect       Expect                       `yaml:"expect"`

	ruled     []string // what the checks found, in sentences (Result.Ruled)
	kindNames []string // the ruleset's named kinds of marker, for expect: marks_of
}

// Position is a moment of card play: the contract, one player's hand and the
// trick so far. Its expectation is the set of legal cards.
type Position struct {
	Contract string   `yaml:"contract"`
	Hand     []string `yaml:"hand"`
	Trick    []string `yaml:"trick"`
	Declarer string   `yaml:"declarer"` // with player: who declared, for the defenders' cooperation rules
	Player   string   `yaml:"player"`   // who holds hand and plays next; the trick was played by the seats before
}

type ContractSpec struct {
	Passed   bool   `yaml:"passed"`
	Declarer string `yaml:"declarer"`
	Bid      string `yaml:"bid"`
	Hand     bool   `yaml:"hand"`
	Conceded bool   `yaml:"conceded"`
	Forced   bool   `yaml:"forced"`
	Run      int    `yaml:"run"`     // the declarer's longest run of consecutive tricks
	PotBid   int    `yaml:"pot_bid"` // the declarer's winning offer in a pot auction
}

type Expect struct {
	Transfers []TransferSpec               `yaml:"transfers"`
	Net       map[string]string            `yaml:"net"`
	Error     string                       `yaml:"error"`
	Legal     []string                     `yaml:"legal"`
	Breach    map[string]int               `yaml:"breach"`   // card -> the cooperation rule playing it breaks (0: none)
	Leader    string                       `yaml:"leader"`   // who leads to the first trick
	Sheet     map[string]map[string]Figure `yaml:"sheet"`    // what each player\'s score sheet gains: {Anton: {pool: 4}, Brigitte: {whists: {Anton: 8}}}
	Calls     []string                     `yaml:"calls"`    // the calls open next, or [] when the bidding is over
	Marks     map[string]int               `yaml:"marks"`    // the change of markings per player
	MarksOf   map[string]map[string]int    `yaml:"marks_of"` // the change of markers of each named kind per player
	Declarer  string                       `yaml:"declarer"` // with calls: [], who won the bidding (a seat number from 1, or none)
	Closed    *bool                        `yaml:"closed"`   // with sheet: whether the game is over
	Final     map[string]string            `yaml:"final"`    // with sheet: each player's final score
}

type TransferSpec struct {
	From   string `yaml:"from"`
	To     string `yaml:"to"`
	Amount string `yaml:"amount"`
}

// Result of running one case.
type Result struct {
	File, Title string
	Problems    []string // empty when the case passed
	Ledger      *settle.Ledger
	// Ruled is, for a case that settles nothing (an auction, a position,
	// the lead, a sheet to close, a refused outcome), what pref ruled in
	// sentences: the calls and who holds the bidding, the cards that may
	// be played, who leads, the final scores, the refusal.
	Ruled []string
}

func (r Result) Passed() bool { return len(r.Problems) == 0 }

// Files expands arguments to case files: a directory means every .yaml
// under it. An argument or a .yaml file in a directory that is not a
// regular file (a named pipe, a device, a socket) is refused: reading it
// would block or never end.
func Files(args []string) ([]string, error) {
	var out []string
	for _, a := range args {
		st, err := os.Stat(a)
		if err != nil {
			return nil, err
		}
		if !st.IsDir() {
			if !st.Mode().IsRegular() {
				return nil, notRegular(a, st.Mode())
			}
			out = append(out, a)
			continue
		}
		err = filepath.WalkDir(a, func(p string, d os.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && d.Name() == "testdata" {
				return filepath.SkipDir // cases that fail on purpose, for the runner's own tests
			}
			if d.IsDir() || !(strings.HasSuffix(p, ".yaml") || strings.HasSuffix(p, ".yml")) {
				return nil
			}
			if !d.Type().IsRegular() {
				// A symbolic link is followed; anything else named .yaml
				// that is not a file is refused by name.
				st, err := os.Stat(p)
				if err != nil {
					return err
				}
				if !st.Mode().IsRegular() {
					return notRegular(p, st.Mode())
				}
			}
			out = append(out, p)
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	sort.Strings(out)
	return out, nil
}

func notRegular(path string, m fs.FileMode) error {
	kind := "a special file"
	switch {
	case m.IsDir():
		kind = "a directory" // a link named .yaml to one
	case m&fs.ModeNamedPipe != 0:
		kind = "a named pipe"
	case m&fs.ModeDevice != 0 || m&fs.ModeCharDevice != 0:
		kind = "a device"
	case m&fs.ModeSocket != 0:
		kind = "a socket"
	}
	return fmt.Errorf("%s: not a regular file: it is %s", path, kind)
}

// RunFile reads and checks one case file. A file that cannot be read or
// names no ruleset is an error; a case whose settlement differs from its
// expectation is a Result with problems. Only a regular file of at most
// safeio.MaxFile bytes is read: a named pipe or a device as a case is
// refused at once instead of blocking or reading forever.
func RunFile(path string) (Result, error) {
	data, err := safeio.ReadFile(path, safeio.MaxFile)
	if err != nil {
		return Result{File: path}, err
	}
	return RunBytes(path, data)
}

// Kind tells what a pref YAML file is: "record" (it deals cards), "case"
// (it names a ruleset), "ruleset" (it has a ruleset's sections, or
// extends one), or "" when it is none of them.
func Kind(data []byte) string {
	var top map[string]yaml.Node
	if yaml.Unmarshal(data, &top) != nil {
		return ""
	}
	if record.IsRecord(data) {
		return "record"
	}
	if _, ok := top["ruleset"]; ok {
		return "case"
	}
	for _, k := range []string{"extends", "contracts", "settlement", "cards", "auction", "deal"} {
		if _, ok := top[k]; ok {
			return "ruleset"
		}
	}
	return ""
}

// RunBytes checks the case text data as if read from path: path names the
// case in errors and is where a relative ruleset path is found.
func RunBytes(path string, data []byte) (Result, error) {
	switch Kind(data) {
	case "record":
		return runRecord(path, data)
	case "ruleset":
		return Result{File: path}, &schema.Error{File: path, Msg: "this is a ruleset, not an outcome case or a game record: pref validate " + path + " checks it"}
	}
	// a misspelt key must not silently become a default: each is said,
	// with every value of the wrong kind, in one run
	c, unknown, err := decodeCase(path, data)
	if err != nil {
		return Result{File: path}, err
	}
	res, found, err := c.run(path, data)
	if len(unknown) == 0 {
		res.Problems = found.sorted()
		return res, err
	}
	// A key no case has makes the case unreadable, as ever; what else is
	// wrong with it is said in the same run, in file order.
	if err != nil {
		line, col := placeInCase(path, err)
		found.add(line, col, err.Error())
	}
	return res, errors.New(strings.Join(withUnknown(unknown, found), "\n"))
}

// run checks the case c read from path (data): the problems found, each
// at its place in the case when it has one, and an error for a case that
// cannot be checked.
func (c *Case) run(path string, data []byte) (Result, mistakes, error) {
	res := Result{File: path, Title: c.Title}
	if c.Ruleset == "" {
		return res, nil, &schema.Error{File: path, Msg: "case names no ruleset"}
	}
	if err := checkWords(path, data, *c); err != nil {
		return res, nil, err
	}
	rs, err := rulesets.OpenFrom(path, c.Ruleset)
	if err != nil {
		return res, nil, err
	}
	// Options in force for the case: values for settlement, and the fields
	// a switched-on option sets (invitation, play rules).
	if err := checkOptionValues(c.Options); err != nil {
		return res, nil, &schema.Error{File: path, Msg: err.Error()}
	}
	c.kindNames = rs.MarkKindNames()
	withOpts, optErr := rs.With(c.Options)
	if optErr == nil {
		rs = withOpts
	}
	if check := c.settlesNothing(); check != nil {
		found := unplaced(check(rs, optErr))
		res.Ruled = c.ruled
		return res, found, nil
	}
	out, faults := c.outcome(rs, c.Expect.Error == "")
	if len(faults) > 1 { // several: each at its place in the case
		return res, positioned(path, data, faults), nil
	}
	if len(faults) == 1 {
		err = faults[0].err
	}
	if err == nil && optErr != nil {
		err = fmt.Errorf("options: %v", optErr)
	}
	var ledger *settle.Ledger
	if err == nil {
		ledger, err = settle.New(rs).Settle(out, true)
	}
	res.Ledger = ledger
	found := unplaced(c.compare(ledger, err))
	res.Ruled = c.ruled
	return res, found, nil
}

// settlesNothing is the check of a case that settles no deal (a position,
// an auction, the lead, a sheet to close), nil for a case that settles.
func (c *Case) settlesNothing() func(*ruleset.Ruleset, error) []string {
	switch {
	case c.Position != nil:
		return c.checkPosition
	case c.Auction != nil:
		return c.checkAuction
	case c.Expect.Leader != "":
		return c.checkLeader
	case c.Sheet != nil && !c.statesDeal():
		return c.checkFinal
	}
	return nil
}

// rule notes a sentence of what the checks found.
func (c *Case) rule(format string, args ...any) {
	c.ruled = append(c.ruled, fmt.Sprintf(format, args...))
}

// MaxCount bounds the counts a case or the command line states about the
// session before the deal: the all-pass run, markings held and handed out.
// No session comes near it; a progression built on a larger count would
// only be an overflow.
const MaxCount = 1000

// checkOptionValues refuses an integer option value beyond the input
// limits: an option is a figure the settlement multiplies.
func checkOptionValues(opts map[string]any) error {
	for name, v := range opts {
		if n, ok := v.(int); ok && (n > money.MaxInput || n < -money.MaxInput) {
			return fmt.Errorf("option %q: %d is beyond ±%d, the limit pref accepts", name, n, int64(money.MaxInput))
		}
	}
	return nil
}

// compare lists how the settlement differs from the expectation.
func (c *Case) compare(l *settle.Ledger, err error) []string {
	if c.Expect.Error != "" {
		return c.compareError(l, err)
	}
	if err != nil {
		return []string{"refused: " + err.Error()}
	}
	if c.Expect.Transfers == nil && c.Expect.Net == nil && c.Expect.Marks == nil && c.Expect.MarksOf == nil && c.Expect.Sheet == nil {
		return []string{"expect: gives neither transfers, net, marks, sheet nor error"}
	}
	var problems []string
	if c.Expect.Sheet != nil {
		p, err := c.compareSheet(l)
		if err != nil {
			return []string{"expect: sheet: " + err.Error()}
		}
		problems = append(problems, p...)
	}
	if c.Expect.Marks != nil {
		problems = append(problems, c.compareMarks(l)...)
	}
	if c.Expect.MarksOf != nil {
		problems = append(problems, c.compareKindMarks(l)...)
	}
	if c.Expect.Transfers != nil {
		problems = append(problems, c.compareTransfers(l)...)
	}
	if c.Expect.Net != nil {
		problems = append(problems, c.compareNet(l)...)
	}
	return problems
}

// compareError checks a case that expects a refusal.
func (c *Case) compareError(l *settle.Ledger, err error) []string {
	switch {
	case err == nil:
		return []string{fmt.Sprintf("expected an error containing %q, got a settlement: %s", c.Expect.Error, strings.Join(settle.SortedPairs(l.PairNet()), "; "))}
	case !strings.Contains(err.Error(), c.Expect.Error):
		return []string{fmt.Sprintf("expected an error containing %q, got: %v", c.Expect.Error, err)}
	}
	c.rule("pref refuses this outcome: %v", err)
	return nil
}

// compareSheet compares what each score sheet gained; an error is an
// expectation that cannot be read.
func (c *Case) compareSheet(l *settle.Ledger) ([]string, error) {
	want, err := sheetExpectation(c.Expect.Sheet)
	if err != nil {
		return nil, err
	}
	got := l.SheetNet()
	var gotS, wantS []string
	for k, v := range got {
		gotS = append(gotS, k+" "+v.String())
	}
	for k, v := range want {
		wantS = append(wantS, k+" "+v.String())
	}
	sort.Strings(gotS)
	sort.Strings(wantS)
	if strings.Join(gotS, "; ") != strings.Join(wantS, "; ") {
		return []string{fmt.Sprintf("sheet: got %s; want %s", orNone(gotS), orNone(wantS))}, nil
	}
	return nil, nil
}

// compareMarks compares each seat's change of markings.
func (c *Case) compareMarks(l *settle.Ledger) []string {
	var problems []string
	net := l.MarkNet()
	for i, seat := range c.Seats {
		if net[i] != c.Expect.Marks[seat] {
			problems = append(problems, fmt.Sprintf("markings of %s: changed by %d, want %d", seat, net[i], c.Expect.Marks[seat]))
		}
	}
	for name := range c.Expect.Marks {
		if !slices.Contains(c.Seats, name) {
			problems = append(problems, fmt.Sprintf("expect: marks: %q is no seat", name))
		}
	}
	return problems
}

// party is the ledger's index of a seat or the pot named in a payment.
func (c *Case) party(name string) (int, bool) {
	if name == "pot" {
		return settle.Pot, true
	}
	for i, s := range c.Seats {
		if s == name {
			return i, true
		}
	}
	return 0, false
}

// compareTransfers compares the payments, netted pair by pair.
func (c *Case) compareTransfers(l *settle.Ledger) []string {
	var problems []string
	want := &settle.Ledger{Seats: c.Seats}
	for _, t := range c.Expect.Transfers {
		from, ok1 := c.party(t.From)
		to, ok2 := c.party(t.To)
		amt, err := money.Parse(t.Amount)
		if !ok1 || !ok2 || err != nil {
			problems = append(problems, fmt.Sprintf("expect: transfer %s -> %s %s: unknown party or bad amount", t.From, t.To, t.Amount))
			continue
		}
		want.Transfers = append(want.Transfers, settle.Transfer{From: from, To: to, Amount: amt})
	}
	// Compared pair by pair: as text, a seat named "B->pot" could
	// stand for the pot's payee.
	if got, exp := l.PairNet(), want.PairNet(); !settle.SamePairs(got, exp) {
		problems = append(problems, fmt.Sprintf("transfers: got %s; want %s", orNone(settle.SortedPairs(got)), orNone(settle.SortedPairs(exp))))
	}
	return problems
}

// compareNet compares each party's net, the pot's included.
func (c *Case) compareNet(l *settle.Ledger) []string {
	var problems []string
	net := l.Net()
	for _, name := range c.netNames() {
		s := c.Expect.Net[name]
		want, err := money.Parse(s)
		if err != nil {
			problems = append(problems, fmt.Sprintf("expect: net %s: %v", name, err))
			continue
		}
		i := len(c.Seats)
		for j, seat := range c.Seats {
			if seat == name {
				i = j
			}
		}
		if i == len(c.Seats) && name != "pot" {
			problems = append(problems, fmt.Sprintf("expect: net: %q is no party", name))
			continue
		}
		if !net[i].Equal(want) {
			problems = append(problems, fmt.Sprintf("net %s: got %v, want %v", name, net[i], want))
		}
	}
	return problems
}

// netNames are the parties the case states a net for, in a fixed order
// (a map's is random, and so would be the order of the problems told):
// the seats as the case lists them, then any other name, the pot's
// included, by name.
func (c *Case) netNames() []string {
	var names []string
	for name := range c.Expect.Net {
		names = append(names, name)
	}
	rank := func(name string) int {
		if i := slices.Index(c.Seats, name); i >= 0 {
			return i
		}
		return len(c.Seats)
	}
	slices.SortFunc(names, func(a, b string) int {
		if ra, rb := rank(a), rank(b); ra != rb {
			return ra - rb
		}
		return strings.Compare(a, b)
	})
	return names
}

func orNone(s []string) string {
	if len(s) == 0 {
		return "nothing"
	}
	return strings.Join(s, "; ")
}

// checkPosition compares the legal cards of a position with the expectation.
func (c *Case) checkPosition(r *ruleset.Ruleset, optErr error) []string {
	if optErr != nil {
		return []string{"options: " + optErr.Error()}
	}
	p := c.Position
	ci, ok := r.ContractByName(p.Contract)
	if !ok {
		return []string{fmt.Sprintf("position: contract %q is not in the bid table", p.Contract)}
	}
	pos, problem := c.readPosition(r)
	if problem != "" {
		return []string{problem}
	}
	if p.Declarer == "" && p.Player == "" {
		return c.checkPositionAnyone(r, ci, pos)
	}
	return c.checkPositionSeated(r, ci, pos)
}

// position is a position's cards as read: the hand, the trick in the
// order played, and the legal cards expected.
type position struct {
	hand  cards.Mask
	trick []cards.Card
	want  cards.Mask
}

// readPosition reads the position's cards, refusing a position that cannot
// arise: "" when it can.
func (c *Case) readPosition(r *ruleset.Ruleset) (position, string) {
	p := c.Position
	// Deck.Parse knows only the cards of the ruleset's pack. A card can
	// be in one place once: a position with a card twice, or in the hand
	// and the trick, cannot arise, and its legal cards mean nothing.
	parse := func(field string, names []string) (cards.Mask, []cards.Card, error) {
		var m cards.Mask
		var list []cards.Card
		for _, n := range names {
			card, err := r.Deck.Parse(n)
			if err != nil {
				return 0, nil, fmt.Errorf("%s: %v", field, err)
			}
			if m.Has(card) {
				return 0, nil, fmt.Errorf("%s: %s twice", field, r.Deck.Name(card))
			}
			m |= card.Bit()
			list = append(list, card)
		}
		return m, list, nil
	}
	var pos position
	var trickMask cards.Mask
	var err1, err2, err3 error
	pos.hand, _, err1 = parse("hand", p.Hand)
	trickMask, pos.trick, err2 = parse("trick", p.Trick)
	pos.want, _, err3 = parse("expect: legal", c.Expect.Legal)
	for _, err := range []error{err1, err2, err3} {
		if err != nil {
			return pos, "position: " + err.Error()
		}
	}
	switch both := pos.hand & trickMask; {
	case both != 0:
		return pos, fmt.Sprintf("position: %s both in the hand and in the trick", r.Deck.Format(both, false))
	case len(p.Hand) > r.HandSize:
		return pos, fmt.Sprintf("position: hand: %d cards; a hand has at most %d", len(p.Hand), r.HandSize)
	case len(p.Trick) >= r.Hands:
		return pos, fmt.Sprintf("position: trick: %d cards; with %d hands a trick in progress has at most %d", len(p.Trick), r.Hands, r.Hands-1)
	}
	return pos, ""
}

// checkPositionAnyone compares the legal cards of a position that names no
// seats: the rules of play alone, where they do not depend on who plays.
func (c *Case) checkPositionAnyone(r *ruleset.Ruleset, ci int, pos position) []string {
	if r.Play.HeadBy != ruleset.PartEveryone {
		return []string{"position: in this ruleset who must head the trick depends on who plays: name the declarer and the player"}
	}
	got := game.LegalMoves(r.Play, r.Contracts[ci].Trumps, pos.hand, pos.trick)
	if len(pos.trick) == 0 { // a lead: the lead rules (play.lead)
		for i := range r.Play.Lead {
			if r.Play.Lead[i].By != ruleset.PartEveryone {
				return []string{"position: in this ruleset what a player may lead depends on who leads: name the declarer and the player"}
			}
		}
		got, _ = deal.LeadHand(r.Play.ForSeat(false, false), r.Contracts[ci].Trumps, pos.hand, r.HandSize)
	}
	c.rule("May be played: %s", r.Deck.Format(got, false))
	if got != pos.want {
		return []string{fmt.Sprintf("legal cards: got %s; want %s", r.Deck.Format(got, false), r.Deck.Format(pos.want, false))}
	}
	return nil
}

// checkPositionSeated compares the legal cards and the cooperation
// breaches of a position with seats: the engine's own state, so rules
// that depend on who plays (the defenders' cooperation) apply.
func (c *Case) checkPositionSeated(r *ruleset.Ruleset, ci int, pos position) []string {
	p := c.Position
	decl, player := slices.Index(c.Seats, p.Declarer), slices.Index(c.Seats, p.Player)
	if decl < 0 || player < 0 || len(c.Seats) != r.Hands {
		return []string{fmt.Sprintf("position: declarer %q and player %q must be among the %d seats", p.Declarer, p.Player, r.Hands)}
	}
	g := game.New(r, nil)
	if err := g.SetPosition(decl, ci, player, pos.hand, pos.trick); err != nil {
		return []string{err.Error()}
	}
	var problems []string
	c.rule("%s may play: %s", p.Player, r.Deck.Format(g.Legal(player), false))
	if c.Expect.Legal != nil {
		if got := g.Legal(player); got != pos.want {
			problems = append(problems, fmt.Sprintf("legal cards: got %s; want %s", r.Deck.Format(got, false), r.Deck.Format(pos.want, false)))
		}
	}
	for name, rule := range c.Expect.Breach {
		card, err := r.Deck.Parse(name)
		if err != nil {
			return []string{"expect: breach: " + err.Error()}
		}
		if got := g.Breach(player, card); got != rule {
			problems = append(problems, fmt.Sprintf("playing %s breaks cooperation rule %d; want %d", name, got, rule))
		}
	}
	return problems
}

// checkAuction replays the calls and compares the calls open next.
func (c *Case) checkAuction(r *ruleset.Ruleset, optErr error) []string {
	if optErr != nil {
		return []string{"options: " + optErr.Error()}
	}
	callName := func(i int) string {
		if i == game.Pass {
			return "pass"
		}
		return r.CallName(r.Ladder[i])
	}
	a := game.NewAuction(r)
	a.AfterAllPass(c.AllPassRun)
	var buf []int
	for k, name := range c.Auction {
		seat, done := a.Next()
		if done {
			return []string{fmt.Sprintf("auction: call %d (%s): the bidding is already over", k+1, name)}
		}
		legal := a.Legal(buf)
		call := -2
		for _, l := range legal {
			if callName(l) == name {
				call = l
			}
		}
		if call == -2 {
			var open []string
			for _, l := range legal {
				open = append(open, callName(l))
			}
			return []string{fmt.Sprintf("auction: call %d, %q by seat %d, is not open (open: %s)", k+1, name, seat+1, strings.Join(open, ", "))}
		}
		c.rule("%s: %s", c.seatName(seat), name)
		a.Apply(call)
	}
	var got []string
	if _, done := a.Next(); !done {
		for _, l := range a.Legal(buf) {
			got = append(got, callName(l))
		}
		c.rule("The bidding goes on; open next: %s", strings.Join(got, ", "))
	} else if a.Holder >= 0 {
		c.rule("The bidding is over: %s holds it", c.seatName(a.Holder))
	} else {
		c.rule("The bidding is over: nobody bid")
	}
	var problems []string
	if strings.Join(got, ", ") != strings.Join(c.Expect.Calls, ", ") {
		problems = append(problems, fmt.Sprintf("calls open: got [%s]; want [%s]", strings.Join(got, ", "), strings.Join(c.Expect.Calls, ", ")))
	}
	if c.Expect.Declarer != "" {
		winner := "none"
		if a.Holder >= 0 {
			winner = fmt.Sprint(a.Holder + 1)
		}
		if winner != c.Expect.Declarer {
			problems = append(problems, fmt.Sprintf("bidding won by seat %s; want %s", winner, c.Expect.Declarer))
		}
	}
	return problems
}

// checkLeader compares who leads to the first trick, for the contract and
// defence of the case, with the expectation.
func (c *Case) checkLeader(r *ruleset.Ruleset, optErr error) []string {
	if optErr != nil {
		return []string{"options: " + optErr.Error()}
	}
	if c.Tricks == nil {
		c.Tricks = map[string]int{} // the lead comes before any trick
	}
	o, err := c.Outcome(r)
	if err != nil {
		return []string{"refused: " + err.Error()}
	}
	if o.Declarer < 0 || len(o.Seats) != r.Hands {
		return []string{"a lead needs a declarer and one seat per hand"}
	}
	inPlay := func(s int) bool {
		return s == o.Declarer || o.Defence[s] == deal.Play || o.Defence[s] == deal.Invite
	}
	got := o.Seats[game.FirstLeader(r, o.Declarer, o.Contract, inPlay)]
	c.rule("%s leads to the first trick", got)
	if got != c.Expect.Leader {
		return []string{fmt.Sprintf("%s leads; want %s", got, c.Expect.Leader)}
	}
	return nil
}

// Figure is a score-sheet entry as a case writes it: one figure, or a
// figure against each other player. The text is kept as written and read
// by money.Parse: decoded as a YAML float, 0.30000000000000001 would
// silently become 0.3 and a case could pass on a figure it does not state.
type Figure struct {
	Text    string            // the figure, when it is one
	Against map[string]string // the figures by other player, when it is a map
}

func (f *Figure) UnmarshalYAML(n *yaml.Node) error {
	if n.Kind == yaml.AliasNode && n.Alias != nil {
		n = n.Alias
	}
	switch n.Kind {
	case yaml.ScalarNode:
		f.Text = n.Value
		return nil
	case yaml.MappingNode:
		return n.Decode(&f.Against)
	}
	return fmt.Errorf("line %d: a sheet entry is a figure or a map of figures by player", n.Line)
}

// sheetExpectation flattens {Anton: {pool: 4}, Brigitte: {whists: {Anton: 8}}}
// into "Anton pool" -> 4, "Brigitte whists Anton" -> 8.
func sheetExpectation(m map[string]map[string]Figure) (map[string]money.Amount, error) {
	out := map[string]money.Amount{}
	for player, accounts := range m {
		for account, v := range accounts {
			if v.Against != nil {
				for other, x := range v.Against {
					a, err := money.Parse(x)
					if err != nil {
						return nil, err
					}
					if !a.IsZero() {
						out[player+" "+account+" "+other] = a
					}
				}
				continue
			}
			a, err := money.Parse(v.Text)
			if err != nil {
				return nil, err
			}
			if !a.IsZero() {
				out[player+" "+account] = a
			}
		}
	}
	return out, nil
}

// sheetBefore is the case's sheet as it stands, keyed as a table keeps it
// ("Anton pool", "Brigitte whists Anton"), every place checked against the
// ruleset's sheet and the input limits.
func (c *Case) sheetBefore(r *ruleset.Ruleset) (map[string]money.Amount, error) {
	for name := range c.Sheet {
		if !slices.Contains(c.Seats, name) {
			return nil, fmt.Errorf("sheet: %q is no seat", name)
		}
	}
	entries, err := sheetExpectation(c.Sheet)
	if err != nil {
		return nil, fmt.Errorf("sheet: %v", err)
	}
	known := map[string]bool{}
	for _, me := range c.Seats {
		for _, a := range r.Sheet.Accounts {
			known[me+" "+a] = true
		}
		for _, a := range r.Sheet.PairAccounts {
			for _, other := range c.Seats {
				known[me+" "+a+" "+other] = other != me
			}
		}
	}
	for k, v := range entries {
		if !known[k] {
			return nil, fmt.Errorf("sheet: %q is not a place on this ruleset's sheet", k)
		}
		// The sheet is input to the arithmetic: beyond the input limits a
		// figure could overflow it or print back rounded.
		if err := money.CheckInput(v); err != nil {
			return nil, fmt.Errorf("sheet: %s: %v", k, err)
		}
	}
	return entries, nil
}

// statesDeal reports whether the case states a deal to settle (a
// contract, a passed deal or tricks), as against a sheet to close.
func (c *Case) statesDeal() bool {
	return c.Contract.Declarer != "" || c.Contract.Passed || c.Tricks != nil
}

// checkFinal closes a game from the sheet as it stands: whether it is over,
// and each player's final score.
func (c *Case) checkFinal(r *ruleset.Ruleset, optErr error) []string {
	if optErr != nil {
		return []string{"options: " + optErr.Error()}
	}
	if c.Expect.Final == nil && c.Expect.Closed == nil {
		return []string{"expect: a sheet case gives final or closed"}
	}
	tb, err := table.New(r, c.Seats)
	if err != nil {
		return []string{"seats: " + err.Error()}
	}
	sheet, err := c.sheetBefore(r)
	if err != nil {
		return []string{err.Error()}
	}
	tb.Sheet = sheet
	var problems []string
	if c.Expect.Closed != nil {
		closed, err := tb.Closed()
		if err != nil {
			return []string{"refused: " + err.Error()}
		}
		c.rule("%s", map[bool]string{true: "The game is over", false: "The game goes on"}[closed])
		if closed != *c.Expect.Closed {
			problems = append(problems, fmt.Sprintf("closed: got %v, want %v", closed, *c.Expect.Closed))
		}
	}
	if c.Expect.Final != nil {
		scores, err := tb.Final()
		if err != nil {
			return []string{"refused: " + err.Error()}
		}
		for i, seat := range c.Seats {
			if i < len(scores) {
				c.rule("%s's final score: %v", seat, scores[i])
			}
			want, err := money.Parse(c.Expect.Final[seat])
			if err != nil {
				problems = append(problems, fmt.Sprintf("expect: final %s: %v", seat, err))
				continue
			}
			if !scores[i].Equal(want) {
				problems = append(problems, fmt.Sprintf("final %s: got %v, want %v", seat, scores[i], want))
			}
		}
	}
	return problems
}

// seatName is seat i's name, or "seat N" in a case that names no seats.
func (c *Case) seatName(i int) string {
	if i >= 0 && i < len(c.Seats) {
		return c.Seats[i]
	}
	return fmt.Sprintf("seat %d", i+1)
}
