package table_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/preference-rules/pref/interpreter/bot"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/interpreter/money"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/interpreter/settle"
	"github.com/preference-rules/pref/interpreter/table"
	"github.com/preference-rules/pref/rulesets"
)

func simpleGame(r *ruleset.Ruleset) *game.Game {
	players := make([]game.Player, r.Hands)
	for i := range players {
		players[i] = &bot.Simple{}
	}
	g := game.New(r, players)
	bot.FastCards(g)
	return g
}

// standsAs is what a table carries from deal to deal, to compare two.
func standsAs(t *table.Table) string {
	return fmt.Sprintf("balance %v pot %v dealer %d deals %d marks %v given %d run %d sheet %v",
		t.Balance, t.Pot, t.Dealer, t.Deals, t.Marks, t.MarksGiven, t.AllPassRun, t.Sheet)
}

// TestDealIsTheStepsByHand: a session played through table.Deal, step by
// step and at once (PlayDeal), leaves the table deal by deal where the
// steps taken by hand in their order leave it (ante, deal, all-pass run,
// play, outcome, settlement, booking, next dealer), with the same
// ledgers: for a pot with antes, a pot refilled when empty, score sheets
// (one with start figures), and a table of four where the dealer sits out.
func TestDealIsTheStepsByHand(t *testing.T) {
	for _, c := range []struct {
		ruleset string
		players int
	}{{"austrian-1829", 3}, {"austrian-1829", 4}, {"illustrated", 3}, {"sochi", 4}, {"serbian", 3}, {"west-balkans", 3}} {
		t.Run(fmt.Sprintf("%s/%d", c.ruleset, c.players), func(t *testing.T) {
			r, err := rulesets.Open(c.ruleset)
			if err != nil {
				t.Fatal(err)
			}
			names := []string{"Anton", "Brigitte", "Charlotte", "Dora"}[:c.players]
			byHand, _ := table.New(r, names)
			stepped, _ := table.New(r, names)
			atOnce, _ := table.New(r, names)
			gh, gs, ga := simpleGame(r), simpleGame(r), simpleGame(r)
			rh, rs, ra := rand.New(rand.NewPCG(7, 1)), rand.New(rand.NewPCG(7, 1)), rand.New(rand.NewPCG(7, 1))
			st := settle.New(r)
			var reused table.Deal
			for d := 0; d < 25; d++ {
				// by hand
				if _, err := byHand.Ante(); err != nil {
					t.Fatal(err)
				}
				gh.TableSize = len(names)
				gh.Deal(rh)
				gh.SetAllPassRun(byHand.AllPassRun)
				if err := gh.Run(); err != nil {
					t.Fatal(err)
				}
				o := byHand.Outcome(gh)
				l, err := st.Settle(o, false)
				if err != nil {
					t.Fatal(err)
				}
				if err := byHand.Apply(o, l); err != nil {
					t.Fatal(err)
				}
				byHand.Next()
				// step by step
				dl, err := stepped.Begin(gs)
				if err != nil {
					t.Fatal(err)
				}
				dl.Shuffle(rs)
				if err := dl.Run(); err != nil {
					t.Fatal(err)
				}
				if err := dl.Finish(); err != nil {
					t.Fatal(err)
				}
				// at once, into one deal
				if _, err := atOnce.PlayDeal(&reused, ga, ra, nil); err != nil {
					t.Fatal(err)
				}
				want := standsAs(byHand)
				if got := standsAs(stepped); got != want {
					t.Fatalf("deal %d: stepped through Deal, the table stands at\n%s\nby hand at\n%s", d+1, got, want)
				}
				if got := standsAs(atOnce); got != want {
					t.Fatalf("deal %d: PlayDeal leaves the table at\n%s\nby hand at\n%s", d+1, got, want)
				}
				// (printed: a ledger settled into again keeps empty lists where a new one has none)
				if a, b, c := fmt.Sprintf("%+v", dl.Ledger), fmt.Sprintf("%+v", reused.Ledger), fmt.Sprintf("%+v", l); a != c || b != c {
					t.Fatalf("deal %d: the ledgers differ:\n%+v\n%+v\n%+v", d+1, dl.Ledger, reused.Ledger, l)
				}
			}
		})
	}
}

// TestDealRefusesStepsOutOfOrder: a deal is settled once it is over and
// booked once it is settled, each once.
func TestDealRefusesStepsOutOfOrder(t *testing.T) {
	r, _ := rulesets.Open("west-balkans")
	tb, _ := table.New(r, []string{"A", "B", "C"})
	d, err := tb.Begin(simpleGame(r))
	if err != nil {
		t.Fatal(err)
	}
	if d.Run() == nil || d.Settle() == nil || d.Book() == nil {
		t.Fatal("a deal without cards was run, settled or booked")
	}
	d.Shuffle(rand.New(rand.NewPCG(1, 2)))
	if d.Settle() == nil {
		t.Fatal("a deal was settled before it was played")
	}
	if err := d.Run(); err != nil {
		t.Fatal(err)
	}
	if d.Book() == nil {
		t.Fatal("a deal was booked before it was settled")
	}
	if err := d.Finish(); err != nil {
		t.Fatal(err)
	}
	if d.Book() == nil || d.Settle() == nil {
		t.Fatal("a deal was booked or settled twice")
	}
	if tb.Deals != 1 || tb.Dealer != 0 {
		t.Fatalf("after one deal: %d deals, dealer %d", tb.Deals, tb.Dealer)
	}
}

