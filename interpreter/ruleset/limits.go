package ruleset

import (
	"errors"
	"fmt"
	"reflect"
	"strings"

	"github.com/expr-lang/expr/ast"
	"github.com/preference-rules/pref/interpreter/money"
)

// Limits on what a ruleset may ask of the interpreter. Each keeps a
// hostile or mistaken file from crashing, hanging or exhausting the
// process; each is far above what any real ruleset needs (the embedded
// ones stay under a tenth of each). docs/reliability.md lists them.
const (
	// MaxExprLen is the longest expression, in bytes.
	MaxExprLen = 2000
	// MaxExprDepth is the deepest nesting of parentheses and brackets:
	// expr's parser recurses per level, and parentheses are not nodes, so
	// MaxExprNodes alone would not stop 500,000 of them overflowing the stack.
	MaxExprDepth = 32
	// MaxExprNodes is the largest expression tree.
	MaxExprNodes = 500
	// MaxOptions is the most options a ruleset may declare: each one that
	// sets fields is checked by compiling the ruleset with it switched on.
	MaxOptions = 64
	// MaxExpressions is the most expressions one ruleset may hold.
	MaxExpressions = 2000
	// MaxInt bounds every integer a ruleset writes (a value, an ante, a
	// trick count): products of two of them cannot wrap unnoticed, and any
	// overflow in a settlement is reported as an error.
	MaxInt = money.MaxInput
)

// precheck refuses an expression too long or too deeply nested to parse
// safely, before the parser sees it.
func precheck(src string) error {
	if len(src) > MaxExprLen {
		return fmt.Errorf("expression of %d bytes: longer than %d, the limit", len(src), MaxExprLen)
	}
	depth := 0
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch {
		case c == '/' && i+1 < len(src) && (src[i+1] == '/' || src[i+1] == '*'):
			end, closed := skipComment(src, i)
			if !closed {
				return nil // unterminated: the parser refuses it
			}
			i = end
		case c == '"' || c == '\'' || c == '`':
			i = endOfQuote(src, i)
		case c == '(' || c == '[' || c == '{':
			if depth++; depth > MaxExprDepth {
				return fmt.Errorf("expression nested more than %d deep, the limit (column %d)", MaxExprDepth, i+1)
			}
		case c == ')' || c == ']' || c == '}':
			depth--
		}
	}
	return nil
}

// endOfQuote is the index of the quote closing the one at src[open] (a
// backslash escapes the byte after it), or len(src) when none does.
func endOfQuote(src string, open int) int {
	i := open + 1
	for i < len(src) && src[i] != src[open] {
		if src[i] == '\\' {
			i++
		}
		i++
	}
	return i
}

// skipComment is where the comment starting at src[i] (// to the end of
// the line, /* to */) ends: the index of its last byte, or of the newline
// after it (the scan goes on from the next); closed is false for a /*
// without */.
func skipComment(src string, i int) (end int, closed bool) {
	if src[i+1] == '/' {
		for i < len(src) && src[i] != '\n' {
			i++
		}
		return i, true
	}
	n := strings.Index(src[i+2:], "*/")
	if n < 0 {
		return 0, false
	}
	return i + n + 3, true
}

// The binary operators pref's expressions keep from expr's (arithmetic
// and comparison of numbers are turned into checked calls before this).
var allowedBinary = map[string]bool{
	"==": true, "!=": true, "<": true, ">": true, "<=": true, ">=": true,
	"and": true, "or": true, "&&": true, "||": true,
}

// allowedCalls are the functions an expression may call: the checked
// operators (written for it when it uses + - * / % and comparisons) and
// the functions documented for authors.
var allowedCalls = map[string]bool{
	"_add": true, "_sub": true, "_mul": true, "_div": true, "_mod": true,
	"_lt": true, "_le": true, "_gt": true, "_ge": true, "_eq": true, "_ne": true,
	"exact": true, "power": true, pickName: true,
	"held_card": true, "won_card": true, "captured": true, "marks_of": true,
}

// checkLanguage walks a type-checked expression and refuses anything
// outside pref's expression language: numbers (integers and exact
// amounts), booleans, strings compared for equality, names and their
// fields, arithmetic, comparison, logic, conditionals, min, max, exact and
// power, and lists of numbers read by index ([1, 3, 6][i], lists.go). What it refuses (floats, string building, ranges, arrays, maps,
// closures, method calls) could lose exactness, loop or allocate without
// bound at settlement time.
func checkLanguage(root ast.Node) error {
	var bad error
	ast.Walk(&root, visitor(func(n *ast.Node) {
		if bad != nil {
			return
		}
		if err := checkNode(*n); err != nil {
			bad = err
		}
	}))
	return bad
}

