package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// replacedLine is a narration line saying an English word a set replaces:
// a call of pass, or a defender who plays, drops out or takes half.
var replacedLine = regexp.MustCompile(`(?m)^  \S+ +(pass|plays|drops out|takes half)\b`)

// TestSaidWordsPlayAndExplain: pref play with a words set in force
// narrates the set's words for the pass and the defence (serbian dalje,
// dođem; russian pas, vist) and none of the English ones they replace;
// the record it writes keeps pass, play and drop, and pref explain reads
// it back, its auction and defence lines in the set's words (explain) and
// none of the English ones.
func TestSaidWordsPlayAndExplain(t *testing.T) {
	for _, c := range []struct {
		ruleset, terms, seed string
		want, explain        []string
	}{
		{"serbian", "serbian", "7", []string{"  Anton      dalje ", "  Charlotte  says dođem\n", "  Anton      says dođem\n", "  Charlotte  says dođem, and calls kontra"}, []string{
			"Auction: Anton says dalje, Brigitte bids pik, Charlotte says dalje.\n",
			"Defence: Charlotte: dođem; Anton: dođem.\n",
			"Defence: Charlotte: dođem, kontra; Anton: brought in by the kontra, plays for Charlotte.\n",
			"Defence: Charlotte: dođem; Anton: dalje.\n",
			"  Anton said dalje; Charlotte took 3 tricks.\n",
		}},
		{"sochi", "russian", "1", []string{"  Anton      pas ", "  Brigitte   says vist\n"}, nil},
	} {
		rec := filepath.Join(t.TempDir(), c.ruleset+".yaml")
		play, code := runText("play", "--ruleset", c.ruleset, "--option", "terms="+c.terms, "--seed", c.seed, "--deals", "3", "--record", rec)
		if code != exitOK {
			t.Fatalf("%s: pref play: exit %d\n%s", c.ruleset, code, play)
		}
		for _, want := range c.want {
			if !strings.Contains(play, want) {
				t.Errorf("%s terms=%s: pref play does not say %q:\n%s", c.ruleset, c.terms, want, play)
			}
		}
		if m := replacedLine.FindString(play); m != "" {
			t.Errorf("%s terms=%s: pref play says %q", c.ruleset, c.terms, m)
		}
		written, err := os.ReadFile(rec)
		if err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{": pass}", ": play}"} {
			if !strings.Contains(string(written), want) {
				t.Errorf("%s: the record does not write %q:\n%s", c.ruleset, want, written)
			}
		}
		if strings.Contains(string(written), "dalje") || strings.Contains(string(written), ": pas}") || strings.Contains(string(written), "vist}") {
			t.Errorf("%s: the record writes a set's word:\n%s", c.ruleset, written)
		}
		explain, code := runText("explain", rec)
		if code != exitOK {
			t.Fatalf("%s: pref explain of the record: exit %d\n%s", c.ruleset, code, explain)
		}
		checkExplainSaid(t, c.ruleset+" terms="+c.terms, explain, c.explain)
	}
}

// checkExplainSaid: pref explain's text says each of want and, where want
// names lines in a set's words, none of the English words they replace.
func checkExplainSaid(t *testing.T, what, explain string, want []string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(explain, w) {
			t.Errorf("%s: pref explain does not say %q:\n%s", what, w, explain)
		}
	}
	if len(want) == 0 {
		return
	}
	for _, bad := range []string{" passes", ": play", ": drop", "dropped out"} {
		if strings.Contains(explain, bad) {
			t.Errorf("%s: pref explain says %q:\n%s", what, bad, explain)
		}
	}
}

// TestSaidWordsEnglishAsBefore: at the default terms the same deals say
// pass and the English verbs.
func TestSaidWordsEnglishAsBefore(t *testing.T) {
	play, code := runText("play", "--ruleset", "sochi", "--seed", "1", "--deals", "3")
	if code != exitOK {
		t.Fatalf("pref play: exit %d\n%s", code, play)
	}
	for _, want := range []string{"  Anton      pass ", "  Brigitte   plays\n"} {
		if !strings.Contains(play, want) {
			t.Errorf("pref play does not say %q:\n%s", want, play)
		}
	}
}

// TestSaidWordsRules: pref rules with a set in force defines the set's
// words for the calls and choices in its glossary, and the lessons name
// them beside the choices they are ("**play** (**dođem**)").
func TestSaidWordsRules(t *testing.T) {
	for _, c := range []struct {
		ruleset, terms string
		want, lesson   []string
	}{
		{"serbian", "serbian", []string{"dalje", "dođem", "zovem"}, []string{"**passes** (says **dalje**)", "**play** (**dođem**)", "**drop** out (**dalje**)", "**invite** (**zovem**)"}},
		{"sochi", "russian", []string{"pas", "vist", "polvista"}, []string{"**passes** (says **pas**)", "**play** (**vist**)", "**drop** out (pass, **pas**)", "**half** (**polvista**)"}},
	} {
		lessons, code := runText("rules", c.ruleset, "--option", "terms="+c.terms, "--markdown")
		if code != exitOK {
			t.Fatalf("%s: pref rules: exit %d\n%s", c.ruleset, code, lessons)
		}
		for _, w := range c.lesson {
			if !strings.Contains(lessons, w) {
				t.Errorf("%s terms=%s: the lessons do not say %q:\n%s", c.ruleset, c.terms, w, lessons)
			}
		}
		out, code := runText("rules", c.ruleset, "--option", "terms="+c.terms, "--glossary", "--markdown")
		if code != exitOK {
			t.Fatalf("%s: pref rules: exit %d\n%s", c.ruleset, code, out)
		}
		for _, w := range c.want {
			if !strings.Contains(out, "- "+w+":") && !strings.Contains(out, "- "+w+" (") {
				t.Errorf("%s terms=%s: the glossary does not define %q:\n%s", c.ruleset, c.terms, w, out)
			}
		}
	}
}

// TestSaidWordsSettle: pref settle's sentences say the set's words for the
// pass and the defence choices, and the English ones at the default
// (explain's lines: TestSaidWordsPlayAndExplain).
func TestSaidWordsSettle(t *testing.T) {
	deal := []string{"--ruleset", "sochi", "--declarer", "Anton", "--bid", "6-spades", "--drop", "Brigitte", "--half", "Charlotte"}
	out, _ := settleOut(t, 0, append(deal, "--option", "terms=russian")...)
	wantLines(t, out, "Brigitte said pas; Charlotte said polvista (half without play).")
	out, _ = settleOut(t, 0, deal...)
	wantLines(t, out, "Brigitte dropped out; Charlotte took half without play.")
}
