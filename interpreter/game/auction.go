package game

import "github.com/preference-rules/pref/interpreter/ruleset"

// Auction is the state of the bidding: whose turn it is, the bid standing
// and who holds it. The game runs it with its players; a case or a quiz
// replays a sequence of calls on it to ask which calls are open.
type Auction struct {
	r      *ruleset.Ruleset
	Bid    int // the standing bid (a ladder index), or Pass
	Holder int // the seat holding it, or -1
	Turn   int // the seat to call next
	passed [MaxSeats]bool
	called [MaxSeats]bool
	plain  [MaxSeats]bool // made a bid with the talon
	active int
	held   bool // the standing bid was held, not raised (hold: next)
	bids   int  // bids made so far (hold: next: the opening bid is not held)
	opener int  // the seat that made the first bid
	// MinTricks: after a run of all-pass deals, a bid must be for a contract
	// of at least this many tricks (misère excepted); 0 when free.
	MinTricks int
}

// AfterAllPass sets the exit rule for a deal that follows run all-pass
// deals in a row: the ruleset's all_pass_exit, its last step repeated.
func (a *Auction) AfterAllPass(run int) {
	a.MinTricks = 0
	if exit := a.r.Auction.AllPassExit; run > 0 && len(exit) > 0 {
		a.MinTricks = exit[min(run, len(exit))-1]
	}
}

// NewAuction starts the bidding of r with forehand to call.
func NewAuction(r *ruleset.Ruleset) *Auction {
	return &Auction{r: r, Bid: Pass, Holder: -1, active: r.Hands}
}

// Next moves to the next seat that may call; done when the bidding is over
// (everyone passed, or one bidder is left).
func (a *Auction) Next() (seat int, done bool) {
	if a.r.Auction.OneRound { // each seat calls once, forehand first
		if a.Turn == 0 && a.called[0] {
			return -1, true
		}
		return a.Turn, false
	}
	for {
		if a.active == 0 || (a.active == 1 && a.Holder >= 0) || a.topHeld() {
			return -1, true
		}
		if !a.passed[a.Turn] && a.Turn != a.Holder {
			return a.Turn, false
		}
		a.Turn = (a.Turn + 1) % a.r.Hands
	}
}

// topHeld reports whether, under top_hold_ends, the standing bid is a
// hold of the highest bid with the talon (moje 7): the bidding is then
// over at once, nobody asked to pass.
func (a *Auction) topHeld() bool {
	return a.r.Auction.TopHoldEnds && a.held && a.Bid >= 0 && !a.r.Ladder[a.Bid].Hand && a.nextPlain(a.Bid) < 0
}

// Legal lists the calls open to the seat whose turn it is: Pass first, then
// ladder indexes, appended to buf.
func (a *Auction) Legal(buf []int) []int {
	buf = append(buf[:0], Pass)
	for i := max(a.Bid, 0); i < len(a.r.Ladder); i++ { // below the standing bid nothing is open
		if a.Allows(i) {
			buf = append(buf, i)
		}
	}
	return buf
}

// Allows reports whether the seat whose turn it is may make call (Pass or
// a ladder index): the one home of the auction's rules, asked in steps:
// the exit from a run of all-pass deals, then under hold: next its
// alternation of raise and hold, else the raise over the standing bid and
// who may make a hand bid; last, the calls only a first call may make.
func (a *Auction) Allows(call int) bool {
	if call == Pass {
		return true
	}
	if call < 0 || call >= len(a.r.Ladder) {
		return false
	}
	c := &a.r.Ladder[call] // a pointer: Allows is asked of every ladder bid for every call
	if a.belowExit(c) {
		return false // the exit from a run of all-pass deals
	}
	if a.alternates(c) {
		return a.holdsOrRaises(call) && !a.onlyFirstCall(c, false)
	}
	return a.raises(call, c) && !a.handAfterPlain(c) && !a.onlyFirstCall(c, true)
}

// belowExit reports whether bid c is for fewer tricks than the exit from
// a run of all-pass deals asks (a misère, exact at no tricks, excepted).
func (a *Auction) belowExit(c *ruleset.Call) bool {
	if a.MinTricks <= 0 { // no exit rule in force: the usual case
		return false
	}
	ct := &a.r.Contracts[c.Contract]
	return ct.Tricks < a.MinTricks && !(ct.Exact && ct.Tricks == 0)
}

// alternates reports whether hold: next governs bid c: a plain bid over a
// plain bid standing.
func (a *Auction) alternates(c *ruleset.Call) bool {
	return a.r.Auction.HoldNext && !c.Hand && a.Bid != Pass && !a.r.Ladder[a.Bid].Hand
}

// holdsOrRaises is hold: next (moje): a raise is answered with a hold, a
// hold with a raise (the opening bid is raised, and under
// opener_holds_first_raise the first raise is the opener's to hold).
func (a *Auction) holdsOrRaises(call int) bool {
	if a.held || a.bids == 1 || (a.bids == 2 && a.r.Auction.OpenerHoldsFirstRaise && a.Turn != a.opener) {
		return call == a.nextPlain(a.Bid)
	}
	return call == a.Bid
}

// raises reports whether call goes over the standing bid as the auction
// allows: above it (by one step under raise: one more), or equal to it
// where an earlier seat may hold ("mine"; under hold: next, an equal hand
// bid stays with the first).
func (a *Auction) raises(call int, c *ruleset.Call) bool {
	if call > a.Bid { // call is a ladder index, so above Pass too
		return a.r.Auction.Raise != ruleset.RaiseOneMore || c.Hand || call == a.nextPlain(a.Bid)
	}
	return a.holdsEqual(call, c)
}

// holdsEqual reports whether call equals the standing bid and an earlier
// seat may hold it.
func (a *Auction) holdsEqual(call int, c *ruleset.Call) bool {
	return call == a.Bid && (a.r.Auction.HoldEarlier || a.r.Auction.HoldNext && c.Hand) && a.Turn < a.Holder
}

// handAfterPlain reports whether bid c is a hand bid by a seat that has
// bid with the talon, where the ruleset forbids it.
func (a *Auction) handAfterPlain(c *ruleset.Call) bool {
	return c.Hand && a.r.Auction.HandNotAfterPlain && a.plain[a.Turn]
}

// onlyFirstCall reports whether bid c may only be a seat's first call and
// the seat to call has called before: a contract bid first only, and with
// hands (not under hold: next's alternation) a hand bid where only a first
// call may be one.
func (a *Auction) onlyFirstCall(c *ruleset.Call, hands bool) bool {
	return a.called[a.Turn] && (a.r.Contracts[c.Contract].FirstBidOnly || (hands && c.Hand && a.r.Auction.HandOnlyFirstCall))
}

// Apply records the call of the seat whose turn it is; the caller has
// checked it is legal.
func (a *Auction) Apply(call int) {
	seat := a.Turn
	a.called[seat] = true
	if call == Pass {
		a.passed[seat] = true
		a.active--
	} else {
		a.held = call == a.Bid
		a.Bid, a.Holder = call, seat
		if a.bids == 0 {
			a.opener = seat
		}
		a.bids++
		a.plain[seat] = a.plain[seat] || !a.r.Ladder[call].Hand
	}
	a.Turn = (seat + 1) % a.r.Hands
}

// nextPlain is the first bid with the talon above after, or -1.
func (a *Auction) nextPlain(after int) int {
	for i := after + 1; i < len(a.r.Ladder); i++ {
		if !a.r.Ladder[i].Hand {
			return i
		}
	}
	return -1
}
