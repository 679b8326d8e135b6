package simulate_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/preference-rules/pref/interpreter/bot"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/interpreter/money"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/interpreter/settle"
	"github.com/preference-rules/pref/interpreter/simulate"
	"github.com/preference-rules/pref/interpreter/table"
	"github.com/preference-rules/pref/rulesets"
)

// The report is the same whatever the number of workers: a session's cards
// depend only on the seed and its number.
func TestSameWithAnyWorkers(t *testing.T) {
	r, _ := rulesets.Open("austrian-1829")
	one, err := simulate.Run(r, simulate.Config{Deals: 300, Workers: 1, Seed: 5}, nil)
	if err != nil {
		t.Fatal(err)
	}
	two, err := simulate.Run(r, simulate.Config{Deals: 300, Workers: 2, Seed: 5}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(one, two) {
		t.Fatalf("1 worker and 2 workers differ:\n%+v\n%+v", one, two)
	}
	// enough sessions that the workers take them in blocks of several
	big1, _ := simulate.Run(r, simulate.Config{Deals: 11_000, Workers: 1, Seed: 5}, nil)
	big3, _ := simulate.Run(r, simulate.Config{Deals: 11_000, Workers: 3, Seed: 5}, nil)
	if !reflect.DeepEqual(big1, big3) || big1.Deals != 11_000 {
		t.Fatalf("11,000 deals: 1 worker and 3 workers differ:\n%+v\n%+v", big1, big3)
	}
	// every deal is either passed out or declared in one contract
	total := one.AllPass.Mean
	for _, c := range one.Contracts {
		total += c.Share.Mean
	}
	if math.Abs(total-1) > 1e-9 {
		t.Errorf("all-pass share and contract shares add up to %v", total)
	}
	// money is only moved: with the pot, what the seats win adds up to
	// what the pot lost; at least the seats cannot all gain
	if one.Seats[0].Mean > 0 && one.Seats[1].Mean > 0 && one.Seats[2].Mean > 0 && one.Unit == "final score" {
		t.Errorf("every seat gains on a sheet that adds up to zero: %+v", one.Seats)
	}
}

// Two rulesets on the same cards: an option that changes only the all-pass
// game's clean bonus changes the results of some deals, and a ruleset
// compared with itself changes nothing.
func TestCompareOnTheSameCards(t *testing.T) {
	r, _ := rulesets.Open("sochi")
	none, err := r.With(map[string]any{"all-pass-clean-bonus": "none"})
	if err != nil {
		t.Fatal(err)
	}
	cfg := simulate.Config{Deals: 200, Workers: 2, Seed: 9, KeepPerDeal: true}
	a, _ := simulate.Run(r, cfg, nil)
	a2, _ := simulate.Run(r, cfg, nil)
	b, _ := simulate.Run(none, cfg, nil)
	for i, d := range simulate.SeatDifference(a, a2) {
		if d.Mean != 0 || d.Low != 0 || d.High != 0 {
			t.Errorf("seat %d differs from itself: %v", i, d)
		}
	}
	changed := false
	for _, d := range simulate.SeatDifference(a, b) {
		changed = changed || d.Mean != 0
	}
	if !changed || a.AllPass != b.AllPass {
		t.Errorf("the clean bonus changed nothing, or changed the bidding: all-pass %v vs %v", a.AllPass, b.AllPass)
	}
}

// TestGrowthIsADirectCount: the pot after each deal of a session, as the
// report gives it, against the same sessions played here deal by deal at a
// table (the seed and the session number fix the cards), and the spread
// of a sheet's standings stays non-negative.
func TestGrowthIsADirectCount(t *testing.T) {
	r, _ := rulesets.Open("austrian-1829")
	const sessions, length, seed = 6, 5, 3
	rep, err := simulate.Run(r, simulate.Config{Deals: sessions * length, Workers: 2, Seed: seed, SessionLen: length}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if rep.GrowthOf != "pot" || len(rep.Growth) != length {
		t.Fatalf("growth of %q over %d deals, want the pot over %d", rep.GrowthOf, len(rep.Growth), length)
	}
	sum := make([]float64, length)
	playSessions(t, r, sessions, length, seed, func(d int, tb *table.Table, g *game.Game, before []money.Amount, dealer int) {
		sum[d] += float64(tb.Pot.Num()) / float64(tb.Pot.Den())
	})
	for d := range sum {
		if want := sum[d] / sessions; math.Abs(rep.Growth[d].Mean-want) > 1e-9 {
			t.Errorf("pot after deal %d: report %v, counted %v", d+1, rep.Growth[d].Mean, want)
		}
	}
	sheet, _ := rulesets.Open("sochi")
	rs, err := simulate.Run(sheet, simulate.Config{Deals: 40, Workers: 1, Seed: 1, SessionLen: 10}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if rs.GrowthOf != "spread" || len(rs.Growth) != 10 || rs.Growth[9].Mean <= 0 {
		t.Errorf("sochi: growth of %q, %v", rs.GrowthOf, rs.Growth)
	}
	for _, g := range rs.Growth {
		if g.Mean < 0 {
			t.Errorf("a spread below zero: %v", rs.Growth)
		}
	}
}

// BenchmarkWorkers plays the same 200,000 deals of austrian-1829 with one
// worker and with two: the ratio of the two is the speed-up that
// docs/performance.md quotes.
func BenchmarkWorkers(b *testing.B) {
	r, _ := rulesets.Open("austrian-1829")
	for _, w := range []int{1, 2} {
		b.Run(fmt.Sprintf("workers=%d", w), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				if _, err := simulate.Run(r, simulate.Config{Deals: 200_000, Workers: w, Seed: 1}, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestReportIsADirectCount: every figure of a report — each seat's mean
// result and its interval, the all-pass share, each contract's count, make
// rate and its declarer's mean — against the same sessions played here deal
// by deal at a table and counted in two passes (west-balkans: money, and
// deals passed out).
func TestReportIsADirectCount(t *testing.T) {
	r, _ := rulesets.Open("west-balkans")
	const sessions, length, seed = 12, 10, 4
	rep, err := simulate.Run(r, simulate.Config{Deals: sessions * length, Workers: 2, Seed: seed, SessionLen: length}, nil)
	if err != nil {
		t.Fatal(err)
	}
	seats := make([][]float64, r.Hands)
	allPass := 0
	declared := map[string][]float64{}
	made := map[string]int{}
	playSessions(t, r, sessions, length, seed, func(d int, tb *table.Table, g *game.Game, before []money.Amount, dealer int) {
		result := func(i int) float64 { // seat i from the dealer's left
			k := (dealer + 1 + i) % 3
			return float64(tb.Balance[k].Num())/float64(tb.Balance[k].Den()) - float64(before[k].Num())/float64(before[k].Den())
		}
		for i := range seats {
			seats[i] = append(seats[i], result(i))
		}
		if g.Declarer < 0 {
			allPass++
			return
		}
		name := r.Contracts[g.Contract].Name
		declared[name] = append(declared[name], result(g.Declarer))
		if r.Contracts[g.Contract].Made(r.Need(g.Contract, g.Hand), g.Taken[g.Declarer], g.BestRun) && !g.Conceded {
			made[name]++
		}
	})
	near := func(a, b float64) bool { return math.Abs(a-b) <= 1e-9*max(1, math.Abs(b)) }
	twoPass := func(xs []float64) (mean, half float64) {
		for _, x := range xs {
			mean += x
		}
		mean /= float64(len(xs))
		var ss float64
		for _, x := range xs {
			ss += (x - mean) * (x - mean)
		}
		return mean, 1.96 * math.Sqrt(ss/float64(len(xs)-1)/float64(len(xs)))
	}
	for i, xs := range seats {
		mean, half := twoPass(xs)
		if got := rep.Seats[i]; !near(got.Mean, mean) || !near(got.High-got.Mean, half) || got.N != len(xs) {
			t.Errorf("seat %d: report %v (n %d), counted %.6f ± %.6f (n %d)", i, got, got.N, mean, half, len(xs))
		}
	}
	if want := float64(allPass) / float64(sessions*length); !near(rep.AllPass.Mean, want) || allPass == 0 {
		t.Errorf("all passed: report %v, counted %v (%d deals)", rep.AllPass.Mean, want, allPass)
	}
	if len(rep.Contracts) != len(declared) {
		t.Errorf("%d contracts in the report, %d counted", len(rep.Contracts), len(declared))
	}
	for _, c := range rep.Contracts {
		xs := declared[c.Name]
		mean, _ := twoPass(xs) // the declarer's mean
		if c.Declared != len(xs) || !near(c.Declarer.Mean, mean) || !near(c.Made.Mean, float64(made[c.Name])/float64(len(xs))) {
			t.Errorf("%s: report declared %d, made %v, declarer %v; counted %d, %d made, %v", c.Name, c.Declared, c.Made.Mean, c.Declarer.Mean, len(xs), made[c.Name], mean)
		}
	}
}

// playSessions plays the sessions simulate.Run plays (the seed and the
// session's number fix the cards), deal by deal at a table of simple
// players, and calls each after every deal is settled and applied, with
// the balances after the ante and the deal's dealer.
func playSessions(t *testing.T, r *ruleset.Ruleset, sessions, length int, seed uint64, each func(d int, tb *table.Table, g *game.Game, before []money.Amount, dealer int)) {
	t.Helper()
	for s := 0; s < sessions; s++ {
		tb, _ := table.New(r, []string{"A", "B", "C"})
		g := game.New(r, []game.Player{&bot.Simple{}, &bot.Simple{}, &bot.Simple{}})
		st := settle.New(r)
		rng := rand.New(rand.NewPCG(seed, uint64(s)))
		for d := 0; d < length; d++ {
			if _, err := tb.Ante(); err != nil {
				t.Fatal(err)
			}
			before := slices.Clone(tb.Balance)
			g.Deal(rng)
			g.SetAllPassRun(tb.AllPassRun)
			if err := g.Run(); err != nil {
				t.Fatal(err)
			}
			o := tb.Outcome(g)
			l, err := st.Settle(o, false)
			if err != nil {
				t.Fatal(err)
			}
			dealer := tb.Dealer
			if err := tb.Apply(o, l); err != nil {
				t.Fatal(err)
			}
			each(d, tb, g, before, dealer)
			tb.Next()
		}
	}
}

// With strong players (made afresh each session from the seed and the
// session's number) the report is still the same whatever the number of
// workers, and differs from the simple players'.
func TestStrongBotsSameWithAnyWorkers(t *testing.T) {
	r, _ := rulesets.Open("austrian-1829")
	cfg := simulate.Config{Deals: 6, Workers: 1, Seed: 2, SessionLen: 2, Bots: "strong-cards"}
	one, err := simulate.Run(r, cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Workers = 3
	three, _ := simulate.Run(r, cfg, nil)
	if !reflect.DeepEqual(one, three) {
		t.Fatalf("strong-cards, 1 worker and 3 differ:\n%+v\n%+v", one, three)
	}
	cfg.Bots = "simple"
	simple, _ := simulate.Run(r, cfg, nil)
	if reflect.DeepEqual(one, simple) {
		t.Errorf("strong-cards and simple players gave the same report")
	}
	cfg.Bots = "clever"
	if _, err := simulate.Run(r, cfg, nil); err == nil {
		t.Errorf("no error for players of no known kind")
	}
}
