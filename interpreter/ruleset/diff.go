package ruleset

import (
	"fmt"
	"strings"

	"github.com/preference-rules/pref/schema"
	"gopkg.in/yaml.v3"
)

// Change is one way two rulesets differ, in the ruleset's own terms:
// where (a field, a contract, an option, a settlement rule) and what.
type Change struct {
	Where string // "play.head", "contract hearts: values.game", "settlement rule \"four aces\""
	What  string // "never -> must", "added", "removed"
}

func (c Change) String() string { return c.Where + ": " + c.What }

// Diff lists how b differs from a, on the whole documents after extends
// and options are merged: maps key by key, contracts and options by name,
// settlement rules by rule, other lists whole. Presentation fields (title,
// description, notes, source) are compared too; a house variant's diff
// against its base is exactly what the house file says.
func Diff(a, b *Ruleset) []Change {
	var out []Change
	diffNodes(&out, "", a.Normalized(), b.Normalized())
	return out
}

// Normalized is the ruleset's document with every default explicit: the
// files merged (extends, options' sets) and each field the schema gives a
// default written out. What pref show prints and pref diff compares.
func (r *Ruleset) Normalized() *yaml.Node {
	n := deepCopy(r.root)
	schema.FillDefaults(n)
	return n
}

func diffNodes(out *[]Change, path string, a, b *yaml.Node) {
	switch {
	case a == nil && b == nil:
		return
	case a == nil:
		*out = append(*out, Change{label(path), "added" + summary(b)})
		return
	case b == nil:
		*out = append(*out, Change{label(path), "removed" + summary(a)})
		return
	case a.Kind == yaml.MappingNode && b.Kind == yaml.MappingNode:
		seen := map[string]bool{}
		for i := 0; i+1 < len(a.Content); i += 2 {
			k := a.Content[i].Value
			seen[k] = true
			diffNodes(out, join(path, k), a.Content[i+1], lookup(b, k))
		}
		for i := 0; i+1 < len(b.Content); i += 2 {
			if k := b.Content[i].Value; !seen[k] {
				diffNodes(out, join(path, k), nil, b.Content[i+1])
			}
		}
		return
	case a.Kind == yaml.SequenceNode && b.Kind == yaml.SequenceNode:
		if key := itemKey(a); key != "" && itemKey(b) == key {
			seen := map[string]bool{}
			for _, item := range a.Content {
				name := field(item, key)
				seen[name] = true
				diffNodes(out, join(path, "["+name+"]"), item, findItem(b, key, name))
			}
			for _, item := range b.Content {
				if name := field(item, key); !seen[name] {
					diffNodes(out, join(path, "["+name+"]"), nil, item)
				}
			}
			return
		}
	}
	if fa, fb := flat(a), flat(b); fa != fb {
		*out = append(*out, Change{label(path), fa + " -> " + fb})
	}
}

func join(path, k string) string {
	if path == "" {
		return k
	}
	return path + "." + k
}

// label turns a path into the ruleset's words: contracts.[hearts].values.game
// is "contract hearts: values.game".
func label(path string) string {
	for _, list := range []struct{ prefix, word string }{{"contracts.[", "contract "}, {"settlement.[", "settlement rule "}} {
		if rest, ok := strings.CutPrefix(path, list.prefix); ok {
			name, field, _ := strings.Cut(rest, "]")
			field = strings.TrimPrefix(field, ".")
			if list.word == "settlement rule " {
				name = fmt.Sprintf("%q", name)
			}
			if field == "" {
				return list.word + name
			}
			return list.word + name + ": " + field
		}
	}
	if rest, ok := strings.CutPrefix(path, "options."); ok {
		name, field, _ := strings.Cut(rest, ".")
		if field == "" {
			return "option " + name
		}
		return "option " + name + ": " + field
	}
	return path
}

func lookup(m *yaml.Node, key string) *yaml.Node {
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return m.Content[i+1]
		}
	}
	return nil
}

