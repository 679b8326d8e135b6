package ruleset

import (
	"fmt"
	"slices"

	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/vm"
	"github.com/preference-rules/pref/interpreter/money"
)

// Settlement expressions run once or more per deal, millions of times in a
// simulation. expr compiles and type-checks them when a ruleset loads;
// its virtual machine then reads every name from a map of boxed values
// and calls pref's checked operators with variadic boxed arguments. So
// each settlement expression is compiled a second time, from the typed
// tree expr checked, into Go closures over a Frame: one typed slot per
// name (the interpreter's variables, then the ruleset's contract values,
// options, events, sheet accounts and defines), filled in place per deal,
// the parties by pointer. Nothing is boxed, no map is written and no
// reflection runs per deal. The arithmetic is the same checked
// arithmetic (integers stop on overflow, amounts are exact fractions);
// an expression the closures do not cover runs on expr's machine over a
// map made from the frame (no embedded ruleset has one:
// TestEverySettlementExpressionCompiled).

// Code is a settlement expression: the program expr compiled and checked,
// and the closures it was compiled to (nil when the closures do not cover
// it: then expr's machine runs it over Frame.Map).
type Code struct {
	*vm.Program
	Kind Kind // of its value
	i    func(*Frame) int
	b    func(*Frame) bool
	a    func(*Frame) money.Amount
	s    func(*Frame) string
}

// Interpreted lists the settlement expressions of r that expr's machine
// runs, the closures not covering them (each with what it evaluates to).
func (r *Ruleset) Interpreted() []string {
	var out []string
	for _, c := range append(slices.Clip(r.codes), r.finals...) {
		if !c.Compiled() {
			out = append(out, fmt.Sprintf("%s (%v)", c.Source().String(), c.Node().Type()))
		}
	}
	return out
}

// Compiled reports whether the closures run the expression (not expr's
// machine).
func (c *Code) Compiled() bool {
	return c.i != nil || c.b != nil || c.a != nil || c.s != nil
}

// compile compiles the program into closures over frames of layout l.
func (c *Code) compile(l *Layout) {
	p := c.Program
	c.Kind = kindOfType(p.Node().Type())
	cc := closures{l: l}
	switch c.Kind {
	case KindInt:
		c.i = cc.int(p.Node())
	case KindBool:
		c.b = cc.bool(p.Node())
	case KindAmount:
		c.a = cc.amount(p.Node())
	case KindString:
		c.s = cc.str(p.Node())
	default:
		cc.bad = true
	}
	if cc.bad {
		c.i, c.b, c.a, c.s = nil, nil, nil, nil
	}
}

// evalError carries an error out of the closures, as a panic that the
// evaluation stops at and returns (expr's machine does the same with a
// failing operator).
type evalError struct{ err error }

func fail(format string, args ...any) { panic(evalError{fmt.Errorf(format, args...)}) }

// recovered turns a panic of the closures into the evaluation's error.
func recovered(r any, err *error) {
	switch x := r.(type) {
	case nil:
	case evalError:
		*err = x.err
	case error:
		*err = x
	default:
		*err = fmt.Errorf("%v", x)
	}
}

// runVM runs the program on expr's machine over the frame (a machine of
// its own: a Code is shared by every goroutine settling its ruleset).
func (c *Code) runVM(f *Frame) (any, error) { return vm.Run(c.Program, f.Map()) }

// Bool evaluates a condition.
func (c *Code) Bool(f *Frame) (v bool, err error) {
	if c.b == nil {
		x, err := c.runVM(f)
		if err != nil {
			return false, err
		}
		b, _ := x.(bool)
		return b, nil
	}
	defer func() { recovered(recover(), &err) }()
	return c.b(f), nil
}

// Int evaluates an integer (markings).
func (c *Code) Int(f *Frame) (v int, err error) {
	if c.i == nil {
		x, err := c.runVM(f)
		if err != nil {
			return 0, err
		}
		n, _ := x.(int)
		return n, nil
	}
	defer func() { recovered(recover(), &err) }()
	return c.i(f), nil
}

