package ruleset

import (
	"fmt"
	"slices"

	"github.com/preference-rules/pref/schema"
)

// verify is the last stage of a load: checks of the compiled ruleset, its
// options in force. The names table.sheet.target and the ppn: section
// give must be the ruleset's (checkNamedConcepts); with checkOptions,
// every value of every option that sets fields must give a valid ruleset,
// within the work that proof may take (checkOptionWork). known are the
// mistakes the ruleset has already (said by the stages before): an
// option's value is a mistake when its fields break more than those, and
// each option that does is said.
func verify(file string, r *Ruleset, checkOptions bool, known schema.List) schema.List {
	var found schema.List
	if len(known) == 0 || allOptionsCompiled(r) {
		found = append(found, asMistakes(namedConcepts(r, len(known) > 0))...)
	}
	if !checkOptions {
		return found
	}
	if err := checkOptionWork(file, r); err != nil {
		return append(found, asMistakes(err)...)
	}
	for _, o := range r.Options {
		for _, v := range otherValues(o) {
			values := map[string]any{o.Name: v}
			if !switches(r, values) {
				continue
			}
			_, got, err := r.switchedFound(values)
			if more := newMistakes(append(got, asMistakes(err)...), known); len(more) > 0 {
				found = append(found, schema.At(file, o.Sets, "option %s: with its sets applied the ruleset is invalid: %v", o.Name, attributed(more, r.files)))
				break // an option's first value that breaks it says enough of it
			}
		}
	}
	return found
}

// allOptionsCompiled reports whether every option the document declares
// is among r's: a name checked against the options is then no mistake
// that follows from another.
func allOptionsCompiled(r *Ruleset) bool {
	return r.Spec != nil && len(r.Options) == len(r.Spec.Options.Content)/2
}

// namedConcepts is checkNamedConcepts; on a ruleset with mistakes
// (partial), a compilation that stopped half-way, a panic on the way only
// ends the check.
func namedConcepts(r *Ruleset, partial bool) (err error) {
	if partial {
		defer func() {
			if recover() != nil {
				err = nil
			}
		}()
	}
	return r.checkNamedConcepts()
}

// checkNamedConcepts refuses, when the ruleset is loaded, a field that
// names an option or an account the ruleset lacks: table.sheet.target and
// the ppn: section are read only by the command that uses them (pref play
// --to-pool, pref import and export), so a misspelt name would otherwise
// lie dead in every other use of the ruleset.
func (r *Ruleset) checkNamedConcepts() error {
	if _, _, err := r.Target(); err != nil {
		return err
	}
	p := r.Spec.PPN
	if p == nil {
		return nil
	}
	tags := make([]string, 0, len(p.Tags))
	for tag := range p.Tags {
		tags = append(tags, tag)
	}
	slices.Sort(tags)
	for _, tag := range tags {
		name := p.Tags[tag]
		if o, ok := r.Option(name); !ok {
			return r.errorAt(fmt.Sprintf("ppn.tags.%s: no option %q%s", tag, name, nearestHint(name, r.optionNames())), "ppn", "tags", tag)
		} else if _, whole := o.Default.(int); !whole {
			return r.errorAt(fmt.Sprintf("ppn.tags.%s: the option %s is no whole number (a PPN tag sets a number)", tag, name), "ppn", "tags", tag)
		}
	}
	if p.Middle != "" && !slices.Contains(r.Sheet.Accounts, p.Middle) {
		return r.errorAt(fmt.Sprintf("ppn.middle: no account %q in table.sheet.accounts", p.Middle), "ppn", "middle")
	}
	if p.Sides != "" && !slices.Contains(r.Sheet.PairAccounts, p.Sides) {
		return r.errorAt(fmt.Sprintf("ppn.sides: no account %q in table.sheet.pair_accounts", p.Sides), "ppn", "sides")
	}
	return nil
}

// MaxOptionWork bounds the check that every value of every option that
// sets fields gives a valid ruleset: it compiles the ruleset once per such
// value, so its cost is the number of values times the size of the
// ruleset, in YAML nodes. An embedded ruleset needs under 8,000.
const MaxOptionWork = 150_000

// checkOptionWork refuses a ruleset whose options would take the check of
// their values too long.
func checkOptionWork(file string, r *Ruleset) error {
	values := 0
	for _, o := range r.Options {
		values += len(otherValues(o))
	}
	if values == 0 {
		return nil
	}
	nodes := countNodes(r.written, MaxOptionWork)
	if values*nodes <= MaxOptionWork {
		return nil
	}
	return schema.At(file, lookup(r.written, "options"), "options: %d values of options set fields, and each is checked by compiling the ruleset of %d YAML nodes again: %d x %d is more than %d, the limit; set fewer fields by options", values, nodes, values, nodes, MaxOptionWork)
}
