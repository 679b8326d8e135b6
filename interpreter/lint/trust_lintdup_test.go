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

// rulePlace is where an embedded ruleset writes a settlement rule, as
// errors give it ("rulesets/rostov.yaml:271:5"), found in the file so that
// a line added above it does not break the test.
func rulePlace(t *testing.T, name, rule string) string {
	t.Helper()
	data, ok := rulesets.Source(name)
	if !ok {
		t.Fatalf("no embedded ruleset %s", name)
	}
	for i, line := range strings.Split(string(data), "\n") {
		if strings.TrimSpace(line) == "- rule: "+rule {
			return fmt.Sprintf("rulesets/%s.yaml:%d:%d", name, i+1, strings.Index(line, "rule:")+1)
		}
	}
	t.Fatalf("%s writes no rule %q", name, rule)
	return ""
}

// lintFiles writes files into a temporary directory and lints the first,
// returning its warnings as pref lint prints them, one a line.
func lintFiles(t *testing.T, files ...[2]string) string {
	t.Helper()
	dir := t.TempDir()
	for _, f := range files {
		if err := os.WriteFile(filepath.Join(dir, f[0]), []byte(f[1]), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	r, err := rulesets.Open(filepath.Join(dir, files[0][0]))
	if err != nil {
		t.Fatal(err)
	}
	var all []string
	for _, w := range lint.Run(r) {
		all = append(all, lint.Format(files[0][0], w))
	}
	return strings.Join(all, "\n")
}

// A house file that means to change its base's settlement rule but gives
// it a name of its own, not close to the base's, adds a second rule: the
// failed declarer pays the stake twice (issue 24: -75 where the source
// says -45). lint warns, naming both rules and both places.
func TestTrustDoublePaymentWarned(t *testing.T) {
	austrianFailed := rulePlace(t, "austrian-1829", "declarer failed, pays the game to the pot and each defender per trick")
	rostovFailed := rulePlace(t, "rostov", "failed, the game value per missing trick on the declarer's mountain")
	cases := []struct {
		name  string
		files [][2]string
		want  []string
	}{{
		name: "austrian-1829, the stake to the pot",
		files: [][2]string{{"house.yaml", `name: house
extends: austrian-1829
settlement:
  - rule: failed game pays the pot
    when: played && !made
    pay:
      - {from: declarer, to: pot, amount: stake * 3 / 2}
`}},
		want: []string{
			`house.yaml:4:5: warning: settlement rule "failed game pays the pot" is a new rule`,
			`the inherited rule "declarer failed, pays the game to the pot and each defender per trick" (` + austrianFailed + `)`,
			`paid twice (e.g. clubs, tricks 0-5-5, the declarer pays the pot)`,
			`to change the inherited rule write its exact name`,
		},
	}, {
		name: "rostov, the mountain",
		files: [][2]string{{"house.yaml", `name: house
extends: rostov
settlement:
  - rule: a failed game goes up the hill
    when: played && declared && !made
    pay:
      - {to: declarer, account: mountain, amount: game * undertricks * 2}
`}},
		want: []string{
			`house.yaml:4:5: warning: settlement rule "a failed game goes up the hill" is a new rule`,
			`the inherited rule "failed, the game value per missing trick on the declarer's mountain" (` + rostovFailed + `)`,
			`paid twice (e.g. 6-spades, tricks 0-5-5, written to the declarer's mountain)`,
		},
	}, {
		// the double is in the file the house file extends: said there
		name: "a chain of two house files",
		files: [][2]string{{"top.yaml", `name: top
extends: mid.yaml
settlement:
  - rule: failed game pays the pot
    source: the house, 2024
`}, {"mid.yaml", `# the middle of the chain
name: mid
extends: austrian-1829
settlement:
  - rule: failed game pays the pot
    when: played && !made
    pay:
      - {from: declarer, to: pot, amount: stake}
`}},
		want: []string{
			`mid.yaml:5:5: warning: settlement rule "failed game pays the pot" is a new rule`,
			`(` + austrianFailed + `)`,
		},
	}}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			text := lintFiles(t, c.files...)
			for _, want := range c.want {
				if !strings.Contains(text, want) {
					t.Errorf("lint does not say %q:\n%s", want, text)
				}
			}
			if n := strings.Count(text, "paid twice"); n != 1 {
				t.Errorf("%d warnings of a double payment, want 1:\n%s", n, text)
			}
		})
	}
}

// Rules a house file adds that pay other parties, or the same parties on
// only some of the outcomes the inherited rule pays (a bonus), and a rule
// changed by its exact name, are not double payments. A rule named close
// to the base's is warned of once, by loading, not again here.
func TestTrustAddedRuleNotDouble(t *testing.T) {
	text := lintFiles(t, [2]string{"house.yaml", `name: house
extends: austrian-1829
settlement:
  - rule: the pot consoles each defender of a failed game
    when: played && !made
    pay:
      - {from: pot, to: defenders, amount: 1}
  - rule: a failed hand game costs the pot 5 more
    when: played && !made && hand
    pay:
      - {from: declarer, to: pot, amount: 5}
  - rule: declarer failed, pays the game to the pot and each defender per trick
    when: played && !made
    pay:
      - {from: declarer, to: pot, amount: stake * 2}
  - rule: declarer mad, draws the game from the pot and pays each defender per trick
    when: played && made && failed_defenders == 0
    pay:
      - {from: pot, to: declarer, amount: stake}
`})
	if strings.Contains(text, "paid twice") {
		t.Errorf("lint warns of a double payment where there is none:\n%s", text)
	}
	if want := `house.yaml:16:5: warning: settlement rule "declarer mad, draws the game from the pot and pays each defender per trick" is a new rule, added to those of rulesets/austrian-1829.yaml, and its name is close to`; !strings.Contains(text, want) {
		t.Errorf("lint does not warn of the misspelt rule:\n%s", text)
	}
}
