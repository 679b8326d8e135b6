package tutorial

import (
	"fmt"
	"strings"

	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/parser"
	"github.com/preference-rules/pref/interpreter/ruleset"
)

// Condition renders a settlement condition of r as English for a learner;
// Amount renders an amount or a define. Names become their meanings: names become their meanings, operators
// become words ("and", "is more than", "times"), a ? b : c becomes "b if
// a, otherwise c". Nothing of the expression syntax is left. An expression
// the renderer cannot read is returned quoted as written.
func Condition(r *ruleset.Ruleset, src string) string {
	tree, err := parser.Parse(src)
	if err != nil {
		return "`" + src + "`"
	}
	return wordsOf{r: r}.clause(tree.Node)
}

// Amount: see Condition.
func Amount(r *ruleset.Ruleset, src string) string {
	tree, err := parser.Parse(src)
	if err != nil {
		return "`" + src + "`"
	}
	return wordsOf{r: r}.value(tree.Node)
}

type wordsOf struct{ r *ruleset.Ruleset }

// The learner's words for the interpreter's variables and a party's
// fields are in ruleset's vocabulary (ruleset.Variables, PartyWords),
// next to each name's meaning for authors.

// words are the learner's words for name, if it is one of the
// interpreter's variables.
func words(name string) ruleset.Words {
	if v, ok := ruleset.VariableNamed(name); ok {
		return v.Words
	}
	return ruleset.Words{}
}

func (w wordsOf) clause(n ast.Node) string {
	switch n := n.(type) {
	case *ast.BoolNode:
		if n.Value {
			return "always"
		}
		return "never"
	case *ast.IdentifierNode:
		return w.fact(n.Value)
	case *ast.MemberNode:
		if who, field, ok := w.member(n); ok {
			if f := ruleset.PartyWords[field]; f.Fact != "" {
				return who + " " + f.Fact
			}
			return who + ": " + strings.ReplaceAll(field, "_", " ")
		}
	case *ast.UnaryNode:
		if n.Operator == "!" || n.Operator == "not" {
			return w.not(n.Node)
		}
	case *ast.BinaryNode:
		switch n.Operator {
		case "&&", "and":
			return w.list(n, "and")
		case "||", "or":
			return "either " + w.list(n, "or")
		case "==", "!=", "<", ">", "<=", ">=":
			return w.compare(n)
		}
	case *ast.ConditionalNode:
		return fmt.Sprintf("%s if %s, otherwise %s", w.clause(n.Exp1), w.clause(n.Cond), w.clause(n.Exp2))
	}
	return w.value(n)
}

