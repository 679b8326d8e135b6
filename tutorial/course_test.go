package tutorial

import (
	"regexp"
	"strings"
	"testing"

	"github.com/preference-rules/pref/rulesets"
)

// code finds what only an expression would write: its operators, a name
// joined by underscores, a party's field, a quoted expression.
var code = regexp.MustCompile("&&|\\|\\||==|!=|<=|>=|\\?\\s|`|\\b[a-z]+_[a-z_]+\\b|\\b(to|from)\\.[a-z]|![a-z]| \\* | % ")

// TestCourseIsWords: no lesson of any embedded ruleset shows expression
// syntax; every condition and amount is in words.
func TestCourseIsWords(t *testing.T) {
	for _, name := range rulesets.Names() {
		r, err := rulesets.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		md, err := Course(r, false)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for i, line := range strings.Split(md, "\n") {
			if m := code.FindString(line); m != "" {
				t.Errorf("%s, line %d: %q in %q", name, i+1, m, line)
			}
		}
		if !strings.Contains(md, "Following suit") {
			t.Errorf("%s: the course does not begin with the basics", name)
		}
		// the auction, the exchange or the defence, the play and the
		// settlement each show the guided deal
		if n := strings.Count(md, "*For example*, in the guided deal"); n < 4 {
			t.Errorf("%s: %d examples from a real deal, want the auction, defence, play and settlement", name, n)
		}
	}
}

// Conditions and amounts read as sentences and arithmetic.
func TestWords(t *testing.T) {
	r, err := rulesets.Open("austrian-1829")
	if err != nil {
		t.Fatal(err)
	}
	for src, want := range map[string]string{
		"played && made && failed_defenders == 0": "cards were played, the declarer made the contract, and no playing defender failed",
		"declared && !played && !conceded":        "somebody declared, no cards were played, and the declarer did not give up",
		"played && (made || !played)":             "cards were played and (either the declarer made the contract or no cards were played)",
		"from.failed && to.played":                "the payer failed and the receiver played",
		"!to.invited":                             "the receiver was not invited",
		"to.tricks > 0":                           "the receiver took a trick",
		"tricks_needed >= 7":                      "tricks the declarer needed is at least 7",
	} {
		if got := Condition(r, src); got != want {
			t.Errorf("Condition(%q) = %q, want %q", src, got, want)
		}
	}
	for src, want := range map[string]string{
		"to.tricks * trick_value":      "the receiver's tricks times the trick value",
		"hand && hand_doubles ? 2 : 1": "2 if the contract is played from the hand (talon unused) and the option hand-doubles is on, otherwise 1",
		"game * (factor + 1)":          "the contract's game times (the factor plus 1)",
		"min(pot, stake)":              "the smaller of the pot before this settlement and the stake",
		"-game":                        "minus the contract's game",
	} {
		if got := Amount(r, src); got != want {
			t.Errorf("Amount(%q) = %q, want %q", src, got, want)
		}
	}
}
