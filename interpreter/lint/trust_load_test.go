package lint_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/preference-rules/pref/interpreter/lint"
	"github.com/preference-rules/pref/rulesets"
)

// A house file's settlement rule named like one of its base's but for a
// letter is a second rule, paid on top of the first (issue 24: -75 where
// the source says -45): lint warns, naming both places.
func TestTrustMisspeltRuleWarned(t *testing.T) {
	path := filepath.Join(t.TempDir(), "typo.yaml")
	src := `name: typo
extends: sochi
settlement:
  - rule: failed, the game value per missing trick on the declarers mountain
    when: played && declared && !made
    pay:
      - {to: declarer, account: mountain, amount: game * undertricks * 2}
`
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	r, err := rulesets.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	var all []string
	for _, w := range lint.Run(r) {
		all = append(all, lint.Format("typo.yaml", w))
	}
	text := strings.Join(all, "\n")
	want := `typo.yaml:4:5: warning: settlement rule "failed, the game value per missing trick on the declarers mountain" is a new rule`
	if !strings.Contains(text, want) || !strings.Contains(text, "("+rulePlace(t, "sochi", "failed, the game value per missing trick on the declarer's mountain")+")") {
		t.Errorf("lint does not warn of the misspelt rule:\n%s", text)
	}
}
