package ruleset

import (
	"fmt"
	"math"
	"reflect"
	"sort"

	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/ast"
	"github.com/preference-rules/pref/interpreter/cards"
	"github.com/preference-rules/pref/interpreter/money"
)

// Party is a player (or the pot) as settlement expressions see it.
type Party struct {
	Name     string `expr:"name"`
	Seat     int    `expr:"seat"`     // position in playing order, forehand 0
	Tricks   int    `expr:"tricks"`   // tricks taken
	Played   bool   `expr:"played"`   // took part in card play
	Dropped  bool   `expr:"dropped"`  // dropped out of this deal
	Failed   bool   `expr:"failed"`   // declarer short of the contract, or a playing defender short of their target
	Declarer bool   `expr:"declarer"` // is the declarer
	Defender bool   `expr:"defender"` // holds a hand and is not the declarer
	Dealer   bool   `expr:"dealer"`
	Pot      bool   `expr:"pot"`       // the pot, as payer or receiver
	Invited  bool   `expr:"invited"`   // dropped out, then invited: plays for the inviter
	Inviter  bool   `expr:"inviter"`   // invited the dropped defender
	Credited int    `expr:"credited"`  // tricks that count for this player: the inviter's include the invited player's, the invited player's are 0
	Doubling int    `expr:"doubling"`  // 1; 2 after this defender's contra, 4 after the declarer's recontra, 8, 16 further up the chain
	Marks    int    `expr:"marks"`     // markings held at the start of the deal (refa)
	Share    int    `expr:"share"`     // a playing defender's part of the contract's defence_needs
	Short    int    `expr:"short"`     // tricks this defender is short of the share (never more than the defence as a whole)
	OwnShort int    `expr:"own_short"` // tricks this defender is short of the share, whatever the other defender took
	Half     bool   `expr:"half"`      // took half the defence's obligation as won, without play

	LastTrick bool `expr:"last_trick"` // took the last trick played (known when the deal was played)

	// the cards held and won, named by deck (cardfacts.go): read by
	// held_card, won_card and captured only
	deck      *cards.Deck
	held, won cards.Mask

	// the markers of named kinds held (markkinds.go): read by marks_of only
	kindNames []string
	kindMarks [MaxMarkKinds]int
}

var amountType = reflect.TypeOf(money.Amount{})

