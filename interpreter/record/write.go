package record

import (
	"strings"

	"github.com/preference-rules/pref/interpreter/cards"
	"github.com/preference-rules/pref/interpreter/game"
)

// FromGame writes a finished deal, played with KeepHistory, as a record
// deal; seats name the hands in playing order.
func FromGame(g *game.Game, seats []string, dealer string) Deal {
	r := g.R
	d := Deal{Dealer: dealer}
	for i := 0; i < r.Hands; i++ {
		d.Hands = append(d.Hands, Hand{Seat: seats[i], Cards: r.Deck.Format(g.Dealt[i], false)})
	}
	d.Talon = names(r.Deck, g.TalonOrder())
	for _, a := range g.History {
		if a.Phase != game.PhasePlay {
			d.Actions = append(d.Actions, Step{Seat: seats[a.Seat], Word: Word(&g.State, a)})
		}
	}
	for i := 0; i < g.NTricks; i++ {
		t := &g.Record[i]
		d.Tricks = append(d.Tricks, names(r.Deck, t.Cards[:t.N]))
	}
	return d
}

func names(d cards.Deck, cs []cards.Card) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = d.Name(c)
	}
	return strings.Join(parts, " ")
}
