package ruleset_test

import (
	"strings"
	"testing"

	"github.com/preference-rules/pref/rulesets"
)

// A field that names an option or an account (table.sheet.target, the ppn:
// section) is checked when the ruleset loads, not only by the command that
// reads it: a misspelt name would otherwise be a rule that silently does
// nothing everywhere else (issue 24, "silently dead rules").
func TestTrustNamedConceptsCheckedAtLoad(t *testing.T) {
	for _, c := range []struct{ name, src, want string }{
		{"target", "name: t\nextends: sochi\ntable:\n  sheet:\n    target: pool-targte\n", `:5:13: table.sheet.target: no option "pool-targte": did you mean "pool-target"?`},
		{"target not a number", "name: t\nextends: sochi\ntable:\n  sheet:\n    target: stalingrad\n", `:5:13: table.sheet.target: "stalingrad" is no option of t that is a whole number`},
		{"ppn middle", "name: s\nextends: serbian\nppn:\n  middle: bulle\n", `:4:11: ppn.middle: no account "bulle" in table.sheet.accounts`},
		{"ppn sides", "name: s\nextends: serbian\nppn:\n  sides: bule\n", `:4:10: ppn.sides: no account "bule" in table.sheet.pair_accounts`},
		{"ppn tag", "name: s\nextends: serbian\nppn:\n  tags: {Bula: bulla}\n", `:4:16: ppn.tags.Bula: no option "bulla": did you mean "bula"?`},
	} {
		t.Run(c.name, func(t *testing.T) {
			path := writeHouse(t, "house.yaml", c.src)
			_, err := rulesets.Open(path)
			if err == nil || !strings.Contains(err.Error(), path+c.want) {
				t.Errorf("want %s%s, got %v", path, c.want, err)
			}
		})
	}
}
