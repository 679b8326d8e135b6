package tutorial

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/rulesets"
)

// TestWalkEveryRuleset: a guided deal exists for every embedded ruleset and
// for a house variant given as a file, its questions answered by their own
// answers and refused for a wrong one.
func TestWalkEveryRuleset(t *testing.T) {
	var all []*ruleset.Ruleset
	for _, name := range rulesets.Names() {
		r, err := rulesets.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, r)
	}
	house := filepath.Join(t.TempDir(), "house.yaml")
	data, _ := rulesets.Source("austrian-1829")
	src := strings.Replace(string(data), "name: austrian-1829", "name: house", 1)
	src = strings.Replace(src, "  head: never ", "  head: must ", 1)
	if err := os.WriteFile(house, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	r, err := rulesets.Open(house)
	if err != nil {
		t.Fatal(err)
	}
	all = append(all, r)
	for _, r := range all {
		quizzes, settlement := 0, 0
		for seed := uint64(1); seed <= 20; seed++ {
			w, err := Walk(r, seed, []string{"Anton", "Brigitte", "Charlotte"}, seed%2 == 0)
			if err != nil {
				t.Fatalf("%s seed %d: %v", r.Name, seed, err)
			}
			for _, s := range w.Steps {
				q := s.Quiz
				if q == nil {
					continue
				}
				quizzes++
				if strings.HasPrefix(q.Question, "Settlement:") {
					settlement++
				}
				if !q.Check(r, strings.Join(q.Answer, " ")) || !q.Check(r, q.Shown) {
					t.Fatalf("%s: %q does not accept its own answer %v / %q", r.Name, q.Question, q.Answer, q.Shown)
				}
				if q.Check(r, "nonsense") || q.Why == "" {
					t.Fatalf("%s: %q accepts nonsense or has no rule", r.Name, q.Question)
				}
			}
		}
		if quizzes == 0 {
			t.Errorf("%s: twenty deals and not one question", r.Name)
		}
		if settlement == 0 { // money or a score sheet: the settlement is asked about
			t.Errorf("%s: twenty deals and not one question on the settlement", r.Name)
		}
	}
}
