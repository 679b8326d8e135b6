package ruleset

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/preference-rules/pref/schema"
	"gopkg.in/yaml.v3"
)

// A ruleset may start from another: `extends: NAME` (an embedded ruleset)
// or `extends: ../base.yaml` (a file, relative to the one extending it).
// The two documents are merged into one before anything is checked, so
// the schema, the names and the compiler see a whole ruleset:
//   - maps merge key by key, the extending file's value winning;
//   - lists of named items (contracts and options by name, settlement
//     rules by rule) merge item by item: an item with a name the base has
//     changes that item in place (its fields merged), a new name is added
//     at the end;
//   - any other list (the ladder, the suits, a rule's payments) and every
//     plain value is replaced whole.

// Resolver finds the ruleset a file extends: base as written in the file
// from. It returns the base's name for errors and its text.
type Resolver func(from, base string) (file string, data []byte, err error)

// maxExtends bounds a chain of rulesets extending one another.
const maxExtends = 8

// LoadWith compiles a ruleset that may extend others, found by resolve.
// Its errors name the file each problem is in (a node merged from a base
// is the base's) and show the line with a caret.
func LoadWith(file string, data []byte, resolve Resolver) (*Ruleset, error) {
	return loadWith(file, data, resolve, true)
}

// LoadTrusted is LoadWith without the checks the test suite makes of the
// embedded rulesets (package rulesets, TestEmbeddedOptionsAllValid): the
// JSON Schema (compiling the schema is most of a command's start-up), and
// compiling the ruleset once more for each value of each option that sets
// fields, to prove that every one of them gives a valid ruleset (most of
// the load of a ruleset with many options). A user's file always has both.
func LoadTrusted(file string, data []byte, resolve Resolver) (*Ruleset, error) {
	return loadWith(file, data, resolve, false)
}

func loadWith(file string, data []byte, resolve Resolver, checkOptions bool) (*Ruleset, error) {
	src := &sources{texts: map[string][]byte{file: data}, origin: map[[2]int]string{}, own: map[[2]int]bool{}}
	doc, err := parse(file, data)
	if err != nil {
		schema.AddSources(err, src.texts)
		return nil, err
	}
	r, err := func() (*Ruleset, error) {
		if err := extend(file, doc, resolve, []string{file}, src); err != nil {
			return nil, err
		}
		return loadDoc(file, doc, checkOptions, !checkOptions)
	}()
	if err != nil {
		src.attribute(file, err)
		schema.AddSources(err, src.texts)
	}
	return r, err
}

// sources are the texts of a ruleset and its bases, and which base each
// merged node's position came from.
type sources struct {
	texts  map[string][]byte
	origin map[[2]int]string // line:col of a base's node -> its file
	own    map[[2]int]bool   // line:col of the extending file's nodes
}

func positions(n *yaml.Node, add func([2]int)) {
	add([2]int{n.Line, n.Column})
	for _, c := range n.Content {
		positions(c, add)
	}
}

// attribute gives an error at a position only a base has to that base.
func (s *sources) attribute(file string, err error) {
	var list schema.List
	switch e := err.(type) {
	case *schema.Error:
		list = schema.List{e}
	case schema.List:
		list = e
	}
	for _, e := range list {
		pos := [2]int{e.Line, e.Col}
		if base, ok := s.origin[pos]; ok && e.File == file && !s.own[pos] {
			e.File = base
		}
	}
}

func parse(file string, data []byte) (*yaml.Node, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, schema.YAMLErrorIn(file, data, err)
	}
	if doc.Kind == 0 || len(doc.Content) == 0 {
		return nil, &schema.Error{File: file, Msg: "empty file: a ruleset is a YAML map (see schema/ruleset.schema.json)"}
	}
	var dups schema.List
	duplicates(file, doc.Content[0], &dups, 0)
	if err := dups.Err(); err != nil {
		return nil, err
	}
	return &doc, nil
}

// duplicates reports a key written twice in one map: YAML allows reading
// it, but which of the two values counts would be a guess.
func duplicates(file string, n *yaml.Node, out *schema.List, depth int) {
	if depth > 64 {
		return // the schema's size limits speak for deeper documents
	}
	if n.Kind == yaml.MappingNode {
		first := map[string]*yaml.Node{}
		for i := 0; i+1 < len(n.Content); i += 2 {
			k := n.Content[i]
			if prev, ok := first[k.Value]; ok && k.Kind == yaml.ScalarNode {
				*out = append(*out, schema.At(file, k, "key %q is written twice in this map (first at line %d): keep one", k.Value, prev.Line))
				continue
			}
			first[k.Value] = k
		}
	}
	for _, c := range n.Content {
		duplicates(file, c, out, depth+1)
	}
}

