// Package yamlmut mutates a parsed YAML document structurally, for the
// fuzz targets of rulesets: the fuzzer's bytes choose a few edits (a
// scalar replaced by a value, number or expression from a small
// dictionary, a list item deleted, duplicated or swapped, an option's
// default changed) applied to a copy of a valid ruleset. Most results are
// still valid rulesets, so each execution reaches dealing, play and
// settlement instead of the loader's first refusal, and the input stays a
// few bytes long, so the fuzzer's minimisation of an interesting input
// takes milliseconds, not the minute a 20 KB ruleset text took.
package yamlmut

import (
	"gopkg.in/yaml.v3"
)

// Values are the replacements for a scalar: numbers at and beyond the
// edges pref checks, booleans, words rulesets use, and expressions that
// type-check in most places (and some that do not, or divide by zero).
var Values = []string{
	"0", "1", "-1", "2", "3", "6", "10", "11", "100", "-1000000000000", "1000000000000", "1000000000001",
	"true", "false", "none", "hand", "higher", "forehand", "dealer", "declarer", "pot", "players", "defenders",
	"played", "passed", "made", "!made", "played && made", "declarer.tricks", "declarer.tricks * 2 - 10",
	"pot_bid", "game", "game * 2", "(game + 1) / 3", "1 / 0", "min(1, 2)", "max(declarer.tricks, 0)",
	"exact(1) / 3", "power(2, 10)", "played ? 1 : 2", "to.tricks", "to.tricks - 4",
}

// A Dict is, for each key of the documents it learnt from, the scalars
// written under it (a list's items under the list's key): a value taken
// from the same key elsewhere is mostly one the schema accepts there, so
// most edits give a ruleset that loads and plays.
type Dict map[string][]yaml.Node

// Learn builds the Dict of docs.
func Learn(docs ...*yaml.Node) Dict {
	d := Dict{}
	seen := map[string]bool{}
	for _, doc := range docs {
		all := places(doc, nil, 0, "", -1, nil)
		for i, p := range all {
			if p.node.Kind != yaml.ScalarNode {
				continue
			}
			path := pathOf(all, i)
			if !seen[path+"\x00"+p.node.Value] {
				seen[path+"\x00"+p.node.Value] = true
				d[path] = append(d[path], yaml.Node{Kind: yaml.ScalarNode, Tag: p.node.Tag, Value: p.node.Value})
			}
		}
	}
	return d
}

// Ops is the number of kinds of edit: half of them replace a scalar.
const Ops = 8

// Mutate returns a copy of doc (a YAML document node) with the edits data
// chooses, four bytes each: the kind, where (two bytes, an index into the
// nodes in document order), and the value: below 224 one written at the
// same path in dict, else one of Values. doc is left as it was.
func Mutate(doc *yaml.Node, dict Dict, data []byte) *yaml.Node {
	return rulesetEdits.Mutate(doc, dict, data)
}

// An Editor makes Mutate's edits to documents other than rulesets (the
// conformance cases): a scalar's replacement not in dict is one of its own
// values, and its eighth kind of edit drops an entry of a mapping (a
// case's contract, a seat's tricks) instead of changing an option's
// default, which only a ruleset has.
type Editor struct {
	values, tags []string
	dropEntries  bool
}

// rulesetEdits are Mutate's: Values, and options' defaults changed.
var rulesetEdits = Editor{values: Values, tags: valueTags}

// NewEditor is the Editor whose replacements are values (each read as
// YAML reads it, so that 12 is a number and "a: b" a string).
func NewEditor(values []string) Editor {
	return Editor{values: values, tags: tagsOf(values), dropEntries: true}
}

// Mutate returns a copy of doc with the edits data chooses, as the
// package's Mutate does with the Editor's values and edits. doc is left as
// it was.
func (e Editor) Mutate(doc *yaml.Node, dict Dict, data []byte) *yaml.Node {
	out := Copy(doc)
	var all []place
	for ; len(data) >= 4; data = data[4:] {
		all = e.edit(out, dict, data[0], int(data[1])<<8|int(data[2]), data[3], all[:0])
	}
	return out
}

// place is a node and where it sits: its parent and its index there.
type place struct {
	node, parent *yaml.Node
	index        int
	key          string // the key it is the value of, in a mapping (a list's items: the list's)
	up           int    // the parent's place, -1 at the top
}

