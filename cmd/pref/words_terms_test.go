package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/preference-rules/pref/rulesets"
)

// termsCase is a table's terms option at one value: the words a player
// must read in its deals (at least one of them in each output) and the
// English words the set replaces, which no sentence of a deal may show.
type termsCase struct {
	ruleset, setting string
	said             []string
	replaced         []string
	notInRecord      []string // the table's words a record must not write
}

var termsCases = []termsCase{
	{"sochi", "terms=russian", []string{"pulya", "gora", "visty", "piki", "trefy", "bubny", "chervy", "mizer", "raspasy"},
		[]string{"pool", "mountain", "whists", "spades", "clubs", "diamonds", "hearts", "misère", "all-pass"},
		[]string{"pulya", "gora", "visty", "pik", "tref", "buben", "chervey", "mizer", "raspasy"}},
	{"leningrad", "terms=russian", []string{"pulya", "gora", "visty", "piki", "trefy", "bubny", "chervy", "raspasy"},
		[]string{"pool", "mountain", "whists", "spades", "clubs", "diamonds", "hearts", "misère", "all-pass"},
		[]string{"pulya", "gora", "visty", "pik", "tref", "buben", "chervey", "mizer", "raspasy"}},
	{"serbian", "terms=serbian", []string{"pik", "karo", "herc", "tref"},
		[]string{"spades", "clubs", "diamonds", "hearts"},
		nil}, // its contracts are called pik, karo ... in records too
}

// sentences are the lines of out a player reads as the deal's own: every
// line but those quoting an option's description or the final score's
// (the ruleset author's prose about the option or the closing, which a
// term set does not rewrite; the amounts' list and the final sheet quote
// them).
func sentences(t *testing.T, name, out string) []string {
	r, err := rulesets.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	var keep []string
	for _, line := range strings.Split(out, "\n") {
		quoted := r.Sheet.Final != nil && strings.Contains(line, strings.TrimSuffix(r.Sheet.Final.Description, "."))
		for _, o := range r.Options {
			d := strings.TrimSuffix(o.Description, ".")
			quoted = quoted || d != "" && strings.Contains(line, d)
		}
		if !quoted {
			keep = append(keep, line)
		}
	}
	return keep
}

// englishIn are the replaced words a line shows as whole words.
func englishIn(line string, replaced []string) []string {
	var out []string
	lower := strings.ToLower(line)
	for _, w := range replaced {
		if !strings.Contains(lower, w) { // the pattern matches w as written: compiled only for a line holding it
			continue
		}
		if regexp.MustCompile(`(^|[^\p{L}-])` + regexp.QuoteMeta(w) + `($|[^\p{L}-])`).MatchString(lower) {
			out = append(out, w)
		}
	}
	return out
}

// TestTermsDealsInTheTablesWords: with the terms option at the table's
// language, the deals pref play deals, pref explain of their record and
// pref settle of a game made, failed and all passing say the table's
// words (pulya, gora, 6 buben; pik, karo) and none of the English words
// the set replaces, while the record keeps the canonical names.
func TestTermsDealsInTheTablesWords(t *testing.T) {
	for _, c := range termsCases {
		t.Run(c.ruleset, func(t *testing.T) {
			t.Parallel()
			r, err := rulesets.Open(c.ruleset)
			if err != nil {
				t.Fatal(err)
			}
			var all strings.Builder
			check := func(what, out string) {
				all.WriteString(out)
				for _, line := range sentences(t, c.ruleset, out) {
					if found := englishIn(line, c.replaced); len(found) > 0 {
						t.Errorf("%s: %v in %q", what, found, strings.TrimSpace(line))
					}
				}
			}
			dir := t.TempDir()
			rec := filepath.Join(dir, "deals.yaml")
			args := []string{"play", "--ruleset", c.ruleset, "--seed", "7", "--deals", "12", "--option", c.setting, "--record", rec}
			out, code := runText(args...)
			if code != 0 {
				t.Fatalf("pref %s: exit %d", strings.Join(args, " "), code)
			}
			check("pref play", out)
			out, code = runText("explain", rec)
			if code != 0 {
				t.Fatalf("pref explain: exit %d", code)
			}
			check("pref explain", out)
			for what, statement := range settleStatements(r) {
				args := append([]string{"settle", "--ruleset", c.ruleset, "--option", c.setting}, statement...)
				out, _ := runText(args...)
				check("pref settle ("+what+")", out)
			}
			said := 0
			for _, w := range c.said {
				if strings.Contains(all.String(), w) {
					said++
				}
			}
			if said < len(c.said)/2 {
				t.Errorf("the table's words %v: only %d of them said in the deals", c.said, said)
			}
			record, err := os.ReadFile(rec)
			if err != nil {
				t.Fatal(err)
			}
			if found := englishIn(string(record), c.notInRecord); len(found) > 0 {
				t.Errorf("the record writes the table's words %v: it keeps the canonical names", found)
			}
		})
	}
}

// TestTermsRulesAndGlossary: pref rules with the option names the
// accounts and contracts in the table's words, and the glossary defines
// them with the table's own script beside the transliteration.
func TestTermsRulesAndGlossary(t *testing.T) {
	for _, c := range []struct {
		ruleset, setting string
		want             []string
	}{
		{"sochi", "terms=russian", []string{"pulya (пуля)", "gora (гора)", "raspasy (распасы)", "6 buben"}},
		{"rostov", "terms=russian", []string{"pulya (пуля)", "gora (гора)", "mizer (мизер)"}},
		{"serbian", "terms=serbian", []string{"dalje", "pik: Spades"}},
	} {
		out, code := runText("rules", c.ruleset, "--option", c.setting, "--glossary")
		if code != 0 {
			t.Fatalf("pref rules %s --glossary: exit %d", c.ruleset, code)
		}
		book, _ := runText("rules", c.ruleset, "--option", c.setting)
		for _, w := range c.want {
			if !strings.Contains(out+book, w) {
				t.Errorf("pref rules %s --option %s: %q not said", c.ruleset, c.setting, w)
			}
		}
		plain, _ := runText("rules", c.ruleset, "--glossary")
		if strings.Contains(plain, c.want[0]) {
			t.Errorf("pref rules %s --glossary at the defaults says %q: English is the default", c.ruleset, c.want[0])
		}
	}
}

// TestTermsEnglishByDefault: at the defaults the sets change nothing: a
// deal settled with terms=english reads as one with no option given.
func TestTermsEnglishByDefault(t *testing.T) {
	for _, c := range termsCases {
		r, err := rulesets.Open(c.ruleset)
		if err != nil {
			t.Fatal(err)
		}
		for what, statement := range settleStatements(r) {
			plain, _ := runText(append([]string{"settle", "--ruleset", c.ruleset}, statement...)...)
			english, _ := runText(append([]string{"settle", "--ruleset", c.ruleset, "--option", "terms=english"}, statement...)...)
			if plain != english {
				t.Errorf("%s %s: terms=english differs from the defaults:\n%s\n---\n%s", c.ruleset, what, plain, english)
			}
		}
	}
}
