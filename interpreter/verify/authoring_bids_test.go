package verify_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/interpreter/verify"
	"github.com/preference-rules/pref/rulesets"
)

// handCase states 6 spades (or bid) declared by Anna from the hand.
func handCase(r *ruleset.Ruleset, bid string) *verify.Case {
	return &verify.Case{Ruleset: r.Name, Seats: []string{"Anna", "Boris", "Vera"},
		Contract: verify.ContractSpec{Declarer: "Anna", Bid: bid, Hand: true},
		Tricks:   map[string]int{"Anna": 6, "Boris": 2, "Vera": 2}}
}

// A contract played from the hand that the ruleset's auction cannot give
// is refused with the reason, as pref settle --bid 6-spades --hand states
// it: sochi plays nothing from the hand; a house file of sochi with one
// hand bid (7 spades without the talon) plays that one, and those the
// declarer may announce above it, but not 6 spades. Before, all were
// settled.
func TestAuthoringHandBidOnTheLadder(t *testing.T) {
	sochi, err := rulesets.Open("sochi")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := handCase(sochi, "6-spades").Outcome(sochi); err == nil || !strings.Contains(err.Error(), "sochi plays no contract from the hand") {
		t.Errorf("sochi, 6 spades from the hand: %v", err)
	}
	house := filepath.Join(t.TempDir(), "seven.yaml")
	src := `extends: sochi
name: seven-without-talon
auction:
  ladder: [6-spades, 6-clubs, 6-diamonds, 6-hearts, 6-no-trump,
           7-spades, 7-spades hand, 7-clubs, 7-diamonds, 7-hearts, 7-no-trump,
           8-spades, 8-clubs, 8-diamonds, 8-hearts, 8-no-trump, misere,
           9-spades, 9-clubs, 9-diamonds, 9-hearts, 9-no-trump,
           10-spades, 10-clubs, 10-diamonds, 10-hearts, 10-no-trump]
`
	if err := os.WriteFile(house, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	r, err := rulesets.Open(house)
	if err != nil {
		t.Fatal(err)
	}
	_, err = handCase(r, "6-spades").Outcome(r)
	if err == nil || !strings.Contains(err.Error(), "contract: hand: the ladder of seven-without-talon has no hand bid of 6-spades") || !strings.Contains(err.Error(), "its hand bids: 7-spades") {
		t.Errorf("6 spades from the hand: %v", err)
	}
	seven := handCase(r, "7-spades")
	seven.Tricks = map[string]int{"Anna": 7, "Boris": 2, "Vera": 1}
	if _, err := seven.Outcome(r); err != nil {
		t.Errorf("7 spades from the hand, on the ladder: %v", err)
	}
}
