package main

import (
	"strings"
	"testing"
)

// TestPlayMarkingsLineUsesRulesetWord: the summary after each deal of
// pref play names the markings held in the ruleset's word (marking:
// {one: refa, several: refas} in west-balkans), as pref settle does, not
// the engine's "Markings".
func TestPlayMarkingsLineUsesRulesetWord(t *testing.T) {
	out, code := runText("play", "--ruleset", "west-balkans", "--option", "refa=true", "--seed", "1", "--deals", "3")
	if code != 0 {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	if !strings.Contains(out, "\nRefas: Anton ") {
		t.Errorf("no summary line of refas held:\n%s", out)
	}
	if strings.Contains(out, "Markings:") {
		t.Errorf("the summary says Markings, not the ruleset's word:\n%s", out)
	}
}
