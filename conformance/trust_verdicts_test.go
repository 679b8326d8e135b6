package conformance

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/preference-rules/pref/interpreter/verify"
)

// arrowCase names seats so that a "from->to" text key is ambiguous: pref
// settles A->B -> pot 6 (the declarer A->B fails), and the case expects
// A -> B->pot 6. Joined as text both are "A->B->pot".
const arrowCase = `ruleset: american-1909
title: arrow names
seats: [A, B->pot, A->B]
pot: 30
options: {penalty: 6}
contract: {declarer: A->B, bid: clubs, hand: true}
tricks: {A: 3, A->B: 5, B->pot: 2}
expect:
  transfers:
    - {from: A, to: B->pot, amount: 6}
`

// A seat named with "->" is refused where the case names it, by the one
// rule of package seats, before anything is settled.
func TestArrowSeatNameRefused(t *testing.T) {
	res, err := verify.RunBytes("arrow.yaml", []byte(arrowCase))
	if err == nil {
		t.Fatalf("accepted (passed: %v, problems %q); want the seat name refused", res.Passed(), res.Problems)
	}
	for _, want := range []string{"arrow.yaml:3:12:", `seat 2, "B->pot"`, `"->"`} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("%v; want it to say %s", err, want)
		}
	}
}

// Seat names that look alike or carry what a terminal acts on are refused
// in cases, with the line and column of the name.
func TestCaseSeatNamesOneRule(t *testing.T) {
	const base = "ruleset: sochi\nseats: [Anton, %s, Charlotte]\ncontract: {declarer: Anton, bid: 6-spades}\ntricks: {Anton: 6, Brigitte: 2, Charlotte: 2}\nexpect: {net: {Anton: 0}}\n"
	for name, want := range map[string]string{
		`anton`:                  "only by case",
		`"Bri\u200bgitte"`:       "U+200B",
		`"Bri\u202egitte"`:       "bidi",
		`"Bri\x1b]0;x\x07gitte"`: "control character",
		`"Bri gitte"`:            "space",
		`talon`:                  "reserved",
	} {
		text := strings.Replace(base, "%s", name, 1)
		_, err := verify.RunBytes(filepath.Join(t.TempDir(), "c.yaml"), []byte(text))
		if err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "c.yaml:2:16:") {
			t.Errorf("seat %s: %v; want a refusal at 2:16 saying %s", name, err, want)
		}
		if err != nil && strings.ContainsAny(err.Error(), "\x1b\u202e\u200b") {
			t.Errorf("seat %s: the error carries the raw character: %q", name, err)
		}
	}
}
