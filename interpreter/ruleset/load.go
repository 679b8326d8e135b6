package ruleset

import (
	"errors"
	"fmt"
	"maps"
	"reflect"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/checker"
	exprcompiler "github.com/expr-lang/expr/compiler"
	"github.com/expr-lang/expr/conf"
	"github.com/expr-lang/expr/file"
	"github.com/expr-lang/expr/optimizer"
	"github.com/expr-lang/expr/parser"
	"github.com/expr-lang/expr/vm"
	"github.com/preference-rules/pref/internal/safeio"
	"github.com/preference-rules/pref/interpreter/cards"
	"github.com/preference-rules/pref/interpreter/money"
	"github.com/preference-rules/pref/schema"
	"gopkg.in/yaml.v3"
)

// LoadFile reads and compiles a ruleset file.
func LoadFile(path string) (*Ruleset, error) {
	data, err := safeio.ReadFile(path, safeio.MaxFile)
	if err != nil {
		return nil, err
	}
	return Load(path, data)
}

// Load compiles a ruleset from its text; file names it in errors. A ruleset
// that extends another finds it with DefaultResolver.
func Load(file string, data []byte) (*Ruleset, error) { return LoadWith(file, data, DefaultResolver) }

// DefaultResolver finds the rulesets that others extend (package rulesets
// sets it: embedded names, then files).
var DefaultResolver Resolver

// compileDoc compiles a parsed ruleset document as it is written, every
// option's sets left unapplied (loadDoc applies them). With applies
// options to a copy of the document and compiles it here, without printing
// and parsing YAML again: the copy keeps the file's positions for its errors.
func compileDoc(file string, doc *yaml.Node, trusted bool, programs *programCache) (*Ruleset, error) {
	// Every problem of a file in one run: the schema's, then the meaning's
	// and the expressions', together. A file the schema refuses is still
	// compiled as far as it goes; whatever breaks on the way is left to
	// the schema's errors.
	var schemaErr error
	if !trusted {
		schemaErr = schema.Validate(file, doc)
	}
	var list schema.List
	switch e := schemaErr.(type) {
	case nil:
	case schema.List:
		list = append(list, e...)
	case *schema.Error:
		list = append(list, e)
	default:
		return nil, schemaErr
	}
	if err := checkSizes(file, doc.Content[0]); err != nil {
		return nil, err
	}
	var spec Spec
	if err := doc.Content[0].Decode(&spec); err != nil {
		if schemaErr != nil {
			return nil, schemaErr
		}
		return nil, &schema.Error{File: file, Msg: err.Error()}
	}
	if programs == nil {
		programs = &programCache{m: map[string]*vm.Program{}}
	}
	c := &compiler{file: file, root: doc.Content[0], r: &Ruleset{File: file, Spec: &spec, root: doc.Content[0], programs: programs, trusted: trusted}, failed: map[string]bool{}}
	if schemaErr == nil {
		c.compile(&spec) // a panic here is pref's bug: it ends in exit 3
	} else {
		compiled(c, &spec)
	}
	if schemaErr != nil {
		seen := map[[2]int]bool{}
		for _, e := range list {
			seen[[2]int{e.Line, e.Col}] = true
		}
		for _, e := range c.errs {
			if !seen[[2]int{e.Line, e.Col}] {
				list = append(list, e)
			}
		}
		return nil, list.Err()
	}
	if err := c.errs.Err(); err != nil {
		return nil, err
	}
	return c.r, nil
}

// compiled runs the compiler; false when it broke on a document the schema
// had refused (its errors say why).
func compiled(c *compiler, spec *Spec) (ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	c.compile(spec)
	return true
}

func deepCopy(n *yaml.Node) *yaml.Node {
	if n == nil {
		return nil
	}
	c := *n
	c.Content = make([]*yaml.Node, len(n.Content))
	for i, ch := range n.Content {
		c.Content[i] = deepCopy(ch)
	}
	return &c
}

// setPath sets the value at a dotted path of mappings, creating maps.
// setPath writes, in the overlay n, the value val at path (map keys, or the
// name of an item of a list of named items: contracts.6-spades.no_drop),
// following base, the ruleset the overlay will be merged onto, to know
// which keys are lists of named items; false when base has no item of
// that name.
func setPath(n *yaml.Node, path []string, val *yaml.Node, base *yaml.Node) bool {
	if len(path) == 1 {
		setKey(n, path[0], val)
		return true
	}
	var next *yaml.Node
	if base != nil && base.Kind == yaml.MappingNode {
		next = lookup(base, path[0])
	}
	if next != nil && next.Kind == yaml.SequenceNode {
		key := itemKey(next)
		item := findItem(next, key, path[1])
		if key == "" || item == nil {
			return false
		}
		list := child(n, path[0], yaml.SequenceNode)
		var over *yaml.Node
		for _, it := range list.Content {
			if field(it, key) == path[1] {
				over = it
			}
		}
		if over == nil {
			over = &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"}
			setKey(over, key, &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: path[1]})
			list.Content = append(list.Content, over)
		}
		if len(path) == 2 {
			return true
		}
		return setPath(over, path[2:], val, item)
	}
	return setPath(child(n, path[0], yaml.MappingNode), path[1:], val, next)
}

// setKey sets key in the map n to val.
func setKey(n *yaml.Node, key string, val *yaml.Node) {
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			n.Content[i+1] = val
			return
		}
	}
	n.Content = append(n.Content, &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: key}, val)
}

// child is the node under key in the map n, made of kind if absent.
func child(n *yaml.Node, key string, kind yaml.Kind) *yaml.Node {
	if c := lookup(n, key); c != nil && c.Kind == kind {
		return c
	}
	tag := "!!map"
	if kind == yaml.SequenceNode {
		tag = "!!seq"
	}
	c := &yaml.Node{Kind: kind, Tag: tag}
	setKey(n, key, c)
	return c
}

type compiler struct {
	file   string
	root   *yaml.Node
	r      *Ruleset
	errs   schema.List
	failed map[string]bool // defines that did not compile: uses of them are not errors of their own
	config map[envKey]*conf.Config
	prints map[envKey]string
	codes  []*Code // settlement expressions, compiled to closures once every name is known
	finals []*Code // the final's, compiled at once
}

// code wraps a settlement program, to be compiled to closures when the
// environment is complete (finish); nil stays nil.
func (c *compiler) code(p *vm.Program) *Code {
	if p == nil {
		return nil
	}
	code := &Code{Program: p}
	c.codes = append(c.codes, code)
	return code
}

// finish lays out the settlement frames over the complete environment and
// compiles every settlement expression to closures over them.
func (c *compiler) finish() {
	r := c.r
	r.layout = newLayout(r.envTemplate, true)
	r.zero = newFrame(r.layout, r.envTemplate)
	for _, code := range c.codes {
		code.compile(r.layout)
	}
	r.codes = c.codes
	r.finals = c.finals
}