func findItem(list *yaml.Node, key, name string) *yaml.Node {
	for _, item := range list.Content {
		if field(item, key) == name {
			return item
		}
	}
	return nil
}

// flat is a node written on one line, as YAML flow: the same value gives
// the same text however it was written.
func flat(n *yaml.Node) string {
	switch n.Kind {
	case yaml.ScalarNode:
		return n.Value
	case yaml.AliasNode:
		return flat(n.Alias)
	case yaml.SequenceNode:
		parts := make([]string, len(n.Content))
		for i, c := range n.Content {
			parts[i] = flat(c)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case yaml.MappingNode:
		parts := make([]string, 0, len(n.Content)/2)
		for i := 0; i+1 < len(n.Content); i += 2 {
			parts = append(parts, n.Content[i].Value+": "+flat(n.Content[i+1]))
		}
		return "{" + strings.Join(parts, ", ") + "}"
	}
	return ""
}

// summary says in a few words what an added or removed item is: a rule's
// condition, an option's default, or the value itself.
func summary(n *yaml.Node) string {
	if n.Kind != yaml.MappingNode {
		return ": " + flat(n)
	}
	if when := lookup(n, "when"); when != nil {
		return ", when " + flat(when)
	}
	if def := lookup(n, "default"); def != nil {
		return ", default " + flat(def)
	}
	return ": " + flat(n)
}

// InForce reports whether switching option o on would change nothing: the
// ruleset already sets every field o sets to the same value (a house file
// that writes play.head: must makes the option must-head moot).
func (r *Ruleset) InForce(o Option) bool {
	if _, isBool := o.Default.(bool); o.Sets == nil || r.root == nil || !isBool {
		return false
	}
	moot := true
	forEachPair(o.Sets, func(k, v *yaml.Node) {
		cur := getPath(r.root, strings.Split(k.Value, "."))
		moot = moot && cur != nil && flat(cur) == flat(v)
	})
	return moot
}

// SetsNothing reports whether option o changes nothing in the ruleset as
// its file writes it (before any option's fields are applied): the file
// itself already sets every field o sets to the same value. Unlike
// InForce, an option on by default is not moot for being on.
func (r *Ruleset) SetsNothing(o Option) bool {
	if r.written == nil {
		return false
	}
	asWritten := *r
	asWritten.root = r.written
	return asWritten.InForce(o)
}

// getPath is the node at a dotted path (map keys, or the names of items of
// a list of named items), or nil.
func getPath(n *yaml.Node, path []string) *yaml.Node {
	for _, k := range path {
		switch n.Kind {
		case yaml.MappingNode:
			n = lookup(n, k)
		case yaml.SequenceNode:
			n = findItem(n, itemKey(n), k)
		default:
			return nil
		}
		if n == nil {
			return nil
		}
	}
	return n
}

// ExpressionSources is the text of every expression of the ruleset as
// written (conditions, amounts, explanations, defines, events), for a
// search of the names they use.
func (r *Ruleset) ExpressionSources() []string {
	var out []string
	var walk func(n *yaml.Node, define bool)
	walk = func(n *yaml.Node, define bool) {
		if n == nil {
			return
		}
		if n.Kind == yaml.MappingNode {
			for i := 0; i+1 < len(n.Content); i += 2 {
				k, v := n.Content[i], n.Content[i+1]
				switch {
				case (expressionKeys[k.Value] || define) && v.Kind == yaml.ScalarNode:
					out = append(out, v.Value)
				default:
					walk(v, k.Value == "define" && n == r.root)
				}
			}
			return
		}
		for _, c := range n.Content {
			walk(c, false)
		}
	}
	walk(r.root, false)
	for _, st := range r.Sheet.Start { // keyed by account, not by a field name
		out = append(out, st.Src)
	}
	return out
}

// YAML is the ruleset as one document: extends merged, the fields of the
// options in force applied, every default explicit.
func (r *Ruleset) YAML() (string, error) {
	var b strings.Builder
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(r.Normalized()); err != nil {
		return "", err
	}
	return b.String(), enc.Close()
}