// Amount evaluates a number, an integer as the amount it is (an amount
// of money or a sheet entry).
func (c *Code) Amount(f *Frame) (v money.Amount, err error) {
	if !c.Compiled() {
		x, err := c.runVM(f)
		if err != nil {
			return money.Amount{}, err
		}
		switch x := x.(type) {
		case int:
			return money.Int(int64(x)), nil
		case money.Amount:
			return x, nil
		}
		return money.Amount{}, nil
	}
	defer func() { recovered(recover(), &err) }()
	switch {
	case c.a != nil:
		return c.a(f), nil
	case c.i != nil:
		return money.Int(int64(c.i(f))), nil
	}
	return money.Amount{}, nil
}

// Value evaluates the expression to its value, boxed: for explanations,
// which print it.
func (c *Code) Value(f *Frame) (v any, err error) {
	if !c.Compiled() {
		return c.runVM(f)
	}
	defer func() { recovered(recover(), &err) }()
	switch {
	case c.i != nil:
		return c.i(f), nil
	case c.b != nil:
		return c.b(f), nil
	case c.a != nil:
		return c.a(f), nil
	}
	return c.s(f), nil
}

// Store evaluates the expression into slot s of f (a define's value).
func (c *Code) Store(f *Frame, s Slot) (err error) {
	if !c.Compiled() || s.Kind != c.Kind {
		v, err := c.Value(f)
		if err != nil {
			return err
		}
		return f.Set(s, v)
	}
	defer func() { recovered(recover(), &err) }()
	switch s.Kind {
	case KindInt:
		f.ints[s.I] = c.i(f)
	case KindBool:
		f.bools[s.I] = c.b(f)
	case KindAmount:
		f.amounts[s.I] = c.a(f)
	case KindString:
		f.strs[s.I] = c.s(f)
	}
	return nil
}

// closures compiles a checked expression tree into closures of each
// kind. A node it does not cover sets bad: the whole expression is then
// left to expr's machine.
type closures struct {
	l   *Layout
	bad bool
}

func (cc *closures) kind(n ast.Node) Kind { return kindOfType(n.Type()) }

// slot is the slot of an identifier of kind k, or bad.
func (cc *closures) slot(n ast.Node, k Kind) (int, bool) {
	id, ok := n.(*ast.IdentifierNode)
	if !ok {
		return 0, false
	}
	s, ok := cc.l.slots[id.Value]
	if !ok || s.Kind != k {
		return 0, false
	}
	return s.I, true
}

// member is the party field a member node reads ("to.tricks"): the
// party's slot and the field's name.
func (cc *closures) member(n ast.Node) (int, string, bool) {
	m, ok := n.(*ast.MemberNode)
	if !ok || m.Optional || m.Method {
		return 0, "", false
	}
	prop, ok := m.Property.(*ast.StringNode)
	if !ok {
		return 0, "", false
	}
	i, ok := cc.slot(m.Node, KindParty)
	return i, prop.Value, ok
}

// call is a call of one of pref's functions, with its name.
func call(n ast.Node) (*ast.CallNode, string) {
	c, ok := n.(*ast.CallNode)
	if !ok {
		return nil, ""
	}
	id, ok := c.Callee.(*ast.IdentifierNode)
	if !ok {
		return nil, ""
	}
	return c, id.Value
}

