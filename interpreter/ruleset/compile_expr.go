package ruleset

import (
	"errors"
	"fmt"
	"reflect"
	"sort"
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
	"github.com/preference-rules/pref/schema"
	"gopkg.in/yaml.v3"
)

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
	if err == nil {
		err = checkCardNames(p.Node(), &c.r.Deck)
	}
	if err == nil {
		err = checkMarkKinds(p.Node(), c.r.MarkKindNames())
	}
	if err != nil {
		line, col := e.Node.Line, e.Node.Column
		msg := err.Error()
		var fe *file.Error
		if errors.As(err, &fe) {
			msg = fe.Message
			line, col = position(e.Node, fe.Line, fe.Column)
		}
		msg = strings.ReplaceAll(msg, "to call "+pickName, "as a list's index, which is a whole number")
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