// places lists n and the nodes under it in document order (the keys of
// mappings left out). The fuzz targets list a whole ruleset for each
// edit: the paths are made only for the place an edit picks (pathOf).
func places(n, parent *yaml.Node, index int, key string, up int, out []place) []place {
	out = append(out, place{n, parent, index, key, up})
	self := len(out) - 1
	for i, c := range n.Content {
		k := key
		if n.Kind == yaml.MappingNode {
			if i%2 == 0 {
				continue // keys stay: a renamed key is the schema's first refusal
			}
			k = n.Content[i-1].Value
		}
		out = places(c, n, i, k, self, out)
	}
	return out
}

// pathOf is the keys from the top to all[i], a list's items as []
// (settlement[].pay[].from), an option's or a contract's field whatever
// its name (options.*.default).
func pathOf(all []place, i int) string {
	p := all[i]
	if p.up < 0 {
		return ""
	}
	n := all[p.up] // the node p is in
	switch n.node.Kind {
	case yaml.MappingNode:
		if n.up >= 0 && all[n.up].node.Kind == yaml.MappingNode && (n.key == "options" || n.key == "contracts" && n.node.Kind == yaml.MappingNode) {
			return n.key + ".*." + p.key
		}
		return pathOf(all, p.up) + "." + p.key
	case yaml.SequenceNode:
		return pathOf(all, p.up) + "[]"
	}
	return pathOf(all, p.up)
}

// edit makes one edit to doc; all is room for its places, returned for
// the next.
func (e Editor) edit(doc *yaml.Node, dict Dict, op byte, where int, value byte, all []place) []place {
	all = places(doc, nil, 0, "", -1, all)
	switch op % Ops {
	case 0, 1, 2, 3: // the commonest edit: a scalar takes another value
		if i := scalarFrom(all, where); i >= 0 {
			e.setScalar(all[i].node, dict[pathOf(all, i)], value)
		}
	case 4: // a list loses an item
		if s := itemFrom(all, where); s != nil && len(s.parent.Content) > 1 {
			s.parent.Content = append(s.parent.Content[:s.index:s.index], s.parent.Content[s.index+1:]...)
		}
	case 5: // a list item is written twice (a named one under a new name)
		if s := itemFrom(all, where); s != nil {
			c := s.parent.Content
			twin := Copy(c[s.index])
			rename(twin)
			s.parent.Content = append(c[:s.index+1:s.index+1], append([]*yaml.Node{twin}, c[s.index+1:]...)...)
		}
	case 6: // two items of a list change places
		if s := itemFrom(all, where); s != nil {
			c := s.parent.Content
			j := int(value) % len(c)
			c[s.index], c[j] = c[j], c[s.index]
		}
	case 7:
		if e.dropEntries { // a mapping loses an entry
			if s := entryFrom(all, where); s != nil {
				s.parent.Content = append(s.parent.Content[:s.index-1:s.index-1], s.parent.Content[s.index+1:]...)
			}
		} else if s := defaultFrom(all, where); s != nil { // an option's default changes to another value it may take
			newDefault(s, value)
		}
	}
	return all
}

// rename gives a named item (a contract, a settlement rule) a name of its
// own: a twin of the same name is refused before anything is played.
func rename(n *yaml.Node) {
	for i := 0; i+1 < len(n.Content); i += 2 {
		if k := n.Content[i].Value; k == "name" || k == "rule" || k == "id" {
			n.Content[i+1].Value += "-twin"
		}
	}
}

// newDefault gives an option's default (at s, in the option's mapping)
// another value of its kind: true and false swap, a number becomes
// another, a word becomes another of the option's words.
func newDefault(s *place, value byte) {
	switch s.node.Tag {
	case "!!bool":
		if s.node.Value == "true" {
			s.node.Value = "false"
		} else {
			s.node.Value = "true"
		}
	case "!!int":
		s.node.Value = []string{"0", "1", "2", "3", "5", "10", "20", "100", "-1"}[int(value)%9]
	default:
		var words []string
		for i := 0; i+1 < len(s.parent.Content); i += 2 {
			switch k, v := s.parent.Content[i].Value, s.parent.Content[i+1]; {
			case k == "values" && v.Kind == yaml.SequenceNode:
				for _, w := range v.Content {
					words = append(words, w.Value)
				}
			case k == "sets" && v.Kind == yaml.MappingNode:
				for j := 0; j < len(v.Content); j += 2 {
					words = append(words, v.Content[j].Value)
				}
			}
		}
		if len(words) > 0 {
			s.node.Value = words[int(value)%len(words)]
		}
	}
}

