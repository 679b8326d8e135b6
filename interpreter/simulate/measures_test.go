package simulate

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/preference-rules/pref/rulesets"
)

// The measures of four constructed deals at three hands in two sessions
// of two deals, every value worked out by hand. A session's table starts
// with the dealer last (index 2) and passes the deal to the left, so seat
// i of a deal dealt by dealer D is held by player (D+1+i) mod 3.
//
//	deal  dealer  by seat       by player (A B C)  end
//	0     2       6 -3 -3       6 -3 -3            played
//	1     0       -6 9 -3       -3 -6 9            all passed
//	2     2       0 0 0         0 0 0              declared, not played
//	3     0       12 -6 -6      -6 12 -6           played
//
// Session 1: A leads, then C (one change); C ends at 6, A second at 3: gap 3.
// Session 2: a tie of all, then B leads (no change); B 12, second -6: gap 18.
// Over all: A -3, B 3, C 0: B is the best player and wins session 2 alone.
func TestMeasuresByHand(t *testing.T) {
	perDeal := []float64{6, -3, -3, -6, 9, -3, 0, 0, 0, 12, -6, -6}
	info := []dealInfo{{2, playedOut}, {0, passedOut}, {2, notPlayedOut}, {0, playedOut}}
	m := measure(perDeal, info, 3, 2)
	if m.Deals != 4 || m.Sessions != 2 || m.SessionLen != 2 {
		t.Fatalf("deals %d, sessions %d of %d; want 4, 2 of 2", m.Deals, m.Sessions, m.SessionLen)
	}
	// the forehand's advantage, deal by deal: 9, -9, 0, 18
	checkStat(t, "forehand", m.Forehand, 4.5, 1.96*math.Sqrt(135.0/4))
	// every deal sums to 0: a seat's advantage is its result
	// (seat 0: 6 -6 0 12; seat 1: -3 9 0 -6; seat 2: -3 -3 0 -6)
	checkStat(t, "forehand's seat", m.SeatAdvantage[0], 3, 1.96*math.Sqrt(180.0/3/4))
	checkStat(t, "middlehand's seat", m.SeatAdvantage[1], 0, 1.96*math.Sqrt(126.0/3/4))
	checkStat(t, "dealer's seat", m.SeatAdvantage[2], -3, 1.96*math.Sqrt(18.0/3/4))
	// the best seat (0) minus the worst (2): 9, -3, 0, 18
	if m.BestSeat != 0 || m.WorstSeat != 2 {
		t.Errorf("best seat %d, worst %d; want 0 and 2", m.BestSeat, m.WorstSeat)
	}
	checkStat(t, "seat spread", m.SeatSpread, 6, 1.96*math.Sqrt(270.0/3/4))
	if m.BestPlayer != "B" {
		t.Errorf("best player %s, want B", m.BestPlayer)
	}
	if m.BestPlayerWins.Mean != 0.5 || m.BestPlayerWins.N != 2 {
		t.Errorf("best player wins %v of %d sessions, want 0.5 of 2", m.BestPlayerWins.Mean, m.BestPlayerWins.N)
	}
	checkStat(t, "lead changes", m.LeadChanges, 0.5, 1.96*0.5) // 1 and 0
	checkStat(t, "final gap", m.FinalGap, 10.5, 1.96*7.5)      // 3 and 18
	for _, c := range []struct {
		name string
		got  Stat
		want float64
	}{{"decided by the auction", m.DecidedByAuction, 0.5}, {"passed out", m.PassedOut, 0.25}, {"not played", m.NotPlayed, 0.25}} {
		if c.got.Mean != c.want || c.got.N != 4 || c.got.Low > c.want || c.got.High < c.want {
			t.Errorf("%s: %v, want %v of 4 within its interval", c.name, c.got, c.want)
		}
	}
}

func checkStat(t *testing.T, what string, s Stat, mean, half float64) {
	t.Helper()
	const eps = 1e-9
	if math.Abs(s.Mean-mean) > eps || math.Abs(s.Low-(mean-half)) > eps || math.Abs(s.High-(mean+half)) > eps {
		t.Errorf("%s: %v, want %.3f [%.3f, %.3f]", what, s, mean, mean-half, mean+half)
	}
}

// A session's last deal may come short: 3 deals in sessions of 2 are two
// sessions, the second of one deal.
func TestMeasuresShortLastSession(t *testing.T) {
	perDeal := []float64{6, -3, -3, -6, 9, -3, 3, 0, -3}
	info := []dealInfo{{2, playedOut}, {0, playedOut}, {2, playedOut}}
	m := measure(perDeal, info, 3, 2)
	if m.Sessions != 2 || m.FinalGap.N != 2 || m.FinalGap.Mean != (3+3)/2.0 {
		t.Errorf("sessions %d, final gap %v; want 2 sessions, gaps 3 and 3", m.Sessions, m.FinalGap)
	}
}

