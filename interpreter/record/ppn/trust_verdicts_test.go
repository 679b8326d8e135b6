package ppn

import (
	"errors"
	"strings"
	"testing"
)

// Player names from PPN follow the one rule of package seats, and no tag
// value carries a control character or a line break: each is refused with
// the tag, its line, and the character escaped.
func TestPPNWordsOneRule(t *testing.T) {
	tags := func(p1, extra string) string {
		return "[Bula 100]\n[Refe 2]\n" + extra + "[Player1 " + p1 + "]\n[Player2 Brigitte]\n[Player3 Charlotte]\n" + allPass1
	}
	for _, c := range []struct{ text, want string }{
		{tags("Anton\u200b", ""), `line 3, tag Player1: value: character 6 is \u200b`},
		{tags("Anton\ufe0f", ""), `line 3, tag Player1: "Anton\ufe0f" cannot name a player in a pref record: U+FE0F is an invisible character`},
		{tags("\u202eAnton", ""), `tag Player1: value: character 1 is \u202e`},
		{tags("brigitte", ""), `tag Player2: "Brigitte" differs from "brigitte" only by case`},
		{tags("Talon", ""), `tag Player1: "Talon" cannot name a player in a pref record: reserved`},
		{tags("Anton", "[Event \"x\x1b]0;pwned\x07\"]\n"), `line 3, tag Event: value: character 2 is \x1b`},
		{tags("Anton", "[Site \"a\u009bb\"]\n"), `line 3, tag Site: value: character 2 is \u009b`},
		{tags("\"An\x1b[2Jton\"", ""), `tag Player1: value: character 3 is \x1b`},
	} {
		_, err := Import([]byte(c.text), nil)
		var pe *Error
		switch {
		case err == nil:
			t.Errorf("%q: imported", c.text)
		case !errors.As(err, &pe) || pe.Rules:
			t.Errorf("%q: %v: want a malformed-input *Error", c.text, err)
		case !strings.Contains(err.Error(), c.want):
			t.Errorf("%q:\n got %v\nwant %s", c.text, err, c.want)
		}
		if err != nil && strings.ContainsAny(err.Error(), "\x1b\u202e\u200b\x07") {
			t.Errorf("%q: the error carries the raw character: %q", c.text, err)
		}
	}
}
