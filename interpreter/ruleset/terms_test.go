package ruleset_test

import (
	"strings"
	"testing"

	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/rulesets"
)

// TestTermsApplied: the set the option selects is in force in the
// compiled ruleset (the deck's suit names, the contracts' labels, the
// accounts' and amounts' words), the ruleset's own words at the default
// and again when With switches the option back; the ruleset With started
// from keeps its words (a copy, not a shared slice).
func TestTermsApplied(t *testing.T) {
	sochi, err := rulesets.Open("sochi")
	if err != nil {
		t.Fatal(err)
	}
	own := func(r *ruleset.Ruleset, what string) {
		t.Helper()
		ci, _ := r.ContractByName("6-diamonds")
		if r.Deck.SuitNames[2] != "diamonds" || r.Contracts[ci].Display() != "6-diamonds" || r.AccountWord("mountain") != "mountain" ||
			r.AmountWords["all_pass_rate"].Name != "the all-pass rate" || r.Terms.Set != "" {
			t.Errorf("%s: not the ruleset's own words: %v, %q, %q, %+v", what, r.Deck.SuitNames, r.Contracts[ci].Display(), r.AccountWord("mountain"), r.Terms)
		}
	}
	own(sochi, "sochi at its defaults")
	ru, err := sochi.With(map[string]any{"terms": "russian"})
	if err != nil {
		t.Fatal(err)
	}
	ci, _ := ru.ContractByName("6-diamonds")
	if ru.Deck.SuitNames[2] != "bubny" || ru.Contracts[ci].Display() != "6 buben" || !ru.Contracts[ci].TableWord ||
		ru.AccountWord("mountain") != "gora" || ru.AccountWord("pool") != "pulya" || ru.AmountWords["all_pass_rate"].Name != "the raspasy rate" ||
		ru.Terms.Set != "russian" || len(ru.Terms.Glossary) == 0 {
		t.Errorf("terms=russian: %v, %q, %q, %+v", ru.Deck.SuitNames, ru.Contracts[ci].Display(), ru.AccountWord("mountain"), ru.Terms.Set)
	}
	if ru.Contracts[ci].Name != "6-diamonds" || ru.Deck.SuitIDs[2] != "D" {
		t.Errorf("the canonical names changed: %q, %v", ru.Contracts[ci].Name, ru.Deck.SuitIDs)
	}
	own(sochi, "sochi after With")
	// an option that recompiles (totus sets the ladder) keeps the words
	// and the other options in force
	half, err := ru.With(map[string]any{"half-responsible": true})
	if err != nil {
		t.Fatal(err)
	}
	totus, err := half.With(map[string]any{"totus": true})
	if err != nil {
		t.Fatal(err)
	}
	if totus.AccountWord("mountain") != "gora" || totus.Terms.Set != "russian" {
		t.Errorf("terms=russian, then totus: %q, %q", totus.AccountWord("mountain"), totus.Terms.Set)
	}
	if o, _ := totus.Option("half-responsible"); o.Default != true {
		t.Errorf("half-responsible, then totus: half-responsible %v", o.Default)
	}
	back, err := ru.With(map[string]any{"terms": "english"})
	if err != nil {
		t.Fatal(err)
	}
	own(back, "back to english")
	if !sochi.SelectsWords("terms") || sochi.SelectsWords("pool-target") || sochi.SelectsWords("") {
		t.Error("SelectsWords")
	}
}

// TestTermsRefused: a words: section naming what the ruleset lacks is
// refused at its place: an option that is none (or no option of words), a
// set that is no value of it, a suit id, a contract, an account or an
// amount name the ruleset does not have.
func TestTermsRefused(t *testing.T) {
	head := "extends: sochi\nname: house\ntitle: House\n"
	for _, c := range []struct{ words, want string }{
		{"words: {option: no-such, sets: {russian: {}}}", `option "no-such" is no option of words`},
		{"words: {option: pool-target, sets: {russian: {}}}", `option "pool-target" is no option of words`},
		{"words: {option: terms, sets: {klingon: {}}}", `set "klingon" is no value of option terms`},
		{"words: {option: terms, sets: {russian: {suits: {X: iks}}}}", `"X" is no suit id`},
		{"words: {option: terms, sets: {russian: {contracts: {7-stars: 7 zvyozd}}}}", `"7-stars" is no contract`},
		{"words: {option: terms, sets: {russian: {accounts: {purse: koshelyok}}}}", `"purse" is no account`},
		{"words: {option: terms, sets: {russian: {amounts: {no_such: {name: nothing}}}}}", `amount_words "no_such": not a name`},
	} {
		_, err := ruleset.Load("house.yaml", []byte(head+c.words+"\n"))
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "house.yaml:4:") {
			t.Errorf("%s: got %v, want an error at house.yaml:4 containing %q", c.words, err, c.want)
		}
	}
}
