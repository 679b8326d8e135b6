package main

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/preference-rules/pref/internal/rulings"
	"github.com/preference-rules/pref/rulesets"
)

// TestWorkersBoundedAlike: --workers of simulate and match is 1 to
// rulings.MaxWorkers, refused alike by both (exit 2, the flag and the range named)
// before any work: a huge number once took gigabytes in seconds, and 0 or
// a negative number was quietly taken as 1.
func TestWorkersBoundedAlike(t *testing.T) {
	for _, command := range []string{"simulate", "match"} {
		for _, n := range []string{"0", "-1", "-2147483648", "257", "100000000", "9223372036854775807"} {
			args := []string{command, "--ruleset", "austrian-1829", "--deals", "1", "--workers", n}
			if n == "9223372036854775807" { // beyond int on 32 bits: pflag's own refusal
				_, stderr := expect(t, exitUsage, args...)
				if !strings.Contains(stderr, "--workers") {
					t.Errorf("pref %s: %q does not name the flag", show(args), stderr)
				}
				continue
			}
			_, stderr := expect(t, exitUsage, args...)
			if want := "--workers " + n + ": want 1 to 256"; !strings.Contains(stderr, want) {
				t.Errorf("pref %s: %q, want %q", show(args), stderr, want)
			}
		}
	}
	// the bounds themselves are accepted
	for _, n := range []string{"1", "256"} {
		expect(t, exitOK, "match", "--ruleset", "austrian-1829", "--players", "simple", "--deals", "1", "--workers", n)
	}
}

// TestMatchRefusesMoreKindsThanSeats: a kind of player beyond the seats
// never plays; the report named only those that did, as if the rest had not
// been asked for. Refused with the count of seats.
func TestMatchRefusesMoreKindsThanSeats(t *testing.T) {
	for _, c := range []struct {
		ruleset, players string
		want             string
	}{
		{"austrian-1829", "simple,strong,strong-cards,simple", "4 kinds for the 3 seats of austrian-1829; give at most 3"},
		{"sochi", "simple,simple,simple,simple", "4 kinds for the 3 seats of sochi"},
	} {
		_, stderr := expect(t, exitUsage, "match", "--ruleset", c.ruleset, "--players", c.players, "--deals", "1")
		if !strings.Contains(stderr, "--players "+c.players) || !strings.Contains(stderr, c.want) {
			t.Errorf("match --players %s: %q, want %q", c.players, stderr, c.want)
		}
	}
	expect(t, exitOK, "match", "--ruleset", "austrian-1829", "--players", "simple,simple,simple", "--deals", "1")
}

// TestOptionGivenTwiceRefused: --option k=5,k=7 (or --option given twice)
// silently took the last value. Every command with --option refuses it
// alike, naming the option.
func TestOptionGivenTwiceRefused(t *testing.T) {
	for _, args := range [][]string{
		{"settle", "--ruleset", "sochi", "--option", "pool-target=5,pool-target=7", "--declarer", "Anton", "--bid", "6-spades", "--tricks", "7,2,1"},
		{"settle", "--ruleset", "sochi", "--option", "pool-target=5", "--option", "pool-target=7", "--declarer", "Anton", "--bid", "6-spades", "--tricks", "7,2,1"},
		{"rules", "sochi", "--option", "pool-target=5,pool-target=5"},
		{"play", "--ruleset", "sochi", "--option", "pool-target=5,pool-target=7"},
		{"simulate", "--ruleset", "sochi", "--deals", "1", "--option", "pool-target=5,pool-target=7"},
		{"simulate", "--ruleset", "sochi", "--deals", "1", "--compare-option", "pool-target=5,pool-target=7"},
		{"match", "--ruleset", "sochi", "--deals", "1", "--option", "pool-target=5,pool-target=7"},
		{"analyse", "--ruleset", "sochi", "--option", "pool-target=5,pool-target=7", "--contract", "6-spades", "--declarer", "Anton", "--lead", "Brigitte"},
		{"tutorial", "sochi", "--option", "pool-target=5,pool-target=7"},
		{"show", "sochi", "--option", "pool-target=5,pool-target=7"},
		{"rules", "austrian-modern", "--option", "invitation=true,invitation=false"},
	} {
		_, stderr := expect(t, exitUsage, args...)
		if !strings.Contains(stderr, "is given twice") || !strings.Contains(stderr, "option \"") {
			t.Errorf("pref %s: %q does not refuse the option given twice", show(args), stderr)
		}
	}
}

// TestOptionValuesOneBound: an option's number is read by one reader with
// one bound on every command: ±10^12, and a number beyond int64 is refused
// as beyond it, not as "not an integer".
func TestOptionValuesOneBound(t *testing.T) {
	for _, v := range []string{"1000000000001", "-1000000000001", "99999999999999999999999"} {
		_, stderr := expect(t, exitUsage, "rules", "sochi", "--option", "pool-target="+v)
		if !strings.Contains(stderr, "beyond ±1000000000000") {
			t.Errorf("--option pool-target=%s: %q", v, stderr)
		}
	}
	expect(t, exitOK, "rules", "sochi", "--option", "pool-target=1000000000000")
}

// playedRecord plays deals deals of austrian-1829 and records them in a
// file of the test's temporary directory.
func playedRecord(t *testing.T, deals int) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "played.yaml")
	expect(t, exitOK, "play", "--ruleset", "austrian-1829", "--seed", "4", "--deals", fmt.Sprint(deals), "--record", path)
	return path
}

