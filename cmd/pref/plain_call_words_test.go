package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestCallWordsEverywhere: serbian's table says kontra, rekontra
// (call_words), and so do the narration of pref play, pref explain, pref
// settle and the rulebook; the record keeps the words it is read by
// (contra), and a ruleset without call_words keeps the English words.
func TestCallWordsEverywhere(t *testing.T) {
	rec := filepath.Join(t.TempDir(), "serbian.yaml")
	play, code := runText("play", "--ruleset", "serbian", "--seed", "7", "--deals", "3", "--record", rec)
	if code != 0 {
		t.Fatalf("play: exit %d", code)
	}
	written, err := os.ReadFile(rec)
	if err != nil {
		t.Fatal(err)
	}
	explain, _ := runText("explain", rec)
	settle, _ := runText("settle", "--ruleset", "serbian", "--declarer", "Anton", "--bid", "pik",
		"--contra", "Brigitte", "--recontra", "Brigitte", "--tricks", "Anton=6,Brigitte=2,Charlotte=2")
	rules, _ := runText("rules", "serbian", "--markdown")
	english, _ := runText("settle", "--ruleset", "west-balkans", "--option", "contra-recontra=true", "--declarer", "Anton",
		"--bid", "spades", "--contra", "Brigitte", "--recontra", "Anton", "--tricks", "7,2,1")
	for _, c := range []struct{ what, text, want, not string }{
		{"play", play, "calls kontra", "contra"},
		{"play", play, "brought in by the kontra", ""},
		{"the record", string(written), "{Charlotte: contra}", "kontra"},
		{"explain", explain, "Charlotte: play, kontra", "contra"},
		{"explain", explain, "Charlotte called kontra.", ""},
		{"settle", settle, "Brigitte called kontra and Anton rekontra.", "contra"},
		{"rules", rules, "may announce **kontra**, and the declarer answer **rekontra**", "contra"},
		{"west-balkans settle", english, "Brigitte called contra and Anton recontra.", "kontra"},
	} {
		if !strings.Contains(c.text, c.want) {
			t.Errorf("%s does not say %q:\n%s", c.what, c.want, c.text)
		}
		if c.not != "" && regexp.MustCompile(`\b`+c.not+`\b`).MatchString(c.text) {
			t.Errorf("%s says %q besides the table's word:\n%s", c.what, c.not, c.text)
		}
	}
}