// envKey names an environment as it stands: the map and its size (defines
// only add names, so a size tells its states apart).
type envKey struct {
	env  uintptr
	size int
}

// programCache keeps the programs compiled for a ruleset, shared by the
// rulesets With derives from it: an option that sets a few fields
// compiles the ruleset again, and its expressions, in the same
// environment, need not be compiled again. A program depends only on its
// text, what it must evaluate to, and the names and types of the
// environment (expr reads types from a map environment, never values),
// which together are the key.
type programCache struct {
	mu sync.Mutex
	m  map[string]*vm.Program
}

// fingerprint names an environment's names and types.
func fingerprint(env map[string]any) string {
	var b strings.Builder
	for _, k := range sortedKeys(env) {
		fmt.Fprintf(&b, "%s:%T;", k, env[k])
	}
	return b.String()
}

// compile1 is compileSafe through the cache: a program that compiled
// before in the same environment is reused; errors are never kept.
func (c *compiler) compile1(env map[string]any, src string, want expr.Option) (*vm.Program, error) {
	probe := &conf.Config{}
	if want != nil {
		want(probe)
	}
	key := fmt.Sprintf("%s\x00%v/%v\x00%s", c.fingerprintOf(env), probe.Expect, probe.ExpectAny, src)
	c.r.programs.mu.Lock()
	p, ok := c.r.programs.m[key]
	c.r.programs.mu.Unlock()
	if ok {
		return p, nil
	}
	opts := c.options(env)
	if want != nil {
		opts = append(opts, want)
	}
	p, err := compileSafe(src, opts)
	if err == nil {
		c.r.programs.mu.Lock()
		c.r.programs.m[key] = p
		c.r.programs.mu.Unlock()
	}
	return p, err
}

// fingerprintOf is fingerprint, once per environment as it stands.
func (c *compiler) fingerprintOf(env map[string]any) string {
	key := envKey{reflect.ValueOf(env).Pointer(), len(env)}
	f, ok := c.prints[key]
	if !ok {
		f = fingerprint(env)
		if c.prints == nil {
			c.prints = map[envKey]string{}
		}
		c.prints[key] = f
	}
	return f
}

// options is exprOptions(env) built once per environment: turning the
// environment into expr's types and installing the operators took most
// of a ruleset's load when it was done again for each of its hundreds of
// expressions. Each compile gets a copy of the prepared configuration
// (expr.Compile then sets what the expression expects on its copy).
func (c *compiler) options(env map[string]any) []expr.Option {
	key := envKey{reflect.ValueOf(env).Pointer(), len(env)}
	base, ok := c.config[key]
	if !ok {
		base = conf.CreateNew()
		for _, op := range exprOptions(env) {
			op(base)
		}
		if c.config == nil {
			c.config = map[envKey]*conf.Config{}
		}
		c.config[key] = base
	}
	return []expr.Option{func(cfg *conf.Config) { *cfg = *base }}
}

// clip shortens an expression or a message quoted in an error: a runaway
// one (half a million parentheses) must not flood the terminal.
func clip(s string) string {
	const most = 120
	if len(s) <= most {
		return s
	}
	cut := most
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + fmt.Sprintf("... (%d bytes)", len(s))
}

func (c *compiler) errorf(n *yaml.Node, format string, args ...any) {
	c.errs = append(c.errs, schema.At(c.file, n, format, args...))
}

// node finds the value node at a dotted path from the root, for positions of
// fields that were decoded into plain Go values.
func (c *compiler) node(path ...string) *yaml.Node {
	n := c.root
	for _, key := range path {
		if n.Kind == yaml.SequenceNode {
			i, _ := strconv.Atoi(key)
			if i >= len(n.Content) {
				return n
			}
			n = n.Content[i]
			continue
		}
		found := false
		for i := 0; i+1 < len(n.Content); i += 2 {
			if n.Content[i].Value == key {
				n, found = n.Content[i+1], true
				break
			}
		}
		if !found {
			return n
		}
	}
	return n
}

func (c *compiler) compile(s *Spec) {
	r := c.r
	r.Name, r.Title, r.Description = s.Name, s.Title, s.Description
	c.cards(s)
	c.deal(s)
	c.contracts(s)
	c.auction(s)
	c.exchange(s)
	c.defence(s)
	c.play(s)
	c.table(s)
	if len(c.errs) > 0 {
		return // expressions need a sound table
	}
	c.env(s)
	if len(c.errs) > 0 {
		return
	}
	c.defines(s)
	c.eventConditions(s)
	c.settlement(s)
	c.sheetRules(s)
	c.final(s)
	c.finish()
}

// sheetRules compiles the sheet's bookkeeping after each deal: the
// write-off and the ceiling. Their expressions are settlement expressions
// (options, contract values, defines).
func (c *compiler) sheetRules(s *Spec) {
	sh := s.Table.Sheet
	if len(sh.Start) > 0 {
		env := map[string]any{"players": 0}
		for _, o := range c.r.Options {
			env[o.Ident] = o.Default
		}
		for _, a := range slices.Sorted(maps.Keys(sh.Start)) {
			e := sh.Start[a]
			if !slices.Contains(c.r.Sheet.Accounts, a) {
				c.errorf(e.Node, "table.sheet.start: no account %q in table.sheet.accounts%s (it has %s)", a, nearestHint(a, c.r.Sheet.Accounts), strings.Join(c.r.Sheet.Accounts, ", "))
				continue
			}
			p := c.programIn(env, e, "table.sheet.start "+a, nil)
			if p == nil {
				continue
			}
			if t := p.Node().Type(); t == nil || (t.Kind() != reflect.Int && t != amountType) {
				c.errorf(e.Node, "table.sheet.start %s %q has type %v; want a number", a, e.Text, t)
			}
			c.r.Sheet.Start = append(c.r.Sheet.Start, SheetStart{Account: a, Src: e.Text, Value: p})
		}
	}
	account := func(path []string, name string, pair bool) {
		list, what := c.r.Sheet.Accounts, "accounts"
		if pair {
			list, what = c.r.Sheet.PairAccounts, "pair_accounts"
		}
		if !slices.Contains(list, name) {
			c.errorf(c.node(path...), "no account %q in table.sheet.%s%s (it has %s)", name, what, nearestHint(name, list), strings.Join(list, ", "))
		}
	}
	optional := func(e Expr, what string) *Code {
		if e.Node == nil {
			return nil
		}
		return c.code(c.program(e, what, expr.AsBool()))
	}
	if w := sh.WriteOff; w != nil {
		at := []string{"table", "sheet", "write_off"}
		account(append(at, "account"), w.Account, false)
		account(append(at, "off"), w.Off, false)
		if w.Account == w.Off {
			c.errorf(c.node(append(at, "off")...), "write_off: a gain in %s cannot be written off %s itself", w.Account, w.Off)
		}
		rule := w.Rule
		if rule == "" {
			rule = "a gain in " + w.Account + " is first written off the " + w.Off
		}
		c.r.Sheet.WriteOff = &WriteOff{Account: w.Account, Off: w.Off, When: optional(w.When, "write_off when"), WhenSrc: w.When.Text, Rule: rule, Source: w.Source}
	}
	if cl := sh.Ceiling; cl != nil {
		at := []string{"table", "sheet", "ceiling"}
		account(append(at, "account"), cl.Account, false)
		account(append(at, "rest"), cl.Rest, false)
		account(append(at, "help", "account"), cl.Help.Account, true)
		rule := cl.Rule
		if rule == "" {
			rule = "no " + cl.Account + " passes the ceiling: the excess fills the others', the rest off the " + cl.Rest
		}
		ceil := &Ceiling{Account: cl.Account, HelpAccount: cl.Help.Account, Rest: cl.Rest,
			AtSrc: cl.At.Text, WhenSrc: cl.When.Text, PerSrc: cl.Help.PerPoint.Text, Rule: rule, Source: cl.Source}
		ceil.At = c.code(c.program(cl.At, "ceiling at", nil))
		ceil.PerPoint = c.code(c.program(cl.Help.PerPoint, "ceiling help per_point", nil))
		ceil.When = optional(cl.When, "ceiling when")
		for _, p := range []struct {
			prog *Code
			e    Expr
		}{{ceil.At, cl.At}, {ceil.PerPoint, cl.Help.PerPoint}} {
			if p.prog != nil {
				if t := p.prog.Node().Type(); t == nil || (t.Kind() != reflect.Int && t != amountType) {
					c.errorf(p.e.Node, "%q has type %v; want a number", p.e.Text, t)
				}
			}
		}
		c.r.Sheet.Ceiling = ceil
	}
}

