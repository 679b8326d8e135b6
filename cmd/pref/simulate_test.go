package main

import (
	"bytes"
	"strings"
	"testing"
)

// pref simulate prints the same report whatever the workers, compares two
// rulesets on the same cards, and refuses figures out of range.
func TestSimulate(t *testing.T) {
	runOut := func(args ...string) (int, string) {
		var out bytes.Buffer
		code := run(args, &out, &out)
		return code, out.String()
	}
	c1, one := runOut("simulate", "--ruleset", "austrian-1829", "--deals", "300", "--workers", "1")
	c2, two := runOut("simulate", "--ruleset", "austrian-1829", "--deals", "300", "--workers", "2")
	if c1 != exitOK || c2 != exitOK || one != two {
		t.Fatalf("1 worker (exit %d) and 2 workers (exit %d) differ:\n%s\n%s", c1, c2, one, two)
	}
	for _, want := range []string{"all passed", "forehand", "dealer", "declarer's result"} {
		if !strings.Contains(one, want) {
			t.Errorf("the report does not show %q:\n%s", want, one)
		}
	}
	code, cmp := runOut("simulate", "--ruleset", "sochi", "--deals", "200", "--compare-option", "all-pass-clean-bonus=none")
	if code != exitOK || !strings.Contains(cmp, "What changes, deal by deal") {
		t.Errorf("compare: exit %d\n%s", code, cmp)
	}
	if code, out := runOut("simulate", "--deals", "0"); code != exitUsage {
		t.Errorf("--deals 0: exit %d\n%s", code, out)
	}
	if code, out := runOut("simulate", "--ruleset", "sochi", "--compare", "austrian-1829", "--deals", "10"); code != exitOK {
		t.Errorf("two three-handed rulesets on the same cards: exit %d\n%s", code, out)
	}
}

// pref match plays duplicate and reports each kind of player.
func TestMatch(t *testing.T) {
	var out bytes.Buffer
	code := run([]string{"match", "--ruleset", "austrian-1829", "--deals", "2", "--workers", "2"}, &out, &out) // a deal for each worker
	if code != exitOK || !strings.Contains(out.String(), "strong") || !strings.Contains(out.String(), "simple") {
		t.Fatalf("exit %d\n%s", code, out.String())
	}
	out.Reset()
	if code := run([]string{"match", "--players", "clever,simple", "--deals", "1"}, &out, &out); code != exitUsage {
		t.Errorf("an unknown player: exit %d\n%s", code, out.String())
	}
}

// pref play --bots strong seats strong computer players.
func TestPlayWithStrongBots(t *testing.T) {
	var simple, strong bytes.Buffer
	if code := run([]string{"play", "--seed", "23", "--ascii"}, &simple, &simple); code != exitOK {
		t.Fatalf("exit %d", code)
	}
	if code := run([]string{"play", "--seed", "23", "--ascii", "--bots", "strong"}, &strong, &strong); code != exitOK || !strings.Contains(strong.String(), "Settlement") {
		t.Fatalf("exit %d\n%s", code, strong.String())
	}
	if simple.String() == strong.String() {
		t.Error("the strong players played exactly as the simple ones on seed 23")
	}
}
