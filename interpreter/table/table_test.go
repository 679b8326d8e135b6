package table_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/preference-rules/pref/internal/ledgercheck"
	"github.com/preference-rules/pref/interpreter/bot"
	"github.com/preference-rules/pref/interpreter/cards"
	"github.com/preference-rules/pref/interpreter/deal"
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
				g.TableSize = len(players)
				s := settle.New(r)
				acct := ledgercheck.Open(tb)
				deals := 1 + rng.IntN(12)
				for d := 0; d < deals; d++ {
					if want := (len(players) - 1 + d) % len(players); tb.Dealer != want {
						t.Fatalf("deal %d: dealer %d, want %d", d, tb.Dealer, want)
					}
					antes, err := tb.Ante()
					if err != nil {
						t.Fatal(err)
					}
					acct.Ante(tb, antes)
					g.Deal(rng)
					if err := g.Run(); err != nil {
						t.Fatal(err)
					}
					o := tb.Outcome(g)
					l, err := s.Settle(o, false)
					if err != nil {
						t.Fatalf("%s, %d players, deal %d: %v", name, len(players), d, err)
					}
					if err := tb.Apply(o, l); err != nil {
						t.Fatal(err)
					}
					acct.Deal(l)
					if err := acct.Compare(tb); err != nil {
						t.Fatalf("%s, %d players, deal %d: %v", name, len(players), d, err)
					}
					if len(players) > r.Hands {
						d := len(o.Seats) - 1 // the sitting-out dealer is the last seat of the outcome
						if o.Seats[d] != players[tb.Dealer] || o.HoldsHand(r, d) || o.InPlay(r, d) || o.Tricks[d] != 0 {
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
	if n := len(ante(t, tb)); n != 3 || !tb.Pot.Equal(money.Int(3*int64(r.Ante.Each))) {
		t.Fatalf("first deal: %d antes, pot %v", n, tb.Pot)
	}
	tb.Next()
	if n := len(ante(t, tb)); n != 0 {
		t.Fatalf("second deal: %d antes; the 1829 ante is paid once", n)
	}
}

func TestAnteWhenThePotIsEmpty(t *testing.T) {
	r, _ := rulesets.Open("austrian-modern")
	if r.Ante.When != ruleset.AntePotEmpty {
		t.Skip("austrian-modern no longer antes when the pot is empty")
	}
	tb, _ := table.New(r, []string{"A", "B", "C"})
	if n := len(ante(t, tb)); n != 3 {
		t.Fatalf("first deal: %d antes", n)
	}
	tb.Next()
	if n := len(ante(t, tb)); n != 0 {
		t.Fatalf("pot of %v: %d antes; none while the pot holds money", tb.Pot, n)
	}
	tb.Pot = money.Amount{} // emptied by the last deal
	tb.Balance[0] = tb.Balance[0].Add(money.Int(30))
	tb.Next()
	// 10 each again: 30 in the pot, A's 20 down to 10, B and C at -20
	if n := len(ante(t, tb)); n != 3 || !tb.Pot.Equal(money.Int(30)) || fmt.Sprint(tb.Balance) != "[10 -20 -20]" {
		t.Fatalf("empty pot: %d antes, balances %v, pot %v", n, tb.Balance, tb.Pot)
	}
}

// TestMarkingsAcrossDeals: with refa on, markings are handed out on passed
// deals up to the session's limit, used up by declaring, never negative.
func TestMarkingsAcrossDeals(t *testing.T) {
	base, _ := rulesets.Open("west-balkans")
	r, err := base.With(map[string]any{"refa": true})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(4, 4))
	gave, used := 0, 0
	for session := 0; session < 50; session++ {
		tb, _ := table.New(r, []string{"A", "B", "C"})
		g := game.New(r, []game.Player{&bot.Simple{}, &bot.Simple{}, &bot.Simple{}})
		s := settle.New(r)
		for d := 0; d < 30; d++ {
			tb.Ante()
			g.Deal(rng)
			if err := g.Run(); err != nil {
				t.Fatal(err)
			}
			o := tb.Outcome(g)
			l, err := s.Settle(o, false)
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range l.Marks {
				if m.Delta > 0 {
					gave++
				} else {
					used++
				}
			}
			tb.Apply(o, l)
			for i, m := range tb.Marks {
				if m < 0 {
					t.Fatalf("%s holds %d markings", tb.Names[i], m)
				}
			}
			if tb.MarksGiven > 9 {
				t.Fatalf("%d markings given; the limit is 3 rounds of 3", tb.MarksGiven)
			}
			tb.Next()
		}
	}
	if gave == 0 || used == 0 {
		t.Fatalf("markings not exercised: %d given, %d used", gave, used)
	}
}

// The score sheet is table state: what each deal writes adds up.
func TestSheetCarriedAcrossDeals(t *testing.T) {
	r, err := ruleset.LoadFile("../../conformance/testdata/sheet-ruleset.yaml")
	if err != nil {
		t.Fatal(err)
	}
	tb, _ := table.New(r, []string{"A", "B", "C"})
	seven, _ := r.ContractByName("seven")
	for d := 0; d < 2; d++ {
		o := &deal.Outcome{
			Seats: []string{"A", "B", "C"}, Dealer: 2, Declarer: 0, Contract: seven,
			Defence: []deal.Choice{deal.NoChoice, deal.Play, deal.Play}, Tricks: []int{7, 2, 1},
		}
		l, err := settle.New(r).Settle(o, false)
		if err != nil {
			t.Fatal(err)
		}
		tb.Apply(o, l)
	}
	for k, want := range map[string]int64{"A pool": 8, "B whists A": 16, "C whists A": 8} {
		if got := tb.Sheet[k]; !got.Equal(money.Int(want)) {
			t.Errorf("%s: %v after two deals, want %d", k, got, want)
		}
	}
	if !tb.Pot.IsZero() || fmt.Sprint(tb.Balance) != "[0 0 0]" {
		t.Fatalf("writing on the sheet moved money: balances %v, pot %v", tb.Balance, tb.Pot)
	}
}

// TestWholeGamesClose plays whole games of every ruleset that closes its
// score sheet, at three and four players, until the sheet says the game is
// over: the final scores add up to zero, every player's part is done, and
// the run of all-pass deals the table counts matches the deals played.
func TestWholeGamesClose(t *testing.T) {
	games := 40
	if testing.Short() {
		games = 5
	}
	for _, name := range rulesets.Names() {
		r, err := rulesets.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		if r.Sheet.Final == nil {
			continue
		}
		t.Run(name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(5, 5))
			for n := 0; n < games; n++ {
				players := []string{"A", "B", "C", "D"}[:r.Hands+n%2]
				tb, _ := table.New(r, players)
				g := game.New(r, []game.Player{&bot.Simple{}, &bot.Simple{}, &bot.Simple{}})
				g.TableSize = len(players)
				s := settle.New(r)
				run := 0
				for d := 0; ; d++ {
					if d == 2000 {
						t.Fatalf("game %d: not closed after %d deals: %v", n, d, tb.Sheet)
					}
					closed, err := tb.Closed()
					if err != nil {
						t.Fatal(err)
					}
					if closed {
						break
					}
					g.Deal(rng)
					if err := g.Run(); err != nil {
						t.Fatal(err)
					}
					o := tb.Outcome(g)
					if o.AllPassRun != run {
						t.Fatalf("deal %d: all-pass run %d, counted %d", d, o.AllPassRun, run)
					}
					l, err := s.Settle(o, false)
					if err != nil {
						t.Fatalf("game %d deal %d: %v", n, d, err)
					}
					if err := tb.Apply(o, l); err != nil {
						t.Fatalf("game %d deal %d: %v", n, d, err)
					}
					if g.Declarer < 0 {
						run++
					} else {
						run = 0
					}
					tb.Next()
				}
				if n == 0 {
					t.Logf("game 0: closed after %d deals: %v", tb.Deals, tb.Sheet)
				}
				final, err := tb.Final()
				if err != nil {
					t.Fatal(err)
				}
				var sum money.Amount
				for _, v := range final {
					sum = sum.Add(v)
				}
				if !sum.IsZero() {
					t.Fatalf("game %d: final scores %v add up to %v", n, final, sum)
				}
			}
		})
	}
}

