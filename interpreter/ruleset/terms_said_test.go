package ruleset_test

import (
	"strings"
	"testing"

	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/rulesets"
)

// TestTermsSaidWords: a words set's calls and defence words are in force
// with the set (serbian dalje, dođem, zovem; russian pas, vist, polvista)
// and gone at the default and when With switches back ("pass", no word).
func TestTermsSaidWords(t *testing.T) {
	for _, c := range []struct {
		ruleset, set, pass string
		defence            map[string]string
	}{
		{"serbian", "serbian", "dalje", map[string]string{"play": "dođem", "drop": "dalje", "invite": "zovem"}},
		{"sochi", "russian", "pas", map[string]string{"play": "vist", "drop": "pas", "half": "polvista"}},
		{"leningrad", "russian", "pas", map[string]string{"play": "vist", "drop": "pas", "half": "polvista"}},
		{"rostov", "russian", "pas", map[string]string{"play": "vist", "drop": "pas", "half": "polvista"}},
	} {
		base, err := rulesets.Open(c.ruleset)
		if err != nil {
			t.Fatal(err)
		}
		english := func(r *ruleset.Ruleset, what string) {
			t.Helper()
			if r.PassWord() != "pass" {
				t.Errorf("%s %s: pass is %q", c.ruleset, what, r.PassWord())
			}
			for _, choice := range ruleset.DefenceChoiceWords {
				if w := r.DefenceWord(choice); w != "" {
					t.Errorf("%s %s: %s is %q", c.ruleset, what, choice, w)
				}
			}
		}
		english(base, "at its defaults")
		set, err := base.With(map[string]any{"terms": c.set})
		if err != nil {
			t.Fatal(err)
		}
		if set.PassWord() != c.pass {
			t.Errorf("%s terms=%s: pass is %q, want %q", c.ruleset, c.set, set.PassWord(), c.pass)
		}
		for _, choice := range ruleset.DefenceChoiceWords {
			if got := set.DefenceWord(choice); got != c.defence[choice] {
				t.Errorf("%s terms=%s: %s is %q, want %q", c.ruleset, c.set, choice, got, c.defence[choice])
			}
		}
		english(base, "after With")
		back, err := set.With(map[string]any{"terms": "english"})
		if err != nil {
			t.Fatal(err)
		}
		english(back, "back to english")
	}
}

// TestTermsSaidDoublingsAndMarkings: a set's call_words and marking
// replace the ruleset's while it is in force, and the ruleset's own come
// back with the default.
func TestTermsSaidDoublingsAndMarkings(t *testing.T) {
	src := "extends: sochi\nname: house\ntitle: House\n" +
		"words: {option: terms, sets: {russian: {call_words: {contra: kontra, recontra: rekontra}, marking: {one: bomba}}}}\n"
	r, err := ruleset.Load("house.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	own := func(r *ruleset.Ruleset, what string) {
		t.Helper()
		if r.ContraWord(1) != "contra" || r.ContraWord(2) != "recontra" || r.Marking.One == "bomba" {
			t.Errorf("%s: %q %q %+v", what, r.ContraWord(1), r.ContraWord(2), r.Marking)
		}
	}
	own(r, "at the default")
	ru, err := r.With(map[string]any{"terms": "russian"})
	if err != nil {
		t.Fatal(err)
	}
	if ru.ContraWord(1) != "kontra" || ru.ContraWord(2) != "rekontra" || ru.ContraWord(3) != "subcontra" ||
		ru.Marking != (ruleset.MarkingWords{One: "bomba", Several: "bombas"}) {
		t.Errorf("terms=russian: %q %q %q %+v", ru.ContraWord(1), ru.ContraWord(2), ru.ContraWord(3), ru.Marking)
	}
	own(r, "after With")
	back, err := ru.With(map[string]any{"terms": "english"})
	if err != nil {
		t.Fatal(err)
	}
	own(back, "back to english")
}

// TestTermsSaidRefused: a set renaming a call or choice the game has not,
// or with an empty word, is refused at its place (the schema names the
// keys allowed; the compiler refuses an empty word).
func TestTermsSaidRefused(t *testing.T) {
	head := "extends: sochi\nname: house\ntitle: House\n"
	for _, c := range []struct{ words, want string }{
		{"words: {option: terms, sets: {russian: {calls: {bid: zayavka}}}}", `unknown key "bid" in words.sets.russian.calls (allowed: pass)`},
		{"words: {option: terms, sets: {russian: {calls: {pass: ''}}}}", `calls: "pass" is no call a set renames (pass) (or its word is empty)`},
		{"words: {option: terms, sets: {russian: {defence: {defend: vist}}}}", `unknown key "defend" in words.sets.russian.defence (allowed: drop, half, invite, play)`},
		{"words: {option: terms, sets: {russian: {marking: {several: bomby}}}}", `words.sets.russian.marking: missing properties: 'one'`},
	} {
		_, err := ruleset.Load("house.yaml", []byte(head+c.words+"\n"))
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "house.yaml:4:") {
			t.Errorf("%s: got %v, want an error at house.yaml:4 containing %q", c.words, err, c.want)
		}
	}
}
