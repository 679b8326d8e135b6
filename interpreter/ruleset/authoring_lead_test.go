package ruleset_test

import (
	"strings"
	"testing"

	"github.com/preference-rules/pref/rulesets"
)

// leadMistakes has a mistake in each rule of the lead and one in an
// expression: all are said in one run, in file order.
const leadMistakes = `extends: sochi
name: lead-mistakes
play:
  lead:
    - {trick: 1, must: trumps}
    - {must: trump, may_not: H}
    - {trick: 12, may_not: trump}
    - {by: dealer, must: S}
settlement:
  - rule: house bonus
    when: playd && made
    pay:
      - {to: declarer, account: pool, amount: 1}
`

func TestLeadRuleMistakesInOneRun(t *testing.T) {
	path := writeHouse(t, "lead.yaml", leadMistakes)
	_, err := rulesets.Open(path)
	if err == nil {
		t.Fatal("accepted")
	}
	text := err.Error()
	want := []string{
		`:5:24: play.lead rule 1: must "trumps" is neither trump nor a suit id (the deck has S, C, D, H): did you mean "trump"?`,
		`:6:7: play.lead rule 2: give exactly one of must and may_not`,
		`:7:15: play.lead rule 3: trick 12, but a deal has only 10 tricks`,
		`:8:12: play.lead[3].by: value must be one of "anyone", "declarer", "defenders"`,
		`:11:11: when expression "playd && made": unknown name playd`,
	}
	last := -1
	for _, w := range want {
		i := strings.Index(text, path+w)
		if i < 0 {
			t.Fatalf("missing %q in:\n%s", w, text)
		}
		if i < last {
			t.Fatalf("%q out of file order in:\n%s", w, text)
		}
		last = i
	}
}
