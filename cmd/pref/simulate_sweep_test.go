package main

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

func runSimulateOut(args ...string) (int, string) {
	var out bytes.Buffer
	code := run(append([]string{"simulate"}, args...), &out, &out)
	return code, out.String()
}

// pref simulate --sweep plays every cell of its grid on the same deals and
// returns them in the grid's order (the first option slowest), each ranked.
func TestSimulateSweepGrid(t *testing.T) {
	code, out := runSimulateOut("--ruleset", "sochi", "--deals", "20", "--session", "5", "--json",
		"--sweep", "all-pass-clean-bonus=none,fixed", "--sweep", "totus=false,true")
	if code != exitOK {
		t.Fatalf("exit %d\n%s", code, out)
	}
	var sw struct {
		RankBy     string
		SessionLen int
		Cells      []struct {
			Options  []string
			Rank     int
			Measures struct{ Deals, Sessions int }
		}
	}
	if err := json.Unmarshal([]byte(out), &sw); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	var grid []string
	var ranks []int
	for _, c := range sw.Cells {
		grid = append(grid, strings.Join(c.Options, " "))
		ranks = append(ranks, c.Rank)
		if c.Measures.Deals != 20 || c.Measures.Sessions != 4 {
			t.Errorf("%v: %d deals in %d sessions, want 20 in 4", c.Options, c.Measures.Deals, c.Measures.Sessions)
		}
	}
	want := []string{"all-pass-clean-bonus=none totus=false", "all-pass-clean-bonus=none totus=true",
		"all-pass-clean-bonus=fixed totus=false", "all-pass-clean-bonus=fixed totus=true"}
	if !slices.Equal(grid, want) {
		t.Errorf("grid %q, want %q", grid, want)
	}
	slices.Sort(ranks)
	if !slices.Equal(ranks, []int{1, 2, 3, 4}) || sw.RankBy != "seat-balance" || sw.SessionLen != 5 {
		t.Errorf("ranks %v by %s, sessions of %d; want 1 to 4 by seat-balance, of 5", ranks, sw.RankBy, sw.SessionLen)
	}
	code, text := runSimulateOut("--ruleset", "sochi", "--deals", "20", "--sweep", "totus=false,true", "--rank-by", "lead-changes")
	if code != exitOK || !strings.Contains(text, "ranked by lead-changes") || !strings.Contains(text, "totus=true") {
		t.Errorf("the table: exit %d\n%s", code, text)
	}
}

// A bad sweep is refused before any deal is played, exit 2, naming what is
// wrong: the option, the value, the grid's size.
func TestSimulateSweepRefused(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--sweep", "pool-targt=10,20"}, `no option "pool-targt"`},
		{[]string{"--sweep", "pool-target=10,ten"}, "--sweep pool-target=ten"},
		{[]string{"--sweep", "pool-target"}, `--sweep "pool-target": want OPTION=v1,v2`},
		{[]string{"--sweep", "pool-target=10,10"}, "--sweep pool-target: the value 10 is given twice"},
		{[]string{"--sweep", "pool-target=1,2,3,4,5,6,7,8", "--sweep", "totus-bonus=1,2,3,4,5,6,7,8,9"}, "more than 64 cells"},
		{[]string{"--sweep", "pool-target=10,20", "--deals", "6000000"}, "more than 10000000 deals in all"},
		{[]string{"--sweep", "pool-target=10,20", "--option", "pool-target=30"}, "--sweep pool-target: the option is also given by --option"},
		{[]string{"--sweep", "pool-target=10,20", "--compare-option", "totus=true"}, "takes no --compare"},
		{[]string{"--sweep", "pool-target=10,20", "--rank-by", "fairness"}, `--rank-by "fairness": one of seat-balance`},
		{[]string{"--session", "1001"}, "--session 1001"},
		{strings.Fields(strings.Repeat("--sweep totus=false ", 17)), "--sweep: 17 options swept, at most 16"},
	} {
		code, out := runSimulateOut(append([]string{"--ruleset", "sochi", "--deals", "10"}, c.args...)...)
		if code != exitUsage || !strings.Contains(out, c.want) {
			t.Errorf("%v: exit %d, want %d saying %q\n%s", c.args, code, exitUsage, c.want, out)
		}
	}
}

// pref simulate --compare measures both rulesets on the same deals, as text
// and as JSON.
func TestSimulateCompareMeasures(t *testing.T) {
	code, out := runSimulateOut("--ruleset", "sochi", "--deals", "40", "--compare-option", "all-pass-clean-bonus=none")
	for _, want := range []string{"What changes, deal by deal", "What a rule changes, measured (sessions of 20 deals", "forehand's advantage", "best player wins the session", "decided by the auction"} {
		if code != exitOK || !strings.Contains(out, want) {
			t.Errorf("exit %d, want %q in\n%s", code, want, out)
		}
	}
	code, out = runSimulateOut("--ruleset", "sochi", "--deals", "40", "--compare-option", "all-pass-clean-bonus=none", "--json")
	var v struct {
		Difference []json.RawMessage
		Measures   map[string]struct{ Deals, Sessions int }
	}
	if err := json.Unmarshal([]byte(out), &v); code != exitOK || err != nil {
		t.Fatalf("exit %d, %v\n%s", code, err, out)
	}
	if len(v.Difference) != 3 || v.Measures["ruleset"].Deals != 40 || v.Measures["compare"].Sessions != 2 {
		t.Errorf("difference %d seats, measures %+v; want 3 seats and both rulesets' 40 deals in 2 sessions", len(v.Difference), v.Measures)
	}
}
