package main

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/rulesets"
)

// settleStatements are a few deals of r to state to pref settle: the
// lowest bid made, the same bid failed by a trick, and all passing (with
// the tricks of the all-pass game where the ruleset plays one).
func settleStatements(r *ruleset.Ruleset) map[string][]string {
	out := map[string][]string{}
	seats := []string{"Anton", "Brigitte", "Charlotte"}
	// the lowest bid that is played without a contra
	if i := slices.IndexFunc(r.Ladder, func(c ruleset.Call) bool { return !r.Contracts[c.Contract].MustContra }); i >= 0 {
		ci := r.Ladder[i].Contract
		need := r.Need(ci, false)
		for _, s := range []struct {
			what  string
			taken int
		}{{"made", need}, {"failed", need - 1}} {
			rest := r.HandSize - s.taken
			tricks := fmt.Sprintf("%s=%d,%s=%d,%s=%d", seats[0], s.taken, seats[1], rest-rest/2, seats[2], rest/2)
			out[s.what] = []string{"--declarer", seats[0], "--bid", r.Contracts[ci].Name, "--tricks", tricks}
		}
	}
	passed := []string{"--passed"}
	for ci := range r.Contracts {
		if r.Contracts[ci].NoDeclarer {
			third := r.HandSize / 3
			passed = append(passed, "--tricks", fmt.Sprintf("%d,%d,%d", r.HandSize-2*third, third, third))
		}
	}
	out["all pass"] = passed
	return out
}

// TestPlainScanSettle: pref settle's sentences (not --arithmetic) show no
// expression, internal name or option name, for every embedded ruleset
// at its defaults and at each option value: a game made, failed and all
// passing. At the defaults each statement must be settled (exit 0); an
// option value may refuse one (another test's concern).
func TestPlainScanSettle(t *testing.T) {
	for _, name := range rulesets.Names() {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			r, err := rulesets.Open(name)
			if err != nil {
				t.Fatal(err)
			}
			scan := newLeakScanner(r)
			found := map[string]bool{}
			for _, setting := range optionSettings(r) {
				for what, statement := range settleStatements(r) {
					args := append([]string{"settle", "--ruleset", name}, statement...)
					if setting != "" {
						args = append(args, "--option", setting)
					}
					out, code := runText(args...)
					if code != 0 && setting == "" && what != "all pass" {
						t.Errorf("pref %s (%s): exit %d", strings.Join(args, " "), what, code)
					}
					for _, l := range scan.leaks(out) {
						if !found[l] {
							found[l] = true
							t.Errorf("pref %s (%s): %s", strings.Join(args, " "), what, l)
						}
					}
				}
			}
		})
	}
}

// TestPlainScanTutorial: the guided deal of pref tutorial --plain
// --skip-lessons (its narration, questions and settlement) shows no
// expression, internal name or option name, for every embedded ruleset at
// its defaults (three deals) and at every option value (one deal each, its
// seed moving with the setting, so that the settings between them walk
// different deals). PREF_SCAN_TUTORIAL_OPTIONS=1 walks three deals at
// every value (the walk's perfect-play analysis making it some 15
// seconds).
func TestPlainScanTutorial(t *testing.T) {
	for _, name := range rulesets.Names() {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			r, err := rulesets.Open(name)
			if err != nil {
				t.Fatal(err)
			}
			scan := newLeakScanner(r)
			found := map[string]bool{}
			every := os.Getenv("PREF_SCAN_TUTORIAL_OPTIONS") != ""
			for i, setting := range optionSettings(r) {
				seeds := []int{i + 1, i + 100, i + 200}
				if setting != "" && !every {
					seeds = seeds[:1]
				}
				for _, seed := range seeds {
					args := []string{"tutorial", name, "--plain", "--skip-lessons", "--seed", fmt.Sprint(seed)}
					if setting != "" {
						args = append(args, "--option", setting)
					}
					out, code := runText(args...)
					if code != 0 && setting == "" {
						t.Errorf("pref %s: exit %d", strings.Join(args, " "), code)
					}
					for _, l := range scan.leaks(out) {
						if !found[l] {
							found[l] = true
							t.Errorf("pref %s: %s", strings.Join(args, " "), l)
						}
					}
				}
			}
		})
	}
}
