package ruleset

import (
	"fmt"
	"math"
	"sort"

	"github.com/preference-rules/pref/schema"
	"gopkg.in/yaml.v3"
)

// One run says every mistake of a file. Each stage of a load (doc.go)
// checks what the ones before it could not refuse, and a mistake ends the
// load only when the stages after it cannot run at all (YAML that cannot
// be read, a base that cannot be found, a file beyond the limits of size,
// text a terminal would act on). Otherwise the stage notes it and the
// next stage runs on what was well-formed: a key written twice is read
// once, a value the schema refused is left out of the compilation's
// verdicts, a table with mistakes still has its expressions compiled, and
// the options are checked against the mistakes the ruleset already has.
// The mistakes are said in file order (the extending file's, then its
// base's), at most maxMistakes of them.

// maxMistakes bounds the mistakes one run says: a file with hundreds (a
// ruleset pasted with the wrong indentation) shows the first ones and how
// many more there are.
const maxMistakes = 50

// allMistakes is earlier (mistakes of parse and extend that did not end
// the load) joined with err, the load's verdict, in file order and
// bounded. An err of another kind than the schema's (a file that could not
// be read) is returned as it is.
func allMistakes(file string, earlier schema.List, err error) error {
	list := append(schema.List{}, earlier...)
	switch e := err.(type) {
	case nil:
	case schema.List:
		list = append(list, e...)
	case *schema.Error:
		list = append(list, e)
	default:
		return err
	}
	list = distinct(list)
	sort.SliceStable(list, func(i, j int) bool {
		if list[i].Line != list[j].Line {
			return list[i].Line < list[j].Line
		}
		return list[i].Col < list[j].Col
	})
	if len(list) > maxMistakes {
		more := len(list) - maxMistakes
		list = append(list[:maxMistakes:maxMistakes], &schema.Error{File: file, Msg: fmt.Sprintf("and %d more mistakes (the first %d are shown; mend them and run again)", more, maxMistakes)})
	}
	return list // sorted already: the last line says how many more
}

// distinct is list without an error said twice (the same place and words).
func distinct(list schema.List) schema.List {
	type key struct {
		file      string
		line, col int
		msg       string
	}
	seen := map[key]bool{}
	out := list[:0:0]
	for _, e := range list {
		k := key{e.File, e.Line, e.Col, e.Msg}
		if !seen[k] {
			seen[k] = true
			out = append(out, e)
		}
	}
	return out
}

// asMistakes is err as a list of mistakes: a plain error is one without a
// place.
func asMistakes(err error) schema.List {
	switch e := err.(type) {
	case nil:
		return nil
	case schema.List:
		return e
	case *schema.Error:
		return schema.List{e}
	}
	return schema.List{{Msg: err.Error()}}
}

// newMistakes are the mistakes of got that known does not have: what an
// option's fields break, beyond what the ruleset had broken already. They
// are compared by their words, not their places: an option that sets a
// list anew (a ladder) repeats the ruleset's mistake in it at its own
// place.
func newMistakes(got, known schema.List) schema.List {
	had := map[string]bool{}
	for _, e := range known {
		had[e.Msg] = true
	}
	var out schema.List
	for _, e := range got {
		if !had[e.Msg] {
			out = append(out, e)
		}
	}
	return out
}

// attributed is a copy of list with each mistake given its file and its
// line there (files: the extends chain), sorted: for quoting the mistakes
// within another's message.
func attributed(list schema.List, files []string) error {
	out := make(schema.List, len(list))
	for i, e := range list {
		cp := *e
		out[i] = &cp
	}
	err := out.Err()
	(&sources{files: files}).attribute(err)
	return err
}

// joinErrors is the mistakes the schema and the limits of numbers found
// (refused), then the compiler's (errs) at places they said nothing of:
// not at the same place, not without a place (the compiler's note of a
// field the schema found missing), and not within a part of the document
// the schema refused (what the compiler makes of a refused value follows
// from that mistake). root is the document checked.
func joinErrors(root *yaml.Node, refused, errs schema.List) schema.List {
	list := append(schema.List{}, refused...)
	regions := refusedRegions(root, refused)
	seen := map[[2]int]bool{}
	for _, e := range refused {
		seen[[2]int{e.Line, e.Col}] = true
	}
	for _, e := range errs {
		if e.Line > 0 && !seen[[2]int{e.Line, e.Col}] && !within(regions, e.Line, e.Col) {
			list = append(list, e)
		}
	}
	return list
}

// A region is the span of a part of the document, from the place of its
// node to the last place of what it holds.
type region struct{ fromLine, fromCol, toLine, toCol int }

// refusedRegions are the parts of root the schema's mistakes are at: the
// node at a mistake's place, or the map a refused key is in (a missing or
// unknown key says the map is not what it should be), except the whole
// document (a top-level key: then its value).
func refusedRegions(root *yaml.Node, refused schema.List) []region {
	var out []region
	for _, e := range refused {
		if e.Line <= 0 {
			continue
		}
		if n := partAt(root, e.Line, e.Col); n != nil {
			out = append(out, span(n))
		}
	}
	return out
}

// partAt is the outermost node at line:col below root, or the map a key
// there is in, or the value of a top-level key there; nil when none.
func partAt(root *yaml.Node, line, col int) *yaml.Node {
	var found *yaml.Node
	var walk func(n, parent *yaml.Node, depth int) bool
	walk = func(n, parent *yaml.Node, depth int) bool {
		if depth > 64 {
			return false
		}
		if n != root && n.Line == line && n.Column == col {
			found = n
			if parent != nil && parent.Kind == yaml.MappingNode && isKey(parent, n) {
				found = parent
				if parent == root {
					found = valueAt(root, n)
				}
			}
			return true
		}
		for _, c := range n.Content {
			if walk(c, n, depth+1) {
				return true
			}
		}
		return false
	}
	walk(root, nil, 0)
	return found
}

// isKey reports whether n is a key of map m.
func isKey(m, n *yaml.Node) bool {
	for i := 0; i < len(m.Content); i += 2 {
		if m.Content[i] == n {
			return true
		}
	}
	return false
}

// valueAt is the value of key k of map m.
func valueAt(m, k *yaml.Node) *yaml.Node {
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i] == k {
			return m.Content[i+1]
		}
	}
	return k
}

// span is the region of n: from its place to the end of the last line of
// its last node in the same file (a scalar's lines counted, for a place
// inside a block expression).
func span(n *yaml.Node) region {
	r := region{fromLine: n.Line, fromCol: n.Column, toLine: n.Line, toCol: math.MaxInt}
	var last func(m *yaml.Node, depth int)
	last = func(m *yaml.Node, depth int) {
		if depth > 64 || m.Line/lineStride != n.Line/lineStride {
			return // a map merged from two files holds the other's nodes: not this part's lines
		}
		end := m.Line
		if m.Kind == yaml.ScalarNode {
			for _, ch := range m.Value {
				if ch == '\n' {
					end++
				}
			}
			if m.Style == yaml.LiteralStyle || m.Style == yaml.FoldedStyle {
				end++
			}
		}
		r.toLine = max(r.toLine, end)
		for _, c := range m.Content {
			last(c, depth+1)
		}
	}
	last(n, 0)
	return r
}

// within reports whether line:col is inside one of regions.
func within(regions []region, line, col int) bool {
	for _, r := range regions {
		after := line > r.fromLine || (line == r.fromLine && col >= r.fromCol)
		before := line < r.toLine || (line == r.toLine && col <= r.toCol)
		if after && before {
			return true
		}
	}
	return false
}
