package ppn

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/rulesets"
)

// optionTags are PPN's info tags that set options of the ruleset it
// records, in the order pref writes them, each with what the notation
// means by it. Which option each sets is the ruleset's to say (binding).
var optionTags = [...]struct{ name, means string }{
	{"Bula", "the points each player's paper starts with"},
	{"Refe", "how many refa deals the game has"},
}

// binding is what PPN's terms are in the ruleset it records, read from
// the ruleset's ppn: section: no Go code names that ruleset's options or
// accounts.
type binding struct {
	options [len(optionTags)]string // the option each of optionTags sets
	middle  string                  // the account of the paper's middle column
	sides   string                  // the pair account of its side columns
}

// bindingOf reads r's ppn: section, checking that it names r's own
// options (whole numbers) and accounts.
func bindingOf(r *ruleset.Ruleset) (binding, error) {
	var b binding
	spec := r.Spec.PPN
	if spec == nil {
		return b, fmt.Errorf("%s binds no PPN (no ppn: section)", r.Name)
	}
	for i, t := range optionTags {
		name := spec.Tags[t.name]
		o, ok := r.Option(name)
		if !ok {
			return b, fmt.Errorf("%s: ppn.tags.%s: no option %q", r.Name, t.name, name)
		}
		if _, whole := o.Default.(int); !whole {
			return b, fmt.Errorf("%s: ppn.tags.%s: the option %s is no whole number", r.Name, t.name, name)
		}
		b.options[i] = name
	}
	if !slices.Contains(r.Sheet.Accounts, spec.Middle) {
		return b, fmt.Errorf("%s: ppn.middle: no account %q in table.sheet.accounts", r.Name, spec.Middle)
	}
	if !slices.Contains(r.Sheet.PairAccounts, spec.Sides) {
		return b, fmt.Errorf("%s: ppn.sides: no account %q in table.sheet.pair_accounts", r.Name, spec.Sides)
	}
	b.middle, b.sides = spec.Middle, spec.Sides
	return b, nil
}

// tagged reports whether a tag of PPN sets the option.
func (b binding) tagged(option string) bool { return slices.Contains(b.options[:], option) }

// taggedWords says which options the tags set: "bula and refe are the
// tags Bula and Refe".
func (b binding) taggedWords() string {
	tags := make([]string, len(optionTags))
	for i, t := range optionTags {
		tags[i] = t.name
	}
	return strings.Join(b.options[:], " and ") + " are the tags " + strings.Join(tags, " and ")
}

// rulesetName is the name of the embedded ruleset PPN records: the one
// whose file has a ppn: section.
var rulesetName = sync.OnceValues(func() (string, error) {
	names := rulesets.Stating("ppn")
	if len(names) != 1 {
		return "", fmt.Errorf("PPN is bound to %d embedded rulesets (%s): want the one with a ppn: section", len(names), strings.Join(names, ", "))
	}
	return names[0], nil
})

// Ruleset opens the ruleset PPN records: the embedded ruleset whose ppn:
// section says what PPN's tags and summary are in its
// options and score sheet.
func Ruleset() (*ruleset.Ruleset, error) {
	name, err := rulesetName()
	if err != nil {
		return nil, err
	}
	return rulesets.Open(name)
}
