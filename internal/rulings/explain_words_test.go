package rulings

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/preference-rules/pref/interpreter/settle"
	"github.com/preference-rules/pref/interpreter/verify"
	"github.com/preference-rules/pref/rulesets"
)

// TestEveryAmountHasWords: every define a payment of an embedded ruleset
// reads, directly or through another define, has the ruleset's words
// (amount_words), so that pref explain breaks it down in words and not as
// its name; but for the true/false ones, which the words of the amounts
// that read them say. Checked over every outcome case of every ruleset.
func TestEveryAmountHasWords(t *testing.T) {
	missing := map[string]bool{}
	for _, name := range rulesets.Names() {
		files, _ := filepath.Glob(filepath.Join("..", "..", "conformance", name, "*.yaml"))
		for _, file := range files {
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			r, o, _, err := verify.CaseOutcome(file, data)
			if err != nil {
				continue // a record, or a case refused on purpose
			}
			s := settle.New(r)
			if !settles(s, o) {
				continue
			}
			values := s.Values()
			seen := map[string]bool{}
			var walk func(string)
			walk = func(n string) {
				if seen[n] {
					return
				}
				seen[n] = true
				d := (&amountSayer{r: r}).define(n)
				if d == nil {
					return
				}
				if _, isBool := values[n].(bool); !isBool {
					if _, ok := r.AmountWords[n]; !ok && !missing[name+" "+n] {
						missing[name+" "+n] = true
						t.Errorf("%s: the define %s (%s) has no amount_words", name, n, d.Src)
					}
				}
				for _, inner := range namesRead(d.Src) {
					walk(inner)
				}
			}
			for i := range r.Rules {
				for j := range r.Rules[i].Pay {
					for _, n := range namesRead(r.Rules[i].Pay[j].AmountSrc) {
						walk(n)
					}
				}
			}
		}
	}
}
