package rulings

import (
	"fmt"

	"github.com/preference-rules/pref/interpreter/deal"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/interpreter/settle"
)

// settles reads o with s as settling it reads it, for what the
// settlement read; false when it cannot (it was settled already, so this
// does not happen).
func settles(s *settle.Settler, o *deal.Outcome) bool {
	return s.ReadOutcome(o) == nil
}

// shortfalls tells each party that failed, by how much: the declarer
// short of his contract (or over an exact one), a playing defender short
// of the tricks he answers for.
func shortfalls(s *settle.Settler, o *deal.Outcome) []string {
	var out []string
	for _, f := range s.Shortfalls(o) {
		who := o.Seats[f.Seat] + ", defending,"
		if f.Declarer {
			who = o.Seats[f.Seat] + ", the declarer,"
		}
		switch {
		case f.Took < f.Needed:
			out = append(out, fmt.Sprintf("%s needed %s and took %d: short by %s", who, deal.Count(f.Needed, "trick"), f.Took, deal.Count(f.Needed-f.Took, "trick")))
		default:
			out = append(out, fmt.Sprintf("%s needed exactly %s and took %d: %s too many", who, deal.Count(f.Needed, "trick"), f.Took, deal.Count(f.Took-f.Needed, "trick")))
		}
	}
	return out
}

// deriveSettlement adds to each rule ruled the breakdown of the amounts
// its payments read, with the values s read settling o; set are the
// options the record or case sets.
func deriveSettlement(r *ruleset.Ruleset, s *settle.Settler, o *deal.Outcome, set map[string]any, rules []RuleRuling) {
	d := &deriver{r: r, values: s.Values(), set: set}
	if o.Contract >= 0 && o.Contract < len(r.Contracts) {
		d.contract = r.Contracts[o.Contract].Display()
	}
	for i := range rules {
		if len(rules[i].Payments) == 0 {
			continue
		}
		for k := range r.Rules {
			if r.Rules[k].Name == rules[i].Rule {
				rules[i].Derived = d.derive(&r.Rules[k])
				break
			}
		}
	}
}