func ante(t *testing.T, tb *table.Table) []settle.Transfer {
	t.Helper()
	out, err := tb.Ante()
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// A balance that would overflow stops the session with an error and
// leaves the table as it was: never a wrapped figure.
func TestOverflowLeavesTheTableAsItWas(t *testing.T) {
	r, _ := rulesets.Open("austrian-1829")
	tb, _ := table.New(r, []string{"A", "B", "C"})
	tb.Balance[0] = money.Int(-math.MaxInt64 + 1)
	tb.Pot = money.Int(math.MaxInt64 - 1)
	before := fmt.Sprint(tb.Balance, tb.Pot)
	if _, err := tb.Ante(); err == nil {
		t.Fatal("an ante past the largest balance was booked")
	}
	if after := fmt.Sprint(tb.Balance, tb.Pot); after != before {
		t.Fatalf("table changed by a refused ante: %s -> %s", before, after)
	}
	o := &deal.Outcome{Seats: []string{"A", "B", "C"}, Declarer: -1, Contract: -1}
	l := &settle.Ledger{Seats: o.Seats, Transfers: []settle.Transfer{{From: 0, To: 1, Amount: money.Int(10)}, {From: 2, To: 0, Amount: money.Int(1)}}}
	tb.Balance[1] = money.Int(math.MaxInt64 - 5)
	before = fmt.Sprint(tb.Balance, tb.Pot, tb.AllPassRun)
	if err := tb.Apply(o, l); err == nil {
		t.Fatal("a payment past the largest balance was booked")
	}
	if after := fmt.Sprint(tb.Balance, tb.Pot, tb.AllPassRun); after != before {
		t.Fatalf("table changed by a refused deal: %s -> %s", before, after)
	}
}

// A deal whose sheet entries or markings cannot be booked (a figure that
// would overflow, or grow past the limit, after others were booked) leaves
// the sheet, the markings and the counts as they were: no figure changed,
// no entry created.
func TestRefusedDealLeavesTheSheetAsItWas(t *testing.T) {
	r, _ := rulesets.Open("sochi")
	for name, bad := range map[string]settle.SheetEntry{
		"overflow":  {Seat: 0, Against: -1, Account: "pool", Amount: money.Int(10)},
		"too large": {Seat: 1, Against: -1, Account: "mountain", Amount: money.Int(2_000_000_000_000)},
	} {
		tb, _ := table.New(r, []string{"A", "B", "C"})
		tb.Sheet["A pool"] = money.Int(4)
		tb.Sheet["B pool"] = money.Int(math.MaxInt64 - 5)
		tb.Marks[0] = 1
		before := fmt.Sprint(tb.Sheet, tb.Marks, tb.MarksGiven, tb.Balance, tb.Pot, tb.AllPassRun)
		o := &deal.Outcome{Seats: []string{"B", "C", "A"}, Dealer: 2, Declarer: -1, Contract: -1}
		l := &settle.Ledger{Seats: o.Seats, Marks: []settle.MarkChange{{Seat: 2, Delta: 2}}}
		l.Sheet = []settle.SheetEntry{
			{Seat: 2, Against: -1, Account: "pool", Amount: money.Int(3)},      // A pool: a figure changed
			{Seat: 1, Against: 2, Account: "whists", Amount: money.Int(7)},     // C whists A: a new entry
			{Seat: 2, Against: -1, Account: "mountain", Amount: money.Int(2)},  // A mountain...
			{Seat: 2, Against: -1, Account: "mountain", Amount: money.Int(-2)}, // ... nets out: never written
			bad, // B's pool past the largest figure, or C's mountain past the limit
		}
		if err := tb.Apply(o, l); err == nil {
			t.Fatalf("%s: the deal was booked", name)
		}
		if after := fmt.Sprint(tb.Sheet, tb.Marks, tb.MarksGiven, tb.Balance, tb.Pot, tb.AllPassRun); after != before {
			t.Errorf("%s: the table changed by a refused deal:\n%s\n%s", name, before, after)
		}
		// the same deal without the bad entry is booked: each place's net,
		// the place that nets out not written at all
		l.Sheet = l.Sheet[:len(l.Sheet)-1]
		tb.Sheet["B pool"] = money.Int(5)
		if err := tb.Apply(o, l); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if got, want := fmt.Sprint(tb.Sheet, tb.Marks), "map[A pool:7 B pool:5 C whists A:7] [1 0 2]"; got != want {
			t.Errorf("%s: booked %s, want %s", name, got, want)
		}
	}
}

// In vienna-pot each player draws a card and the highest deals first, the
// suit counting before the rank: a seven of hearts beats the ace of
// diamonds.
func TestDrawForTheFirstDealer(t *testing.T) {
	r, err := rulesets.Open("vienna-pot")
	if err != nil {
		t.Fatal(err)
	}
	seven, _ := r.Deck.Parse("7H")
	ace, _ := r.Deck.Parse("AD")
	if int(seven.Suit())*cards.MaxRanks+seven.Rank() <= int(ace.Suit())*cards.MaxRanks+ace.Rank() {
		t.Fatal("the suit-first order does not put 7H above AD")
	}
	for seed := uint64(1); seed <= 50; seed++ {
		tb, _ := table.New(r, []string{"Anton", "Brigitte", "Charlotte"})
		drawn := tb.DrawForDealer(rand.New(rand.NewPCG(seed, 1)))
		if len(drawn) != 3 {
			t.Fatalf("%d cards drawn", len(drawn))
		}
		for i, c := range drawn {
			if i != tb.Dealer && (c.Suit() > drawn[tb.Dealer].Suit() || c.Suit() == drawn[tb.Dealer].Suit() && c.Rank() > drawn[tb.Dealer].Rank()) {
				t.Fatalf("seed %d: %s deals with %s, but %s drew %s", seed, tb.Names[tb.Dealer], r.Deck.Name(drawn[tb.Dealer]), tb.Names[i], r.Deck.Name(c))
			}
		}
	}
	other, _ := rulesets.Open("austrian-1829")
	tb, _ := table.New(other, []string{"Anton", "Brigitte", "Charlotte"})
	if tb.DrawForDealer(rand.New(rand.NewPCG(1, 1))) != nil || tb.Dealer != 2 {
		t.Error("austrian-1829: the last seat deals first, no drawing")
	}
}

// TestCloseOnTotalPool: by default the game closes when every pool has
// reached the target; with close-on-total-pool when the pools together
// reach the target times the players (total_pool in the final's
// expressions), a full pool making up for a short one.
func TestCloseOnTotalPool(t *testing.T) {
	for _, name := range []string{"sochi", "leningrad", "rostov"} {
		base, err := rulesets.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		total, err := base.With(map[string]any{"close-on-total-pool": true})
		if err != nil {
			t.Fatal(err)
		}
		for _, tc := range []struct {
			pools       [3]int64
			every, both bool // closed by default, closed on the total
		}{
			{[3]int64{10, 10, 10}, true, true},
			{[3]int64{14, 10, 6}, false, true},
			{[3]int64{14, 10, 5}, false, false},
			{[3]int64{30, 0, 0}, false, true},
			{[3]int64{12, 11, 10}, true, true},
		} {
			for _, r := range []*ruleset.Ruleset{base, total} {
				tb, _ := table.New(r, []string{"A", "B", "C"})
				for i, n := range []string{"A", "B", "C"} {
					tb.Sheet[n+" pool"] = money.Int(tc.pools[i])
				}
				closed, err := tb.Closed()
				if err != nil {
					t.Fatal(err)
				}
				want := tc.every
				if r == total {
					want = tc.both
				}
				if closed != want {
					t.Errorf("%s pools %v (total option %v): closed %v, want %v", name, tc.pools, r == total, closed, want)
				}
			}
		}
	}
}

// TestPoolHelpKeepsPoolsAtTheTarget plays whole games with pool-help
// through the table: after every deal no pool is
// above the target, every point a pool gave is 10 whists its owner wrote
// against the player helped, and the game closes with every pool exactly
// full. Without the ceiling a pool overshoots within a few games.
func TestPoolHelpKeepsPoolsAtTheTarget(t *testing.T) {
	for _, name := range []string{"sochi", "leningrad", "rostov"} {
		base, err := rulesets.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		// (mountain-first is left out: with the simple players' many failed
		// games the mountains outgrow what made games write off, and a game
		// may not close in 2000 deals)
		r, err := base.With(map[string]any{"pool-help": true})
		if err != nil {
			t.Fatal(err)
		}
		t.Run(name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(7, 7))
			target := money.Int(10)
			helped := 0
			for n := 0; n < 10; n++ {
				players := []string{"A", "B", "C"}
				tb, _ := table.New(r, players)
				g := game.New(r, []game.Player{&bot.Simple{}, &bot.Simple{}, &bot.Simple{}})
				s := settle.New(r)
				for d := 0; ; d++ {
					if d == 2000 {
						t.Fatalf("game %d: not closed after %d deals: %v", n, d, tb.Sheet)
					}
					if closed, _ := tb.Closed(); closed {
						break
					}
					g.Deal(rng)
					if err := g.Run(); err != nil {
						t.Fatal(err)
					}
					o := tb.Outcome(g)
					l, err := s.Settle(o, false)
					if err != nil {
						t.Fatalf("game %d deal %d: %v", n, d, err)
					}
					helped += checkPoolHelp(t, r, l, n, d)
					if err := tb.Apply(o, l); err != nil {
						t.Fatal(err)
					}
					for _, p := range players {
						if tb.Sheet[p+" pool"].Cmp(target) > 0 {
							t.Fatalf("game %d deal %d: %s's pool %v passes the target", n, d, p, tb.Sheet[p+" pool"])
						}
					}
					tb.Next()
				}
				for _, p := range players {
					if !tb.Sheet[p+" pool"].Equal(target) {
						t.Fatalf("game %d closed with %s's pool %v", n, p, tb.Sheet[p+" pool"])
					}
				}
			}
			if helped == 0 {
				t.Error("no pool ever helped another: the test exercised nothing")
			}
		})
	}
}

