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
// from keeps its words (a copy, not a shared slice); an option that
// recompiles (totus sets the ladder) keeps the words in force; the
// canonical names never change.
func TestTermsApplied(t *testing.T) {
	sochi, err := rulesets.Open("sochi")
	if err != nil {
		t.Fatal(err)
	}
	before := wordsSeen(sochi)
	ru := withOption(t, sochi, "terms", "russian")
	// totus recompiles: the words and the other options stay in force
	half := withOption(t, ru, "half-responsible", true)
	totus := withOption(t, half, "totus", true)
	back := withOption(t, ru, "terms", "english")
	for _, c := range []struct {
		name      string
		got, want termsSeen
	}{
		{"sochi at its defaults", before, sochiEnglish},
		{"terms=russian", wordsSeen(ru), sochiRussian},
		{"sochi after With", wordsSeen(sochi), sochiEnglish},
		{"terms=russian, then totus", wordsSeen(totus), sochiRussian},
		{"back to english", wordsSeen(back), sochiEnglish},
	} {
		t.Run(c.name, func(t *testing.T) {
			if c.got != c.want {
				t.Errorf("the words in force\n%+v, want\n%+v", c.got, c.want)
			}
		})
	}
	if o, _ := totus.Option("half-responsible"); o.Default != true {
		t.Errorf("half-responsible, then totus: half-responsible %v", o.Default)
	}
	for option, selects := range map[string]bool{"terms": true, "pool-target": false, "": false} {
		if sochi.SelectsWords(option) != selects {
			t.Errorf("SelectsWords(%q) = %v, want %v", option, !selects, selects)
		}
	}
}

// termsSeen is what a reader of a sochi table meets of the words in
// force: the diamonds' name and 6-diamonds' label, the accounts' and the
// all-pass rate's words, the set and its glossary, and the canonical
// names (which no set changes).
type termsSeen struct {
	Suit, Label, Mountain, Pool, Rate, Set string
	TableWord, Glossary                    bool
	Contract, SuitID                       string
}

var (
	sochiEnglish = termsSeen{Suit: "diamonds", Label: "6-diamonds", Mountain: "mountain", Pool: "pool", Rate: "the all-pass rate",
		Contract: "6-diamonds", SuitID: "D"}
	sochiRussian = termsSeen{Suit: "bubny", Label: "6 buben", Mountain: "gora", Pool: "pulya", Rate: "the raspasy rate", Set: "russian",
		TableWord: true, Glossary: true, Contract: "6-diamonds", SuitID: "D"}
)

// wordsSeen reads termsSeen off a compiled sochi.
func wordsSeen(r *ruleset.Ruleset) termsSeen {
	ci, _ := r.ContractByName("6-diamonds")
	return termsSeen{
		Suit: r.Deck.SuitNames[2], Label: r.Contracts[ci].Display(), Mountain: r.AccountWord("mountain"), Pool: r.AccountWord("pool"),
		Rate: r.AmountWords["all_pass_rate"].Name, Set: r.Terms.Set, TableWord: r.Contracts[ci].TableWord, Glossary: len(r.Terms.Glossary) > 0,
		Contract: r.Contracts[ci].Name, SuitID: r.Deck.SuitIDs[2],
	}
}

// withOption is r.With one option set, or the test's end.
func withOption(t *testing.T, r *ruleset.Ruleset, option string, value any) *ruleset.Ruleset {
	t.Helper()
	out, err := r.With(map[string]any{option: value})
	if err != nil {
		t.Fatal(err)
	}
	return out
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
