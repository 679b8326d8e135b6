package schema

import (
	"strings"
	"testing"
)

// A limit of the pack or the table that remains (8 ranks a suit, 4 hands a
// deal) says why pref has it and what to write instead, not only the
// schema's "maximum 8 items required" (issue 29).
func TestLimitsSayWhy(t *testing.T) {
	for _, c := range []struct{ name, from, to, want string }{
		{"nine ranks", `ranks: ["7", "8"]`, `ranks: ["6", "7", "8", "9", "10", J, Q, K, A]`,
			`t.yaml:6:47: cards.ranks: maximum 8 items required, but found 9 items: pref holds a suit in 8 places`},
		{"five hands", `players: {hands: 3}`, `players: {hands: 5}`,
			`t.yaml:5:18: players.hands: must be <= 4 but found 5: pref plays at most 4 hands a deal`},
	} {
		t.Run(c.name, func(t *testing.T) {
			src := strings.Replace(valid, c.from, c.to, 1)
			err := Validate("t.yaml", parse(t, src))
			if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "instead") && !strings.Contains(err.Error(), "for 5 or more") && !strings.Contains(err.Error(), "for a longer pack") {
				t.Errorf("want %q and what to do instead, got %v", c.want, err)
			}
		})
	}
}
