package lint

import (
	"testing"

	"github.com/preference-rules/pref/rulesets"
	"gopkg.in/yaml.v3"
)

// The embedded rulesets are written whole, so no rule of theirs is added
// to another by extends. Taken as if each rule had been added by a house
// file on top of the rules before it, they hold pairs of rules that pay the
// same parties on some outcome (a consolation on top of the whists, a
// bonus per undertrick on top of the failed game): refinements, not double
// payments. None of those pairs is of the kind doubles warns about, where
// the later rule pays the same parties on every outcome the earlier pays.
func TestTrustEmbeddedNoDoubles(t *testing.T) {
	for _, name := range rulesets.Names() {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			r, err := rulesets.Open(name)
			if err != nil {
				t.Fatal(err)
			}
			d := &doubles{origin: map[string]int{}, at: map[string]*yaml.Node{}, paid: map[string]int{}, pairs: map[[2]string]*double{}}
			for i, rule := range r.Rules {
				d.origin[rule.Name] = len(r.Rules) - i // a later rule: a file nearer the top
				_, d.at[rule.Name] = r.RuleOrigin(i)
			}
			// the options as they are: with each option switched as well
			// (lint's whole sample, twice the test's time) the same ten
			// pairs were found, none warned about
			tl := &tally{r: r, fired: map[string]bool{}, dup: d}
			tried, judged := variants(r, outcomes(r))
			tl.settle(r, tried, judged)
			for _, w := range d.warnings(r) {
				t.Errorf("%s", Format(name, w))
			}
			for _, pair := range d.order {
				t.Logf("%q pays the same parties as %q on %d of its %d outcome(s), and %q on %d: a refinement", pair[0], pair[1], d.pairs[pair].both, d.paid[pair[0]], pair[1], d.paid[pair[1]])
			}
		})
	}
}