// final compiles the closing of a score-sheet game. Its expressions see
// the sheet, not a deal: each account of the player and of the other.
func (c *compiler) final(s *Spec) {
	fs := s.Table.Sheet.Final
	if fs == nil {
		return
	}
	env := map[string]any{"players": 0}
	for _, o := range c.r.Options {
		env[o.Ident] = o.Default
	}
	node := c.node("table", "sheet", "final")
	for _, a := range append(append([]string{}, c.r.Sheet.Accounts...), c.r.Sheet.PairAccounts...) {
		names := []string{a, "other_" + a}
		if slices.Contains(c.r.Sheet.Accounts, a) {
			names = append(names, "total_"+a) // the table's: every player's together
		}
		for _, name := range names {
			if _, taken := env[name]; taken {
				c.errorf(node, "final: the account %s and an option or another account share the name %s", a, name)
			}
			env[name] = money.Amount{}
		}
	}
	f := &Final{ClosedSrc: fs.ClosedWhen.Text, PairSrc: fs.Pair.Text, Description: fs.Description, env: env, layout: newLayout(env, false)}
	// compiled to closures at once: their environment is complete
	for _, e := range []struct {
		code **Code
		p    *vm.Program
	}{
		{&f.ClosedWhen, c.programIn(env, fs.ClosedWhen, "final closed_when", expr.AsBool())},
		{&f.Pair, c.programIn(env, fs.Pair, "final pair", nil)},
	} {
		if e.p != nil {
			*e.code = &Code{Program: e.p}
			(*e.code).compile(f.layout)
			c.finals = append(c.finals, *e.code)
		}
	}
	if f.Pair != nil {
		if t := f.Pair.Node().Type(); t == nil || (t.Kind() != reflect.Int && t != amountType) {
			c.errorf(fs.Pair.Node, "final pair %q has type %v; want a number", fs.Pair.Text, t)
		}
	}
	c.r.Sheet.Final = f
}

// eventConditions compiles the `when` of events derived from the cards.
func (c *compiler) eventConditions(s *Spec) {
	forEachPair(&s.Events, func(k, v *yaml.Node) {
		var e EventSpec
		if err := v.Decode(&e); err != nil || e.When.Node == nil {
			return
		}
		p := c.code(c.program(e.When, "event "+k.Value+" when", expr.AsBool()))
		for i := range c.r.Events {
			if c.r.Events[i].Name == k.Value {
				c.r.Events[i].When = p
			}
		}
	})
}

func (c *compiler) cards(s *Spec) {
	d := &c.r.Deck
	seen := map[string]bool{}
	for i, su := range s.Cards.Suits {
		if seen[su.ID] {
			c.errorf(c.node("cards", "suits", strconv.Itoa(i), "id"), "suit id %q is used twice", su.ID)
		}
		seen[su.ID] = true
		sym := su.Symbol
		if sym == "" {
			sym = su.ID
		}
		d.SuitIDs = append(d.SuitIDs, su.ID)
		d.SuitNames = append(d.SuitNames, su.Name)
		d.Symbols = append(d.Symbols, sym)
		d.Red = append(d.Red, su.Colour == "red")
	}
	d.Ranks = s.Cards.Ranks
}

func (c *compiler) deal(s *Spec) {
	r := c.r
	r.Hands = s.Players.Hands
	r.TableMax = s.Players.TableMax
	r.CounterClockwise = s.Players.Direction == "counter-clockwise"
	if r.TableMax == 0 {
		r.TableMax = r.Hands
	}
	if r.TableMax < r.Hands {
		c.errorf(c.node("players", "table_max"), "table_max %d is smaller than hands %d", r.TableMax, r.Hands)
	}
	for _, p := range s.Deal.Packets {
		pk := Packet{ToTalon: p.To == "talon", Cards: p.Cards}
		r.Packets = append(r.Packets, pk)
		if pk.ToTalon {
			r.TalonSize += p.Cards
		} else {
			r.HandSize += p.Cards
		}
	}
	if total, size := r.HandSize*r.Hands+r.TalonSize, r.Deck.Size(); total != size {
		c.errorf(c.node("deal", "packets"), "packets deal %d cards (%d hands x %d + talon %d) but the pack has %d (%d suits x %d ranks)",
			total, r.Hands, r.HandSize, r.TalonSize, size, len(r.Deck.SuitIDs), len(r.Deck.Ranks))
	}
}

