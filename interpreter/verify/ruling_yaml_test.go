package verify_test

import (
	"strings"
	"testing"

	"github.com/preference-rules/pref/interpreter/verify"
)

// TestRulingWrongKindOfValue: a case value of the wrong kind is told in the
// case's words, at its line: the key, what was written and what the key
// takes. Before, `expect: tricks` was "cannot unmarshal !!str `tricks`
// into verify.Expect", a Go type's name.
func TestRulingWrongKindOfValue(t *testing.T) {
	head := "ruleset: sochi\nseats: [A, B, C]\ncontract: {declarer: A, bid: 6-spades}\ntricks: {A: 6, B: 2, C: 2}\n"
	cases := []struct{ body, want string }{
		{"expect: tricks\n", `case.yaml:5:1: expect: "tricks" is text, but expect takes a mapping with the keys transfers, net`},
		{"expect:\n  transfers: 5\n", `case.yaml:6:3: transfers: "5" is a number, but transfers takes a list`},
		{"expect:\n  net: [1]\n", `case.yaml:6:3: net: a list is written, but net takes a mapping`},
	}
	for _, c := range cases {
		_, err := verify.RunBytes("case.yaml", []byte(head+c.body))
		if err == nil {
			t.Fatalf("%q: no error", c.body)
		}
		msg := err.Error()
		if !strings.Contains(msg, c.want) {
			t.Errorf("%q: error %q does not say %q", c.body, msg, c.want)
		}
		for _, leak := range []string{"verify.", "unmarshal", "!!", "[]", "map["} {
			if strings.Contains(msg, leak) {
				t.Errorf("%q: error %q shows the program's %q", c.body, msg, leak)
			}
		}
	}
}
