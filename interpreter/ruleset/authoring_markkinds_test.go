package ruleset_test

import (
	"strings"
	"testing"

	"github.com/preference-rules/pref/rulesets"
)

// markKindMistakes names a kind twice, marks a kind it never names and
// reads one it never names: all said in one run, in file order, each
// with the kinds there are.
const markKindMistakes = `extends: sochi
name: kind-mistakes
markings:
  - {kind: double, one: double round}
  - {kind: double}
settlement:
  - rule: all passed, a double round each
    when: passed
    mark:
      - {who: players, add: 1, kind: dubble}
  - rule: a double round spent
    when: played && marks_of(declarer, "doubel") > 0
    mark:
      - {who: declarer, add: -1, kind: double}
`

func TestMarkKindMistakesInOneRun(t *testing.T) {
	path := writeHouse(t, "kinds.yaml", markKindMistakes)
	_, err := rulesets.Open(path)
	if err == nil {
		t.Fatal("accepted")
	}
	inFileOrder(t, err.Error(), path, []string{
		`:5:5: markings: kind "double" is named twice`,
		`:10:38: mark kind "dubble": the ruleset names no such kind in markings: did you mean "double"?`,
		`:12:11: when expression "played && marks_of(declarer, \"doubel\") > 0": marks_of(): "doubel" is no kind the ruleset names in markings ([double]): did you mean "double"?`,
	})
}

// A ruleset with named kinds compiles them with their words; a mark line
// without kind is the default kind's.
func TestMarkKindsCompiled(t *testing.T) {
	path := writeHouse(t, "kinds.yaml", `extends: sochi
name: kinds
markings:
  - {kind: double, one: double round}
settlement:
  - rule: all passed, a double round each
    when: passed
    mark:
      - {who: players, add: 1, kind: double}
`)
	r, err := rulesets.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if r.MarkKind("double") != 1 || r.KindWords(1).Several != "double rounds" || r.KindWords(0) != r.Marking {
		t.Fatalf("kinds %+v, words %+v", r.MarkKinds, r.KindWords(1))
	}
	last := r.Rules[len(r.Rules)-1]
	if len(last.Mark) != 1 || last.Mark[0].Kind != 1 {
		t.Fatalf("the rule's mark: %+v", last.Mark)
	}
}

// inFileOrder checks that text says each of want (after path), in order.
func inFileOrder(t *testing.T, text, path string, want []string) {
	t.Helper()
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