func (c *compiler) contracts(s *Spec) {
	r := c.r
	var keys []string
	for i, cs := range s.Contracts {
		ct := Contract{
			Name: cs.Name, Label: cs.Label, Tricks: cs.Tricks, Exact: cs.Exact, InARow: cs.InARow, Number: cs.Number,
			StopWhenLost: cs.StopWhenLost, NoDrop: cs.NoDrop, MustBid: cs.MustBid, FirstBidOnly: cs.FirstBidOnly, Open: cs.Open, Trumps: cards.NoSuit,
			EachNeeds: s.Defence.EachNeeds,
		}
		if cs.InARow && (cs.StopWhenLost || cs.Exact) {
			c.errorf(c.node("contracts", strconv.Itoa(i), "in_a_row"), "contract %q: in_a_row goes with neither stop_when_lost nor exact", cs.Name)
		}
		if cs.EachNeeds != nil {
			ct.EachNeeds = *cs.EachNeeds
		}
		ct.DefenceNeeds, ct.DefendersOpen, ct.Half = cs.DefenceNeeds, cs.DefendersOpen, cs.Half
		ct.Leader = Leaders[cs.Leader]
		ct.MustContra = cs.MustContra == "true" || cs.MustContra == "talon"
		ct.MustContraTalonOnly = cs.MustContra == "talon"
		ct.NoInvite = cs.NoInvite
		if ct.MustContra && s.Defence.Contra == nil {
			c.errorf(cs.Node, "contract %s: must_contra needs defence.contra", cs.Name)
		}
		ct.TalonLeads = map[string]TalonLeads{"suit": TalonSuit, "card": TalonCard, "card-when-dealer-sits-out": TalonCardDealerOut}[cs.TalonLeads]
		if _, dup := r.ContractByName(cs.Name); dup {
			c.errorf(c.node("contracts", strconv.Itoa(i), "name"), "contract %q is defined twice", cs.Name)
		}
		if cs.Trumps != "" && cs.Trumps != "none" {
			su, ok := r.Deck.SuitByID(cs.Trumps)
			if !ok {
				c.errorf(c.node("contracts", strconv.Itoa(i), "trumps"), "trumps %q is not a suit id (the deck has %s) nor none", cs.Trumps, strings.Join(r.Deck.SuitIDs, ", "))
			}
			ct.Trumps = su
		}
		if r.HandSize > 0 && cs.Tricks > r.HandSize {
			c.errorf(c.node("contracts", strconv.Itoa(i), "tricks"), "contract %q needs %d tricks but a deal has only %d", cs.Name, cs.Tricks, r.HandSize)
		}
		names := make([]string, 0, len(cs.Values))
		for k := range cs.Values {
			names = append(names, k)
		}
		sort.Strings(names)
		if i == 0 {
			keys = names
		} else if strings.Join(names, ",") != strings.Join(keys, ",") {
			c.errorf(c.node("contracts", strconv.Itoa(i), "values"), "contract %q has values {%s} but %q has {%s}: every contract must name the same values",
				cs.Name, strings.Join(names, ", "), s.Contracts[0].Name, strings.Join(keys, ", "))
		}
		for _, k := range keys {
			ct.Values = append(ct.Values, cs.Values[k])
		}
		r.Contracts = append(r.Contracts, ct)
	}
	r.ValueNames = keys
}

func (c *compiler) auction(s *Spec) {
	r := c.r
	a := s.Auction
	seen := map[Call]bool{}
	for _, w := range a.Ladder {
		name, hand := strings.CutSuffix(w.Text, " hand")
		i, ok := r.ContractByName(name)
		if !ok {
			c.errorf(w.Node, "ladder bid %q: no contract named %q%s (contracts: %s)", w.Text, name, c.didYouMean(name), c.contractNames())
			continue
		}
		call := Call{Contract: i, Hand: hand}
		if seen[call] {
			c.errorf(w.Node, "ladder bid %q appears twice", w.Text)
		}
		seen[call] = true
		call.Name = a.CallNames[w.Text]
		r.Ladder = append(r.Ladder, call)
	}
	for _, k := range slices.Sorted(maps.Keys(a.CallNames)) {
		onLadder := false
		for _, w := range a.Ladder {
			onLadder = onLadder || w.Text == k
		}
		name := a.CallNames[k]
		_, clash := r.ContractByName(strings.TrimSuffix(name, " hand"))
		switch {
		case !onLadder:
			c.errorf(c.node("auction", "call_names"), "call_names: %q is not a bid on the ladder", k)
		case clash && name != k:
			c.errorf(c.node("auction", "call_names"), "call_names: %q would be said as %q, the name of another contract's bid", k, name)
		}
	}
	r.Auction.Raise = RaiseHigher
	if a.Raise == "one-more" {
		r.Auction.Raise = RaiseOneMore
	}
	r.Auction.HoldEarlier = a.Hold == "earlier"
	r.Auction.HoldNext = a.Hold == "next"
	r.Auction.OpenerHoldsFirstRaise = a.OpenerHoldsFirst
	if a.OpenerHoldsFirst && !r.Auction.HoldNext {
		c.errorf(c.node("auction", "opener_holds_first_raise"), "opener_holds_first_raise is a rule of hold: next")
	}
	if r.Auction.HoldNext && r.Auction.Raise != RaiseOneMore {
		c.errorf(c.node("auction", "hold"), "hold: next answers each raise with a hold: it needs raise: one-more")
	}
	r.Auction.OneRound = a.Rounds == "one"
	r.Auction.AllPassExit = a.AllPassExit
	r.Auction.HandOnlyFirstCall = a.HandOnlyFirstCall
	r.Auction.HandNotAfterPlain = a.HandNotAfterPlain
	r.Auction.PotAuction = a.AllPass.PotAuction
	r.Auction.AllPassPlay = -1
	if w := a.AllPass.Play; w.Text != "" {
		i, ok := r.ContractByName(w.Text)
		switch {
		case !ok:
			c.errorf(w.Node, "all_pass play %q: no contract of that name%s (contracts: %s)", w.Text, c.didYouMean(w.Text), c.contractNames())
		case slices.ContainsFunc(r.Ladder, func(call Call) bool { return call.Contract == i }):
			c.errorf(w.Node, "all_pass play %q: a contract played when nobody declares cannot also be bid (remove it from the ladder)", w.Text)
		case len(a.AllPass.Offers) > 0 || a.AllPass.PotAuction:
			c.errorf(w.Node, "all_pass play %q: nobody is left to play it after offers or a pot auction; use one of them", w.Text)
		default:
			r.Auction.AllPassPlay = i
			r.Contracts[i].NoDeclarer = true
		}
	}
	for i := range r.Contracts {
		switch {
		case r.Contracts[i].TalonLeads == TalonNotTurned:
		case !r.Contracts[i].NoDeclarer:
			c.errorf(c.node("contracts", strconv.Itoa(i), "talon_leads"), "contract %q: talon_leads is for the contract everyone plays when all pass (auction.all_pass.play)", r.Contracts[i].Name)
		case r.Hands > 3 || r.TalonSize == 0:
			c.errorf(c.node("contracts", strconv.Itoa(i), "talon_leads"), "contract %q: talon_leads needs a talon and at most 3 hands (a trick holds the talon's card and one card from each hand)", r.Contracts[i].Name)
		}
	}
	for _, o := range a.AllPass.Offers {
		role := map[string]Role{"forehand": Forehand, "middlehand": Middlehand, "dealer": Dealer}[o.Seat]
		r.Auction.Offers = append(r.Auction.Offers, Offer{Seat: role, Forced: o.Forced, MayConcede: o.MayConcede})
	}
	if len(r.Ladder) == 0 && r.Auction.AllPassPlay < 0 {
		c.errorf(c.node("auction", "ladder"), "the ladder has no bid and nothing is played when all pass: no deal could ever be played")
	}
	for i := range r.Contracts {
		if !c.reachable(i, s.Exchange.Announce != "bid") {
			c.errorf(c.node("contracts", strconv.Itoa(i), "name"), "contract %q can never be played: it is not on the ladder, not played when all pass, and no declarer may announce it (announce: at-least-bid reaches only contracts listed after a bid's, all-pass offers only those without must_bid)", r.Contracts[i].Name)
		}
	}
}

