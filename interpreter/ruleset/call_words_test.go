package ruleset_test

import (
	"strings"
	"testing"

	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/rulesets"
)

// TestCallWordsRead: call_words names the doublings a table says; a call
// left out, and every call of a ruleset without call_words, keeps its
// English word; the records' words (ContraCalls) stay English.
func TestCallWordsRead(t *testing.T) {
	src := "extends: west-balkans\nname: house\ntitle: House\ncall_words: {contra: kontra, subcontra: subkontra}\n"
	r, err := ruleset.Load("house.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if got := r.ContraWordsUpTo(4); strings.Join(got, " ") != "kontra recontra subkontra mortcontra" {
		t.Errorf("house call words: %v", got)
	}
	serbian, err := rulesets.Open("serbian")
	if err != nil {
		t.Fatal(err)
	}
	if got := serbian.ContraWordsUpTo(4); strings.Join(got, " ") != "kontra rekontra subkontra mortkontra" {
		t.Errorf("serbian call words: %v", got)
	}
	sochi, err := rulesets.Open("sochi")
	if err != nil {
		t.Fatal(err)
	}
	if got := sochi.ContraWordsUpTo(2); strings.Join(got, " ") != "contra recontra" {
		t.Errorf("sochi call words: %v", got)
	}
	if ruleset.ContraCalls[1] != "contra" || ruleset.ContraCalls[2] != "recontra" {
		t.Errorf("the records' words changed: %v", ruleset.ContraCalls)
	}
	if (&ruleset.Ruleset{}).ContraWord(1) != "contra" || serbian.ContraWord(0) != "" || serbian.ContraWord(5) != "" {
		t.Error("ContraWord out of its levels, or of a ruleset built by hand")
	}
}

// TestCallWordsRefused: a call the schema does not know, or an empty
// word, is refused at its place.
func TestCallWordsRefused(t *testing.T) {
	for _, c := range []struct{ words, want string }{
		{"call_words: {kontra: contra}", "house.yaml:4:"},
		{"call_words: {contra: \"\"}", "house.yaml:4:"},
	} {
		src := "extends: west-balkans\nname: house\ntitle: House\n" + c.words + "\n"
		_, err := ruleset.Load("house.yaml", []byte(src))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want an error containing %q", c.words, err, c.want)
		}
	}
}