// checkNode refuses a node outside the language, or one of a float type.
func checkNode(n ast.Node) error {
	if err := checkNodeKind(n); err != nil {
		return err
	}
	if t := n.Type(); t != nil && (t.Kind() == reflect.Float64 || t.Kind() == reflect.Float32) {
		return notInLanguage("a value with a fractional float type (" + n.String() + ")")
	}
	return nil
}

// errListUse refuses a list other than one read by index (lists.go).
var errListUse = errors.New("a list is only read by index, [1, 3, 6][i], all whole numbers or all amounts (for several values: x == a || x == b)")

// notInLanguage is the error for what is not part of the language.
func notInLanguage(what string) error {
	return fmt.Errorf("%s is not part of a ruleset's expressions (numbers, true/false, quoted names compared with == or !=, + - * / %%, comparisons, and/or/not, a ? b : c, min, max, exact, power, [1, 3, 6][i])", what)
}

// checkNodeKind refuses a node of a kind outside the language, or of a
// kind the language has used beyond its rules.
func checkNodeKind(n ast.Node) error {
	switch n := n.(type) {
	case *ast.IdentifierNode, *ast.IntegerNode, *ast.BoolNode, *ast.StringNode:
	case *ast.MemberNode, *ast.ConstantNode, *ast.UnaryNode, *ast.BinaryNode, *ast.ConditionalNode:
		return checkOperation(n)
	case *ast.CallNode:
		id, ok := n.Callee.(*ast.IdentifierNode)
		if !ok || !allowedCalls[id.Value] {
			return notInLanguage(fmt.Sprintf("calling %s", n.Callee.String()))
		}
	case *ast.BuiltinNode:
		return checkBuiltin(n)
	case *ast.ArrayNode:
		return errListUse
	case *ast.MapNode:
		return notInLanguage("a map {...}")
	case *ast.PredicateNode, *ast.PointerNode:
		return notInLanguage("a predicate (#, closures)")
	case *ast.VariableDeclaratorNode:
		return notInLanguage("let")
	case *ast.FloatNode:
		return notInLanguage("a decimal number (write 5/2 or exact fractions: amounts are exact)")
	default:
		name := strings.TrimPrefix(fmt.Sprintf("%T", n), "*ast.")
		return notInLanguage(strings.TrimSuffix(name, "Node"))
	}
	return nil
}

// checkOperation checks the nodes the language keeps only in part: a
// field read by name, a constant of its own types, the unary and binary
// operators it allows, a conditional whose branches agree.
func checkOperation(n ast.Node) error {
	switch n := n.(type) {
	case *ast.MemberNode:
		if _, ok := n.Property.(*ast.StringNode); !ok {
			return notInLanguage("indexing with [ ]")
		}
		if n.Optional {
			return notInLanguage("?.")
		}
	case *ast.ConstantNode:
		switch n.Value.(type) {
		case int, bool, string, money.Amount:
		default: // expr folds [a, b] and x in [a, b] into constants of its own types
			return errListUse
		}
	case *ast.UnaryNode:
		if n.Operator != "!" && n.Operator != "not" && n.Operator != "+" {
			return notInLanguage("unary " + n.Operator)
		}
	case *ast.BinaryNode:
		if !allowedBinary[n.Operator] {
			lt, rt := n.Left.Type(), n.Right.Type()
			return notInLanguage(fmt.Sprintf("%q between %s and %s", n.Operator, typeName(lt), typeName(rt)))
		}
	case *ast.ConditionalNode:
		if a, b := n.Exp1.Type(), n.Exp2.Type(); a != nil && b != nil && a != b {
			return fmt.Errorf("the two branches of %s have different types, %s and %s: write both as amounts, with exact(n) for a whole number", n.String(), typeName(a), typeName(b))
		}
	}
	return nil
}

// checkBuiltin allows min and max of whole numbers, no other builtin.
func checkBuiltin(n *ast.BuiltinNode) error {
	if n.Name != "min" && n.Name != "max" {
		return notInLanguage(n.Name + "()")
	}
	for _, a := range n.Arguments {
		if t := a.Type(); t == nil || t.Kind() != reflect.Int {
			return fmt.Errorf("%s() takes whole numbers; %s is %s", n.Name, a.String(), typeName(t))
		}
	}
	return nil
}

func typeName(t reflect.Type) string {
	switch {
	case t == nil:
		return "an unknown type"
	case t == amountType:
		return "an amount"
	case t.Kind() == reflect.Int:
		return "an integer"
	case t.Kind() == reflect.String:
		return "a string"
	case t.Kind() == reflect.Bool:
		return "a boolean"
	}
	return t.String()
}
