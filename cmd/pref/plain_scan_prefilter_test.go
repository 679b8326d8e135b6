package main

import (
	"strings"
	"testing"

	"github.com/preference-rules/pref/rulesets"
)

// TestLeakScannerEachPattern: each of the scanner's patterns finds a line
// that only it finds, behind the character the scanner looks for first
// (an operator's, the dot of a party's field, an internal name's
// underscore, an option's hyphen).
func TestLeakScannerEachPattern(t *testing.T) {
	r, err := rulesets.Open("sochi")
	if err != nil {
		t.Fatal(err)
	}
	s := newLeakScanner(r)
	for _, c := range []struct{ line, what string }{
		{"the pot is paid when tricks >= 6", "operator"},
		{"the whists a != b", "operator"},
		{"the declarer a && b", "operator"},
		{"the declarer gets x ? y", "operator"},
		{"Charlotte is paid to.credited", "a party's field"},
		{"all_pass_rate 2", "internal name"},
		{"if the option personal-whist-quota is on", "option name"},
	} {
		if what := s.leak(c.line); !strings.HasPrefix(what, c.what) {
			t.Errorf("%q: found %q, not the %s", c.line, what, c.what)
		}
	}
}
