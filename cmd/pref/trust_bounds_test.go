package main

import (
	"strings"
	"testing"
)

// TestWorkersBoundedAlike: --workers of simulate and match is 1 to
// maxWorkers, refused alike by both (exit 2, the flag and the range named)
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
