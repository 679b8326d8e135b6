package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/preference-rules/pref/interpreter/cards"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/rulesets"
)

// A human defender who overtakes the other defender: under advice pref
// plays the card and says which cooperation rule it breaks; when the first
// rule binds, the card is refused with the rule and another is asked for.
func TestHumanCooperationBreach(t *testing.T) {
	base, _ := rulesets.Open("austrian-modern")
	for option, want := range map[string]string{
		"cooperation":         "Note: A♠ breaks cooperation rule 1",
		"cooperation-binding": "A♠ is not legal: cooperation rule 1 binds",
	} {
		r, err := base.With(map[string]any{option: true})
		if err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		p := &printer{w: &out, r: r, names: []string{"Anton", "Brigitte", "Charlotte"}}
		h := newHuman(strings.NewReader("as\n7s\n"), p, "Charlotte")
		g := game.New(r, nil)
		parse := func(s string) cards.Card { c, _ := r.Deck.Parse(s); return c }
		diamonds, _ := r.ContractByName("diamonds")
		hand := parse("AS").Bit() | parse("7S").Bit() | parse("QH").Bit()
		// Anton declares and led 9S; Brigitte, the other defender, heads with KS.
		if err := g.SetPosition(0, diamonds, 2, hand, []cards.Card{parse("9S"), parse("KS")}); err != nil {
			t.Fatal(err)
		}
		played := h.Play(g, 2, g.Legal(2))
		if !strings.Contains(out.String(), want) {
			t.Errorf("%s: the transcript does not say %q:\n%s", option, want, out.String())
		}
		wantCard := map[string]string{"cooperation": "AS", "cooperation-binding": "7S"}[option]
		if r.Deck.Name(played) != wantCard {
			t.Errorf("%s: played %s, want %s", option, r.Deck.Name(played), wantCard)
		}
	}
}