func (cc *closures) int(n ast.Node) func(*Frame) int {
	var out func(*Frame) int
	switch n := n.(type) {
	case *ast.IntegerNode, *ast.ConstantNode, *ast.IdentifierNode, *ast.MemberNode:
		out = cc.intLeaf(n)
	case *ast.UnaryNode:
		if n.Operator == "+" && cc.kind(n.Node) == KindInt {
			return cc.int(n.Node)
		}
	case *ast.ConditionalNode:
		if cc.kind(n.Exp1) == KindInt && cc.kind(n.Exp2) == KindInt {
			cond, a, b := cc.bool(n.Cond), cc.int(n.Exp1), cc.int(n.Exp2)
			return func(f *Frame) int {
				if cond(f) {
					return a(f)
				}
				return b(f)
			}
		}
	case *ast.BuiltinNode:
		out = cc.intMinMax(n)
	case *ast.CallNode:
		if out = cc.intPick(n); out == nil {
			out = cc.intCall(n)
		}
		if out == nil {
			out = cc.cardInt(n)
		}
		if out == nil {
			out = cc.markInt(n)
		}
	}
	if out == nil {
		cc.bad = true
	}
	return out
}

// intLeaf compiles an integer written out, a name or a party's field; nil
// when it is none of them.
func (cc *closures) intLeaf(n ast.Node) func(*Frame) int {
	switch n := n.(type) {
	case *ast.IntegerNode:
		v := n.Value
		return func(*Frame) int { return v }
	case *ast.ConstantNode:
		if v, ok := n.Value.(int); ok {
			return func(*Frame) int { return v }
		}
	case *ast.IdentifierNode:
		if i, ok := cc.slot(n, KindInt); ok {
			return func(f *Frame) int { return f.ints[i] }
		}
	case *ast.MemberNode:
		if i, name, ok := cc.member(n); ok {
			if get := partyInts[name]; get != nil {
				return func(f *Frame) int { return get(f.parties[i]) }
			}
		}
	}
	return nil
}

// intMinMax compiles min and max of integers; nil for another builtin, or
// one with an argument that is not an integer.
func (cc *closures) intMinMax(n *ast.BuiltinNode) func(*Frame) int {
	if (n.Name != "min" && n.Name != "max") || len(n.Arguments) == 0 {
		return nil
	}
	args := make([]func(*Frame) int, len(n.Arguments))
	for k, a := range n.Arguments {
		if cc.kind(a) != KindInt {
			return nil
		}
		args[k] = cc.int(a)
	}
	if n.Name == "min" {
		return func(f *Frame) int {
			m := args[0](f)
			for _, a := range args[1:] {
				m = min(m, a(f))
			}
			return m
		}
	}
	return func(f *Frame) int {
		m := args[0](f)
		for _, a := range args[1:] {
			m = max(m, a(f))
		}
		return m
	}
}

// intCall compiles a checked operation of two integers (+ - * %, power);
// nil for another call.
func (cc *closures) intCall(n *ast.CallNode) func(*Frame) int {
	c, name := call(n)
	if len(c.Arguments) != 2 || cc.kind(c.Arguments[0]) != KindInt || cc.kind(c.Arguments[1]) != KindInt {
		return nil
	}
	a, b := cc.int(c.Arguments[0]), cc.int(c.Arguments[1])
	var op func(a, b int64) (int64, error)
	switch name {
	case "_add":
		op = addInt
	case "_sub":
		op = subInt
	case "_mul":
		op = mulInt
	case "_mod":
		return func(f *Frame) int {
			x, y := a(f), b(f)
			if y == 0 {
				fail("%d %% 0: division by zero", x)
			}
			return x % y
		}
	case "power":
		return func(f *Frame) int {
			n, err := power(int64(a(f)), b(f))
			if err != nil {
				panic(evalError{err})
			}
			return n
		}
	default:
		return nil
	}
	return func(f *Frame) int {
		n, err := op(int64(a(f)), int64(b(f)))
		if err != nil {
			panic(evalError{err})
		}
		return int(n)
	}
}

