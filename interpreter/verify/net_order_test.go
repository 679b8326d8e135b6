package verify_test

import (
	"strings"
	"testing"

	"github.com/preference-rules/pref/interpreter/verify"
)

// A case whose stated nets are wrong for several parties tells them in the
// same order every run: the seats as the case lists them, then the pot (a
// map's order is random, so twenty runs of four wrong nets would almost
// surely show two orders).
func TestWrongNetsToldInTheSeatsOrder(t *testing.T) {
	data := []byte(`ruleset: austrian-modern
title: four wrong nets
seats: [Anton, Brigitte, Charlotte]
pot: 30
options: {no-aces-bonus: true}
events: [no-aces]
contract: {declarer: Anton, bid: diamonds}
defence: {Brigitte: drop, Charlotte: play}
tricks: {Anton: 7, Charlotte: 3}
expect:
  net: {pot: -11, Charlotte: -11, Anton: 31, Brigitte: -11}
`)
	var first string
	for run := 0; run < 20; run++ {
		res, err := verify.RunBytes("nets.yaml", data)
		if err != nil || res.Passed() {
			t.Fatalf("four wrong nets: %v, passed %v", err, res.Passed())
		}
		told := strings.Join(res.Problems, "\n")
		if run == 0 {
			first = told
			inOrder(t, first, []string{"net Anton: got 30", "net Brigitte: got -10", "net Charlotte: got -10", "net pot: got -10"})
		} else if told != first {
			t.Fatalf("run %d told the problems otherwise:\n%s\nthen:\n%s", run+1, first, told)
		}
	}
}
