package ruleset_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/preference-rules/pref/rulesets"
)

// everyStage is a house file with a mistake for each stage of a load
// (doc.go), each of which the stage before it could not refuse: a key
// written twice (parse), an option the base lacks (extend), an unknown key
// (the schema), a number beyond the limit (check's sizes), a value of the
// wrong type (decode), a ladder bid no contract has and two broken
// expressions (compile), an option on by default whose fields break the
// ruleset (withDefaults), an option off by default that sets a field of
// nothing and a sheet target naming no option (verify).
const everyStage = `extends: sochi
name: every-stage
play:
  head: must
  head: never
  haed: must
contracts:
  - {name: 7-spades, tricks: seven}
auction:
  ladder: [6-spades, 6-clubs, 6-diamond, 6-hearts, 6-no-trump, 7-spades, 7-clubs, 7-diamonds, 7-hearts, 7-no-trump, 8-spades, 8-clubs, 8-diamonds, 8-hearts, 8-no-trump, misere, 9-spades, 9-clubs, 9-diamonds, 9-hearts, 9-no-trump, 10-spades, 10-clubs, 10-diamonds, 10-hearts, 10-no-trump]
options:
  stalingrat: {default: true}
  doubled:
    description: every payment doubled
    default: true
    sets:
      exchange.hand_play: sometimes
  tripled:
    description: every payment tripled
    default: false
    sets:
      contracts.6-spadez.no_drop: true
table:
  sheet:
    target: pool-targett
define:
  stake: game * * 2
settlement:
  - rule: house bonus
    when: playd && made
    pay:
      - {to: declarer, account: pool, amount: 99999999999999999999}
`

// All the mistakes of a file are said in one run, in file order, each at
// its line and column with its caret; before, a load stopped at the first
// stage that found one (the duplicate key alone was reported here).
func TestAuthoringEveryStageInOneRun(t *testing.T) {
	path := writeHouse(t, "every.yaml", everyStage)
	_, err := rulesets.Open(path)
	if err == nil {
		t.Fatal("accepted")
	}
	text := err.Error()
	want := []string{
		":5:3: key \"head\" is written twice",
		":6:3: unknown key \"haed\" in play",
		":8:30: contracts[5].tricks: expected integer",
		":10:31: ladder bid \"6-diamond\": no contract named \"6-diamond\"",
		":12:3: option stalingrat: rulesets/sochi.yaml has no option of that name",
		":17:7: option doubled is on by default: with its sets applied the ruleset is invalid",
		":22:7: option tripled: with its sets applied the ruleset is invalid: option \"tripled\" sets contracts.6-spadez.no_drop",
		":25:13: table.sheet.target: no option \"pool-targett\"",
		":27:17: define stake expression \"game * * 2\"",
		":30:11: when expression \"playd && made\": unknown name playd",
		":32:47: settlement.9.pay.0.amount: 99999999999999999999 is beyond",
	}
	last := -1
	for _, w := range want {
		i := strings.Index(text, path+w)
		if i < 0 {
			t.Errorf("not said: %s", w)
			continue
		}
		if i < last {
			t.Errorf("out of file order: %s", w)
		}
		last = i
	}
	carets := 0
	for _, line := range strings.Split(text, "\n") {
		if strings.TrimSpace(line) == "^" {
			carets++
		}
	}
	if carets != len(want) {
		t.Errorf("%d carets for %d mistakes", carets, len(want))
	}
	if t.Failed() {
		t.Logf("said:\n%s", text)
	}
}