// exprOptions are the compile options every ruleset expression shares:
// exact arithmetic (/ on integers gives a fraction, never a float; + - * %
// on integers and amounts stop with an error on overflow, never wrap), no
// built-ins but min and max (nothing that loops, allocates or builds
// strings), a bound on size, and the typed environment. checkLanguage then
// refuses whatever of expr's language is left outside pref's.
func exprOptions(env map[string]any) []expr.Option {
	A := func(v any) money.Amount {
		switch x := v.(type) {
		case int:
			return money.Int(int64(x))
		case money.Amount:
			return x
		}
		panic(fmt.Sprintf("not a number: %T", v))
	}
	// arith overloads an operator for amounts, mixed operands and, with
	// intOp, integers (which stay integers: 7 * 2 is 14, not an amount).
	arith := func(name, sym string, op func(a, b money.Amount) money.Amount, intOp func(a, b int64) (int64, error), intsToAmount bool) expr.Option {
		types := []any{
			new(func(money.Amount, money.Amount) money.Amount),
			new(func(money.Amount, int) money.Amount),
			new(func(int, money.Amount) money.Amount),
		}
		switch {
		case intOp != nil:
			types = append(types, new(func(int, int) int))
		case intsToAmount:
			types = append(types, new(func(int, int) money.Amount))
		}
		return expr.Function(name, func(p ...any) (out any, err error) {
			if a, ok := p[0].(int); ok && intOp != nil {
				if b, ok := p[1].(int); ok {
					n, err := intOp(int64(a), int64(b))
					return int(n), err
				}
			}
			a, b := A(p[0]), A(p[1])
			defer func() {
				if r := recover(); r != nil {
					out, err = nil, fmt.Errorf("%v %s %v: %v", a, sym, b, r)
				}
			}()
			return op(a, b), nil
		}, types...)
	}
	cmp := func(name string, ok func(c int) bool) expr.Option {
		return expr.Function(name, func(p ...any) (any, error) {
			return ok(A(p[0]).Cmp(A(p[1]))), nil
		},
			new(func(money.Amount, money.Amount) bool),
			new(func(money.Amount, int) bool),
			new(func(int, money.Amount) bool),
		)
	}
	return append(append(cardOptions(), markOption()),
		expr.Env(env),
		expr.MaxNodes(MaxExprNodes),
		expr.DisableAllBuiltins(),
		expr.EnableBuiltin("min"),
		expr.EnableBuiltin("max"),
		// -x becomes 0 - x, so that it is checked like any subtraction.
		expr.Patch(negation{}),
		// [1, 3, 6][i] becomes _pick(i, 1, 3, 6): lists.go.
		expr.Patch(&listIndex{}),
		pickOption(),
		arith("_add", "+", money.Amount.Add, addInt, false),
		arith("_sub", "-", money.Amount.Sub, subInt, false),
		arith("_mul", "*", money.Amount.Mul, mulInt, false),
		arith("_div", "/", money.Amount.Div, nil, true),
		expr.Function("_mod", func(p ...any) (any, error) {
			a, b := p[0].(int), p[1].(int)
			if b == 0 {
				return nil, fmt.Errorf("%d %% 0: division by zero", a)
			}
			return a % b, nil
		}, new(func(int, int) int)),
		cmp("_lt", func(c int) bool { return c < 0 }),
		cmp("_le", func(c int) bool { return c <= 0 }),
		cmp("_gt", func(c int) bool { return c > 0 }),
		cmp("_ge", func(c int) bool { return c >= 0 }),
		cmp("_eq", func(c int) bool { return c == 0 }),
		cmp("_ne", func(c int) bool { return c != 0 }),
		// exact(n) makes an integer an exact amount, for conditionals that
		// mix the two: whole_pot ? pot : exact(10).
		expr.Function("exact", func(p ...any) (any, error) { return A(p[0]), nil },
			new(func(int) money.Amount), new(func(money.Amount) money.Amount)),
		// power(b, n) is b to the whole n (progressions: 2-4-8 is 2 * power(2, run)).
		expr.Function("power", func(p ...any) (any, error) {
			return power(int64(p[0].(int)), p[1].(int))
		}, new(func(int, int) int)),
		expr.Operator("+", "_add"),
		expr.Operator("-", "_sub"),
		expr.Operator("*", "_mul"),
		expr.Operator("/", "_div"),
		expr.Operator("%", "_mod"),
		expr.Operator("<", "_lt"),
		expr.Operator("<=", "_le"),
		expr.Operator(">", "_gt"),
		expr.Operator(">=", "_ge"),
		expr.Operator("==", "_eq"),
		expr.Operator("!=", "_ne"),
	)
}

// Integer arithmetic that reports overflow instead of wrapping.
func addInt(a, b int64) (int64, error) {
	s := a + b
	if (a > 0 && b > 0 && s < 0) || (a < 0 && b < 0 && s >= 0) {
		return 0, fmt.Errorf("%d + %d does not fit in 64 bits", a, b)
	}
	return s, nil
}

func subInt(a, b int64) (int64, error) {
	s := a - b
	if (a >= 0 && b < 0 && s < 0) || (a < 0 && b > 0 && s >= 0) {
		return 0, fmt.Errorf("%d - %d does not fit in 64 bits", a, b)
	}
	return s, nil
}

func mulInt(a, b int64) (int64, error) {
	if a == 0 || b == 0 {
		return 0, nil
	}
	p := a * b
	if p/b != a || (a == -1 && b == math.MinInt64) || (b == -1 && a == math.MinInt64) {
		return 0, fmt.Errorf("%d * %d does not fit in 64 bits", a, b)
	}
	return p, nil
}

// negation rewrites unary minus as a subtraction from zero.
type negation struct{}

func (negation) Visit(n *ast.Node) {
	if u, ok := (*n).(*ast.UnaryNode); ok && u.Operator == "-" {
		zero := &ast.IntegerNode{Value: 0}
		zero.SetType(reflect.TypeOf(0)) // typed, so the checked subtraction applies
		ast.Patch(n, &ast.BinaryNode{Operator: "-", Left: zero, Right: u.Node})
	}
}

// Env is a settlement environment as expr's machine reads it: a map of
// every name to its value. Settlement itself reads a Frame (code.go).
type Env map[string]any

// NewEnv makes an environment with every variable of r at its zero value
// (the options at their values in r).
func (r *Ruleset) NewEnv() Env {
	env := make(Env, len(r.envTemplate))
	for k, v := range r.envTemplate {
		env[k] = v
	}
	return env
}

// EnvNames lists the names an expression of r may use, sorted.
func (r *Ruleset) EnvNames() []string {
	names := make([]string, 0, len(r.envTemplate))
	for k := range r.envTemplate {
		names = append(names, k)
	}
	sort.Strings(names)
	return names
}
