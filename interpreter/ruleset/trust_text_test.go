package ruleset_test

import (
	"strings"
	"testing"

	"github.com/preference-rules/pref/rulesets"
)

// Every text of a ruleset reaches a terminal (names in menus, titles and
// descriptions in the rulebook, explanations in settlements): a ruleset
// holding a character a terminal acts on (an escape sequence that sets the
// window title or colours, a bidi control that reorders what is shown) is
// refused where the text is written, with the character shown escaped
// (issue 24: ESC and OSC sequences reached the terminal from rulesets).
func TestTrustRulesetTextRefusesTerminalControls(t *testing.T) {
	for _, c := range []struct{ name, src, where, shown string }{
		{"osc title", "name: evil\nextends: sochi\ndescription: \"a \\e]0;pwned\\a title\"\n", ":3:14:", `\x1b`},
		{"colour in a contract", "name: evil\nextends: sochi\nnotes: \"plain\"\ntitle: \"x\\e[31mred\"\n", ":4:8:", `\x1b`},
		{"bidi override", "name: \"evil\u202e\"\nextends: sochi\n", ":1:7:", `\u202e`},
		{"zero width in a key", "name: evil\nextends: sochi\n\"no\u200btes\": x\n", ":3:1:", `\u200b`},
	} {
		t.Run(c.name, func(t *testing.T) {
			path := writeHouse(t, "evil.yaml", c.src)
			_, err := rulesets.Open(path)
			if err == nil {
				t.Fatal("a ruleset with a terminal control in its text was accepted")
			}
			msg := err.Error()
			if !strings.Contains(msg, path+c.where) || !strings.Contains(msg, "a terminal would act on it") || !strings.Contains(msg, c.shown) {
				t.Errorf("want the character named at %s%s, got:\n%s", path, c.where, msg)
			}
		})
	}
}

// Plain text in any language, with tabs and line breaks, stays accepted.
func TestTrustRulesetTextAcceptsPlainText(t *testing.T) {
	path := writeHouse(t, "plain.yaml", "name: plain\nextends: sochi\ndescription: \"Сочи: «Преферанс»\\tñ é ü — ♠ ♥\"\nnotes: |\n  two\n  lines\n")
	if _, err := rulesets.Open(path); err != nil {
		t.Fatal(err)
	}
}