// reachable reports whether some auction can end in contract ci: it is
// bid, played when all pass, announced above a lower bid (at-least-bid),
// or chosen by a declarer made by an all-pass offer.
func (c *compiler) reachable(ci int, atLeastBid bool) bool {
	r := c.r
	ct := &r.Contracts[ci]
	if ct.NoDeclarer || slices.ContainsFunc(r.Ladder, func(call Call) bool { return call.Contract == ci }) {
		return true
	}
	if ct.MustBid {
		return false
	}
	if len(r.Auction.Offers) > 0 {
		return true
	}
	return atLeastBid && slices.ContainsFunc(r.Ladder, func(call Call) bool { return call.Contract < ci && !r.Contracts[call.Contract].MustBid })
}

// didYouMean is ": did you mean X?" for the contract nearest to name, or "".
func (c *compiler) didYouMean(name string) string {
	var names []string
	for _, ct := range c.r.Contracts {
		names = append(names, ct.Name)
	}
	return nearestHint(name, names)
}

func nearestHint(name string, names []string) string {
	if near := schema.Nearest(name, names); near != "" {
		return fmt.Sprintf(": did you mean %q?", near)
	}
	return ""
}

func (c *compiler) contractNames() string {
	var n []string
	for _, ct := range c.r.Contracts {
		n = append(n, ct.Name)
	}
	return strings.Join(n, ", ")
}

func (c *compiler) exchange(s *Spec) {
	r := c.r
	e := s.Exchange
	r.Exchange.TakeTalon = e.Talon == "take" || e.Talon == "show-and-take"
	r.Exchange.ShowTalon = e.Talon == "show-and-take"
	r.Exchange.Discard = r.TalonSize
	if c.has("exchange", "discard") {
		r.Exchange.Discard = e.Discard
	}
	if r.Exchange.TakeTalon && r.Exchange.Discard != r.TalonSize {
		c.errorf(c.node("exchange", "discard"), "discard %d: a declarer who takes a talon of %d must lay aside %d to keep %d cards", e.Discard, r.TalonSize, r.TalonSize, r.HandSize)
	}
	hasHandBids := false
	for _, call := range r.Ladder {
		hasHandBids = hasHandBids || call.Hand
	}
	switch e.HandPlay {
	case "bid":
		r.Exchange.HandPlay = HandBid
	case "after-auction":
		r.Exchange.HandPlay = HandAfterAuction
	case "never":
		r.Exchange.HandPlay = HandNever
	default:
		if hasHandBids {
			r.Exchange.HandPlay = HandBid
		}
	}
	if hasHandBids && r.Exchange.HandPlay != HandBid {
		c.errorf(c.node("exchange", "hand_play"), "the ladder has hand bids, so hand_play must be bid")
	}
	r.Exchange.AtLeastBid = e.Announce != "bid"
	r.Exchange.HandExtra = e.HandExtraTricks
	// A contract from the hand needs its own extra tricks, or the
	// exchange's; never more than a hand holds (that contract could not
	// be made, and play would stop short of a result).
	for i := range r.Contracts {
		ct, cs := &r.Contracts[i], &s.Contracts[i]
		switch {
		case cs.HandExtra != nil && ct.Exact:
			c.errorf(c.node("contracts", strconv.Itoa(i), "hand_extra_tricks"), "contract %q: exact contracts need their tricks exactly, from the hand too; remove hand_extra_tricks", ct.Name)
		case cs.HandExtra != nil:
			ct.HandExtra = *cs.HandExtra
		case !ct.Exact:
			ct.HandExtra = e.HandExtraTricks
		}
		if !c.fromHand(i) || ct.Tricks+ct.HandExtra <= r.HandSize || r.HandSize == 0 {
			continue
		}
		at := c.node("contracts", strconv.Itoa(i), "tricks")
		if cs.HandExtra != nil {
			at = c.node("contracts", strconv.Itoa(i), "hand_extra_tricks")
		}
		c.errorf(at, "contract %q from the hand would need %d + %d tricks, but a hand holds %d: nobody could make it (set hand_extra_tricks: 0 on the contract, or take its hand bid off the ladder)",
			ct.Name, ct.Tricks, ct.HandExtra, r.HandSize)
	}
}

// fromHand reports whether contract ci can be played from the hand: its
// hand bid is on the ladder, or the declarer decides after the auction.
func (c *compiler) fromHand(ci int) bool {
	if c.r.Exchange.HandPlay == HandAfterAuction {
		return true
	}
	return slices.Contains(c.r.Ladder, Call{Contract: ci, Hand: true})
}

func (c *compiler) has(path ...string) bool {
	parent := c.node(path[:len(path)-1]...)
	for i := 0; i+1 < len(parent.Content); i += 2 {
		if parent.Content[i].Value == path[len(path)-1] {
			return true
		}
	}
	return false
}

func (c *compiler) defence(s *Spec) {
	d := &c.r.Defence
	for _, ch := range s.Defence.Choices {
		d.MayPlay = d.MayPlay || ch == "play"
		d.MayDrop = d.MayDrop || ch == "drop"
		d.MayInvite = d.MayInvite || ch == "invite"
		d.MayHalf = d.MayHalf || ch == "half"
	}
	d.InviteNeeds = 2 * s.Defence.EachNeeds
	if s.Defence.InviteNeeds != nil {
		d.InviteNeeds = *s.Defence.InviteNeeds
	}
	if cs := s.Defence.Contra; cs != nil {
		d.Contra = Contra{On: true, Team: cs.Mode == "team", TeamNeeds: cs.TeamNeeds, Levels: 2}
		if cs.Recontra != nil && !*cs.Recontra {
			d.Contra.Levels = 1
		}
		if cs.Levels != nil {
			d.Contra.Levels = *cs.Levels // decides over recontra, which the normalized model always writes
		}
		d.Contra.Recontra = d.Contra.Levels >= 2
		d.Contra.NotAfterInvitation = cs.AfterInvitation != nil && !*cs.AfterInvitation
	}
	if d.MayInvite && !d.MayDrop {
		c.errorf(c.node("defence", "choices"), "invite needs drop: only a defender who dropped out can be invited")
	}
	if !d.MayPlay {
		c.errorf(c.node("defence", "choices"), "defence choices must include play")
	}
	d.EachNeeds = s.Defence.EachNeeds
	d.DroppedPlayed = s.Defence.DroppedHand == "played"
	d.OpenChoice = s.Defence.Open == "choose"
	d.OddEarlier = s.Defence.OddShare == "earlier"
	if d.DroppedPlayed && (!d.MayDrop || d.MayInvite) {
		c.errorf(c.node("defence", "dropped_hand"), "dropped_hand played needs the choice drop, and makes invite needless: the dropped hand is always played along")
	}
	if d.MayHalf && !d.MayDrop {
		c.errorf(c.node("defence", "choices"), "half needs drop: a defender takes half only after the other dropped out")
	}
	if d.OpenChoice && !d.DroppedPlayed {
		c.errorf(c.node("defence", "open"), "open choose needs dropped_hand: played (only a defender playing a dropped hand along chooses open play)")
	}
	d.Concede = map[string]Concede{"before-defence": ConcedeBeforeDefence, "after-defence": ConcedeAfterDefence}[s.Defence.DeclarerConcedes]
}

