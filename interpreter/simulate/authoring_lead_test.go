package simulate_test

import (
	"reflect"
	"testing"

	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/interpreter/simulate"
	"github.com/preference-rules/pref/rulesets"
)

// A house variant with rules of the lead is simulated like any ruleset:
// every deal is played out under them (a lead that broke one would stop
// the run with an error), and on the same cards the play, and so the
// results, differ from the base's.
func TestSimulatePlaysLeadRules(t *testing.T) {
	house, err := ruleset.LoadWith("lead-house.yaml", []byte(`name: lead-house
extends: sochi
play:
  lead:
    - {trick: 1, must: trump}
    - {by: defenders, may_not: trump}
`), func(from, base string) (string, []byte, error) {
		data, _ := rulesets.Source(base)
		return "rulesets/" + base + ".yaml", data, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	base, err := rulesets.Open("sochi")
	if err != nil {
		t.Fatal(err)
	}
	cfg := simulate.Config{Deals: 200, Workers: 1, Seed: 29}
	h, err := simulate.Run(house, cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	b, err := simulate.Run(base, cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	if h.Deals != 200 {
		t.Fatalf("%d deals simulated", h.Deals)
	}
	if reflect.DeepEqual(h.Contracts, b.Contracts) && reflect.DeepEqual(h.Seats, b.Seats) {
		t.Fatal("the lead rules changed nothing in 200 deals")
	}
}
