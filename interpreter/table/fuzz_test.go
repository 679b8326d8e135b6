package table_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/preference-rules/pref/internal/ledgercheck"
	"github.com/preference-rules/pref/interpreter/bot"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/interpreter/money"
	"github.com/preference-rules/pref/interpreter/settle"
	"github.com/preference-rules/pref/interpreter/table"
	"github.com/preference-rules/pref/rulesets"
)

// FuzzTableSession plays sessions of any embedded ruleset from any table
// state (balances and pot near the limits of an amount, markings, an
// all-pass run): every deal is either booked with the table still summing
// to zero, or refused with an error that leaves the table as it was. Never
// a panic, never a wrapped figure.
func FuzzTableSession(f *testing.F) {
	f.Add(uint8(1), uint64(1), uint8(3), int64(0), int64(0), uint8(0), uint8(5))
	f.Add(uint8(11), uint64(2), uint8(3), int64(0), int64(0), uint8(40), uint8(5))
	f.Add(uint8(2), uint64(3), uint8(4), int64(math.MaxInt64-10), int64(math.MaxInt64/2), uint8(0), uint8(8))
	f.Add(uint8(12), uint64(4), uint8(3), int64(-math.MaxInt64), int64(0), uint8(3), uint8(3))
	names := rulesets.Names()
	f.Fuzz(func(t *testing.T, which uint8, seed uint64, players uint8, balance, pot int64, run uint8, deals uint8) {
		r, err := rulesets.Open(names[int(which)%len(names)])
		if err != nil {
			t.Fatal(err)
		}
		n := r.Hands + int(players)%(r.TableMax-r.Hands+1)
		tb, err := table.New(r, []string{"A", "B", "C", "D"}[:n])
		if err != nil {
			t.Fatal(err)
		}
		if balance == math.MinInt64 || pot == math.MinInt64 {
			return
		}
		// a table state that sums to zero, as any real one does
		tb.Balance[0] = money.Int(balance)
		tb.Pot = money.Int(pot)
		var rest money.Amount
		func() {
			defer func() { recover() }() // balance + pot may not fit: then leave the others at zero
			rest = money.Int(balance).Add(money.Int(pot)).Neg()
		}()
		if rest.IsZero() {
			tb.Balance[0], tb.Pot = money.Amount{}, money.Amount{}
		} else {
			tb.Balance[1] = rest
		}
		tb.AllPassRun = int(run)
		rng := rand.New(rand.NewPCG(seed, 7))
		bots := make([]game.Player, r.Hands)
		for i := range bots {
			bots[i] = &bot.Simple{}
		}
		g := game.New(r, bots)
		g.TableSize = n
		s := settle.New(r)
		acct := ledgercheck.Open(tb)
		for d := 0; d < int(deals)%12; d++ {
			before := fmt.Sprint(tb.Balance, tb.Pot, tb.Marks, tb.AllPassRun, tb.Sheet)
			antes, err := tb.Ante()
			if err != nil {
				if after := fmt.Sprint(tb.Balance, tb.Pot, tb.Marks, tb.AllPassRun, tb.Sheet); after != before {
					t.Fatalf("a refused ante changed the table: %s -> %s", before, after)
				}
				return
			}
			acct.Ante(tb, antes)
			g.Deal(rng)
			if err := g.Run(); err != nil {
				t.Fatalf("deal %d: %v", d, err)
			}
			o := tb.Outcome(g)
			l, err := s.Settle(o, false)
			if err != nil {
				return // an outcome beyond the limits (a pot too large): refused, not settled wrong
			}
			before = fmt.Sprint(tb.Balance, tb.Pot, tb.Marks, tb.AllPassRun, tb.Sheet)
			if err := tb.Apply(o, l); err != nil {
				if after := fmt.Sprint(tb.Balance, tb.Pot, tb.Marks, tb.AllPassRun, tb.Sheet); after != before {
					t.Fatalf("a refused deal changed the table: %s -> %s", before, after)
				}
				return
			}
			acct.Deal(l)
			if err := acct.Compare(tb); err != nil {
				t.Fatalf("deal %d: %v", d, err)
			}
			if _, err := tb.Closed(); err != nil {
				return
			}
			tb.Next()
		}
		if r.Sheet.Final != nil {
			_, _ = tb.Final()
		}
	})
}
