package ruleset

import (
	"github.com/preference-rules/pref/schema"
	"gopkg.in/yaml.v3"
)

// Target is the option table.sheet.target names: the whole number that
// sets the figure a game on the score sheet is played to (the pool each
// player fills, where a ruleset has one). pref play --to-pool N sets it,
// so that the command knows the concept and the ruleset its name. ok is
// false when the ruleset names none. A name that is no whole-number option
// of the ruleset is an error at the field's line and column.
func (r *Ruleset) Target() (o *Option, ok bool, err error) {
	if r.Spec == nil || r.Spec.Table.Sheet.Target == "" {
		return nil, false, nil
	}
	name := r.Spec.Table.Sheet.Target
	o, found := r.Option(name)
	if found {
		if _, whole := o.Default.(int); whole {
			return o, true, nil
		}
	}
	n := r.node("table", "sheet", "target")
	file, line, col := r.Place(n)
	if file == "" {
		file = r.File
	}
	e := schema.At(file, nil, "table.sheet.target: %q is no option of %s that is a whole number (the target names the option that sets the figure the game is played to)", name, r.Name)
	if !found {
		e = schema.At(file, nil, "table.sheet.target: no option %q%s", name, nearestHint(name, r.optionNames()))
	}
	e.Line, e.Col = line, col
	return nil, false, e
}

// optionNames lists the names of r's options, in file order.
func (r *Ruleset) optionNames() []string {
	names := make([]string, len(r.Options))
	for i, o := range r.Options {
		names[i] = o.Name
	}
	return names
}

// node finds the value node at a path of mapping keys in r's document as
// it stands, or nil.
func (r *Ruleset) node(path ...string) *yaml.Node {
	n := r.root
	if n != nil && n.Kind == yaml.DocumentNode && len(n.Content) > 0 {
		n = n.Content[0]
	}
	for _, key := range path {
		if n == nil || n.Kind != yaml.MappingNode {
			return nil
		}
		var next *yaml.Node
		for i := 0; i+1 < len(n.Content); i += 2 {
			if n.Content[i].Value == key {
				next = n.Content[i+1]
			}
		}
		n = next
	}
	return n
}

// errorAt is an error at the value of a path of keys in r's document.
func (r *Ruleset) errorAt(msg string, path ...string) error {
	file, line, col := r.Place(r.node(path...))
	if file == "" {
		file = r.File
	}
	e := schema.At(file, nil, "%s", msg)
	e.Line, e.Col = line, col
	return e
}