// extend replaces doc, when it extends a base, with the base merged with
// it. chain lists the files already on the way, to refuse a cycle.
func extend(file string, doc *yaml.Node, resolve Resolver, chain []string, src *sources) error {
	root := doc.Content[0]
	if root.Kind != yaml.MappingNode {
		return nil // the schema says what is wrong
	}
	var base *yaml.Node
	for i := 0; i+1 < len(root.Content); i += 2 {
		if root.Content[i].Value == "extends" {
			base = root.Content[i+1]
			root.Content = append(root.Content[:i:i], root.Content[i+2:]...)
			break
		}
	}
	if base == nil {
		return nil
	}
	if field(root, "name") == "" {
		return schema.At(file, base, "extends %s: a ruleset that extends another needs a name of its own (name: my-variant)", base.Value)
	}
	if base.Kind != yaml.ScalarNode || base.Value == "" {
		return schema.At(file, base, "extends: want the name of an embedded ruleset or the path of a ruleset file")
	}
	if resolve == nil {
		return schema.At(file, base, "extends %s: rulesets cannot be looked up here", base.Value)
	}
	if len(chain) >= maxExtends {
		return schema.At(file, base, "extends %s: more than %d rulesets extend one another", base.Value, maxExtends)
	}
	baseFile, data, err := resolve(file, base.Value)
	if err != nil {
		return schema.At(file, base, "extends %s: %v", base.Value, err)
	}
	for _, f := range chain {
		if sameFile(f, baseFile) {
			return schema.At(file, base, "extends %s: a cycle: %s -> %s", base.Value, strings.Join(chain, " -> "), baseFile)
		}
	}
	baseDoc, err := parse(baseFile, data)
	if err != nil {
		return fmt.Errorf("extends %s: %w", base.Value, err)
	}
	src.texts[baseFile] = data
	if len(chain) == 1 {
		positions(root, func(p [2]int) { src.own[p] = true })
	}
	if err := extend(baseFile, baseDoc, resolve, append(chain, baseFile), src); err != nil {
		return err
	}
	positions(baseDoc.Content[0], func(p [2]int) {
		if _, ok := src.origin[p]; !ok {
			src.origin[p] = baseFile
		}
	})
	doc.Content[0] = merge(baseDoc.Content[0], root)
	return nil
}

// sameFile reports whether two names of rulesets are one file.
func sameFile(a, b string) bool {
	if a == b {
		return true
	}
	x, err1 := filepath.Abs(a)
	y, err2 := filepath.Abs(b)
	return err1 == nil && err2 == nil && x == y
}

// mergeKeys are the fields that name an item of a list: such lists merge
// item by item.
var mergeKeys = []string{"name", "rule"}

// merge is over laid on base, as the package comment says; neither is
// changed.
func merge(base, over *yaml.Node) *yaml.Node { return mergeWith(base, over, nil) }

// mergeWith is merge where the nodes of whole replace their base whatever
// they are: a field an option sets is set, not merged into.
func mergeWith(base, over *yaml.Node, whole map[*yaml.Node]bool) *yaml.Node {
	if whole[over] {
		return over
	}
	switch {
	case base.Kind == yaml.MappingNode && over.Kind == yaml.MappingNode:
		out := *base
		out.Content = append([]*yaml.Node(nil), base.Content...)
		for i := 0; i+1 < len(over.Content); i += 2 {
			k, v := over.Content[i], over.Content[i+1]
			found := false
			for j := 0; j+1 < len(out.Content); j += 2 {
				if out.Content[j].Value == k.Value {
					out.Content[j+1] = mergeWith(out.Content[j+1], v, whole)
					found = true
					break
				}
			}
			if !found {
				out.Content = append(out.Content, k, v)
			}
		}
		return &out
	case base.Kind == yaml.SequenceNode && over.Kind == yaml.SequenceNode:
		key := itemKey(base)
		if key == "" || itemKey(over) != key {
			return over
		}
		out := *base
		out.Content = append([]*yaml.Node(nil), base.Content...)
		for _, item := range over.Content {
			name := field(item, key)
			found := false
			for j, b := range out.Content {
				if field(b, key) == name {
					out.Content[j] = mergeWith(b, item, whole)
					found = true
					break
				}
			}
			if !found {
				out.Content = append(out.Content, item)
			}
		}
		return &out
	}
	return over
}

// itemKey is the field every item of list names itself by, or "".
func itemKey(list *yaml.Node) string {
	for _, k := range mergeKeys {
		all := len(list.Content) > 0
		for _, item := range list.Content {
			if field(item, k) == "" {
				all = false
				break
			}
		}
		if all {
			return k
		}
	}
	return ""
}

// field is the scalar value of key in the map item, or "".
func field(item *yaml.Node, key string) string {
	if item.Kind != yaml.MappingNode {
		return ""
	}
	for i := 0; i+1 < len(item.Content); i += 2 {
		if item.Content[i].Value == key && item.Content[i+1].Kind == yaml.ScalarNode {
			return item.Content[i+1].Value
		}
	}
	return ""
}
