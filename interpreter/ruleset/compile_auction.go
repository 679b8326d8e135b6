package ruleset

import (
	"maps"
	"slices"
	"strconv"
	"strings"
)

// auction compiles the ladder and the rules of the auction, and checks
// that every contract can be reached by some auction.
func (c *compiler) auction(s *Spec) {
	r := c.r
	a := &s.Auction
	c.ladder(a)
	c.callNames(a)
	c.auctionRules(a)
	r.Auction.AllPassPlay = -1
	if w := a.AllPass.Play; w.Text != "" {
		c.allPassPlay(a, w)
	}
	c.talonLeads()
	for _, o := range a.AllPass.Offers {
		role := map[string]Role{"forehand": Forehand, "middlehand": Middlehand, "dealer": Dealer}[o.Seat]
		r.Auction.Offers = append(r.Auction.Offers, Offer{Seat: role, Forced: o.Forced, MayConcede: o.MayConcede})
	}
	if len(r.Ladder) == 0 && r.Auction.AllPassPlay < 0 {
		c.errorf(c.node("auction", "ladder"), "the ladder has no bid and nothing is played when all pass: no deal could ever be played")
	}
	for i := range r.Contracts {
		if !c.reachable(i, s.Exchange.Announce != "bid") {
			c.errorf(c.node("contracts", strconv.Itoa(i), "name"), "contract %q can never be played: it is not on the ladder, not played when all pass, and no declarer may announce it (announce: at-least-bid reaches only contracts listed after a bid's, all-pass offers only those without must_bid)", r.Contracts[i].Name)
		}
	}
}

// ladder compiles the bids of the ladder, each a contract's (maybe its
// hand version), once.
func (c *compiler) ladder(a *AuctionSpec) {
	r := c.r
	seen := map[Call]bool{}
	for _, w := range a.Ladder {
		name, hand := strings.CutSuffix(w.Text, " hand")
		i, ok := r.ContractByName(name)
		if !ok {
			c.errorf(w.Node, "ladder bid %q: no contract named %q%s (contracts: %s)", w.Text, name, c.didYouMean(name), c.contractNames())
			continue
		}
		call := Call{Contract: i, Hand: hand}
		if seen[call] {
			c.errorf(w.Node, "ladder bid %q appears twice", w.Text)
		}
		seen[call] = true
		call.Name = a.CallNames[w.Text]
		r.Ladder = append(r.Ladder, call)
	}
}

// callNames checks the words said for bids: each for a bid of the ladder,
// and none the name of another contract's bid.
func (c *compiler) callNames(a *AuctionSpec) {
	for _, k := range slices.Sorted(maps.Keys(a.CallNames)) {
		onLadder := false
		for _, w := range a.Ladder {
			onLadder = onLadder || w.Text == k
		}
		name := a.CallNames[k]
		_, clash := c.r.ContractByName(strings.TrimSuffix(name, " hand"))
		switch {
		case !onLadder:
			c.errorf(c.node("auction", "call_names"), "call_names: %q is not a bid on the ladder", k)
		case clash && name != k:
			c.errorf(c.node("auction", "call_names"), "call_names: %q would be said as %q, the name of another contract's bid", k, name)
		}
	}
}

