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

// negated says what the boolean names mean when they do not hold, where
// "it is not so that ..." would read badly.
var negated = map[string]string{
	"played":          "no cards were played",
	"made":            "the declarer did not make the contract",
	"conceded":        "the declarer did not give up",
	"declared":        "nobody declared",
	"hand":            "the contract is not played from the hand",
	"forced":          "the declarer was not forced",
	"passed":          "somebody declared",
	"contra":          "nobody called contra",
	"recontra":        "there was no recontra",
	"open":            "the defending hands were not shown",
	"someone_invited": "nobody was invited",
}

// affirmed says what a yes-or-no name means where its description, written
// for authors, would read badly in a sentence.
var affirmed = map[string]string{
	"made":     "the declarer made the contract",
	"declared": "somebody declared",
	"passed":   "everybody passed",
}

// nouns say what a number means where its description, written for
// authors, names other fields.
var nouns = map[string]string{
	"defence_needs": "the tricks the defence owes against the contract",
	"talon_tricks":  "the tricks the talon won",
	"pot_bid":       "what the declarer offered into the pot",
}

// counted says "none" and "at least one" of a count in a sentence.
var counted = map[string][2]string{
	"failed_defenders":  {"no playing defender failed", "a playing defender failed"},
	"dropped_defenders": {"no defender dropped out", "a defender dropped out"},
	"playing_defenders": {"no defender played", "a defender played"},
	"overtricks":        {"the declarer took no trick above the contract", "the declarer took tricks above the contract"},
	"undertricks":       {"the declarer was not short", "the declarer was short"},
	"all_pass_run":      {"the deal before was not passed out", "the deal before was passed out"},
	"pot_bid":           {"nobody bid into the pot", "the declarer bid into the pot"},
	"talon_tricks":      {"the talon won no trick", "the talon won a trick"},
}

// parties name the players a settlement line or a rule speaks of.
var parties = map[string]string{
	"to": "the receiver", "from": "the payer", "declarer": "the declarer",
	"dealer": "the dealer", "forehand": "forehand",
}

// partyFacts are the Party fields after the party's name: a yes-or-no
// field as a clause and its negation, a number as a noun.
var partyFacts = map[string][3]string{
	"played":    {"played", "", "did not play"},
	"dropped":   {"dropped out", "", "did not drop out"},
	"failed":    {"failed", "", "did not fail"},
	"declarer":  {"is the declarer", "", "is not the declarer"},
	"defender":  {"is a defender", "", "is not a defender"},
	"dealer":    {"is the dealer", "", "is not the dealer"},
	"pot":       {"is the pot", "", "is not the pot"},
	"invited":   {"was invited", "", "was not invited"},
	"inviter":   {"invited the other defender", "", "did not invite the other defender"},
	"half":      {"took half without play", "", "did not take half"},
	"tricks":    {"", "tricks", ""},
	"credited":  {"", "tricks credited", ""},
	"doubling":  {"", "doubling", ""},
	"marks":     {"", "markings", ""},
	"share":     {"", "share of the defence", ""},
	"short":     {"", "tricks short", ""},
	"own_short": {"", "tricks short of his own share", ""},
	"seat":      {"", "seat", ""},
}

// partyCounts say "none" and "at least one" of a party's number.
var partyCounts = map[string][2]string{
	"tricks":    {"took no trick", "took a trick"},
	"short":     {"is not short", "is short"},
	"own_short": {"took his own share", "is short of his own share"},
	"marks":     {"holds no marking", "holds a marking"},
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
			if f, ok := partyFacts[field]; ok && f[0] != "" {
				return who + " " + f[0]
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
		if s, ok := negated[id.Value]; ok {
			return s
		}
	}
	if m, ok := n.(*ast.MemberNode); ok {
		if who, field, ok := w.member(m); ok {
			if f, ok := partyFacts[field]; ok && f[2] != "" {
				return who + " " + f[2]
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
			if c, ok := counted[id.Value]; ok {
				switch n.Operator {
				case "==":
					return c[0]
				case ">", "!=":
					return c[1]
				}
			}
		}
		if m, ok := n.Left.(*ast.MemberNode); ok {
			if who, field, ok := w.member(m); ok {
				if c, ok := partyCounts[field]; ok {
					switch n.Operator {
					case "==":
						return who + " " + c[0]
					case ">", "!=":
						return who + " " + c[1]
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
		if who, field, ok := w.member(n); ok {
			if f, ok := partyFacts[field]; ok && f[1] != "" {
				return possessive(who) + " " + f[1]
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
		return w.call(name, n.Arguments)
	}
	return "(an expression)"
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
	who, ok = parties[id.Value]
	return who, prop.Value, ok
}

func possessive(who string) string { return who + "'s" }

// fact is a yes-or-no name as a clause.
func (w wordsOf) fact(name string) string {
	if s, ok := affirmed[name]; ok {
		return s
	}
	for _, v := range ruleset.Variables {
		if v.Name == name {
			if _, isBool := v.Zero.(bool); isBool {
				return v.Doc
			}
			return w.noun(name)
		}
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
	if who, ok := parties[name]; ok {
		return who
	}
	return strings.ReplaceAll(name, "_", " ")
}

// noun is a name standing for a number: its meaning, or its words.
func (w wordsOf) noun(name string) string {
	if s, ok := nouns[name]; ok {
		return s
	}
	for _, v := range ruleset.Variables {
		if v.Name == name {
			return v.Doc
		}
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
	if who, ok := parties[name]; ok {
		return who
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
