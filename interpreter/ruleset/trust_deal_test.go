package ruleset_test

import (
	"strings"
	"testing"

	"github.com/preference-rules/pref/rulesets"
)

// A deal that gives the hands no card passed every check of the loader and
// failed at the first trick of play ("Anton has no card for trick 1"):
// found by FuzzAnyValidRulesetPlays (testdata/fuzz, 93035c5110f335ee). It
// is refused where the packets are written.
func TestTrustDealGivesTheHandsCards(t *testing.T) {
	path := writeHouse(t, "talon-only.yaml", `name: talon-only
extends: sochi
deal:
  packets: [{to: talon, cards: 32}]
`)
	_, err := rulesets.Open(path)
	want := path + ":4:12: packets deal no card to the hands (all 32 go to the talon)"
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("want %s, got %v", want, err)
	}
}
