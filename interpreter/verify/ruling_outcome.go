package verify

import (
	"bytes"

	"github.com/preference-rules/pref/interpreter/deal"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/rulesets"
	"gopkg.in/yaml.v3"
)

// CaseOutcome reads an outcome case as RunBytes does and gives its
// ruleset, with the case's options in force, and the outcome it states:
// for an explanation that settles it again and reads what the settlement
// read. A case that states no deal (a position, an auction, a sheet) has
// no outcome: an error. opts are the options the case sets.
func CaseOutcome(path string, data []byte) (r *ruleset.Ruleset, o *deal.Outcome, opts map[string]any, err error) {
	var c Case
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&c); err != nil {
		return nil, nil, nil, caseYAMLError(path, data, err)
	}
	rs, err := rulesets.OpenFrom(path, c.Ruleset)
	if err != nil {
		return nil, nil, nil, err
	}
	if err := checkOptionValues(c.Options); err != nil {
		return nil, nil, nil, err
	}
	if withOpts, err := rs.With(c.Options); err == nil {
		rs = withOpts
	}
	if o, err = c.Outcome(rs); err != nil {
		return nil, nil, nil, err
	}
	return rs, o, c.Options, nil
}
