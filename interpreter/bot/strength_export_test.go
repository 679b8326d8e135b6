package bot

import (
	"time"

	"github.com/preference-rules/pref/interpreter/cards"
	"github.com/preference-rules/pref/interpreter/game"
)

// MadeDoubleDummy reports whether the declarer of s makes his contract
// double-dummy on the cards as they lie (ddMade, all doublings to come
// declined); ok false where that cannot be told.
func MadeDoubleDummy(s *game.State) (made, ok bool) {
	b := NewStrong(1)
	made, _, ok = b.ddMade(s, map[ddKey][]cards.Card{}, nodes(verdictBudget))
	return made, ok
}

// verdictBudget is the search a test's double-dummy verdict may take: ample for a whole deal.
const verdictBudget = 2 * time.Second