// scalarFrom, itemFrom and defaultFrom find, from index where on, the
// first place of their kind (wrapping round): scalarFrom its index or -1,
// the others the place or nil.
func scalarFrom(all []place, where int) int {
	return find(all, where, func(p place) bool { return p.node.Kind == yaml.ScalarNode })
}

func itemFrom(all []place, where int) *place {
	return placeAt(all, find(all, where, func(p place) bool { return p.parent != nil && p.parent.Kind == yaml.SequenceNode }))
}

// entryFrom finds a value in a mapping (its key at index-1 in the parent).
func entryFrom(all []place, where int) *place {
	return placeAt(all, find(all, where, func(p place) bool { return p.parent != nil && p.parent.Kind == yaml.MappingNode }))
}

func defaultFrom(all []place, where int) *place {
	return placeAt(all, find(all, where, func(p place) bool { return p.key == "default" && p.node.Kind == yaml.ScalarNode }))
}

func placeAt(all []place, i int) *place {
	if i < 0 {
		return nil
	}
	return &all[i]
}

func find(all []place, where int, ok func(place) bool) int {
	for i := range all {
		if k := (where + i) % len(all); ok(all[k]) {
			return k
		}
	}
	return -1
}

// setScalar gives s a value chosen by v: below 224 one of same (the
// scalars written under the same key), else one of the Editor's values,
// tagged as YAML reads it.
func (e Editor) setScalar(s *yaml.Node, same []yaml.Node, v byte) {
	value, tag := "", ""
	if v < 224 && len(same) > 0 {
		n := same[int(v)%len(same)]
		value, tag = n.Value, n.Tag
	} else {
		i := int(v) % len(e.values)
		value, tag = e.values[i], e.tags[i]
	}
	s.Kind, s.Value, s.Tag, s.Style, s.Content, s.Alias = yaml.ScalarNode, value, tag, 0, nil, nil
	if s.Tag == "!!str" {
		s.Style = yaml.DoubleQuotedStyle // "true" stays a word, ": " stays inside
	}
}

// valueTags are the tags YAML reads Values with: !!int, !!bool or !!str.
var valueTags = tagsOf(Values)

// tagsOf are the tags YAML reads values with (!!int, !!bool, !!float,
// !!null), !!str for anything else.
func tagsOf(values []string) []string {
	tags := make([]string, len(values))
	for i, v := range values {
		var n yaml.Node
		tags[i] = "!!str"
		if err := yaml.Unmarshal([]byte(v), &n); err == nil && len(n.Content) == 1 && n.Content[0].Kind == yaml.ScalarNode {
			tags[i] = n.Content[0].Tag
		}
	}
	return tags
}

// Copy is a deep copy of a node (positions kept, for errors). The fuzz
// targets copy a whole ruleset for each input: the nodes and their
// Content lists are taken from two blocks, one allocation each.
func Copy(n *yaml.Node) *yaml.Node {
	if n == nil {
		return nil
	}
	nodes, children := count(n)
	c := copier{nodes: make([]yaml.Node, 0, nodes), children: make([]*yaml.Node, 0, children)}
	return c.copy(n)
}

func count(n *yaml.Node) (nodes, children int) {
	nodes, children = 1, len(n.Content)
	for _, ch := range n.Content {
		a, b := count(ch)
		nodes, children = nodes+a, children+b
	}
	return nodes, children
}

type copier struct {
	nodes    []yaml.Node
	children []*yaml.Node
}

func (c *copier) copy(n *yaml.Node) *yaml.Node {
	c.nodes = append(c.nodes, *n)
	out := &c.nodes[len(c.nodes)-1]
	// a full slice expression: an append to one node's Content (an item
	// written twice) must not run into the next node's
	k := len(c.children)
	c.children = c.children[:k+len(n.Content)]
	out.Content = c.children[k : k+len(n.Content) : k+len(n.Content)]
	for i, ch := range n.Content {
		out.Content[i] = c.copy(ch)
	}
	return out
}
