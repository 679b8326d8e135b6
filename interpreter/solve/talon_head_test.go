package solve_test

import (
	"math/rand/v2"
	"testing"

	"github.com/preference-rules/pref/interpreter/bot"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/interpreter/solve"
	"github.com/preference-rules/pref/rulesets"
)

// headingVariant is sochi with the heading rule for everyone: at a table
// of three the all-pass game's first tricks are opened by a talon card that
// only fixes the suit (talon_leads: card-when-dealer-sits-out), so a player must beat the first card of that suit
// played to it, not the talon card (deal.Heading). No shipped ruleset
// combines the two; the solver used to make the talon card the one to beat.
const headingVariant = `name: heading
extends: sochi
play:
  head: must
`

// TestTalonLedLegalAsTheGamePlays compares the solver's legal cards with
// the game's at every card of the talon-led tricks of all-pass games under
// the heading rule: one rule, one answer.
func TestTalonLedLegalAsTheGamePlays(t *testing.T) {
	r, err := ruleset.LoadWith("heading.yaml", []byte(headingVariant), func(from, base string) (string, []byte, error) {
		data, _ := rulesets.Source(base)
		return "rulesets/" + base + ".yaml", data, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	g := game.New(r, []game.Player{&bot.Simple{}, &bot.Simple{}, &bot.Simple{}})
	g.TableSize = r.Hands // the talon card only fixes the suit
	checked, differs := 0, 0
	for d := uint64(0); d < 300 && differs == 0; d++ {
		g.Deal(rand.New(rand.NewPCG(d, 29)))
		for !g.Over() {
			legal := g.Choices()
			tr := g.CurrentTrick()
			if legal[0].Phase == game.PhasePlay && g.Declarer < 0 && tr.N >= 2 && tr.Seats[0] == game.TalonSeat {
				seat := g.ToAct()
				ct := &r.Contracts[g.Contract]
				p := &solve.Position{R: r, Contract: g.Contract, Declarer: 0, Leader: tr.Leader, TalonCompetes: ct.TalonCompetes(g.TableSize > r.Hands)}
				for s := 0; s < r.Hands; s++ {
					p.Hands[s] = g.Hands[s]
				}
				for k := 0; k < tr.N; k++ {
					p.Trick = append(p.Trick, tr.Cards[k])
					p.TrickSeats = append(p.TrickSeats, int(tr.Seats[k]))
				}
				got, err := solve.LegalOf(p, seat)
				if err != nil {
					t.Fatalf("deal %d: %v", d, err)
				}
				if want := g.Legal(seat); got != want {
					t.Errorf("deal %d, trick %d %v: the solver lets %s play %s, the game %s", d, g.NTricks+1, p.Trick, g.SeatName(seat), r.Deck.Format(got, false), r.Deck.Format(want, false))
					differs++
				}
				checked++
			}
			if _, err := g.Apply(g.Players[g.Chooser()].Choose(g, legal)); err != nil {
				t.Fatal(err)
			}
		}
	}
	if checked < 50 {
		t.Errorf("only %d cards of talon-led tricks checked", checked)
	}
	t.Logf("%d cards of talon-led tricks checked", checked)
}