func (c *compiler) play(s *Spec) {
	p := &c.r.Play
	p.Leader = LeaderDeclarer
	if l, ok := Leaders[s.Play.Leader]; ok {
		p.Leader = l
	}
	p.DeclarerLeads = p.Leader == LeaderDeclarer
	p.LeftLeads = p.Leader == LeaderDeclarerLeft
	p.MustTrump = s.Play.Trump != "may"
	p.MustHead = s.Play.Head == "must" || s.Play.Head == "defenders" || s.Play.Head == "declarer"
	p.HeadBy = map[string]Part{"defenders": PartDefenders, "declarer": PartDeclarer}[s.Play.Head]
	p.Cooperation = map[string]Cooperation{"advice": CooperationAdvice, "first-rule-binding": CooperationFirstRuleBinding}[s.Play.Cooperation]
}

func (c *compiler) table(s *Spec) {
	a := s.Table.Ante
	c.r.Sheet = Sheet{Accounts: s.Table.Sheet.Accounts, PairAccounts: s.Table.Sheet.PairAccounts}
	c.r.RunEndsOnPlay = s.Table.AllPassRunEnds == "played"
	if d := s.Table.FirstDealer; d != "last-seat" {
		c.r.FirstDealer = d
	}
	c.r.Ante = Ante{Each: a.Each, Dealer: a.Dealer, When: map[string]AnteWhen{"every-deal": AnteEveryDeal, "pot-empty": AntePotEmpty}[a.When]}
}

var identRe = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

func ident(name string) string { return strings.ReplaceAll(name, "-", "_") }

// env builds the typed environment: the interpreter's variables, then the
// ruleset's contract values, options and events. Defines are added as they
// compile.
func (c *compiler) env(s *Spec) {
	r := c.r
	env := map[string]any{}
	for _, v := range Variables {
		env[v.Name] = v.Zero
	}
	add := func(n *yaml.Node, name string, zero any, what string) bool {
		id := ident(name)
		if !identRe.MatchString(id) {
			c.errorf(n, "%s %q: expressions could not name it; use letters, digits, - and _", what, name)
			return false
		}
		if _, taken := env[id]; taken {
			c.errorf(n, "%s %q: the name %s is already taken by a variable of the interpreter or of this ruleset", what, name, id)
			return false
		}
		env[id] = zero
		return true
	}
	valuesNode := c.node("contracts", "0", "values")
	for _, k := range r.ValueNames {
		add(valuesNode, k, 0, "contract value")
	}
	forEachPair(&s.Options, func(k, v *yaml.Node) {
		var o OptionSpec
		if err := v.Decode(&o); err != nil {
			c.errorf(v, "option %q: %v", k.Value, err)
			return
		}
		var def any
		switch o.Default.ShortTag() {
		case "!!bool":
			def = o.Default.Value == "true"
		case "!!str":
			if !slices.Contains(o.Values, o.Default.Value) {
				c.errorf(&o.Default, "option %q: default %q must be one of its values (%s)%s", k.Value, o.Default.Value, strings.Join(o.Values, ", "), nearestHint(o.Default.Value, o.Values))
				return
			}
			def = o.Default.Value
		default:
			n, err := strconv.Atoi(o.Default.Value)
			if err != nil {
				c.errorf(&o.Default, "option %q: default must be true, false, an integer or one of its values", k.Value)
				return
			}
			def = n
		}
		if _, isWord := def.(string); !isWord && len(o.Values) > 0 {
			c.errorf(&o.Default, "option %q: values are for a choice among words: its default must be one of them", k.Value)
			return
		}
		var sets *yaml.Node
		if o.Sets.Kind == yaml.MappingNode {
			_, isBool := def.(bool)
			word, isWord := def.(string)
			switch {
			case isWord: // sets per word: {6-7-7: {auction.all_pass_exit: [6, 7, 7]}}
				for i := 0; i+1 < len(o.Sets.Content); i += 2 {
					key, val := o.Sets.Content[i], o.Sets.Content[i+1]
					switch {
					case !slices.Contains(o.Values, key.Value):
						c.errorf(key, "option %q sets fields for %q, which is not one of its values (%s)", k.Value, key.Value, strings.Join(o.Values, ", "))
						return
					case key.Value == word:
						c.errorf(key, "option %q: its default %q sets nothing (the ruleset itself says what holds by default)", k.Value, word)
						return
					case val.Kind != yaml.MappingNode:
						c.errorf(val, "option %q, %s: want the fields it sets, as {path: value}", k.Value, key.Value)
						return
					}
				}
			case !isBool:
				c.errorf(&o.Sets, "option %q: only a true/false option or a choice among words can set fields", k.Value)
				return
			}
			for i := 0; i+1 < len(v.Content); i += 2 {
				if v.Content[i].Value == "sets" {
					sets = v.Content[i+1] // the file's own node, for positions
				}
			}
		}
		if add(k, k.Value, def, "option") {
			r.Options = append(r.Options, Option{Name: k.Value, Ident: ident(k.Value), Description: o.Description, Source: o.Source, Default: def, Values: o.Values, Sets: sets})
		}
	})
	forEachPair(&s.Events, func(k, v *yaml.Node) {
		var e EventSpec
		_ = v.Decode(&e)
		if add(k, k.Value, false, "event") {
			r.Events = append(r.Events, Event{Name: k.Value, Ident: ident(k.Value), Description: e.Description, Source: e.Source})
		}
	})
	for _, a := range s.Table.Sheet.Accounts { // the sheet before the deal
		add(c.node("table", "sheet", "accounts"), "lowest_"+a, money.Amount{}, "sheet account")
		add(c.node("table", "sheet", "accounts"), "total_"+a, money.Amount{}, "sheet account")
	}
	r.envTemplate = env
}

func forEachPair(m *yaml.Node, f func(k, v *yaml.Node)) {
	if m.Kind != yaml.MappingNode {
		return
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		f(m.Content[i], m.Content[i+1])
	}
}

