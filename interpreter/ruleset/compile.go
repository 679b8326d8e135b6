package ruleset

import (
	"fmt"
	"strconv"

	"github.com/expr-lang/expr/conf"
	"github.com/expr-lang/expr/vm"
	"github.com/preference-rules/pref/schema"
	"gopkg.in/yaml.v3"
)

// compileSpec is the compile stage: spec, decoded from root, into a
// Ruleset, with every error of meaning the compiler finds (in the order
// compile takes the sections). refused: the schema refused the document,
// whose errors are said already; the compiler then goes as far as it can,
// and a panic on the way only ends it (compiled). programs, when not nil,
// are programs compiled before (a Loader's, or the ruleset's that With
// compiles again).
func compileSpec(file string, root *yaml.Node, spec *Spec, trusted bool, programs *programCache, refused bool) (*Ruleset, schema.List) {
	if programs == nil {
		programs = &programCache{m: map[string]*vm.Program{}}
	}
	c := &compiler{file: file, root: root, r: &Ruleset{File: file, Spec: spec, root: root, programs: programs, trusted: trusted}, failed: map[string]bool{}}
	if refused {
		compiled(c, spec)
	} else {
		c.compile(spec) // a panic here is pref's bug: it ends in exit 3
	}
	return c.r, c.errs
}

// compiler is the state of one compilation: the ruleset it fills, the
// errors found so far and what the expressions need.
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

// compiled runs the compiler; false when it broke on a document the schema
// had refused (its errors say why).
func compiled(c *compiler, spec *Spec) (ok bool) {
	return compiledWith(c, spec, (*compiler).compile)
}

// compiledWith runs step of the compiler on a document known to have
// mistakes; false when it broke on the way (the mistakes say why).
func compiledWith(c *compiler, spec *Spec, step func(*compiler, *Spec)) (ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	step(c, spec)
	return true
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
	r.layout.markKinds = r.MarkKindNames()
	r.zero = newFrame(r.layout, r.envTemplate)
	for _, code := range c.codes {
		code.compile(r.layout)
	}
	r.codes = c.codes
	r.finals = c.finals
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
		// One mistake must not hide another: the expressions are still
		// checked, though the ruleset will not be used. Over a table with
		// mistakes the compiler may break on the way, which only ends the
		// checking.
		compiledWith(c, s, (*compiler).expressions)
		return
	}
	c.expressions(s)
}

// expressions compiles what the expressions need and the expressions:
// the environment, the defines, the events' conditions, the settlement,
// the sheet's rules and the final score. A name the environment could not
// take (a mistake said) is among the failed ones, whose uses are not
// mistakes of their own.
func (c *compiler) expressions(s *Spec) {
	c.markKinds(s) // before any expression: marks_of names them
	c.env(s)
	c.defines(s)
	c.amountWords(s)
	c.callWords(s)
	c.terms(s)
	c.eventConditions(s)
	c.settlement(s)
	c.sheetRules(s)
	c.final(s)
	c.finish()
}

func nearestHint(name string, names []string) string {
	if near := schema.Nearest(name, names); near != "" {
		return fmt.Sprintf(": did you mean %q?", near)
	}
	return ""
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
