package ruleset

import (
	"fmt"

	"github.com/preference-rules/pref/schema"
	"gopkg.in/yaml.v3"
)

// An option that sets fields is played as it is shown: the fields of the
// value it has are applied, whether that value is the default the file
// writes (a house file may switch an option on by default) or one given
// by With. The ruleset keeps the document as written, without any
// option's fields; a ruleset with options in force is that document with
// the fields of each option's value applied, in the order the options are
// declared, and compiled again. So switching an option off that is on by
// default takes its fields away again.

// onByDefault is the first option whose default sets fields, or nil.
func onByDefault(r *Ruleset) *Option {
	for i := range r.Options {
		if setsOf(&r.Options[i], r.Options[i].Default) != nil {
			return &r.Options[i]
		}
	}
	return nil
}

// otherValues are the values of o, other than its default, that apply
// other fields than the default does: those a ruleset must be compiled
// with to know they give a valid one.
func otherValues(o Option) []any {
	if o.Sets == nil {
		return nil
	}
	switch d := o.Default.(type) {
	case bool:
		return []any{!d}
	case string:
		var out []any
		for i := 0; i+1 < len(o.Sets.Content); i += 2 {
			if w := o.Sets.Content[i].Value; w != d {
				out = append(out, w)
			}
		}
		return out
	}
	return nil
}

// setsOf is the map of fields option o sets when it has value v, or nil.
func setsOf(o *Option, v any) *yaml.Node {
	if o.Sets == nil {
		return nil
	}
	switch w := v.(type) {
	case bool:
		if w {
			return o.Sets
		}
	case string:
		return lookup(o.Sets, w)
	}
	return nil
}

// valueOf is option o's value with values in force: its own there, or its
// default.
func valueOf(o *Option, values map[string]any) any {
	if v, ok := values[o.Name]; ok {
		return v
	}
	return o.Default
}

// switches reports whether the document must be compiled again for values:
// some option then sets other fields than r has applied (r.root is r.written
// with the fields of every option's value in r applied).
func switches(r *Ruleset, values map[string]any) bool {
	for i := range r.Options {
		o := &r.Options[i]
		if setsOf(o, valueOf(o, values)) != setsOf(o, o.Default) {
			return true
		}
	}
	return false
}

// With returns r with the given options in force: their values become the
// defaults settlement sees, and the ruleset is compiled again with the
// fields each option sets at its value when they differ from r's. Options
// left at their defaults cost nothing.
func (r *Ruleset) With(values map[string]any) (*Ruleset, error) {
	for name, v := range values {
		o, ok := r.Option(name)
		if !ok {
			return nil, fmt.Errorf("%s has no option %q", r.Name, name)
		}
		if err := o.CheckValue(v); err != nil {
			return nil, err
		}
	}
	if switches(r, values) {
		out, err := r.switched(values)
		if err != nil {
			(&sources{files: r.files}).attribute(err)
		}
		return out, err
	}
	cp := *r
	cp.Options = append([]Option(nil), r.Options...)
	cp.envTemplate = make(map[string]any, len(r.envTemplate))
	for k, v := range r.envTemplate {
		cp.envTemplate[k] = v
	}
	cp.setValues(values)
	return &cp, nil
}

// switched is the document as written with the fields of every option at
// its value (values, or its default) applied, compiled.
func (r *Ruleset) switched(values map[string]any) (*Ruleset, error) {
	out, found, err := r.switchedFound(values)
	if err == nil && len(found) > 0 {
		err = found.Err()
	}
	return out, err
}

// switchedFound is switched with the compilation's mistakes in found (the
// ruleset is then nil), as loadDoc's later stages compare them with the
// mistakes the ruleset has as written; err stops the compilation (an
// option's field that names nothing of the ruleset).
func (r *Ruleset) switchedFound(values map[string]any) (*Ruleset, schema.List, error) {
	root := r.written
	for i := range r.Options {
		o := &r.Options[i]
		sets := setsOf(o, valueOf(o, values))
		if sets == nil {
			continue
		}
		var err error
		if root, err = applySets(root, o.Name, sets); err != nil {
			return nil, nil, err
		}
	}
	// a copy: the compiler must not reach the nodes r was built from
	out, found, err := compileFound(r.File, &yaml.Node{Kind: yaml.DocumentNode, Content: []*yaml.Node{deepCopy(root)}}, r.trusted, r.programs)
	if err != nil || len(found) > 0 {
		return nil, found, err
	}
	out.written, out.files, out.warnings = r.written, r.files, r.warnings
	out.setValues(inForce(r, values))
	return out, nil, nil
}

// inForce are the values of every option of r, those r has in force
// (its own With's) overlaid by values: a ruleset compiled again keeps
// the options r was given that set no field (a table's words, a figure).
func inForce(r *Ruleset, values map[string]any) map[string]any {
	out := make(map[string]any, len(r.Options))
	for i := range r.Options {
		out[r.Options[i].Name] = r.Options[i].Default
	}
	for name, v := range values {
		out[name] = v
	}
	return out
}

// setValues makes values the options' values: what settlement sees.
func (r *Ruleset) setValues(values map[string]any) {
	for name, v := range values {
		for i := range r.Options {
			if r.Options[i].Name == name {
				r.Options[i].Default = v
				r.envTemplate[r.Options[i].Ident] = v
			}
		}
	}
	r.zero = newFrame(r.layout, r.envTemplate)
	r.applyTerms()
}

// withDefaults is r, compiled as written, with the fields of the options
// on by default applied: the ruleset as it is played when no option is
// given. An option whose default sets fields that break the ruleset is a
// mistake at its sets (said), for the mistakes beyond those r has as
// written (known); r is then returned as it is. known grows by what the
// compilation with the defaults found, for the checks of verify, which
// compile with those defaults too.
func withDefaults(file string, r *Ruleset, known schema.List) (played *Ruleset, more, said schema.List) {
	on := onByDefault(r)
	if on == nil {
		return r, nil, nil
	}
	out, found, err := r.switchedFound(nil)
	if err == nil && len(found) == 0 {
		return out, nil, nil
	}
	more = newMistakes(append(found, asMistakes(err)...), known)
	if len(more) == 0 {
		return r, nil, nil
	}
	return r, more, schema.List{schema.At(file, on.Sets, "option %s is on by default: with its sets applied the ruleset is invalid: %v", on.Name, attributed(more, r.files))}
}