// The measures come from a run's deals only when it kept them; a run that
// kept them is measured deal for deal (its auction shares agree with its
// all-pass share).
func TestMeasuresOfARun(t *testing.T) {
	r, err := rulesets.Open("sochi")
	if err != nil {
		t.Fatal(err)
	}
	plain, err := Run(r, Config{Deals: 30, Seed: 3}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := MeasuresOf(plain); err == nil || !strings.Contains(err.Error(), "KeepPerDeal") {
		t.Errorf("a run without its deals measured: %v", err)
	}
	kept, err := Run(r, Config{Deals: 30, Seed: 3, SessionLen: 7, KeepPerDeal: true}, nil)
	if err != nil {
		t.Fatal(err)
	}
	m, err := MeasuresOf(kept)
	if err != nil {
		t.Fatal(err)
	}
	if m.Deals != 30 || m.Sessions != 5 || m.SessionLen != 7 || m.BestPlayerWins.N != 5 {
		t.Errorf("deals %d, sessions %d of %d; want 30, 5 of 7", m.Deals, m.Sessions, m.SessionLen)
	}
	if m.PassedOut.Mean > kept.AllPass.Mean {
		t.Errorf("passed out %v beyond all passed %v", m.PassedOut, kept.AllPass)
	}
	for i, s := range kept.Seats {
		mean := 0.0
		for _, o := range kept.Seats {
			mean += o.Mean / float64(len(kept.Seats))
		}
		if math.Abs(m.SeatAdvantage[i].Mean-(s.Mean-mean)) > 1e-9 {
			t.Errorf("seat %d's advantage %v, want its mean %v minus the table's %v", i, m.SeatAdvantage[i], s.Mean, mean)
		}
	}
}

// A grid runs its first axis slowest, in the order the values were given;
// a grid beyond MaxGridCells, an option swept twice and a malformed axis are
// refused, naming the option.
func TestGrid(t *testing.T) {
	a, err := ParseAxis("x=1, 2")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := ParseAxis("y=p,q,r")
	grid, err := Grid([]Axis{a, b})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, cell := range grid {
		got = append(got, strings.Join(cell, " "))
	}
	want := []string{"x=1 y=p", "x=1 y=q", "x=1 y=r", "x=2 y=p", "x=2 y=q", "x=2 y=r"}
	if !slices.Equal(got, want) {
		t.Errorf("grid %q, want %q", got, want)
	}
	nine, _ := ParseAxis("n=1,2,3,4,5,6,7,8,9")
	eight, _ := ParseAxis("m=1,2,3,4,5,6,7,8")
	if _, err := Grid([]Axis{nine, eight}); err == nil || !strings.Contains(err.Error(), "more than 64 cells") {
		t.Errorf("a grid of 72 cells: %v", err)
	}
	if _, err := Grid([]Axis{a, a}); err == nil || !strings.Contains(err.Error(), "--sweep x") {
		t.Errorf("x swept twice: %v", err)
	}
	for _, bad := range []string{"x", "=1,2", "x=", "x=1,,2", "x=1,1"} {
		if _, err := ParseAxis(bad); err == nil {
			t.Errorf("--sweep %q accepted", bad)
		}
	}
}

// Ranks put the better first by the measure's direction, equal values in
// the grid's order.
func TestRanks(t *testing.T) {
	ms := []*Measures{
		{SeatSpread: Stat{Mean: 3}, BestPlayerWins: Stat{Mean: 0.2}},
		{SeatSpread: Stat{Mean: 1}, BestPlayerWins: Stat{Mean: 0.5}},
		{SeatSpread: Stat{Mean: 3}, BestPlayerWins: Stat{Mean: 0.4}},
	}
	balance, _ := RankMeasureNamed("seat-balance")
	if got := Ranks(ms, balance); !slices.Equal(got, []int{2, 1, 3}) {
		t.Errorf("by seat balance %v, want [2 1 3]", got)
	}
	best, _ := RankMeasureNamed("best-player-wins")
	if got := Ranks(ms, best); !slices.Equal(got, []int{3, 1, 2}) {
		t.Errorf("by best player wins %v, want [3 1 2]", got)
	}
	if _, err := RankMeasureNamed("balance"); err == nil || !strings.Contains(err.Error(), "seat-balance") {
		t.Errorf("an unknown measure: %v", err)
	}
}
