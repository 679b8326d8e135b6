package tutorial

import (
	"slices"

	"github.com/preference-rules/pref/interpreter/ruleset"
)

// FirstGame is r with the first course's fewer rules, to play a first
// deal on: only the contracts in a trump suit (no misère, no game without
// trumps), none from the hand where the contract can be bid with the
// talon. It is derived from r's data, as the first course's lessons are
// (the bids they teach are the ones left here), and nothing else changes:
// the deal, the talon, the defence, the play and the settlement are r's
// own. The contracts stay where they are in r's table (the settlement and
// the records name them by place); those left out are taken off the
// bidding ladder and made never to be announced, so no call or
// announcement offers them.
func FirstGame(r *ruleset.Ruleset) *ruleset.Ruleset {
	first := *r
	first.Ladder = nil
	hand := false
	for _, call := range r.Ladder {
		if FirstGameCall(r, call) {
			first.Ladder = append(first.Ladder, call)
			hand = hand || call.Hand
		}
	}
	if len(first.Ladder) == 0 { // no contract in a trump suit to bid: the first game is the whole one
		return r
	}
	first.Contracts = slices.Clone(r.Contracts)
	for ci := range first.Contracts {
		if c := &first.Contracts[ci]; FirstGameLeavesOut(c) && !c.NoDeclarer {
			c.MustBid = true // announced only when bid as such: off the ladder, never
		}
	}
	if !hand { // no game from the hand: the declarer takes the talon, never asked
		first.Exchange.HandPlay = ruleset.HandNever
	}
	return &first
}

// FirstGameLeavesOut reports whether the first game leaves contract c
// out of the bidding: a contract without trumps, an exact one (misère),
// or the one everyone plays when all pass (that one stays as the
// auction's rule, never bid).
func FirstGameLeavesOut(c *ruleset.Contract) bool { return !suitContract(c) }

// FirstGameCall reports whether the first game keeps call of r's ladder:
// a bid of a contract it teaches, with the talon; from the hand only
// where the ladder bids that contract from the hand alone (a ruleset
// whose every bid is a hand bid plays no game without them).
func FirstGameCall(r *ruleset.Ruleset, call ruleset.Call) bool {
	if FirstGameLeavesOut(&r.Contracts[call.Contract]) {
		return false
	}
	return !call.Hand || !slices.ContainsFunc(r.Ladder, func(c ruleset.Call) bool { return c.Contract == call.Contract && !c.Hand })
}
