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
	// mistakes found by parse and extend that do not end the load: the
	// later stages still run, and their errors are joined to these
	mistakes schema.List
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
	before := len(src.mistakes)
	baseDoc, err := parse(baseFile, data, left, src)
	for _, e := range src.mistakes[before:] {
		e.Line += len(chain) * lineStride // as the base's nodes are moved: in file order, attributed at the end
	}
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
	checkOverlay(file, baseFile, baseDoc.Content[0], root, src)
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

// maxNearName is the longest name compared for a near spelling: the edit
// distance of two names costs the product of their lengths.
const maxNearName = 200

// checkOverlay compares what an extending file adds with its base, where a
// misspelt name would silently add instead of change: an option the base
// does not have and that has no description is refused (did you mean; a
// mistake in src.mistakes, the merge goes on); a settlement rule whose
// name is new but close to one of the base's is noted as a warning naming
// both places, since both rules then apply.
func checkOverlay(file, baseFile string, base, over *yaml.Node, src *sources) {
	refuseUnknownOptions(file, baseFile, base, over, src)
	baseRules, overRules := lookup(base, "settlement"), lookup(over, "settlement")
	if baseRules == nil || overRules == nil || baseRules.Kind != yaml.SequenceNode || overRules.Kind != yaml.SequenceNode {
		return
	}
	var names []string
	for _, item := range baseRules.Content {
		names = append(names, field(item, "rule"))
	}
	for _, item := range overRules.Content {
		name := field(item, "rule")
		if name == "" || findItem(baseRules, "rule", name) != nil {
			continue
		}
		near := nearName(name, names)
		if near == "" {
			continue
		}
		at := findItem(baseRules, "rule", near)
		src.warnings = append(src.warnings, schema.At(file, item, "settlement rule %q is a new rule, added to those of %s, and its name is close to %q (%s): rules merge by name, so both apply; to change that rule write its name exactly", name, baseFile, near, src.place(at)))
	}
}

// refuseUnknownOptions is checkOverlay's check of the options: one the
// base lacks and without a description is a mistake (src.mistakes), and
// is taken out of over, so that the later stages do not say it again.
func refuseUnknownOptions(file, baseFile string, base, over *yaml.Node, src *sources) {
	baseOpts, overOpts := lookup(base, "options"), lookup(over, "options")
	if baseOpts != nil && overOpts != nil && baseOpts.Kind == yaml.MappingNode && overOpts.Kind == yaml.MappingNode {
		var names []string
		forEachPair(baseOpts, func(k, _ *yaml.Node) { names = append(names, k.Value) })
		refused := map[*yaml.Node]bool{}
		forEachPair(overOpts, func(k, v *yaml.Node) {
			if lookup(baseOpts, k.Value) != nil || v.Kind != yaml.MappingNode || lookup(v, "description") != nil {
				return
			}
			hint := " (a new option needs a description)"
			if near := nearName(k.Value, names); near != "" {
				hint = fmt.Sprintf(": did you mean %s? (a new option needs a description)", near)
			}
			src.mistakes = append(src.mistakes, schema.At(file, k, "option %s: %s has no option of that name%s", k.Value, baseFile, hint))
			refused[k] = true
		})
		kept := overOpts.Content[:0]
		for i := 0; i+1 < len(overOpts.Content); i += 2 {
			if !refused[overOpts.Content[i]] {
				kept = append(kept, overOpts.Content[i], overOpts.Content[i+1])
			}
		}
		overOpts.Content = kept // the later stages go on without it: it is no new option
	}
}

// nearName is schema.Nearest for names short enough to compare.
func nearName(name string, names []string) string {
	if len(name) > maxNearName {
		return ""
	}
	var short []string
	for _, n := range names {
		if len(n) <= maxNearName {
			short = append(short, n)
		}
	}
	return schema.Nearest(name, short)
}

// place is file:line:col of a node of the chain.
func (s *sources) place(n *yaml.Node) string {
	e := &schema.Error{File: s.files[0], Line: n.Line, Col: n.Column}
	s.attribute(e)
	return fmt.Sprintf("%s:%d:%d", e.File, e.Line, e.Col)
}

// The fields an option sets are an overlay merged onto the ruleset by
// mergeWith, as a file that extends another is; the functions below build
// that overlay (applySets), on copies (deepCopy) so that the document as
// written stays as it is.

// deepCopy is a copy of the tree n that shares no node with it.
func deepCopy(n *yaml.Node) *yaml.Node {
	if n == nil {
		return nil
	}
	c := *n
	c.Content = make([]*yaml.Node, len(n.Content))
	for i, ch := range n.Content {
		c.Content[i] = deepCopy(ch)
	}
	return &c
}

// setPath sets the value at a dotted path of mappings, creating maps.
// setPath writes, in the overlay n, the value val at path (map keys, or the
// name of an item of a list of named items: contracts.6-spades.no_drop),
// following base, the ruleset the overlay will be merged onto, to know
// which keys are lists of named items; false when base has no item of
// that name.
func setPath(n *yaml.Node, path []string, val *yaml.Node, base *yaml.Node) bool {
	if len(path) == 1 {
		setKey(n, path[0], val)
		return true
	}
	var next *yaml.Node
	if base != nil && base.Kind == yaml.MappingNode {
		next = lookup(base, path[0])
	}
	if next != nil && next.Kind == yaml.SequenceNode {
		key := itemKey(next)
		item := findItem(next, key, path[1])
		if key == "" || item == nil {
			return false
		}
		list := child(n, path[0], yaml.SequenceNode)
		var over *yaml.Node
		for _, it := range list.Content {
			if field(it, key) == path[1] {
				over = it
			}
		}
		if over == nil {
			over = &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"}
			setKey(over, key, &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: path[1]})
			list.Content = append(list.Content, over)
		}
		if len(path) == 2 {
			return true
		}
		return setPath(over, path[2:], val, item)
	}
	return setPath(child(n, path[0], yaml.MappingNode), path[1:], val, next)
}

// setKey sets key in the map n to val.
func setKey(n *yaml.Node, key string, val *yaml.Node) {
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			n.Content[i+1] = val
			return
		}
	}
	n.Content = append(n.Content, &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: key}, val)
}

// child is the node under key in the map n, made of kind if absent.
func child(n *yaml.Node, key string, kind yaml.Kind) *yaml.Node {
	if c := lookup(n, key); c != nil && c.Kind == kind {
		return c
	}
	tag := "!!map"
	if kind == yaml.SequenceNode {
		tag = "!!seq"
	}
	c := &yaml.Node{Kind: kind, Tag: tag}
	setKey(n, key, c)
	return c
}

// applySets is root with the fields sets (option name's) applied. The
// fields an option sets are an overlay merged onto the ruleset by the same
// step as extends (merge.go): the dotted paths become the maps and named
// items they reach.
func applySets(root *yaml.Node, name string, sets *yaml.Node) (*yaml.Node, error) {
	overlay := &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"}
	whole := map[*yaml.Node]bool{} // the values set: they replace, never merge
	var missing error
	forEachPair(sets, func(k, val *yaml.Node) {
		v := deepCopy(val)
		whole[v] = true
		if !setPath(overlay, strings.Split(k.Value, "."), v, root) && missing == nil {
			missing = fmt.Errorf("option %q sets %s: no item of that name in the list", name, k.Value)
		}
	})
	if missing != nil {
		return nil, missing
	}
	return mergeWith(root, overlay, whole), nil
}

func forEachPair(m *yaml.Node, f func(k, v *yaml.Node)) {
	if m.Kind != yaml.MappingNode {
		return
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		f(m.Content[i], m.Content[i+1])
	}
}