// power is b to the whole n, checked: the function power of expressions.
func power(b int64, n int) (int, error) {
	if n < 0 {
		return 0, fmt.Errorf("power(%d, %d): a negative exponent", b, n)
	}
	out := int64(1)
	for range n {
		next, err := mulInt(out, b)
		if err != nil {
			return 0, fmt.Errorf("power(%d, %d) does not fit in 64 bits", b, n)
		}
		if out = next; out == 0 || out == 1 {
			break // 0 and 1 stay what they are: no need to loop a huge n
		}
	}
	if out == 1 && b == -1 && n%2 == 1 {
		out = -1
	}
	return int(out), nil
}

// number compiles an integer or amount operand as an amount.
func (cc *closures) number(n ast.Node) func(*Frame) money.Amount {
	switch cc.kind(n) {
	case KindAmount:
		return cc.amount(n)
	case KindInt:
		i := cc.int(n)
		return func(f *Frame) money.Amount { return money.Int(int64(i(f))) }
	}
	cc.bad = true
	return nil
}

// amountOp applies a checked operation of amounts; its failure (an
// overflow, a division by zero) is the evaluation's error, with the
// operands.
func amountOp(a, b money.Amount, sym string, op func(a, b money.Amount) money.Amount) (out money.Amount) {
	defer func() {
		if r := recover(); r != nil {
			fail("%v %s %v: %v", a, sym, b, r)
		}
	}()
	return op(a, b)
}

func (cc *closures) amount(n ast.Node) func(*Frame) money.Amount {
	switch n := n.(type) {
	case *ast.ConstantNode:
		if v, ok := n.Value.(money.Amount); ok {
			return func(*Frame) money.Amount { return v }
		}
	case *ast.IdentifierNode:
		if i, ok := cc.slot(n, KindAmount); ok {
			return func(f *Frame) money.Amount { return f.amounts[i] }
		}
	case *ast.UnaryNode:
		if n.Operator == "+" && cc.kind(n.Node) == KindAmount {
			return cc.amount(n.Node)
		}
	case *ast.ConditionalNode:
		if cc.kind(n.Exp1) == KindAmount && cc.kind(n.Exp2) == KindAmount {
			cond, a, b := cc.bool(n.Cond), cc.amount(n.Exp1), cc.amount(n.Exp2)
			return func(f *Frame) money.Amount {
				if cond(f) {
					return a(f)
				}
				return b(f)
			}
		}
	case *ast.CallNode:
		if out := cc.amountPick(n); out != nil {
			return out
		}
		if out := cc.amountCall(n); out != nil {
			return out
		}
	}
	cc.bad = true
	return nil
}

// amountCall compiles exact(n) and a checked operation of two numbers
// (+ - * /) as amounts; nil for another call.
func (cc *closures) amountCall(n *ast.CallNode) func(*Frame) money.Amount {
	c, name := call(n)
	if name == "exact" && len(c.Arguments) == 1 {
		return cc.number(c.Arguments[0])
	}
	if len(c.Arguments) != 2 {
		return nil
	}
	var op func(a, b money.Amount) money.Amount
	sym := ""
	switch name {
	case "_add":
		op, sym = money.Amount.Add, "+"
	case "_sub":
		op, sym = money.Amount.Sub, "-"
	case "_mul":
		op, sym = money.Amount.Mul, "*"
	case "_div":
		op, sym = money.Amount.Div, "/"
	default:
		return nil
	}
	a, b := cc.number(c.Arguments[0]), cc.number(c.Arguments[1])
	return func(f *Frame) money.Amount { return amountOp(a(f), b(f), sym, op) }
}

func (cc *closures) str(n ast.Node) func(*Frame) string {
	switch n := n.(type) {
	case *ast.StringNode:
		v := n.Value
		return func(*Frame) string { return v }
	case *ast.ConstantNode:
		if v, ok := n.Value.(string); ok {
			return func(*Frame) string { return v }
		}
	case *ast.IdentifierNode:
		if i, ok := cc.slot(n, KindString); ok {
			return func(f *Frame) string { return f.strs[i] }
		}
	case *ast.MemberNode:
		if i, name, ok := cc.member(n); ok {
			if get := partyStrings[name]; get != nil {
				return func(f *Frame) string { return get(f.parties[i]) }
			}
		}
	case *ast.ConditionalNode:
		if cc.kind(n.Exp1) == KindString && cc.kind(n.Exp2) == KindString {
			cond, a, b := cc.bool(n.Cond), cc.str(n.Exp1), cc.str(n.Exp2)
			return func(f *Frame) string {
				if cond(f) {
					return a(f)
				}
				return b(f)
			}
		}
	}
	cc.bad = true
	return nil
}

