package lint

import (
	"fmt"

	"github.com/preference-rules/pref/interpreter/cards"
	"github.com/preference-rules/pref/interpreter/ruleset"
)

// leadWarnings are the rules of the lead (play.lead) that can never
// change a lead: a rule on trumps in a ruleset whose contracts have none,
// and a rule an earlier one already decides (the same cards, to the same
// trick or every trick, for the same leaders or everyone: after it the
// leader holds only those cards or none of them, so the later rule never
// narrows what he may lead).
func leadWarnings(r *ruleset.Ruleset) []Warning {
	trumps := false
	for ci := range r.Contracts {
		trumps = trumps || r.Contracts[ci].Trumps != cards.NoSuit
	}
	var out []Warning
	lead := r.Play.Lead
	for i := range lead {
		l := &lead[i]
		file, line, col := r.Place(l.Node)
		if l.Trump && !trumps {
			out = append(out, Warning{file, line, col, fmt.Sprintf("lead rule %d never applies: no contract has trumps (%s)", i+1, l.Words)})
			continue
		}
		for j := 0; j < i; j++ {
			if decides(&lead[j], l) {
				out = append(out, Warning{file, line, col, fmt.Sprintf("lead rule %d never changes a lead: rule %d before it already decides the same cards (%s)", i+1, j+1, l.Words)})
				break
			}
		}
	}
	return out
}

// decides reports whether earlier leaves later nothing to narrow wherever
// later binds.
func decides(earlier, later *ruleset.LeadRule) bool {
	sameCards := earlier.Trump == later.Trump && (earlier.Trump || earlier.Suit == later.Suit)
	sameTrick := earlier.Trick == 0 || earlier.Trick == later.Trick
	sameLeaders := earlier.By == ruleset.PartEveryone || earlier.By == later.By
	return sameCards && sameTrick && sameLeaders
}
