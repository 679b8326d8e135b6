package ruleset

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/ast"
)

// Markers of named kinds. A ruleset's rules hand out markings (mark:) of
// one kind by default: the refa, in the words of marking:. markings: names
// further kinds, each with its words ("double round"), counted and
// consumed apart from the default's: a mark: line with kind: changes that
// kind, and marks_of(party, "kind") reads what a party holds of it at the
// start of the deal (party.marks stays the default kind's).

// MaxMarkKinds bounds the named kinds (besides the default): a party keeps
// their counts in a fixed array, a deal's settlement allocates nothing.
const MaxMarkKinds = 3

// MarkKindSpec is one named kind as written (markings:).
type MarkKindSpec struct {
	Kind    string `yaml:"kind"`
	One     string `yaml:"one"`
	Several string `yaml:"several"`
}

// MarkKind is one named kind of marker: its name as rules and expressions
// write it, and its words.
type MarkKind struct {
	Name  string
	Words MarkingWords
}

// markKinds compiles markings: each kind named once, with its words.
func (c *compiler) markKinds(s *Spec) {
	for i, ks := range s.Markings {
		at := c.node("markings", strconv.Itoa(i))
		switch {
		case i == MaxMarkKinds:
			c.errorf(at, "markings: at most %d named kinds besides the default (a party keeps their counts in a fixed array)", MaxMarkKinds)
			return
		case ks.Kind == "":
			c.errorf(at, "markings: kind %d has no name", i+1)
			continue
		case c.r.MarkKind(ks.Kind) > 0:
			c.errorf(at, "markings: kind %q is named twice", ks.Kind)
			continue
		}
		one := ks.One
		if one == "" {
			one = ks.Kind
		}
		c.r.MarkKinds = append(c.r.MarkKinds, MarkKind{Name: ks.Kind, Words: markingWords(one, ks.Several)})
	}
}

// markKind compiles the kind of a mark: line: 0 the default, else the
// named kind's number (1 on).
func (c *compiler) markKind(w Word) int {
	if w.Text == "" {
		return 0
	}
	if k := c.r.MarkKind(w.Text); k > 0 {
		return k
	}
	c.errorf(w.Node, "mark kind %q: the ruleset names no such kind in markings%s", w.Text, nearestHint(w.Text, c.r.MarkKindNames()))
	return 0
}

// MarkKind is the number (1 on) of the named kind name, 0 when r names
// none such.
func (r *Ruleset) MarkKind(name string) int {
	for i := range r.MarkKinds {
		if r.MarkKinds[i].Name == name {
			return i + 1
		}
	}
	return 0
}

// MarkKindNames are the names of r's named kinds, in order.
func (r *Ruleset) MarkKindNames() []string {
	names := make([]string, len(r.MarkKinds))
	for i := range r.MarkKinds {
		names[i] = r.MarkKinds[i].Name
	}
	return names
}

// KindWords are the words of kind k (0: the default's).
func (r *Ruleset) KindWords(k int) MarkingWords {
	if k > 0 && k <= len(r.MarkKinds) {
		return r.MarkKinds[k-1].Words
	}
	return r.Marking
}

// SetMarkKinds sets what the party holds of each named kind at the start
// of the deal (held[k-1] for kind k) and the kinds' names, which
// marks_of reads: names are the ruleset's (MarkKindNames), in its order,
// which the compiled marks_of counts on.
func (p *Party) SetMarkKinds(names []string, held [MaxMarkKinds]int) {
	p.kindNames, p.kindMarks = names, held
}

// marksOf is what the party holds of the named kind name.
func (p *Party) marksOf(name string) int {
	if i := slices.Index(p.kindNames, name); i >= 0 {
		return p.kindMarks[i]
	}
	return 0
}

// markOption declares marks_of to expr.
func markOption() expr.Option {
	return expr.Function("marks_of", func(a ...any) (any, error) {
		s, _ := a[1].(string)
		switch p := a[0].(type) {
		case Party:
			return p.marksOf(s), nil
		case *Party:
			return p.marksOf(s), nil
		}
		return 0, nil
	}, new(func(Party, string) int))
}

// checkMarkKinds refuses marks_of naming a kind the ruleset lacks (a
// misspelt kind would otherwise read 0 for ever).
func checkMarkKinds(root ast.Node, names []string) error {
	var bad error
	ast.Walk(&root, visitor(func(n *ast.Node) {
		c, name := call(*n)
		if bad != nil || name != "marks_of" || len(c.Arguments) != 2 {
			return
		}
		s, ok := c.Arguments[1].(*ast.StringNode)
		switch {
		case !ok:
			bad = fmt.Errorf("marks_of(): the kind is written out, as markings names it")
		case !slices.Contains(names, s.Value):
			bad = fmt.Errorf("marks_of(): %q is no kind the ruleset names in markings (%v)%s", s.Value, names, nearestHint(s.Value, names))
		}
	}))
	return bad
}

// markInt compiles marks_of; nil for another call.
func (cc *closures) markInt(n *ast.CallNode) func(*Frame) int {
	c, name := call(n)
	if name != "marks_of" || len(c.Arguments) != 2 {
		return nil
	}
	who, ok := cc.slot(c.Arguments[0], KindParty)
	if !ok || cc.kind(c.Arguments[1]) != KindString {
		return nil
	}
	if s, ok := c.Arguments[1].(*ast.StringNode); ok {
		// the kind written out (checkMarkKinds asks for it): its place in
		// the party's counts is known now, not looked up at every deal
		if k := slices.Index(cc.l.markKinds, s.Value); k >= 0 {
			return func(f *Frame) int { return f.parties[who].kindMarks[k] }
		}
	}
	kind := cc.str(c.Arguments[1])
	return func(f *Frame) int { return f.parties[who].marksOf(kind(f)) }
}

// markingWords are a marking's words, one and several, several one's
// plural with an s where not written.
func markingWords(one, several string) MarkingWords {
	if several == "" {
		several = one + "s"
	}
	return MarkingWords{One: one, Several: several}
}
