package terminal

import (
	"bytes"
	"strings"
	"testing"

	"github.com/preference-rules/pref/internal/app"
	"github.com/preference-rules/pref/interpreter/cards"
	"github.com/preference-rules/pref/interpreter/deal"
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
		p := &app.Printer{Out: &out, Ruleset: r, Names: []string{"Anton", "Brigitte", "Charlotte"}}
		h := NewHuman(strings.NewReader("as\n7s\n"), p, "Charlotte")
		g := game.New(r, nil)
		parse := func(s string) cards.Card { c, _ := r.Deck.Parse(s); return c }
		diamonds, _ := r.ContractByName("diamonds")
		hand := parse("AS").Bit() | parse("7S").Bit() | parse("QH").Bit()
		// Anton declares and led 9S; Brigitte, the other defender, heads with KS.
		if err := g.SetPosition(0, diamonds, 2, hand, []cards.Card{parse("9S"), parse("KS")}); err != nil {
			t.Fatal(err)
		}
		played := h.Choose(g, g.Choices()).Card()
		if !strings.Contains(out.String(), want) {
			t.Errorf("%s: the transcript does not say %q:\n%s", option, want, out.String())
		}
		wantCard := map[string]string{"cooperation": "AS", "cooperation-binding": "7S"}[option]
		if r.Deck.Name(played) != wantCard {
			t.Errorf("%s: played %s, want %s", option, r.Deck.Name(played), wantCard)
		}
	}
}

// A human who whists alone and chose open play is asked for the passer's
// cards too, and told whose hand it is.
func TestHumanPlaysThePassersHandOpen(t *testing.T) {
	r, _ := rulesets.Open("sochi")
	var out bytes.Buffer
	p := &app.Printer{Out: &out, Ruleset: r, Names: []string{"Anton", "Brigitte", "Charlotte"}}
	h := NewHuman(strings.NewReader("y\n7d\n"), p, "Brigitte")
	g := game.New(r, nil)
	parse := func(s string) cards.Card { c, _ := r.Deck.Parse(s); return c }
	six, _ := r.ContractByName("6-spades")
	hand := parse("7D").Bit() | parse("8D").Bit() | parse("QH").Bit()
	// Anton declares and leads 9D; Brigitte whists, Charlotte passed.
	if err := g.SetPosition(0, six, 2, hand, []cards.Card{parse("9D")}); err != nil {
		t.Fatal(err)
	}
	g.Defence[1], g.Defence[2] = deal.Play, deal.Drop
	open := []game.Action{{Phase: game.PhaseOpen, Seat: 1, Value: game.No}, {Phase: game.PhaseOpen, Seat: 1, Value: game.Yes}}
	if g.Open = h.Choose(g, open).Value == game.Yes; !g.Open {
		t.Fatal("answered y to open play, got closed")
	}
	if g.Controller(2) != 1 {
		t.Fatalf("open play: Charlotte's hand is played by seat %d, want Brigitte's", g.Controller(2))
	}
	if c := h.Choose(g, g.Choices()).Card(); r.Deck.Name(c) != "7D" {
		t.Fatalf("played %s, want 7D", r.Deck.Name(c))
	}
	for _, want := range []string{"Play open", "Charlotte's hand, which you play: "} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the transcript does not say %q:\n%s", want, out.String())
		}
	}
}
