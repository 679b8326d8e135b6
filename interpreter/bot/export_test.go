package bot

import (
	"github.com/preference-rules/pref/interpreter/cards"
	"github.com/preference-rules/pref/interpreter/game"
)

// DealtMismatches is dealtMismatches, for tests.
func (b *Strong) DealtMismatches(g *game.Game, me, skip int, hands, played [game.MaxSeats]cards.Mask) int {
	return b.dealtMismatches(g, me, skip, hands, played)
}
