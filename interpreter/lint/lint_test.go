package lint_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/preference-rules/pref/interpreter/lint"
	"github.com/preference-rules/pref/rulesets"
)

// No shipped ruleset has a settlement rule that never applies or an
// option that changes nothing. (What lint says besides is logged: an
// american-1909 declarer who fails pays nothing while the penalty option
// stays 0, as its header says.)
func TestEmbedded(t *testing.T) {
	for _, name := range rulesets.Names() {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			r, err := rulesets.Open(name)
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range lint.Run(r) {
				if strings.Contains(w.Msg, "never applies") || strings.Contains(w.Msg, "changes nothing") || strings.Contains(w.Msg, "do not balance") {
					t.Errorf("%s", lint.Format(name, w))
				} else {
					t.Logf("%s", lint.Format(name, w))
				}
			}
		})
	}
}

// A house variant with a rule that can never apply, an option nothing
// uses and one the ruleset already applies: each is warned about.
func TestFindsWhatChangesNothing(t *testing.T) {
	path := filepath.Join(t.TempDir(), "lazy.yaml")
	src := `extends: austrian-modern
name: lazy
play: {head: must}
options:
  forgotten: {default: false, description: nothing reads it}
settlement:
  - rule: never
    when: played && !played
    pay:
      - {from: defenders, to: declarer, amount: 1}
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
		all = append(all, lint.Format("lazy.yaml", w))
	}
	text := strings.Join(all, "\n")
	for _, want := range []string{`settlement rule "never" never applies`, `option "forgotten" changes nothing: no expression uses forgotten`, `option "must-head" changes nothing: the ruleset already sets what it sets`} {
		if !strings.Contains(text, want) {
			t.Errorf("lint does not say %q:\n%s", want, text)
		}
	}
}