// checkPoolHelp checks that each point a pool gave in ledger l is 10
// whists its owner wrote against the player helped, and returns how many
// such entries there were (game n, deal d).
func checkPoolHelp(t *testing.T, r *ruleset.Ruleset, l *settle.Ledger, n, d int) int {
	t.Helper()
	helped := 0
	for _, e := range l.Sheet {
		if e.Rule != r.Sheet.Ceiling.Rule || e.Account != "whists" {
			continue
		}
		var got money.Amount
		for _, f := range l.Sheet {
			if f.Rule == e.Rule && f.Account == "pool" && f.Seat == e.Against {
				got = got.Add(f.Amount)
			}
		}
		if !got.Mul(money.Int(10)).Equal(e.Amount) {
			t.Fatalf("game %d deal %d: %v whists for %v points given", n, d, e.Amount, got)
		}
		helped++
	}
	return helped
}

// TestSheetStart: an account with a start (the Serbian bule) holds it for
// every player when the table is set, by the option in force.
func TestSheetStart(t *testing.T) {
	base, err := rulesets.Open("serbian")
	if err != nil {
		t.Fatal(err)
	}
	small, err := base.With(map[string]any{"bula": 60})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		r    *ruleset.Ruleset
		want int64
	}{{base, 100}, {small, 60}} {
		tb, err := table.New(tc.r, []string{"A", "B", "C"})
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range []string{"A", "B", "C"} {
			if got := tb.Sheet[p+" bule"]; !got.Equal(money.Int(tc.want)) {
				t.Errorf("%s's bule start at %v, want %d", p, got, tc.want)
			}
		}
		if closed, _ := tb.Closed(); closed {
			t.Error("a new game is closed")
		}
	}
	// the start is an input figure: beyond pref's limits the option or the
	// table is refused, never a sheet that could overflow
	huge, err := base.With(map[string]any{"bula": 10_000_000_000_000})
	if err == nil {
		_, err = table.New(huge, []string{"A", "B", "C"})
	}
	if err == nil {
		t.Error("bula 10^13 was accepted")
	}
}
