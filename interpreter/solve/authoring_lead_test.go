package solve_test

import (
	"math/rand/v2"
	"testing"

	"github.com/preference-rules/pref/interpreter/bot"
	"github.com/preference-rules/pref/interpreter/cards"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/interpreter/solve"
	"github.com/preference-rules/pref/rulesets"
)

// leadVariant: trumps led to the first trick, and the defenders never
// leading a trump while they hold anything else.
const leadVariant = `name: lead-house
extends: sochi
play:
  lead:
    - {trick: 1, must: trump}
    - {by: defenders, may_not: trump}
`

// leadObeys reports whether leading c from hand to trick obeys
// leadVariant's rules, read from their words.
func leadObeys(c cards.Card, hand cards.Mask, trump cards.Suit, trick int, defender bool) bool {
	if trump == cards.NoSuit {
		return true
	}
	tr := hand.Suit(trump)
	switch {
	case trick == 1 && tr != 0:
		return tr.Has(c)
	case defender && hand&^tr != 0:
		return !tr.Has(c)
	}
	return true
}

// The perfect-play search keeps the lead rules: at the first lead of each
// played deal it lets the leader lead what the game lets him, its values
// are for those cards alone, and every lead of its best line obeys them.
func TestSolverKeepsLeadRules(t *testing.T) {
	r, err := ruleset.LoadWith("lead-house.yaml", []byte(leadVariant), func(from, base string) (string, []byte, error) {
		data, _ := rulesets.Source(base)
		return "rulesets/" + base + ".yaml", data, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	g := game.New(r, []game.Player{&bot.Simple{}, &bot.Simple{}, &bot.Simple{}})
	lines := 0
	for d := uint64(0); d < 200 && lines < 12; d++ {
		g.Deal(rand.New(rand.NewPCG(d, 6)))
		for !g.Over() {
			legal := g.Choices()
			if legal[0].Phase == game.PhasePlay && g.NTricks == 0 && g.CurrentTrick().N == 0 && g.Declarer >= 0 && g.Trump != cards.NoSuit {
				checkFirstLead(t, r, &g.State, d)
				lines++
			}
			if _, err := g.Apply(g.Players[g.Chooser()].Choose(g, legal)); err != nil {
				t.Fatal(err)
			}
		}
	}
	if lines < 5 {
		t.Fatalf("only %d first leads checked", lines)
	}
	t.Logf("%d first leads checked", lines)
}

// checkFirstLead checks the solver at the first lead of deal d of g: the
// leads it allows are the game's, it values no other, and every lead of
// its best line obeys the rules.
func checkFirstLead(t *testing.T, r *ruleset.Ruleset, g *game.State, d uint64) {
	t.Helper()
	seat := g.ToAct()
	p := &solve.Position{R: r, Contract: g.Contract, Declarer: g.Declarer, Leader: seat, Cooperating: g.CooperationBinds()}
	for s := 0; s < r.Hands; s++ {
		if g.InPlay(s) {
			p.Hands[s] = g.Hands[s]
		}
	}
	got, err := solve.LegalOf(p, seat)
	if err != nil {
		t.Fatalf("deal %d: %v", d, err)
	}
	if want := g.Legal(seat); got != want {
		t.Fatalf("deal %d: the solver lets the leader lead %s, the game %s", d, r.Deck.Format(got, false), r.Deck.Format(want, false))
	}
	values, _, err := solve.Values(p)
	if err != nil {
		t.Fatal(err)
	}
	for c := range values {
		if !got.Has(c) {
			t.Fatalf("deal %d: the search values the lead %s the rules forbid", d, r.Deck.Name(c))
		}
	}
	line, _, err := solve.PlayedLine(p)
	if err != nil {
		t.Fatal(err)
	}
	hands, trick := p.Hands, -1 // Played.Trick counts from 0
	for _, pl := range line {
		if pl.Trick != trick && !pl.Turned {
			trick = pl.Trick
			if !leadObeys(pl.Card, hands[pl.Seat], g.Trump, trick+1, pl.Seat != g.Declarer) {
				t.Fatalf("deal %d: the best line leads %s to trick %d from %s", d, r.Deck.Name(pl.Card), trick+1, r.Deck.Format(hands[pl.Seat], false))
			}
		}
		hands[pl.Seat] &^= pl.Card.Bit()
	}
}