// A schema mistake in one rule does not stop the expressions of another
// from being checked, and what the compiler makes of the refused rule (a
// missing when read as an empty expression, without a place) is not said.
func TestAuthoringSchemaMistakeDoesNotHideExpressions(t *testing.T) {
	path := writeHouse(t, "two.yaml", `extends: austrian-1829
name: two
settlement:
  - rule: hand bonus
    whn: made
    pay:
      - {from: defenders, to: declarer, amount: 5}
  - rule: other
    when: playd && made
    pay:
      - {from: defenders, to: declarer, amount: 5}
`)
	_, err := rulesets.Open(path)
	if err == nil {
		t.Fatal("accepted")
	}
	text := err.Error()
	for _, w := range []string{path + ":5:5: unknown key \"whn\"", path + ":9:11: when expression \"playd && made\": unknown name playd"} {
		if !strings.Contains(text, w) {
			t.Errorf("not said: %s\n%s", w, text)
		}
	}
	if strings.Contains(text, "empty expression") {
		t.Errorf("a consequence of the refused rule said as a mistake of its own:\n%s", text)
	}
}

// A mistake of the table (the ladder, the seats) does not hide the
// mistakes of the expressions.
func TestAuthoringTableMistakeDoesNotHideExpressions(t *testing.T) {
	path := writeHouse(t, "three.yaml", `extends: austrian-1829
name: three
players: {hands: 3, table_max: 2}
auction:
  ladder: [clubs, spades, diamond, hearts]
define:
  stake: game * * factor
settlement:
  - rule: hand bonus
    when: hand_bonus && playd && made
    pay:
      - {from: defenders, to: declarer, amount: 5}
`)
	_, err := rulesets.Open(path)
	if err == nil {
		t.Fatal("accepted")
	}
	text := err.Error()
	for _, w := range []string{":3:32: table_max 2 is smaller than hands 3", ":5:27: ladder bid \"diamond\"", ":7:17: define stake expression", ":10:11: when expression", ":10:25: when expression"} {
		if !strings.Contains(text, path+w) {
			t.Errorf("not said: %s\n%s", w, text)
		}
	}
}

// The mistakes of a chain are said file by file: the extending file's,
// then its base's, each under its own name and line.
func TestAuthoringMistakesInFileOrderAcrossTheChain(t *testing.T) {
	dir := t.TempDir()
	base := filepath.Join(dir, "base.yaml")
	if err := os.WriteFile(base, []byte("extends: sochi\nname: base\ndefine:\n  one: 1 +\n  two: 2 +\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	house := filepath.Join(dir, "house.yaml")
	if err := os.WriteFile(house, []byte("extends: base.yaml\nname: house\nplay:\n  head: must\n  head: never\ndefine:\n  three: 3 +\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := rulesets.Open(house)
	if err == nil {
		t.Fatal("accepted")
	}
	text := err.Error()
	last := -1
	for _, w := range []string{house + ":5:3:", house + ":7:", base + ":4:", base + ":5:"} {
		i := strings.Index(text, w)
		if i < 0 {
			t.Errorf("not said: %s\n%s", w, text)
			continue
		}
		if i < last {
			t.Errorf("out of file order: %s\n%s", w, text)
		}
		last = i
	}
}

// A file with more mistakes than a screen shows the first fifty and says
// how many more there are.
func TestAuthoringMistakesBounded(t *testing.T) {
	var b strings.Builder
	b.WriteString("extends: sochi\nname: many\ndefine:\n")
	for i := range 70 {
		fmt.Fprintf(&b, "  d%d: missing_%d + 1\n", i, i)
	}
	path := writeHouse(t, "many.yaml", b.String())
	_, err := rulesets.Open(path)
	if err == nil {
		t.Fatal("accepted")
	}
	text := err.Error()
	if n := strings.Count(text, "unknown name missing_"); n != 50 {
		t.Errorf("%d mistakes said, want the first 50", n)
	}
	if !strings.Contains(text, "unknown name missing_49 ") || strings.Contains(text, "missing_50 ") {
		t.Errorf("not the first fifty in file order:\n%s", text)
	}
	if !strings.HasSuffix(text, path+": and 20 more mistakes (the first 50 are shown; mend them and run again)") {
		t.Errorf("the count of the rest not said last:\n%s", text[max(0, len(text)-300):])
	}
}