func (c *compiler) defines(s *Spec) {
	forEachPair(&s.Define, func(k, v *yaml.Node) {
		p := c.program(Expr{Text: v.Value, Node: v}, "define "+k.Value, nil)
		if p == nil {
			c.failed[ident(k.Value)] = true
			return
		}
		t := p.Node().Type()
		var zero any
		switch {
		case t == nil:
			c.errorf(v, "define %s: the type of %q is unknown; write an expression of numbers or booleans", k.Value, v.Value)
			return
		case t.Kind() == reflect.Bool:
			zero = false
		case t.Kind() == reflect.Int:
			zero = 0
		case t == amountType:
			zero = money.Amount{}
		case t.Kind() == reflect.String:
			zero = ""
		default:
			c.errorf(v, "define %s: %q has type %v; want a number or a boolean", k.Value, v.Value, t)
			return
		}
		id := ident(k.Value)
		if !identRe.MatchString(id) {
			c.errorf(k, "define %q: not a name expressions can use", k.Value)
			return
		}
		if _, taken := c.r.envTemplate[id]; taken {
			c.errorf(k, "define %q: the name is already taken", k.Value)
			return
		}
		c.r.envTemplate[id] = zero
		c.r.Defines = append(c.r.Defines, Define{Name: id, Src: v.Value, Program: c.code(p)})
	})
}

var selectors = map[string]Selector{
	"declarer": SelDeclarer, "defenders": SelDefenders, "players": SelPlayers,
	"dealer": SelDealer, "forehand": SelForehand, "pot": SelPot,
}

func (c *compiler) settlement(s *Spec) {
	for _, rs := range s.Settlement {
		rule := Rule{Name: rs.Rule, Source: rs.Source, WhenSrc: rs.When.Text}
		rule.When = c.code(c.program(rs.When, "when", expr.AsBool()))
		if rule.When != nil {
			rule.WhenValues = c.withValues(rs.When.Text, true)
		}
		if len(rs.Pay) == 0 && len(rs.Mark) == 0 {
			c.errorf(rs.Node, "rule %q: neither pay nor mark: it would do nothing", rs.Rule)
		}
		for _, ms := range rs.Mark {
			m := Mark{Who: selectors[ms.Who.Text], AddSrc: ms.Add.Text}
			if m.Who == SelPot {
				c.errorf(ms.Who.Node, "the pot has no markings")
			}
			if ms.Where.Node != nil {
				m.Where = c.code(c.program(ms.Where, "where", expr.AsBool()))
			}
			m.Add = c.code(c.program(ms.Add, "add", expr.AsInt()))
			rule.Mark = append(rule.Mark, m)
		}
		for _, ps := range rs.Pay {
			pay := Pay{From: selectors[ps.From.Text], To: selectors[ps.To.Text], AmountSrc: ps.Amount.Text, Account: ps.Account.Text}
			switch {
			case pay.Account == "" && ps.From.Node == nil:
				c.errorf(ps.Node, "a payment line needs from (who pays), unless it writes to a score-sheet account")
			case pay.Account != "" && slices.Contains(c.r.Sheet.PairAccounts, pay.Account):
				pay.Pair = true
				if ps.From.Node == nil {
					c.errorf(ps.Account.Node, "account %s is kept against another player: name him with from", pay.Account)
				}
			case pay.Account != "" && !slices.Contains(c.r.Sheet.Accounts, pay.Account):
				accounts := append(append([]string{}, c.r.Sheet.Accounts...), c.r.Sheet.PairAccounts...)
				c.errorf(ps.Account.Node, "no score-sheet account %q%s (table.sheet has %s)", pay.Account, nearestHint(pay.Account, accounts), strings.Join(accounts, ", "))
			case pay.Account != "":
				if ps.From.Node != nil {
					c.errorf(ps.From.Node, "account %s belongs to one player: a line writing to it has no from", pay.Account)
				}
				pay.From = SelPot // unused: one candidate, so the line runs once per receiver
			}
			if pay.To == SelPot && pay.Account != "" {
				c.errorf(ps.To.Node, "the pot has no score sheet")
			}
			if ps.From.Text == ps.To.Text && (ps.From.Text == "pot" || ps.From.Text == "declarer" || ps.From.Text == "dealer" || ps.From.Text == "forehand") {
				c.errorf(ps.To.Node, "a payment from %s to %s moves nothing", ps.From.Text, ps.To.Text)
			}
			if ps.Where.Node != nil {
				pay.Where = c.code(c.program(ps.Where, "where", expr.AsBool()))
			}
			pay.Amount = c.code(c.program(ps.Amount, "amount", nil))
			if pay.Amount != nil {
				if t := pay.Amount.Node().Type(); t == nil || (t.Kind() != reflect.Int && t != amountType) {
					c.errorf(ps.Amount.Node, "amount %q has type %v; want a number (an integer or an exact fraction)", ps.Amount.Text, t)
				}
			}
			if ps.Explain.Node != nil {
				pay.Explain = c.explain(ps.Explain)
			} else if pay.Amount != nil {
				pay.Explain = c.arithmetic(ps.Amount.Text)
			}
			rule.Pay = append(rule.Pay, pay)
		}
		c.r.Rules = append(c.r.Rules, rule)
	}
}

// explain splits "text {expr} text" and compiles each {expr}.
func (c *compiler) explain(w Word) []ExplainPart {
	var parts []ExplainPart
	rest := w.Text
	for {
		i := strings.IndexByte(rest, '{')
		if i < 0 {
			break
		}
		j := strings.IndexByte(rest[i:], '}')
		if j < 0 {
			c.errorf(w.Node, "explain %q: { without }", w.Text)
			return nil
		}
		if i > 0 {
			parts = append(parts, ExplainPart{Text: rest[:i]})
		}
		p := c.program(Expr{Text: rest[i+1 : i+j], Node: w.Node}, "explain", nil)
		parts = append(parts, ExplainPart{Program: c.code(p)})
		rest = rest[i+j+1:]
	}
	if rest != "" {
		parts = append(parts, ExplainPart{Text: rest})
	}
	return parts
}

// arithmetic prepares, once, the default explanation of an amount: the
// expression, then the same expression with each name replaced by its value
// ("to.tricks * trick_value = 2 * 3"). Names that are not numbers stay.
func (c *compiler) arithmetic(src string) []ExplainPart { return c.withValues(src, false) }