// auctionRules compiles how bids raise and hold, the rounds and the
// rules of hand bids and all-pass deals.
func (c *compiler) auctionRules(a *AuctionSpec) {
	r := c.r
	r.Auction.Raise = RaiseHigher
	if a.Raise == "one-more" {
		r.Auction.Raise = RaiseOneMore
	}
	r.Auction.HoldEarlier = a.Hold == "earlier"
	r.Auction.HoldNext = a.Hold == "next"
	r.Auction.OpenerHoldsFirstRaise = a.OpenerHoldsFirst
	r.Auction.TopHoldEnds = a.TopHoldEnds
	if a.TopHoldEnds && !r.Auction.HoldNext {
		c.errorf(c.node("auction", "top_hold_ends"), "top_hold_ends is a rule of hold: next (a hold of the top bid ends the auction)")
	}
	if a.OpenerHoldsFirst && !r.Auction.HoldNext {
		c.errorf(c.node("auction", "opener_holds_first_raise"), "opener_holds_first_raise is a rule of hold: next")
	}
	if r.Auction.HoldNext && r.Auction.Raise != RaiseOneMore {
		c.errorf(c.node("auction", "hold"), "hold: next answers each raise with a hold: it needs raise: one-more")
	}
	r.Auction.OneRound = a.Rounds == "one"
	r.Auction.AllPassExit = a.AllPassExit
	r.Auction.HandOnlyFirstCall = a.HandOnlyFirstCall
	r.Auction.HandNotAfterPlain = a.HandNotAfterPlain
	r.Auction.PotAuction = a.AllPass.PotAuction
}

// allPassPlay compiles the contract everyone plays when all pass (w): one
// that is not bid, with nothing else done when all pass.
func (c *compiler) allPassPlay(a *AuctionSpec, w Word) {
	r := c.r
	i, ok := r.ContractByName(w.Text)
	switch {
	case !ok:
		c.errorf(w.Node, "all_pass play %q: no contract of that name%s (contracts: %s)", w.Text, c.didYouMean(w.Text), c.contractNames())
	case slices.ContainsFunc(r.Ladder, func(call Call) bool { return call.Contract == i }):
		c.errorf(w.Node, "all_pass play %q: a contract played when nobody declares cannot also be bid (remove it from the ladder)", w.Text)
	case len(a.AllPass.Offers) > 0 || a.AllPass.PotAuction:
		c.errorf(w.Node, "all_pass play %q: nobody is left to play it after offers or a pot auction; use one of them", w.Text)
	default:
		r.Auction.AllPassPlay = i
		r.Contracts[i].NoDeclarer = true
	}
}

// talonLeads checks that only the contract everyone plays when all pass
// turns the talon's cards to lead, in a deal of a talon and at most 3 hands.
func (c *compiler) talonLeads() {
	r := c.r
	for i := range r.Contracts {
		switch {
		case r.Contracts[i].TalonLeads == TalonNotTurned:
		case !r.Contracts[i].NoDeclarer:
			c.errorf(c.node("contracts", strconv.Itoa(i), "talon_leads"), "contract %q: talon_leads is for the contract everyone plays when all pass (auction.all_pass.play)", r.Contracts[i].Name)
		case r.Hands > 3 || r.TalonSize == 0:
			c.errorf(c.node("contracts", strconv.Itoa(i), "talon_leads"), "contract %q: talon_leads needs a talon and at most 3 hands (a trick holds the talon's card and one card from each hand)", r.Contracts[i].Name)
		}
	}
}

// reachable reports whether some auction can end in contract ci: it is
// bid, played when all pass, announced above a lower bid (at-least-bid),
// or chosen by a declarer made by an all-pass offer.
func (c *compiler) reachable(ci int, atLeastBid bool) bool {
	r := c.r
	ct := &r.Contracts[ci]
	if ct.NoDeclarer || slices.ContainsFunc(r.Ladder, func(call Call) bool { return call.Contract == ci }) {
		return true
	}
	if ct.MustBid {
		return false
	}
	if len(r.Auction.Offers) > 0 {
		return true
	}
	return atLeastBid && slices.ContainsFunc(r.Ladder, func(call Call) bool { return call.Contract < ci && !r.Contracts[call.Contract].MustBid })
}

// didYouMean is ": did you mean X?" for the contract nearest to name, or "".
func (c *compiler) didYouMean(name string) string {
	var names []string
	for _, ct := range c.r.Contracts {
		names = append(names, ct.Name)
	}
	return nearestHint(name, names)
}

func (c *compiler) contractNames() string {
	var n []string
	for _, ct := range c.r.Contracts {
		n = append(n, ct.Name)
	}
	return strings.Join(n, ", ")
}
