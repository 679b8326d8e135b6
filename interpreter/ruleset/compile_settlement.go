package ruleset

import (
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/parser"
	"github.com/expr-lang/expr/vm"
	"github.com/preference-rules/pref/interpreter/money"
	"gopkg.in/yaml.v3"
)

// sheetRules compiles the sheet's bookkeeping after each deal: the
// write-off and the ceiling. Their expressions are settlement expressions
// (options, contract values, defines).
func (c *compiler) sheetRules(s *Spec) {
	sh := s.Table.Sheet
	if len(sh.Start) > 0 {
		c.sheetStart(sh.Start)
	}
	if w := sh.WriteOff; w != nil {
		c.writeOff(w)
	}
	if cl := sh.Ceiling; cl != nil {
		c.ceiling(cl)
	}
}

// sheetStart compiles what each account of the sheet starts at, by the
// number of players and the options.
func (c *compiler) sheetStart(start map[string]Expr) {
	env := map[string]any{PlayersName: 0}
	for _, o := range c.r.Options {
		env[o.Ident] = o.Default
	}
	for _, a := range slices.Sorted(maps.Keys(start)) {
		e := start[a]
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

// sheetAccount checks that the field at path names an account of the
// sheet (pair: one kept against another player).
func (c *compiler) sheetAccount(path []string, name string, pair bool) {
	list, what := c.r.Sheet.Accounts, "accounts"
	if pair {
		list, what = c.r.Sheet.PairAccounts, "pair_accounts"
	}
	if !slices.Contains(list, name) {
		c.errorf(c.node(path...), "no account %q in table.sheet.%s%s (it has %s)", name, what, nearestHint(name, list), strings.Join(list, ", "))
	}
}

// optionalCondition compiles a condition that may be left out (nil).
func (c *compiler) optionalCondition(e Expr, what string) *Code {
	if e.Node == nil {
		return nil
	}
	return c.code(c.program(e, what, expr.AsBool()))
}

// writeOff compiles the rule that writes a gain in one account off
// another first.
func (c *compiler) writeOff(w *WriteOffSpec) {
	at := []string{"table", "sheet", "write_off"}
	c.sheetAccount(append(at, "account"), w.Account, false)
	c.sheetAccount(append(at, "off"), w.Off, false)
	if w.Account == w.Off {
		c.errorf(c.node(append(at, "off")...), "write_off: a gain in %s cannot be written off %s itself", w.Account, w.Off)
	}
	rule := w.Rule
	if rule == "" {
		rule = "a gain in " + w.Account + " is first written off the " + w.Off
	}
	c.r.Sheet.WriteOff = &WriteOff{Account: w.Account, Off: w.Off, When: c.optionalCondition(w.When, "write_off when"), WhenSrc: w.When.Text, Rule: rule, Source: w.Source}
}

// ceiling compiles the rule that no account passes a ceiling, the excess
// filling the others'.
func (c *compiler) ceiling(cl *CeilingSpec) {
	at := []string{"table", "sheet", "ceiling"}
	c.sheetAccount(append(at, "account"), cl.Account, false)
	c.sheetAccount(append(at, "rest"), cl.Rest, false)
	c.sheetAccount(append(at, "help", "account"), cl.Help.Account, true)
	rule := cl.Rule
	if rule == "" {
		rule = "no " + cl.Account + " passes the ceiling: the excess fills the others', the rest off the " + cl.Rest
	}
	ceil := &Ceiling{Account: cl.Account, HelpAccount: cl.Help.Account, Rest: cl.Rest,
		AtSrc: cl.At.Text, WhenSrc: cl.When.Text, PerSrc: cl.Help.PerPoint.Text, Rule: rule, Source: cl.Source}
	ceil.At = c.code(c.program(cl.At, "ceiling at", nil))
	ceil.PerPoint = c.code(c.program(cl.Help.PerPoint, "ceiling help per_point", nil))
	ceil.When = c.optionalCondition(cl.When, "ceiling when")
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

// final compiles the closing of a score-sheet game. Its expressions see
// the sheet, not a deal: each account of the player and of the other.
func (c *compiler) final(s *Spec) {
	fs := s.Table.Sheet.Final
	if fs == nil {
		return
	}
	env := map[string]any{PlayersName: 0}
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
		if p != nil {
			if name := c.readsMoving(p.Node()); name != "" {
				c.errorf(e.When.Node, "event %s reads %s, which changes as the rules of a deal pay: an event is worked out once, before any rule", k.Value, name)
				return
			}
		}
		for i := range c.r.Events {
			if c.r.Events[i].Name == k.Value {
				c.r.Events[i].When = p
			}
		}
	})
}

var selectors = map[string]Selector{
	"declarer": SelDeclarer, "defenders": SelDefenders, "players": SelPlayers,
	"dealer": SelDealer, "forehand": SelForehand, "pot": SelPot,
}

// settlement compiles the settlement rules, in order.
func (c *compiler) settlement(s *Spec) {
	for i := range s.Settlement {
		c.r.Rules = append(c.r.Rules, c.rule(&s.Settlement[i]))
	}
}

// rule compiles one settlement rule: its condition, its markings, then
// its payments.
func (c *compiler) rule(rs *RuleSpec) Rule {
	rule := Rule{Name: rs.Rule, Source: rs.Source, WhenSrc: rs.When.Text}
	rule.When = c.code(c.program(rs.When, "when", expr.AsBool()))
	if rule.When != nil {
		rule.WhenValues = c.withValues(rs.When.Text, true)
	}
	if len(rs.Pay) == 0 && len(rs.Mark) == 0 {
		c.errorf(rs.Node, "rule %q: neither pay nor mark: it would do nothing", rs.Rule)
	}
	for _, ms := range rs.Mark {
		m := Mark{Who: selectors[ms.Who.Text], AddSrc: ms.Add.Text, Kind: c.markKind(ms.Kind)}
		if m.Who == SelPot {
			c.errorf(ms.Who.Node, "the pot has no markings")
		}
		if ms.Where.Node != nil {
			m.Where = c.code(c.program(ms.Where, "where", expr.AsBool()))
		}
		m.Add = c.code(c.program(ms.Add, "add", expr.AsInt()))
		rule.Mark = append(rule.Mark, m)
	}
	for i := range rs.Pay {
		rule.Pay = append(rule.Pay, c.pay(&rs.Pay[i]))
	}
	return rule
}

// pay compiles a payment line: who pays whom or which account it writes
// to, then what.
func (c *compiler) pay(ps *PaySpec) Pay {
	pay := Pay{From: selectors[ps.From.Text], To: selectors[ps.To.Text], AmountSrc: ps.Amount.Text, Account: ps.Account.Text}
	c.payParties(ps, &pay)
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
	return pay
}

// payParties checks who a payment line moves money between, or the
// score-sheet account it writes to, and marks a line written to an
// account kept against another player (Pair).
func (c *compiler) payParties(ps *PaySpec, pay *Pay) {
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
