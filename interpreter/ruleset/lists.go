package ruleset

import (
	"fmt"
	"reflect"

	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/ast"
	"github.com/preference-rules/pref/interpreter/money"
)

// Lookup lists: a table's scale written in place, [1, 3, 6][i], the
// entry i of the list counting from 0. A list is part of the language
// only so indexed, with entries all whole numbers or all amounts: it is
// rewritten, before expr checks types, into a call of pick(i, 1, 3, 6),
// which the closures run like any checked operation. An index outside the
// list is an evaluation error naming the list and the index (expr's own
// indexing would count a negative index from the end, and its error would
// not say which list).

// pickName is the function a list read by index becomes.
const pickName = "_pick"

// listIndex rewrites [a, b, c][i] into _pick(i, a, b, c) when the
// entries are all integers or all amounts; anything else is left as it
// is, for checkLanguage to refuse. It runs with the operators' patches,
// pass after pass, so that 3/2 has its type of an amount (a float before
// the division is patched) when a list of it is rewritten.
type listIndex struct{ patched bool }

func (l *listIndex) Reset()             { l.patched = false }
func (l *listIndex) ShouldRepeat() bool { return l.patched }

func (l *listIndex) Visit(n *ast.Node) {
	m, ok := (*n).(*ast.MemberNode)
	if !ok || m.Optional || m.Method {
		return
	}
	list, ok := m.Node.(*ast.ArrayNode)
	if !ok || len(list.Nodes) == 0 || !sameNumberKind(list.Nodes) {
		return
	}
	args := append([]ast.Node{m.Property}, list.Nodes...)
	c := &ast.CallNode{Callee: &ast.IdentifierNode{Value: pickName}, Arguments: args}
	c.SetLocation(m.Location())
	ast.Patch(n, c)
	l.patched = true
}

// sameNumberKind reports whether the nodes are all integers or all
// amounts (by the types expr gave them so far: a literal's type is known
// before any operator is patched).
func sameNumberKind(nodes []ast.Node) bool {
	first := numberKind(nodes[0].Type())
	if first == KindNone {
		return false
	}
	for _, x := range nodes[1:] {
		if numberKind(x.Type()) != first {
			return false
		}
	}
	return true
}

func numberKind(t reflect.Type) Kind {
	switch k := kindOfType(t); k {
	case KindInt, KindAmount:
		return k
	}
	return KindNone
}

// pickOption declares _pick to expr: for integers and for amounts.
func pickOption() expr.Option {
	return expr.Function(pickName, func(p ...any) (any, error) {
		i, _ := p[0].(int)
		if err := pickBounds(i, len(p)-1); err != nil {
			return nil, err
		}
		return p[1+i], nil
	}, new(func(int, ...int) int), new(func(int, ...money.Amount) money.Amount))
}

// pickBounds is the error for entry i of a list of n entries, if it is
// outside the list.
func pickBounds(i, n int) error {
	if i < 0 || i >= n {
		return fmt.Errorf("entry %d of a list of %d entries: a list's entries count from 0 to %d", i, n, n-1)
	}
	return nil
}

// isPick reports whether n is a list read by index (rewritten), and its
// index and entries.
func isPick(n ast.Node) (index ast.Node, entries []ast.Node, ok bool) {
	c, name := call(n)
	if name != pickName || len(c.Arguments) < 2 {
		return nil, nil, false
	}
	return c.Arguments[0], c.Arguments[1:], true
}

// intPick compiles a list of integers read by index.
func (cc *closures) intPick(n ast.Node) func(*Frame) int {
	return compilePick(cc, n, KindInt, cc.int)
}

// amountPick compiles a list of amounts read by index.
func (cc *closures) amountPick(n ast.Node) func(*Frame) money.Amount {
	return compilePick(cc, n, KindAmount, cc.amount)
}

// compilePick compiles a list read by index whose entries are all of kind
// want, each compiled by entry; nil if n is no such list.
func compilePick[T any](cc *closures, n ast.Node, want Kind, entry func(ast.Node) func(*Frame) T) func(*Frame) T {
	index, entries, ok := isPick(n)
	if !ok || cc.kind(index) != KindInt {
		return nil
	}
	i := cc.int(index)
	vals := make([]func(*Frame) T, len(entries))
	for k, e := range entries {
		if cc.kind(e) != want {
			return nil
		}
		vals[k] = entry(e)
	}
	return func(f *Frame) T {
		at := i(f)
		if err := pickBounds(at, len(vals)); err != nil {
			panic(evalError{err})
		}
		return vals[at](f)
	}
}
