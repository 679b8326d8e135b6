package rulings

import (
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/parser"
	"github.com/preference-rules/pref/interpreter/ruleset"
)

// A derived amount is told down to what the ruleset states: each define an
// amount reads as its expression with the values it read ("stake 40 =
// game * factor = 40 * 1"), then each name at the bottom with its value
// and what it is (a value of the contract's row, an option and its
// setting, a fact of the deal in the vocabulary's words). Nothing here
// knows a variant: the names and their meanings are the ruleset's and the
// vocabulary's.

// deriver breaks down the names a rule's amounts read, with the values
// the settlement read (settle.Settler.Values).
type deriver struct {
	r        *ruleset.Ruleset
	values   map[string]any
	contract string          // the contract played, as the ruleset shows it ("" if none)
	set      map[string]any  // the options the record or case sets, by name
	seen     map[string]bool // met in this rule's amounts
	told     map[string]bool // told in full for an earlier rule of the deal
	lines    []string
}

// derive is the breakdown of the amounts of rule: one line per define and
// per name read, each once, defines first in the order they are met.
func (d *deriver) derive(rule *ruleset.Rule) []string {
	d.seen, d.lines = map[string]bool{}, nil
	if d.told == nil {
		d.told = map[string]bool{}
	}
	defer func() {
		for name := range d.seen {
			d.told[name] = true
		}
	}()
	var leaves []string
	for i := range rule.Pay {
		for _, name := range namesRead(rule.Pay[i].AmountSrc) {
			leaves = d.walk(name, leaves)
		}
	}
	for _, name := range leaves {
		if d.told[name] {
			continue // told for a rule above
		}
		if line := d.leaf(name); line != "" {
			d.lines = append(d.lines, line)
		}
	}
	return d.lines
}

// walk adds the line of define name (and of the defines it reads) and
// collects the other names read.
func (d *deriver) walk(name string, leaves []string) []string {
	if d.seen[name] {
		return leaves
	}
	d.seen[name] = true
	def := d.define(name)
	if def == nil {
		return append(leaves, name)
	}
	if d.told[name] {
		d.lines = append(d.lines, fmt.Sprintf("%s %s, as above", name, d.show(name)))
		return leaves
	}
	d.lines = append(d.lines, fmt.Sprintf("%s %s = %s = %s", name, d.show(name), def.Src, d.withValues(def.Src)))
	for _, inner := range namesRead(def.Src) {
		leaves = d.walk(inner, leaves)
	}
	return leaves
}

func (d *deriver) define(name string) *ruleset.Define {
	for i := range d.r.Defines {
		if d.r.Defines[i].Name == name {
			return &d.r.Defines[i]
		}
	}
	return nil
}

// show is a name's value as the settlement read it.
func (d *deriver) show(name string) string {
	v, ok := d.values[name]
	if !ok {
		return "?"
	}
	if s, ok := v.(string); ok {
		return fmt.Sprintf("%q", s)
	}
	return fmt.Sprint(v)
}

// leaf tells a name that is no define: its value and what it is.
func (d *deriver) leaf(name string) string {
	if _, party := d.values[name].(ruleset.Party); party {
		return "" // a payer or receiver: the payment names him
	}
	v := d.show(name)
	if slices.Contains(d.r.ValueNames, name) && d.contract != "" {
		return fmt.Sprintf("%s %s: the %s value of %s in the ruleset's table of contracts", name, v, name, d.contract)
	}
	for _, o := range d.r.Options {
		if o.Ident == name {
			setting := "the ruleset's default"
			if _, ok := d.set[o.Name]; ok {
				setting = "set for this game"
			}
			return fmt.Sprintf("%s %s: the option %s (%s)", name, v, o.Name, setting)
		}
	}
	for _, e := range d.r.Events {
		if e.Ident == name {
			return fmt.Sprintf("%s %s: the event %s (%s)", name, v, e.Name, strings.TrimSuffix(e.Description, "."))
		}
	}
	for _, x := range ruleset.Variables {
		if x.Name == name {
			return fmt.Sprintf("%s %s: %s", name, v, variableWords(x))
		}
	}
	for _, acc := range d.r.Sheet.Accounts {
		switch name {
		case "total_" + acc:
			return fmt.Sprintf("%s %s: every player's %s on the sheet, together", name, v, acc)
		case "lowest_" + acc:
			return fmt.Sprintf("%s %s: the lowest %s on the sheet", name, v, acc)
		}
	}
	if _, ok := d.values[name]; ok {
		return fmt.Sprintf("%s %s", name, v)
	}
	return "" // a party, or a name the frame does not hold
}

// variableWords is what the vocabulary calls a variable: its learner
// noun where it has one, else its meaning for authors.
func variableWords(x ruleset.Variable) string {
	if x.Words.Noun != "" {
		return x.Words.Noun
	}
	return x.Doc
}

// namesRead are the plain names an expression reads, in order, each once:
// not a party's fields (to.tricks: told in the payment itself), not the
// functions it calls.
func namesRead(src string) []string {
	tree, err := parser.Parse(src)
	if err != nil {
		return nil
	}
	var names []string
	skip := notPlainNames(tree)
	ast.Walk(&tree.Node, visitor(func(n *ast.Node) {
		if id, ok := (*n).(*ast.IdentifierNode); ok && !skip[*n] && !slices.Contains(names, id.Value) {
			names = append(names, id.Value)
		}
	}))
	return names
}

// notPlainNames are the identifiers of tree that are not names read: a
// member's object (to.tricks) and a function called.
func notPlainNames(tree *parser.Tree) map[ast.Node]bool {
	skip := map[ast.Node]bool{}
	ast.Walk(&tree.Node, visitor(func(n *ast.Node) {
		switch x := (*n).(type) {
		case *ast.MemberNode:
			skip[x.Node] = true
		case *ast.CallNode:
			skip[x.Callee] = true
		}
	}))
	return skip
}

// withValues is an expression with each plain name it reads replaced by
// its value.
func (d *deriver) withValues(src string) string {
	tree, err := parser.Parse(src)
	if err != nil {
		return src
	}
	skip := notPlainNames(tree)
	ast.Walk(&tree.Node, visitor(func(n *ast.Node) {
		switch x := (*n).(type) {
		case *ast.IdentifierNode:
			if _, known := d.values[x.Value]; known && !skip[*n] {
				ast.Patch(n, &ast.IdentifierNode{Value: d.show(x.Value)})
			}
		case *ast.MemberNode:
			if v, ok := d.partyField(x); ok {
				ast.Patch(n, &ast.IdentifierNode{Value: fmt.Sprint(v)})
			}
		}
	}))
	return tree.Node.String()
}

// partyField is the value of a field of a party the whole settlement
// reads alike (declarer.marks), by the field's name in expressions; not
// of the payer and receiver (to, from), bound per payment.
func (d *deriver) partyField(m *ast.MemberNode) (any, bool) {
	base, ok := m.Node.(*ast.IdentifierNode)
	prop, ok2 := m.Property.(*ast.StringNode)
	if !ok || !ok2 || base.Value == "to" || base.Value == "from" {
		return nil, false
	}
	p, ok := d.values[base.Value].(ruleset.Party)
	if !ok {
		return nil, false
	}
	v := reflect.ValueOf(p)
	for i := 0; i < v.NumField(); i++ {
		if v.Type().Field(i).Tag.Get("expr") == prop.Value {
			return v.Field(i).Interface(), true
		}
	}
	return nil, false
}

// visitor adapts a function to ast.Visitor.
type visitor func(*ast.Node)

func (v visitor) Visit(n *ast.Node) { v(n) }
