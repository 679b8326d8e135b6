package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestPlainContraByTwo: where each defender may call his own contra
// (Danube Swabian), a contra by both names both; a chain that went
// further is told with its answer. Before, only the first was named.
func TestPlainContraByTwo(t *testing.T) {
	deal := []string{"--ruleset", "danube-swabian", "--declarer", "Anton", "--bid", "hearts", "--tricks", "5,3,2"}
	out, _ := settleOut(t, 0, append(deal, "--contra", "Brigitte", "--contra", "Charlotte")...)
	wantLines(t, out, "Brigitte and Charlotte called contra.")
	out, _ = settleOut(t, 0, append(deal, "--contra", "Brigitte=recontra", "--contra", "Charlotte")...)
	wantLines(t, out, "Brigitte called contra and Anton recontra; Charlotte called contra.")
}

// TestPlainMarkingsInPlayAndExplain: the markings a deal gives are told
// in pref play's settlement and in pref explain in the ruleset's word
// (refa), with what each holds then; not as "+1 marking (rule ...)".
func TestPlainMarkingsInPlayAndExplain(t *testing.T) {
	rec := filepath.Join(t.TempDir(), "refa.yaml")
	play, code := runText("play", "--ruleset", "west-balkans", "--option", "refa=true", "--seed", "2", "--deals", "2", "--record", rec)
	if code != exitOK {
		t.Fatalf("pref play: exit %d\n%s", code, play)
	}
	explain, code := runText("explain", rec)
	if code != exitOK {
		t.Fatalf("pref explain: exit %d\n%s", code, explain)
	}
	for what, text := range map[string]string{"pref play": play, "pref explain": explain} {
		for _, want := range []string{
			"  Anton, Brigitte and Charlotte each get a refa.\n",
			"  Refas held now: Anton 1, Brigitte 1 and Charlotte 1.\n",
			"  Brigitte uses up a refa.\n",
		} {
			if !strings.Contains(text, want) {
				t.Errorf("%s does not say %q:\n%s", what, want, text)
			}
		}
		if strings.Contains(text, "marking (rule") {
			t.Errorf("%s tells a marking as arithmetic:\n%s", what, text)
		}
	}
}
