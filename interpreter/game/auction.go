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
		if a.active == 0 || (a.active == 1 && a.Holder >= 0) {
			return -1, true
		}
		if !a.passed[a.Turn] && a.Turn != a.Holder {
			return a.Turn, false
		}
		a.Turn = (a.Turn + 1) % a.r.Hands
	}
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
// a ladder index): the one home of the auction's rules.
func (a *Auction) Allows(call int) bool {
	if call == Pass {
		return true
	}
	if call < 0 || call >= len(a.r.Ladder) {
		return false
	}
	rules, seat, c := a.r.Auction, a.Turn, a.r.Ladder[call]
	if ct := &a.r.Contracts[c.Contract]; a.MinTricks > 0 && ct.Tricks < a.MinTricks && !(ct.Exact && ct.Tricks == 0) {
		return false // the exit from a run of all-pass deals
	}
	if rules.HoldNext && !c.Hand && a.Bid != Pass && !a.r.Ladder[a.Bid].Hand {
		// moje: a raise is answered with a hold, a hold with a raise
		switch {
		case a.held || a.bids == 1 || (a.bids == 2 && rules.OpenerHoldsFirstRaise && seat != a.opener):
			if call != a.nextPlain(a.Bid) {
				return false
			}
		case call != a.Bid:
			return false
		}
		return !(a.called[seat] && a.r.Contracts[c.Contract].FirstBidOnly)
	}
	switch {
	case a.Bid == Pass:
		if rules.Raise == ruleset.RaiseOneMore && !c.Hand && call != a.nextPlain(-1) {
			return false
		}
	case call > a.Bid:
		if rules.Raise == ruleset.RaiseOneMore && !c.Hand && call != a.nextPlain(a.Bid) {
			return false
		}
	case call == a.Bid && (rules.HoldEarlier || rules.HoldNext && c.Hand) && seat < a.Holder:
		// an earlier seat holds an equal bid: "mine" (under hold: next, an
		// equal hand bid stays with the first)
	default:
		return false
	}
	if c.Hand && rules.HandNotAfterPlain && a.plain[seat] {
		return false
	}
	return !(a.called[seat] && ((c.Hand && rules.HandOnlyFirstCall) || a.r.Contracts[c.Contract].FirstBidOnly))
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

func (a *Auction) nextPlain(after int) int {
	for i := after + 1; i < len(a.r.Ladder); i++ {
		if !a.r.Ladder[i].Hand {
			return i
		}
	}
	return -1
}