// withValues is arithmetic; with bools, true/false names are replaced by
// their values too (a rule's condition: "played && made = true && true").
func (c *compiler) withValues(src string, bools bool) []ExplainPart {
	// An amount that is a define shows the define's own arithmetic:
	// "stake = game * factor = 40 * 1", not "stake = 40".
	for _, d := range c.r.Defines {
		if d.Name != strings.TrimSpace(src) {
			continue
		}
		if inner := c.arithmetic(d.Src); len(inner) > 1 {
			return append([]ExplainPart{{Text: d.Name + " = "}}, inner...)
		}
	}
	tree, err := parser.Parse(src)
	if err != nil {
		return []ExplainPart{{Text: src}}
	}
	var leaves []*vm.Program
	ast.Walk(&tree.Node, visitor(func(n *ast.Node) {
		switch (*n).(type) {
		case *ast.IdentifierNode, *ast.MemberNode:
		default:
			return
		}
		p, err := c.compile1(c.r.envTemplate, (*n).String(), nil)
		if err != nil || p == nil {
			return
		}
		if t := p.Node().Type(); t == nil || (t.Kind() != reflect.Int && t != amountType && !(bools && (t.Kind() == reflect.Bool || t.Kind() == reflect.String))) {
			return
		}
		ast.Patch(n, &ast.IdentifierNode{Value: fmt.Sprintf("\x00%d\x00", len(leaves))})
		leaves = append(leaves, p)
	}))
	if len(leaves) == 0 {
		return []ExplainPart{{Text: src}}
	}
	parts := []ExplainPart{{Text: src + " = "}}
	for i, piece := range strings.Split(tree.Node.String(), "\x00") {
		if i%2 == 0 {
			if piece != "" {
				parts = append(parts, ExplainPart{Text: piece})
			}
			continue
		}
		k, _ := strconv.Atoi(piece)
		t := leaves[k].Node().Type()
		parts = append(parts, ExplainPart{Program: c.code(leaves[k]), Quote: t != nil && t.Kind() == reflect.String})
	}
	return parts
}

// unknownNames reports every name of e that env lacks, each at its place
// with the nearest known name (expr itself stops at the first); true when
// there was one. A name whose define failed was reported already.
func (c *compiler) unknownNames(e Expr, what string, env map[string]any) bool {
	if precheck(e.Text) != nil {
		return false // compileSafe says what is wrong
	}
	tree, err := parser.Parse(e.Text)
	if err != nil {
		return false
	}
	callees := map[ast.Node]bool{}
	ast.Walk(&tree.Node, visitor(func(n *ast.Node) {
		if call, ok := (*n).(*ast.CallNode); ok {
			callees[call.Callee] = true
		}
	}))
	found := false
	ast.Walk(&tree.Node, visitor(func(n *ast.Node) {
		id, ok := (*n).(*ast.IdentifierNode)
		if !ok || callees[id] {
			return
		}
		if _, known := env[id.Value]; known || c.failed[id.Value] {
			if c.failed[id.Value] {
				found = true // said once, where the define failed
			}
			return
		}
		found = true
		from := min(max(0, id.Location().From), len(e.Text))
		before := e.Text[:from]
		line := strings.Count(before, "\n") + 1
		col := from - (strings.LastIndexByte(before, '\n') + 1)
		l, cl := position(e.Node, line, col)
		msg := fmt.Sprintf("unknown name %s", id.Value)
		if near := schema.Nearest(id.Value, sortedKeys(env)); near != "" {
			msg += fmt.Sprintf(": did you mean %s?", near)
		} else {
			msg += " (the names an expression may use are listed in README, \"Settlement expressions\", and pref rules)"
		}
		c.errs = append(c.errs, &schema.Error{File: c.file, Line: l, Col: cl, Msg: fmt.Sprintf("%s expression %q: %s", what, clip(e.Text), msg)})
	}))
	return found
}

type visitor func(n *ast.Node)

func (v visitor) Visit(n *ast.Node) { v(n) }

// program compiles one expression against the environment built so far and
// reports errors at the expression's place in the file.
func (c *compiler) program(e Expr, what string, want expr.Option) *vm.Program {
	return c.programIn(c.r.envTemplate, e, what, want)
}

// programIn compiles against another environment (the final score's).
func (c *compiler) programIn(env map[string]any, e Expr, what string, want expr.Option) *vm.Program {
	if strings.TrimSpace(e.Text) == "" {
		c.errorf(e.Node, "%s: empty expression", what)
		return nil
	}
	if c.unknownNames(e, what, env) {
		return nil
	}
	p, err := c.compile1(env, e.Text, want)
	if err != nil {
		line, col := e.Node.Line, e.Node.Column
		msg := err.Error()
		var fe *file.Error
		if errors.As(err, &fe) {
			msg = fe.Message
			line, col = position(e.Node, fe.Line, fe.Column)
		}
		if name, ok := strings.CutPrefix(msg, "unknown name "); ok {
			if c.failed[name] {
				return nil // its define failed and was reported: say it once
			}
			if near := schema.Nearest(name, sortedKeys(env)); near != "" {
				msg += fmt.Sprintf(": did you mean %s?", near)
			} else {
				msg += " (the names an expression may use are listed in README, \"Settlement expressions\", and pref rules)"
			}
		}
		c.errs = append(c.errs, &schema.Error{File: c.file, Line: line, Col: col,
			Msg: fmt.Sprintf("%s expression %q: %s", what, clip(e.Text), clip(msg))})
		return nil
	}
	return p
}

// compileSafe compiles an expression within the limits and the language
// of rulesets (limits.go); a panic in the compiler is an error, not a crash.
func compileSafe(src string, opts []expr.Option) (p *vm.Program, err error) {
	if err := precheck(src); err != nil {
		return nil, err
	}
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%v", r)
		}
	}()
	// expr.Compile's steps, taken one by one so that the language is
	// checked on the tree as written, between checking and optimizing: the
	// optimizer folds constants ('a' + 'b', 1..3) into nodes that would no
	// longer show what was written, and would build a constant range
	// before any check. (Compiling twice, once unoptimized for the check,
	// was half of every ruleset's load.)
	config := conf.CreateNew()
	for _, op := range opts {
		op(config)
	}
	for name := range config.Disabled {
		delete(config.Builtins, name)
	}
	config.Check()
	tree, err := checker.ParseCheck(src, config)
	if err != nil {
		return nil, err
	}
	if err := checkLanguage(tree.Node); err != nil {
		return nil, err
	}
	if config.Optimize {
		if err := optimizer.Optimize(&tree.Node, config); err != nil {
			var fe *file.Error
			if errors.As(err, &fe) {
				return nil, fe.Bind(tree.Source)
			}
			return nil, err
		}
	}
	return exprcompiler.Compile(tree, config)
}

func sortedKeys(env map[string]any) []string {
	names := make([]string, 0, len(env))
	for k := range env {
		names = append(names, k)
	}
	sort.Strings(names)
	return names
}

// position maps a line and column inside an expression to the file: a plain
// or quoted scalar starts at the node's column (quotes add one); a block
// scalar's text starts on the next line.
func position(n *yaml.Node, line, col int) (int, int) {
	switch n.Style {
	case yaml.LiteralStyle, yaml.FoldedStyle:
		return n.Line + line, col + 1
	case yaml.DoubleQuotedStyle, yaml.SingleQuotedStyle:
		if line <= 1 {
			return n.Line, n.Column + 1 + col
		}
	default:
		if line <= 1 {
			return n.Line, n.Column + col
		}
	}
	return n.Line + line - 1, col + 1
}
