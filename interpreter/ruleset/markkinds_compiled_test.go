package ruleset_test

import (
	"testing"

	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/rulesets"
)

// TestMarksOfCompiledByKind: marks_of with its kind written out runs as a
// closure (the kind's place resolved when compiled) and reads each kind's
// own count, the second kind's as well as the first's.
func TestMarksOfCompiledByKind(t *testing.T) {
	path := writeHouse(t, "kinds.yaml", `extends: sochi
name: kinds
markings:
  - {kind: double, one: double round}
  - {kind: bonus, one: bonus}
settlement:
  - rule: a double round read
    when: played && marks_of(declarer, "double") > 1
    mark:
      - {who: declarer, add: -1, kind: double}
  - rule: a bonus read
    when: played && marks_of(declarer, "bonus") > 1
    mark:
      - {who: declarer, add: -1, kind: bonus}
`)
	r, err := rulesets.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	when := map[string]*ruleset.Code{}
	for _, rule := range r.Rules {
		when[rule.Name] = rule.When
	}
	double, bonus := when["a double round read"], when["a bonus read"]
	if double == nil || bonus == nil || !double.Compiled() || !bonus.Compiled() {
		t.Fatalf("the marks_of conditions are not compiled to closures: %v", r.Interpreted())
	}
	for _, c := range []struct {
		held                  [ruleset.MaxMarkKinds]int
		wantDouble, wantBonus bool
	}{
		{[ruleset.MaxMarkKinds]int{2, 0}, true, false},
		{[ruleset.MaxMarkKinds]int{0, 2}, false, true},
		{[ruleset.MaxMarkKinds]int{1, 1}, false, false},
	} {
		f := r.NewFrame()
		p := &ruleset.Party{Name: "Anton"}
		p.SetMarkKinds(r.MarkKindNames(), c.held)
		f.SetParty(ruleset.PartyVariable("declarer"), p)
		f.SetBool(ruleset.BoolVariable("played"), true)
		gotDouble, err1 := double.Bool(f)
		gotBonus, err2 := bonus.Bool(f)
		if err1 != nil || err2 != nil || gotDouble != c.wantDouble || gotBonus != c.wantBonus {
			t.Errorf("held %v: double %v bonus %v (%v, %v), want %v %v", c.held, gotDouble, gotBonus, err1, err2, c.wantDouble, c.wantBonus)
		}
	}
}
