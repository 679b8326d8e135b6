package ppn

import (
	"strings"
	"testing"

	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/rulesets"
)

// TestBindingIsTheRulesets: what PPN's tags and summary columns are comes
// from the ruleset's ppn: section, not from Go code: serbian's binds them
// to its options bula and refe and its accounts bule and supe.
func TestBindingIsTheRulesets(t *testing.T) {
	r, err := Ruleset()
	if err != nil {
		t.Fatal(err)
	}
	b, err := bindingOf(r)
	if err != nil {
		t.Fatal(err)
	}
	if b.options != [2]string{"bula", "refe"} || b.middle != "bule" || b.sides != "supe" {
		t.Errorf("serbian's binding: %+v", b)
	}
	if got := b.taggedWords(); got != "bula and refe are the tags Bula and Refe" {
		t.Errorf("taggedWords: %q", got)
	}
}

// TestBindingRefusesWhatTheRulesetLacks: a ppn: section naming an option
// or an account the ruleset does not have is refused, naming the field.
func TestBindingRefusesWhatTheRulesetLacks(t *testing.T) {
	for _, c := range []struct{ section, want string }{
		{"ppn: {tags: {Bula: bulla, Refe: refe}, middle: bule, sides: supe}", `ppn.tags.Bula: no option "bulla"`},
		{"ppn: {tags: {Bula: bula, Refe: must-head}, middle: bule, sides: supe}", `ppn.tags.Refe: the option must-head is no whole number`},
		{"ppn: {tags: {Bula: bula, Refe: refe}, middle: supe, sides: supe}", `ppn.middle: no account "supe" in table.sheet.accounts`},
		{"ppn: {tags: {Bula: bula, Refe: refe}, middle: bule, sides: bule}", `ppn.sides: no account "bule" in table.sheet.pair_accounts`},
	} {
		src := "extends: serbian\nname: house\n" + c.section + "\n"
		// refused when the ruleset loads (ruleset.checkNamedConcepts), so
		// that no use of the ruleset runs with a dead binding
		_, err := ruleset.LoadWith("house.yaml", []byte(src), func(from, base string) (string, []byte, error) {
			data, _ := rulesets.Source(base)
			return "rulesets/" + base + ".yaml", data, nil
		})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %s", c.section, err, c.want)
		}
	}
	r, err := rulesets.Open("sochi")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := bindingOf(r); err == nil || !strings.Contains(err.Error(), "no ppn: section") {
		t.Errorf("sochi: %v", err)
	}
}