// TestAnalyseRecordBounded: pref analyse RECORD solved every deal however
// many (1,000 deals: a minute and a half, no sign of life). A run solves
// at most rulings.MaxAnalysedDeals; more is refused at once (exit 2) with the way
// to choose: --deals N-M, whose deals keep their numbers.
func TestAnalyseRecordBounded(t *testing.T) {
	path := playedRecord(t, rulings.MaxAnalysedDeals+1)
	start := time.Now()
	_, stderr := expect(t, exitUsage, "analyse", path)
	if want := fmt.Sprintf("%d deals to analyse; pref analyse solves at most %d a run: choose them with --deals, e.g. --deals 1-%d", rulings.MaxAnalysedDeals+1, rulings.MaxAnalysedDeals, rulings.MaxAnalysedDeals); !strings.Contains(stderr, want) {
		t.Errorf("analyse of %d deals: %q, want %q", rulings.MaxAnalysedDeals+1, stderr, want)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("the refusal took %v: the deals were solved first", d)
	}
	out, _ := expect(t, exitOK, "analyse", path, "--deals", fmt.Sprint(rulings.MaxAnalysedDeals+1))
	if !strings.HasPrefix(out, fmt.Sprintf("Deal %d\n", rulings.MaxAnalysedDeals+1)) || strings.Count(out, "Deal ") != 1 {
		t.Errorf("--deals %d: not that deal alone:\n%s", rulings.MaxAnalysedDeals+1, out)
	}
	for _, bad := range []string{"0", "3-2", fmt.Sprint(rulings.MaxAnalysedDeals + 2), "x", "-4", "1-", "2-1000"} {
		_, stderr := expect(t, exitUsage, "analyse", path, "--deals", bad)
		if !strings.Contains(stderr, "--deals "+bad+": want N or N-M") {
			t.Errorf("--deals %s: %q", bad, stderr)
		}
	}
	expect(t, exitUsage, "analyse", "--deals", "3", "--contract", "spades", "--declarer", "Anton", "--lead", "Brigitte")
}

// TestAnalyseDealsKeepsTheText: a record within the bound reads as before,
// and --deals cuts out exactly the deals named, byte for byte.
func TestAnalyseDealsKeepsTheText(t *testing.T) {
	path := playedRecord(t, 4)
	all, _ := expect(t, exitOK, "analyse", path)
	same, _ := expect(t, exitOK, "analyse", path, "--deals", "1-4")
	if all != same || strings.Count(all, "Deal ") != 4 {
		t.Fatalf("--deals 1-4 differs from the whole record:\n%s\n---\n%s", all, same)
	}
	part, _ := expect(t, exitOK, "analyse", path, "--deals", "2-3")
	from, to := strings.Index(all, "Deal 2\n"), strings.Index(all, "Deal 4\n")
	if part != all[from:to] {
		t.Errorf("--deals 2-3:\n%s\nwant\n%s", part, all[from:to])
	}
	js, _ := expect(t, exitOK, "analyse", path, "--json", "--deals", "4")
	if !strings.Contains(js, `"deal": 4`) || strings.Contains(js, `"deal": 3`) {
		t.Errorf("--json --deals 4:\n%s", js)
	}
}

// TestAnalyseProgressInATerminal: at a terminal pref analyse RECORD counts
// the deals solved on a progress bar; piped, nothing but the analysis.
func TestAnalyseProgressInATerminal(t *testing.T) {
	path := playedRecord(t, 30)
	progressDraws(t, 30, "Deal 30", "analyse", path)
	code, stdout, stderr, _ := call(t, "analyse", path)
	if code != exitOK || stderr != "" || strings.Contains(stdout, "/30 deals") {
		t.Errorf("piped: exit %d, stderr %q", code, stderr)
	}
}

// TestAmericanPotBelowZeroIsStated: american-1909's pot goes below zero
// (a reward drawn in full from a pot that holds less) and is then filled
// again by the deposit. The ruleset's header must state that reading, with
// the very figures play shows, so a reader is not left to find it out.
func TestAmericanPotBelowZeroIsStated(t *testing.T) {
	out, _ := expect(t, exitOK, "play", "--ruleset", "american-1909", "--seed", "1", "--deals", "15")
	for _, want := range []string{"deal 14 of 15", "The pot goes from 8 to -1.", "Balances: Anton +2, Brigitte 0, Charlotte -1; pot -1", "deal 15 of 15", "Pot: 29"} {
		if !strings.Contains(out, want) {
			t.Fatalf("play american-1909 --seed 1: no %q; the example in the header no longer holds", want)
		}
	}
	data, ok := rulesets.Source("american-1909")
	if !ok {
		t.Fatal("no embedded american-1909")
	}
	header := string(data[:strings.Index(string(data), "\nname:")])
	header = strings.Join(strings.Fields(strings.ReplaceAll(header, "#", " ")), " ")
	for _, want := range []string{
		"The pot may go below zero",
		"draws his whole reward from the pot however little it holds",
		"the players owe it together",
		"A pot at or below zero counts as empty",
		"the pot goes from 8 to -1 at deal 14 and starts deal 15 at 29",
	} {
		if !strings.Contains(header, want) {
			t.Errorf("the header of american-1909.yaml does not state %q", want)
		}
	}
}
