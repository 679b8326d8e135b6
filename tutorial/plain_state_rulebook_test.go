package tutorial

import (
	"strings"
	"testing"

	"github.com/preference-rules/pref/rulesets"
)

// TestPlainStateRulebookSaysMarkings: a rule's mark: effects are said
// with its payments (before, the rulebook showed a rule that hands out
// refa markings with no effect at all). West Balkans with refa on and the
// Serbian rules give each player a marking when everybody passes, and
// use up the declarer's when he plays.
func TestPlainStateRulebookSaysMarkings(t *testing.T) {
	for _, c := range []struct {
		name string
		opts map[string]any
	}{{"west-balkans", map[string]any{"refa": true}}, {"serbian", nil}} {
		r, err := rulesets.Open(c.name)
		if err != nil {
			t.Fatal(err)
		}
		if r, err = r.With(c.opts); err != nil {
			t.Fatal(err)
		}
		md, err := Rulebook(r, false)
		if err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{"- each player gets a marking\n", "- the declarer uses up a marking\n"} {
			if !strings.Contains(md, want) {
				t.Errorf("%s: the rulebook does not say %q", c.name, strings.TrimSpace(want))
			}
		}
	}
}