// compare is the comparison an operator makes of a three-way result.
func compare(op string) func(c int) bool {
	switch op {
	case "_lt", "<":
		return func(c int) bool { return c < 0 }
	case "_le", "<=":
		return func(c int) bool { return c <= 0 }
	case "_gt", ">":
		return func(c int) bool { return c > 0 }
	case "_ge", ">=":
		return func(c int) bool { return c >= 0 }
	case "_eq", "==":
		return func(c int) bool { return c == 0 }
	case "_ne", "!=":
		return func(c int) bool { return c != 0 }
	}
	return nil
}

func (cc *closures) bool(n ast.Node) func(*Frame) bool {
	switch n := n.(type) {
	case *ast.BoolNode, *ast.ConstantNode, *ast.IdentifierNode, *ast.MemberNode:
		if out := cc.boolLeaf(n); out != nil {
			return out
		}
	case *ast.UnaryNode:
		if (n.Operator == "!" || n.Operator == "not") && cc.kind(n.Node) == KindBool {
			a := cc.bool(n.Node)
			return func(f *Frame) bool { return !a(f) }
		}
	case *ast.ConditionalNode:
		if cc.kind(n.Exp1) == KindBool && cc.kind(n.Exp2) == KindBool {
			cond, a, b := cc.bool(n.Cond), cc.bool(n.Exp1), cc.bool(n.Exp2)
			return func(f *Frame) bool {
				if cond(f) {
					return a(f)
				}
				return b(f)
			}
		}
	case *ast.BinaryNode:
		return cc.binary(n)
	case *ast.CallNode:
		if out := cc.cardBool(n); out != nil {
			return out
		}
		c, name := call(n)
		is := compare(name)
		if is == nil || len(c.Arguments) != 2 {
			break
		}
		a, b := cc.number(c.Arguments[0]), cc.number(c.Arguments[1])
		return func(f *Frame) bool { return is(a(f).Cmp(b(f))) }
	}
	cc.bad = true
	return nil
}

// boolLeaf compiles true or false written out, a name or a party's field;
// nil when it is none of them.
func (cc *closures) boolLeaf(n ast.Node) func(*Frame) bool {
	switch n := n.(type) {
	case *ast.BoolNode:
		v := n.Value
		return func(*Frame) bool { return v }
	case *ast.ConstantNode:
		if v, ok := n.Value.(bool); ok {
			return func(*Frame) bool { return v }
		}
	case *ast.IdentifierNode:
		if i, ok := cc.slot(n, KindBool); ok {
			return func(f *Frame) bool { return f.bools[i] }
		}
	case *ast.MemberNode:
		if i, name, ok := cc.member(n); ok {
			if get := partyBools[name]; get != nil {
				return func(f *Frame) bool { return get(f.parties[i]) }
			}
		}
	}
	return nil
}

// binary compiles logic, and comparisons of integers, strings and
// booleans (those of amounts are calls of the checked comparisons).
func (cc *closures) binary(n *ast.BinaryNode) func(*Frame) bool {
	lk, rk := cc.kind(n.Left), cc.kind(n.Right)
	switch n.Operator {
	case "and", "&&", "or", "||":
		if lk != KindBool || rk != KindBool {
			break
		}
		a, b := cc.bool(n.Left), cc.bool(n.Right)
		if n.Operator == "and" || n.Operator == "&&" {
			return func(f *Frame) bool { return a(f) && b(f) }
		}
		return func(f *Frame) bool { return a(f) || b(f) }
	}
	is := compare(n.Operator)
	if is == nil || lk != rk {
		cc.bad = true
		return nil
	}
	var out func(*Frame) bool
	switch lk {
	case KindInt:
		out = cc.compareInts(n)
	case KindString:
		out = cc.compareStrings(n, is)
	case KindBool:
		out = cc.compareBools(n)
	}
	if out == nil {
		cc.bad = true
	}
	return out
}