// TestBookFindsMoneyMadeOrLost: Book checks that the deal only moved
// money, the balances and the pot adding up after it to what they did
// before (a table resumed with a pot and no balances, as a record states
// one, included), in whole units and in fractions alike. The hook makes
// money between settlement and booking, as a fault would.
func TestBookFindsMoneyMadeOrLost(t *testing.T) {
	r, _ := rulesets.Open("west-balkans")
	for _, c := range []struct {
		name     string
		pot      money.Amount
		add      []money.Amount
		balances bool
	}{
		{"nothing made", money.Int(0), nil, true},
		{"a pot resumed without balances", money.Int(690), nil, true},
		{"one unit made", money.Int(0), []money.Amount{money.Int(1)}, false},
		{"thirds moved", money.Int(690), []money.Amount{money.Frac(1, 3), money.Frac(-1, 3)}, true},
		{"thirds made", money.Int(0), []money.Amount{money.Frac(1, 3), money.Frac(1, 3)}, false},
	} {
		tb, _ := table.New(r, []string{"A", "B", "C"})
		tb.Pot = c.pot
		h := &table.Hooks{Settled: func(d *table.Deal) error {
			for i, a := range c.add {
				d.T.Balance[i] = d.T.Balance[i].Add(a)
			}
			return nil
		}}
		_, err := tb.PlayDeal(nil, simpleGame(r), rand.New(rand.NewPCG(3, 4)), h)
		if got := !errors.Is(err, table.ErrUnbalanced); got != c.balances {
			t.Errorf("%s: Book's error %v", c.name, err)
		}
		var se *table.StageError
		if !c.balances && (!errors.As(err, &se) || se.Stage != table.StageBook) {
			t.Errorf("%s: the error %v is not the booking's", c.name, err)
		}
	}
}

// TestPlayDealTellsItsHooks: Dealt before the first decision, each
// decision with the state before it, Settled before the booking; a hook's
// error stops the deal at its stage, nothing booked.
func TestPlayDealTellsItsHooks(t *testing.T) {
	r, _ := rulesets.Open("austrian-1829")
	tb, _ := table.New(r, []string{"A", "B", "C"})
	g := simpleGame(r)
	g.KeepHistory = true
	var told []string
	actions := 0
	h := &table.Hooks{
		Dealt: func(d *table.Deal) error {
			told = append(told, fmt.Sprintf("dealt: %d antes, %d cards in forehand's hand", len(d.Antes), d.G.Hands[0].Count()))
			return nil
		},
		Action: func(before *game.State, a game.Action) {
			if before.Phase() != a.Phase || before.ToAct() != a.Seat {
				t.Errorf("action %d: %v told with a state awaiting %v of seat %d", actions+1, a, before.Phase(), before.ToAct())
			}
			actions++
		},
		Settled: func(d *table.Deal) error {
			told = append(told, fmt.Sprintf("settled: booked %d", d.T.Deals))
			return nil
		},
	}
	d, err := tb.PlayDeal(nil, g, rand.New(rand.NewPCG(5, 6)), h)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{fmt.Sprintf("dealt: 3 antes, %d cards in forehand's hand", r.HandSize), "settled: booked 0"}
	if !reflect.DeepEqual(told, want) || actions == 0 || actions != len(g.History) || tb.Deals != 1 || d.Outcome == nil {
		t.Fatalf("told %q and %d actions (history %d), %d deals booked", told, actions, len(g.History), tb.Deals)
	}
	stop := errors.New("stop")
	h.Settled = func(*table.Deal) error { return stop }
	before := standsAs(tb)
	_, err = tb.PlayDeal(nil, g, rand.New(rand.NewPCG(5, 7)), h)
	var se *table.StageError
	if !errors.Is(err, stop) || !errors.As(err, &se) || se.Stage != table.StageSettled || standsAs(tb) != before {
		t.Fatalf("a hook's error: %v; the table %s, was %s", err, standsAs(tb), before)
	}
}

// TestApartReadsNothingOfTheTable: a deal taken apart settles as the deal
// alone, whatever the pot, sheet and markings at its table.
func TestApartReadsNothingOfTheTable(t *testing.T) {
	r, _ := rulesets.Open("serbian")
	tb, _ := table.New(r, []string{"A", "B", "C"})
	tb.Pot, tb.MarksGiven, tb.AllPassRun = money.Int(50), 2, 3
	g := simpleGame(r)
	g.Deal(rand.New(rand.NewPCG(9, 9)))
	g.SetAllPassRun(1)
	if err := g.Run(); err != nil {
		t.Fatal(err)
	}
	want := g.Outcome([]string{"A", "B", "C"})
	want.AllPassRun = 1
	d := tb.Apart(nil, &g.State)
	if !reflect.DeepEqual(d.Outcome, want) {
		t.Fatalf("apart: %+v\nwant %+v", d.Outcome, want)
	}
	if err := d.Settle(); err != nil {
		t.Fatal(err)
	}
}

// TestPlayDealAllocatesNothing: deal after deal played into one Deal, with
// players choosing their cards from the mask, allocates nothing (a
// simulation plays millions).
func TestPlayDealAllocatesNothing(t *testing.T) {
	for _, name := range []string{"west-balkans", "sochi"} {
		r, _ := rulesets.Open(name)
		tb, _ := table.New(r, []string{"A", "B", "C"})
		g := simpleGame(r)
		rng := rand.New(rand.NewPCG(1, 1))
		var d table.Deal
		play := func() {
			if _, err := tb.PlayDeal(&d, g, rng, nil); err != nil {
				t.Fatal(err)
			}
		}
		for range 50 { // the lists grown to their size
			play()
		}
		if n := testing.AllocsPerRun(200, play); n > 0.5 {
			t.Errorf("%s: %.2f allocations per deal", name, n)
		}
	}
}
