package lint_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/preference-rules/pref/interpreter/lint"
	"github.com/preference-rules/pref/rulesets"
)

// fourHands is a four-hand house variant of a three-hand base: four
// hands of seven, a talon of four, contracts of four tricks, each
// defender needing one. Every rule of the base can apply to it.
const fourHands = `name: four-hand
players: {hands: 4}
deal:
  packets: [{to: hands, cards: 4}, {to: talon, cards: 4}, {to: hands, cards: 3}]
exchange:
  discard: 4
defence:
  each_needs: 1
contracts:
  - {name: clubs, tricks: 4}
  - {name: spades, tricks: 4}
  - {name: diamonds, tricks: 4}
  - {name: hearts, tricks: 4}
`

// lintFile lints the ruleset at path, each warning formatted as pref
// lint prints it.
func lintFile(t *testing.T, path string) []string {
	t.Helper()
	r, err := rulesets.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, w := range lint.Run(r) {
		out = append(out, lint.Format(path, w))
	}
	return out
}

// write writes files into a fresh directory; the path of the first.
func write(t *testing.T, files ...string) string {
	t.Helper()
	dir := t.TempDir()
	for i := 0; i+1 < len(files); i += 2 {
		if err := os.WriteFile(filepath.Join(dir, files[i]), []byte(files[i+1]), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return filepath.Join(dir, files[0])
}

// At four hands the sample gives every defender a choice and shares the
// defence's tricks among all of them: the base's rules apply. Before, the
// sample left the fourth seat without a choice, every outcome was refused,
// and every inherited rule "never applied".
func TestAuthoringLintFourHands(t *testing.T) {
	path := write(t, "four.yaml", "extends: austrian-1829\n"+fourHands)
	if got := lintFile(t, path); len(got) > 0 {
		t.Errorf("a four-hand variant whose rules all can apply:\n%s", strings.Join(got, "\n"))
	}
}

// A rule that reads the pot is tried with an empty pot and a rich one,
// not only with the sample's 720.
func TestAuthoringLintPot(t *testing.T) {
	path := write(t, "pot.yaml", `extends: austrian-1829
name: pot-house
settlement:
  - rule: an empty pot is filled by the declarer who made
    when: played && made && pot == 0
    pay:
      - {from: declarer, to: pot, amount: 10}
  - rule: a rich pot pays a bonus
    when: played && made && pot > 10000
    pay:
      - {from: pot, to: declarer, amount: 10}
`)
	if got := lintFile(t, path); len(got) > 0 {
		t.Errorf("rules on the pot flagged:\n%s", strings.Join(got, "\n"))
	}
}

// A warning about an inherited rule cites the file that wrote it, at its
// line there: the four-hand house's warnings are the base's dead rule
// alone, in base.yaml at line 5, never a line of a base under the house's
// name.
func TestAuthoringLintCitesTheBase(t *testing.T) {
	base := `extends: austrian-1829
name: base
settlement:
  - rule: a bonus nobody wins
    when: played && made && overtricks > 10
    pay:
      - {from: defenders, to: declarer, amount: 1}
`
	path := write(t, "house.yaml", "extends: base.yaml\n"+fourHands, "base.yaml", base)
	got := lintFile(t, path)
	want := filepath.Join(filepath.Dir(path), "base.yaml") + ":5:11: warning: settlement rule \"a bonus nobody wins\" never applies"
	if len(got) != 1 || !strings.HasPrefix(got[0], want) {
		t.Errorf("want one warning, %s...; got:\n%s", want, strings.Join(got, "\n"))
	}
	lines := strings.Count("extends: base.yaml\n"+fourHands, "\n")
	for _, w := range got {
		var line int
		if rest, ok := strings.CutPrefix(w, path+":"); ok {
			if _, err := fmt.Sscanf(rest, "%d:", &line); err == nil && line > lines {
				t.Errorf("line %d of a %d-line file: %s", line, lines, w)
			}
		}
	}
}
