package ruleset_test

import (
	"strings"
	"testing"

	"github.com/preference-rules/pref/interpreter/ruleset"
	_ "github.com/preference-rules/pref/rulesets" // resolves extends: austrian-1829
)

// TestAmountWordsRead: a house file's amount_words and marking are read,
// a condition written bare (true) included, and what it gives no words
// keeps its base's.
func TestAmountWordsRead(t *testing.T) {
	src := `extends: austrian-1829
name: house
title: House
amount_words:
  factor:
    name: the factor
    says: [{when: true, say: "always said"}, {when: "hand", say: "a hand game"}]
marking: {one: refa}
`
	r, err := ruleset.Load("house.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	w := r.AmountWords["factor"]
	if w.Name != "the factor" || len(w.Says) != 2 || w.Says[0].WhenSrc != "true" || w.Says[1].When == nil {
		t.Errorf("factor's words: %+v", w)
	}
	if r.AmountWords["stake"].Name != "the game's value" {
		t.Errorf("the base's words for stake are lost: %+v", r.AmountWords["stake"])
	}
	if r.Marking.One != "refa" || r.Marking.Several != "refas" {
		t.Errorf("marking: %+v", r.Marking)
	}
}

// TestAmountWordsRefused: words for a name the settlement does not read, a
// placeholder naming nothing and a condition that is no true/false
// expression are refused at their place in the file, with the rule broken.
func TestAmountWordsRefused(t *testing.T) {
	for _, c := range []struct{ words, want string }{
		{"  stakes: {name: x}", `house.yaml:5:3: amount_words "stakes": not a name the settlement reads`},
		{"  stake: {name: x, says: [\"{gme} for the game\"]}", "house.yaml:5:27: amount_words stake: {gme} names nothing the settlement reads"},
		{"  stake: {name: x, says: [{when: game, say: y}]}", `amount_words stake when expression "game": expected bool, but got int`},
		{"  stake: {name: x, says: [\"paid by {declarer}\"]}", "amount_words stake: {declarer} is a player, not a value"},
		{"  declarer: {name: x}", `amount_words "declarer": not a name the settlement reads`},
		{"  stake: {name: x, says: [{say: y}]}", "house.yaml:5:27: amount_words.stake.says[0]: missing properties: 'when'"},
	} {
		src := "extends: austrian-1829\nname: house\ntitle: House\namount_words:\n" + c.words + "\n"
		_, err := ruleset.Load("house.yaml", []byte(src))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want an error containing %q", c.words, err, c.want)
		}
	}
}
