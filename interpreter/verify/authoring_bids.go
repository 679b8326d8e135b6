package verify

import (
	"fmt"
	"strings"

	"github.com/preference-rules/pref/interpreter/deal"
	"github.com/preference-rules/pref/interpreter/ruleset"
)

// checkHandBid refuses a stated contract played from the hand that the
// ruleset's auction could not give: a ruleset that never plays from the
// hand, or one whose hand games are bid (exchange.hand_play: bid) without
// that contract's hand bid on its ladder. Settling it would price a game
// no table of that ruleset plays (issue 29: settle --bid 6-spades --hand
// in a house file whose ladder has no such bid). A declarer who decides
// after the auction (hand_play: after-auction) may play any contract from
// the hand.
func checkHandBid(r *ruleset.Ruleset, o *deal.Outcome) error {
	if !o.Hand || o.Contract < 0 || o.Contract >= len(r.Contracts) {
		return nil
	}
	name := r.Contracts[o.Contract].Name
	switch r.Exchange.HandPlay {
	case ruleset.HandAfterAuction:
		return nil
	case ruleset.HandNever:
		return fmt.Errorf("contract: hand: %s plays no contract from the hand (its ladder has no hand bid and exchange.hand_play is not after-auction), so %s cannot be played from the hand", r.Name, name)
	}
	var bids []string
	for _, call := range r.Ladder {
		if !call.Hand || call.Contract < 0 || call.Contract >= len(r.Contracts) {
			continue
		}
		if announcedFrom(r, call.Contract, o.Contract) {
			return nil
		}
		bids = append(bids, r.Contracts[call.Contract].Name)
	}
	return fmt.Errorf("contract: hand: the ladder of %s has no hand bid of %s, nor one below it the declarer may announce it after (its hand bids: %s)", r.Name, name, strings.Join(bids, ", "))
}

// announcedFrom reports whether the winner of a bid of contract bid may
// play contract ci: the contract bid, or, where the declarer announces a
// game at least his bid (exchange.announce), a higher one that needs no
// bid of its own, as the game's announcement allows.
func announcedFrom(r *ruleset.Ruleset, bid, ci int) bool {
	if ci == bid {
		return true
	}
	needsNoBid := !r.Contracts[ci].MustBid && !r.Contracts[ci].NoDeclarer
	return r.Exchange.AtLeastBid && ci > bid && !r.Contracts[bid].MustBid && needsNoBid
}