// compareInts compiles a comparison of two integers; nil for an operator
// without its own closure.
func (cc *closures) compareInts(n *ast.BinaryNode) func(*Frame) bool {
	a, b := cc.int(n.Left), cc.int(n.Right)
	switch n.Operator { // the common ones without the three-way step
	case "==":
		return func(f *Frame) bool { return a(f) == b(f) }
	case "!=":
		return func(f *Frame) bool { return a(f) != b(f) }
	case "<":
		return func(f *Frame) bool { return a(f) < b(f) }
	case ">":
		return func(f *Frame) bool { return a(f) > b(f) }
	case "<=":
		return func(f *Frame) bool { return a(f) <= b(f) }
	case ">=":
		return func(f *Frame) bool { return a(f) >= b(f) }
	}
	return nil
}

// compareStrings compiles a comparison of two strings, is the comparison
// of the operator.
func (cc *closures) compareStrings(n *ast.BinaryNode, is func(c int) bool) func(*Frame) bool {
	a, b := cc.str(n.Left), cc.str(n.Right)
	switch n.Operator {
	case "==":
		return func(f *Frame) bool { return a(f) == b(f) }
	case "!=":
		return func(f *Frame) bool { return a(f) != b(f) }
	}
	return func(f *Frame) bool {
		x, y := a(f), b(f)
		c := 0
		if x < y {
			c = -1
		} else if x > y {
			c = 1
		}
		return is(c)
	}
}

// compareBools compiles == and != of two booleans; nil for another
// operator.
func (cc *closures) compareBools(n *ast.BinaryNode) func(*Frame) bool {
	a, b := cc.bool(n.Left), cc.bool(n.Right)
	switch n.Operator {
	case "==":
		return func(f *Frame) bool { return a(f) == b(f) }
	case "!=":
		return func(f *Frame) bool { return a(f) != b(f) }
	}
	return nil
}

// The fields of a Party expressions read (party.field), by their names in
// expressions: TestPartyFields checks that every field tagged expr is
// here and reads that field.
var (
	partyInts = map[string]func(*Party) int{
		"seat":      func(p *Party) int { return p.Seat },
		"tricks":    func(p *Party) int { return p.Tricks },
		"credited":  func(p *Party) int { return p.Credited },
		"doubling":  func(p *Party) int { return p.Doubling },
		"marks":     func(p *Party) int { return p.Marks },
		"share":     func(p *Party) int { return p.Share },
		"short":     func(p *Party) int { return p.Short },
		"own_short": func(p *Party) int { return p.OwnShort },
	}
	partyBools = map[string]func(*Party) bool{
		"played":     func(p *Party) bool { return p.Played },
		"dropped":    func(p *Party) bool { return p.Dropped },
		"failed":     func(p *Party) bool { return p.Failed },
		"declarer":   func(p *Party) bool { return p.Declarer },
		"defender":   func(p *Party) bool { return p.Defender },
		"dealer":     func(p *Party) bool { return p.Dealer },
		"pot":        func(p *Party) bool { return p.Pot },
		"invited":    func(p *Party) bool { return p.Invited },
		"inviter":    func(p *Party) bool { return p.Inviter },
		"half":       func(p *Party) bool { return p.Half },
		"last_trick": func(p *Party) bool { return p.LastTrick },
	}
	partyStrings = map[string]func(*Party) string{
		"name": func(p *Party) string { return p.Name },
	}
)
