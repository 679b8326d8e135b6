package ruleset

import (
	"path/filepath"
	"strings"

	"github.com/preference-rules/pref/internal/termtext"
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
	src := &sources{files: []string{file}, texts: map[string][]byte{}}
	left := &budget{bytes: MaxChainBytes, nodes: MaxNodes}
	r, err := func() (*Ruleset, error) {
		doc, err := parse(file, data, left, src)
		if err != nil {
			return nil, err
		}
		if err := extend(file, doc, resolve, left, src); err != nil {
			return nil, err
		}
		return loadDoc(file, doc, checkOptions, !checkOptions, src.files, nil)
	}()
	if err != nil {
		src.attribute(err)
		schema.AddSources(err, src.texts)
		return nil, err
	}
	r.files = src.files
	r.warnings = src.warnings
	src.attribute(r.warnings)
	return r, nil
}

// The nodes of the n-th file of an extends chain (the extending file is the
// 0th) have their lines moved by n*lineStride: an error at a node, or at a
// place inside an expression, says by its line which file it is in, however
// the documents were merged (sources.attribute moves it back). A file holds
// fewer lines than lineStride: it is at most MaxChainBytes long.
const lineStride = 1 << 22

// sources are the names of the files of an extends chain, in order, and
// the texts of those that are rulesets, whose lines errors may quote.
type sources struct {
	files    []string
	texts    map[string][]byte
	warnings schema.List // found in merging: a rule whose name is close to the base's
}

// shift moves the lines of every node of n by by.
func shift(n *yaml.Node, by int) {
	if n.Line > 0 {
		n.Line += by
	}
	for _, c := range n.Content {
		shift(c, by)
	}
}

// attribute gives each error at a moved line its file and its line there.
func (s *sources) attribute(err error) {
	var list schema.List
	switch e := err.(type) {
	case *schema.Error:
		list = schema.List{e}
	case schema.List:
		list = e
	}
	for _, e := range list {
		if n := e.Line / lineStride; n > 0 && n < len(s.files) {
			e.File, e.Line = s.files[n], e.Line%lineStride
		}
	}
}

// parse reads one file of a chain: within what is left of the limits, a
// ruleset (else an error naming the path only: nothing of a file that is
// not a ruleset is quoted), with no key written twice in a map.
func parse(file string, data []byte, left *budget, src *sources) (*yaml.Node, error) {
	if err := left.take(file, data); err != nil {
		return nil, err
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		if !looksLikeRuleset(data) {
			return nil, notARuleset(file, "it is not YAML")
		}
		src.texts[file] = data
		return nil, schema.YAMLErrorIn(file, data, err)
	}
	if err := isRuleset(file, &doc); err != nil {
		return nil, err
	}
	src.texts[file] = data
	n := countNodes(&doc, left.nodes)
	if n > left.nodes {
		return nil, left.tooMany(file, n)
	}
	left.nodes -= n
	var dups schema.List
	duplicates(file, doc.Content[0], &dups, 0)
	unprintable(file, doc.Content[0], &dups, 0)
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

// unprintable reports a key or value holding a character a terminal would
// act on (an escape sequence, a bidi control, a zero-width character): a
// ruleset's names, titles and descriptions are printed by every command,
// so such text is refused where it is written rather than escaped at each
// place it is shown.
func unprintable(file string, n *yaml.Node, out *schema.List, depth int) {
	if depth > 64 {
		return
	}
	if n.Kind == yaml.ScalarNode {
		if err := termtext.Check("text", n.Value, false); err != nil {
			*out = append(*out, schema.At(file, n, "%v", err))
		}
	}
	for _, c := range n.Content {
		unprintable(file, c, out, depth+1)
	}
}

// extend replaces doc, when it extends a base, with the base merged with
// it. The files already on the way are src.files, to refuse a cycle.
func extend(file string, doc *yaml.Node, resolve Resolver, left *budget, src *sources) error {
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
	chain := src.files
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
	baseDoc, err := parse(baseFile, data, left, src)
	if err != nil {
		if e, ok := err.(*schema.Error); ok && e.Line == 0 {
			// not a ruleset, or too large: said at the extends that reads it
			return schema.At(file, base, "extends %s: %s: %s", base.Value, baseFile, e.Msg)
		}
		return err // a mistake in the base, at its line
	}
	shift(baseDoc, len(chain)*lineStride)
	src.files = append(src.files, baseFile)
	if err := extend(baseFile, baseDoc, resolve, left, src); err != nil {
		return err
	}
	if err := checkOverlay(file, baseFile, baseDoc.Content[0], root, src); err != nil {
		return err
	}
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
		takePlace(&out, over)
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
		takePlace(&out, over)
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

// takePlace gives a merged map or list the place of the extending file's:
// an error about it (a key missing, one too many) is the extending file's
// to fix. The fields an option sets have no place and keep the base's.
func takePlace(merged, over *yaml.Node) {
	if over.Line > 0 {
		merged.Line, merged.Column = over.Line, over.Column
	}
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

// RuleOrigin is which file of r's extends chain first wrote the i-th
// settlement rule (0: r's own file, 1: the ruleset it extends, and so on),
// and the node of its `rule:` key there, for its place. A rule a file
// changes by name stays the base's: merging a map keeps the base's key
// nodes and replaces only their values (mergeWith). file is -1 when the
// rule has no place (one an option's sets wrote).
func (r *Ruleset) RuleOrigin(i int) (file int, at *yaml.Node) {
	if r.Spec == nil || i < 0 || i >= len(r.Spec.Settlement) {
		return -1, nil
	}
	item := r.Spec.Settlement[i].Node
	if item == nil || item.Kind != yaml.MappingNode {
		return -1, nil
	}
	for j := 0; j+1 < len(item.Content); j += 2 {
		if k := item.Content[j]; k.Value == "rule" {
			if k.Line <= 0 {
				return -1, nil
			}
			return k.Line / lineStride, k
		}
	}
	return -1, nil
}