// list joins a chain of one operator: "a, b and c".
func (w wordsOf) list(n *ast.BinaryNode, word string) string {
	var parts []string
	var walk func(x ast.Node)
	walk = func(x ast.Node) {
		if b, ok := x.(*ast.BinaryNode); ok && (b.Operator == n.Operator) {
			walk(b.Left)
			walk(b.Right)
			return
		}
		s := w.clause(x)
		if b, ok := x.(*ast.BinaryNode); ok && (b.Operator == "||" || b.Operator == "or" || b.Operator == "&&" || b.Operator == "and") {
			s = "(" + s + ")"
		}
		parts = append(parts, s)
	}
	walk(n)
	if len(parts) == 2 {
		return parts[0] + " " + word + " " + parts[1]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + ", " + word + " " + parts[len(parts)-1]
}

func (w wordsOf) not(n ast.Node) string {
	if id, ok := n.(*ast.IdentifierNode); ok {
		if s := words(id.Value).Not; s != "" {
			return s
		}
	}
	if m, ok := n.(*ast.MemberNode); ok {
		if who, field, ok := w.member(m); ok {
			if f := ruleset.PartyWords[field]; f.Not != "" {
				return who + " " + f.Not
			}
		}
	}
	return "it is not so that " + w.clause(n)
}

var comparisons = map[string]string{
	"==": "is", "!=": "is not", "<": "is less than", ">": "is more than",
	"<=": "is at most", ">=": "is at least",
}

func (w wordsOf) compare(n *ast.BinaryNode) string {
	left := w.value(n.Left)
	if s, ok := n.Right.(*ast.StringNode); ok && n.Operator == "==" || ok && n.Operator == "!=" {
		v := s.Value
		if v == "" {
			v = "none"
		}
		return fmt.Sprintf("%s %s %s", left, comparisons[n.Operator], v)
	}
	if i, ok := n.Right.(*ast.IntegerNode); ok && i.Value == 0 {
		if id, ok := n.Left.(*ast.IdentifierNode); ok {
			if c := words(id.Value); c.None != "" {
				switch n.Operator {
				case "==":
					return c.None
				case ">", "!=":
					return c.Some
				}
			}
		}
		if m, ok := n.Left.(*ast.MemberNode); ok {
			if who, field, ok := w.member(m); ok {
				if c := ruleset.PartyWords[field]; c.None != "" {
					switch n.Operator {
					case "==":
						return who + " " + c.None
					case ">", "!=":
						return who + " " + c.Some
					}
				}
			}
		}
	}
	return fmt.Sprintf("%s %s %s", left, comparisons[n.Operator], w.value(n.Right))
}

var arithmetic = map[string]string{"+": "plus", "-": "minus", "*": "times", "/": "divided by", "%": "modulo"}

func (w wordsOf) value(n ast.Node) string {
	switch n := n.(type) {
	case *ast.IntegerNode:
		return fmt.Sprint(n.Value)
	case *ast.StringNode:
		return n.Value
	case *ast.BoolNode:
		return map[bool]string{true: "yes", false: "no"}[n.Value]
	case *ast.IdentifierNode:
		return w.noun(n.Value)
	case *ast.MemberNode:
		if list, ok := n.Node.(*ast.ArrayNode); ok {
			return w.listEntry(list, n.Property)
		}
		if who, field, ok := w.member(n); ok {
			if f := ruleset.PartyWords[field]; f.Noun != "" {
				return possessive(who) + " " + f.Noun
			}
			return possessive(who) + " " + strings.ReplaceAll(field, "_", " ")
		}
	case *ast.UnaryNode:
		if n.Operator == "-" {
			return "minus " + w.value(n.Node)
		}
		if n.Operator == "!" || n.Operator == "not" {
			return w.not(n.Node)
		}
	case *ast.BinaryNode:
		if op, ok := arithmetic[n.Operator]; ok {
			return w.operand(n.Left) + " " + op + " " + w.operand(n.Right)
		}
		return w.clause(n)
	case *ast.ConditionalNode:
		return fmt.Sprintf("%s if %s, otherwise %s", w.value(n.Exp1), w.clause(n.Cond), w.value(n.Exp2))
	case *ast.BuiltinNode:
		return w.call(n.Name, n.Arguments)
	case *ast.CallNode:
		name := ""
		if id, ok := n.Callee.(*ast.IdentifierNode); ok {
			name = id.Value
		}
		if words, ok := w.namedCall(name, n.Arguments); ok {
			return words
		}
		return w.call(name, n.Arguments)
	}
	return "(an expression)"
}

// namedCall is a call of settlement's own functions in words (a card
// predicate, marks_of); false for another.
func (w wordsOf) namedCall(name string, args []ast.Node) (string, bool) {
	if words, ok := w.cardCall(name, args); ok {
		return words, true
	}
	return w.markCall(name, args)
}

// markCall is marks_of in words: "the double rounds the declarer
// holds", in the kind's words (markings:).
func (w wordsOf) markCall(name string, args []ast.Node) (string, bool) {
	if name != "marks_of" || len(args) != 2 {
		return "", false
	}
	who := w.value(args[0])
	if id, ok := args[0].(*ast.IdentifierNode); ok && words(id.Value).Who != "" {
		who = words(id.Value).Who
	}
	several := "markers of kind " + w.value(args[1])
	if s, ok := args[1].(*ast.StringNode); ok {
		if k := w.r.MarkKind(s.Value); k > 0 {
			several = w.r.KindWords(k).Several
		}
	}
	return "the " + several + " " + who + " holds", true
}

// cardCall is a card predicate of settlement in words: "the declarer
// held the K of trumps", "the aces the receiver captured".
func (w wordsOf) cardCall(name string, args []ast.Node) (string, bool) {
	if len(args) < 2 || (name != "held_card" && name != "won_card" && name != "captured") {
		return "", false
	}
	who := w.value(args[0])
	if id, ok := args[0].(*ast.IdentifierNode); ok && words(id.Value).Who != "" {
		who = words(id.Value).Who
	}
	rank := w.value(args[1])
	if name == "captured" {
		return "the cards of rank " + rank + " " + who + " captured from the others", true
	}
	if len(args) < 3 {
		return "", false
	}
	suit := w.value(args[2])
	if id, ok := args[2].(*ast.IdentifierNode); ok {
		suit = strings.ReplaceAll(id.Value, "_", " ") // trumps: "the K of trumps"
	} else if s, ok := args[2].(*ast.StringNode); ok {
		for i, sid := range w.r.Deck.SuitIDs {
			if sid == s.Value && i < len(w.r.Deck.SuitNames) {
				suit = w.r.Deck.SuitNames[i]
			}
		}
	}
	verb := "held"
	if name == "won_card" {
		verb = "took in a trick"
	}
	return fmt.Sprintf("%s %s the %s of %s", who, verb, rank, suit), true
}

// call is a function of the language in words.
func (w wordsOf) call(name string, arguments []ast.Node) string {
	{
		args := make([]string, len(arguments))
		for i, a := range arguments {
			args[i] = w.value(a)
		}
		switch {
		case name == "min" && len(args) == 2:
			return "the smaller of " + args[0] + " and " + args[1]
		case name == "max" && len(args) == 2:
			return "the larger of " + args[0] + " and " + args[1]
		case name == "exact" && len(args) == 1:
			return args[0]
		case name == "power" && len(args) == 2:
			return args[0] + " to the power " + args[1]
		}
		return name + " of " + strings.Join(args, " and ")
	}
}

// listEntry is a list read by index, [0, 5, 15][overtricks], in words:
// "0, 5 or 15 as the overtricks are 0, 1 or 2".
func (w wordsOf) listEntry(list *ast.ArrayNode, index ast.Node) string {
	entries, places := make([]string, len(list.Nodes)), make([]string, len(list.Nodes))
	for i, e := range list.Nodes {
		entries[i], places[i] = w.value(e), fmt.Sprint(i)
	}
	return orList(entries) + " as " + w.operand(index) + " is " + orList(places)
}

// orList joins words as "a, b or c".
func orList(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}

// operand is a value inside arithmetic: a compound one is bracketed in
// words so that "a times (b plus c)" keeps its meaning.
func (w wordsOf) operand(n ast.Node) string {
	switch n.(type) {
	case *ast.BinaryNode, *ast.ConditionalNode:
		return "(" + w.value(n) + ")"
	}
	return w.value(n)
}

// member reads party.field.
func (w wordsOf) member(n *ast.MemberNode) (who, field string, ok bool) {
	id, ok1 := n.Node.(*ast.IdentifierNode)
	prop, ok2 := n.Property.(*ast.StringNode)
	if !ok1 || !ok2 {
		return "", "", false
	}
	who = words(id.Value).Who
	return who, prop.Value, who != ""
}

func possessive(who string) string { return who + "'s" }

// fact is a yes-or-no name as a clause.
func (w wordsOf) fact(name string) string {
	if v, ok := ruleset.VariableNamed(name); ok {
		switch {
		case v.Words.Fact != "":
			return v.Words.Fact
		case v.Kind == ruleset.KindBool:
			return v.Doc
		}
		return w.noun(name)
	}
	for _, o := range w.r.Options {
		if o.Ident == name {
			return "the option " + o.Name + " is on"
		}
	}
	for _, e := range w.r.Events {
		if e.Ident == name {
			if e.Description != "" {
				return strings.TrimSuffix(lowerFirst(e.Description), ".")
			}
			return strings.ReplaceAll(e.Name, "_", " ")
		}
	}
	for _, d := range w.r.Defines {
		if d.Name == name {
			return `"` + strings.ReplaceAll(name, "_", " ") + `" holds (see the values below)`
		}
	}
	return strings.ReplaceAll(name, "_", " ")
}

// noun is a name standing for a number: its meaning, or its words.
func (w wordsOf) noun(name string) string {
	if v, ok := ruleset.VariableNamed(name); ok {
		if v.Words.Noun != "" {
			return v.Words.Noun
		}
		return v.Doc
	}
	for _, k := range w.r.ValueNames {
		if k == name {
			return "the contract's " + strings.ReplaceAll(name, "_", " ")
		}
	}
	for _, d := range w.r.Defines {
		if d.Name == name {
			return "the " + strings.ReplaceAll(name, "_", " ")
		}
	}
	for _, o := range w.r.Options {
		if o.Ident == name {
			return "the option " + o.Name
		}
	}
	if w.r.Sheet.Final != nil { // the final's names for sheet accounts
		for _, a := range w.r.Sheet.Accounts {
			switch name {
			case "total_" + a:
				return "every player's " + a + " together"
			case "other_" + a:
				return "the other player's " + a
			}
		}
	}
	return strings.ReplaceAll(name, "_", " ")
}

func lowerFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
}
