package table_test

import (
	"math/rand/v2"
	"testing"

	"github.com/preference-rules/pref/interpreter/bot"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/interpreter/money"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/interpreter/settle"
	"github.com/preference-rules/pref/interpreter/table"
	"github.com/preference-rules/pref/rulesets"
)

// TestSessions plays random sequences of deals at three and four players:
// the dealer rotates left, the sitting-out dealer holds no hand, and
// balances plus pot stay zero after every deal.
func TestSessions(t *testing.T) {
	for _, name := range rulesets.Names() {
		r, err := rulesets.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, players := range [][]string{{"A", "B", "C"}, {"A", "B", "C", "D"}} {
			if len(players) > r.TableMax {
				continue
			}
			rng := rand.New(rand.NewPCG(uint64(len(players)), 9))
			for session := 0; session < 100; session++ {
				tb, err := table.New(r, players)
				if err != nil {
					t.Fatal(err)
				}
				ps := make([]game.Player, r.Hands)
				for i := range ps {
					ps[i] = &bot.Simple{}
				}
				g := game.New(r, ps)
				s := settle.New(r)
				deals := 1 + rng.IntN(12)
				for d := 0; d < deals; d++ {
					if want := (len(players) - 1 + d) % len(players); tb.Dealer != want {
						t.Fatalf("deal %d: dealer %d, want %d", d, tb.Dealer, want)
					}
					tb.Ante()
					g.Deal(rng)
					if err := g.Run(); err != nil {
						t.Fatal(err)
					}
					o := tb.Outcome(g)
					l, err := s.Settle(o, false)
					if err != nil {
						t.Fatalf("%s, %d players, deal %d: %v", name, len(players), d, err)
					}
					tb.Apply(l)
					if !tb.Sum().IsZero() {
						t.Fatalf("table does not balance: %v + pot %v", tb.Balance, tb.Pot)
					}
					if len(players) > r.Hands {
						d := len(o.Seats) - 1 // the sitting-out dealer is the last seat of the outcome
						if o.Seats[d] != players[tb.Dealer] || o.HoldsHand(r, d) || o.InPlay(d) || o.Tricks[d] != 0 {
							t.Fatalf("the dealer %s should sit out: seats %v, tricks %v", players[tb.Dealer], o.Seats, o.Tricks)
						}
					}
					tb.Next()
				}
			}
		}
	}
}

func TestAnteFirstDealOnly(t *testing.T) {
	r, _ := rulesets.Open("austrian-1829")
	tb, _ := table.New(r, []string{"A", "B", "C"})
	if n := len(tb.Ante()); n != 3 || !tb.Pot.Equal(money.Int(3*int64(r.Ante.Each))) {
		t.Fatalf("first deal: %d antes, pot %v", n, tb.Pot)
	}
	tb.Next()
	if n := len(tb.Ante()); n != 0 {
		t.Fatalf("second deal: %d antes; the 1829 ante is paid once", n)
	}
}

func TestAnteWhenThePotIsEmpty(t *testing.T) {
	r, _ := rulesets.Open("austrian-modern")
	if r.Ante.When != ruleset.AntePotEmpty {
		t.Skip("austrian-modern no longer antes when the pot is empty")
	}
	tb, _ := table.New(r, []string{"A", "B", "C"})
	if n := len(tb.Ante()); n != 3 {
		t.Fatalf("first deal: %d antes", n)
	}
	tb.Next()
	if n := len(tb.Ante()); n != 0 {
		t.Fatalf("pot of %v: %d antes; none while the pot holds money", tb.Pot, n)
	}
	tb.Pot = money.Amount{} // emptied by the last deal
	tb.Balance[0] = tb.Balance[0].Add(money.Int(30))
	tb.Next()
	if n := len(tb.Ante()); n != 3 || !tb.Sum().IsZero() {
		t.Fatalf("empty pot: %d antes, sum %v", n, tb.Sum())
	}
}
