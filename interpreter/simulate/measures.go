package simulate

import (
	"fmt"

	"github.com/preference-rules/pref/interpreter/deal"
)

// dealInfo is what the measures need of a deal besides its results by
// seat: whose deal it was (to follow each player through a session, as the
// seats turn) and how it ended.
type dealInfo struct {
	dealer int8 // index into the table's players
	end    dealEnd
}

// dealEnd is how a deal ended: played out, or decided by the auction.
type dealEnd uint8

const (
	playedOut    dealEnd = iota // cards were played
	passedOut                   // all passed and no card was played
	notPlayedOut                // a contract declared, then given up or not defended: no card played
)

// infoOf is the dealInfo of a deal dealt by dealer that ended in o.
func infoOf(dealer int, o *deal.Outcome) dealInfo {
	end := playedOut
	switch {
	case o.Played():
	case o.Declarer < 0:
		end = passedOut
	default:
		end = notPlayedOut
	}
	return dealInfo{dealer: int8(dealer), end: end}
}

// Measures are what game designers measure of a rule, each with its 95 %
// interval: the seats' advantages (deal by deal), what a session looks like
// from the players' side (who wins it, how often the lead changes, how close
// it ends) and how many deals the auction alone decides.
type Measures struct {
	Deals, Sessions, SessionLen int
	// Forehand is the first player's advantage: forehand's result minus the
	// other seats' mean, deal by deal.
	Forehand Stat
	// SeatAdvantage is each seat's result minus the table's mean, deal by
	// deal: forehand first, the dealer last.
	SeatAdvantage []Stat
	// SeatSpread is the seat balance: the best seat's result minus the
	// worst seat's, deal by deal, the two chosen by their means (0 for
	// seats in balance).
	SeatSpread           Stat
	BestSeat, WorstSeat  int
	BestPlayer           string // the player with the best mean over all deals
	BestPlayerWins       Stat   // share of sessions the best player ends alone at the top
	LeadChanges          Stat   // per session: the player alone at the top changes
	FinalGap             Stat   // first's standing minus second's at a session's end
	DecidedByAuction     Stat   // share of deals where no card was played
	PassedOut, NotPlayed Stat   // of which: all passed; a contract declared
}

// playerNames are the players as the simulation seats them (session).
var playerNames = []string{"A", "B", "C", "D"}

// MeasuresOf computes the measures of a report run with KeepPerDeal.
func MeasuresOf(r *Report) (*Measures, error) {
	if r.hands == 0 || len(r.perDealInfo)*r.hands != len(r.perDeal) || len(r.perDealInfo) != r.Deals {
		return nil, fmt.Errorf("the measures need each deal's results: run with KeepPerDeal")
	}
	m := measure(r.perDeal, r.perDealInfo, r.hands, r.sessionLen)
	return &m, nil
}

// measure computes the measures of deals played in sessions of sessionLen
// (the last may be shorter): perDeal holds each deal's results by seat,
// info each deal's dealer and end.
func measure(perDeal []float64, info []dealInfo, hands, sessionLen int) Measures {
	deals := len(info)
	m := Measures{Deals: deals, SessionLen: sessionLen, Sessions: (deals + sessionLen - 1) / sessionLen}
	seatDealMeasures(&m, perDeal, hands)
	sessionMeasures(&m, perDeal, info, hands, sessionLen)
	var passed, notPlayed int
	for _, d := range info {
		switch d.end {
		case passedOut:
			passed++
		case notPlayedOut:
			notPlayed++
		}
	}
	m.DecidedByAuction = proportionOf(passed+notPlayed, deals)
	m.PassedOut, m.NotPlayed = proportionOf(passed, deals), proportionOf(notPlayed, deals)
	return m
}

// seatDealMeasures are the seats' advantages, deal by deal.
func seatDealMeasures(m *Measures, perDeal []float64, hands int) {
	seats := make([]moments, hands)
	adv := make([]moments, hands)
	var fore moments
	for k := 0; k+hands <= len(perDeal); k += hands {
		vs := perDeal[k : k+hands]
		sum := 0.0
		for _, v := range vs {
			sum += v
		}
		for i, v := range vs {
			seats[i].add(v)
			adv[i].add(v - sum/float64(hands))
		}
		fore.add(vs[0] - (sum-vs[0])/float64(hands-1))
	}
	m.Forehand = fore.stat()
	for i := range adv {
		m.SeatAdvantage = append(m.SeatAdvantage, adv[i].stat())
		if seats[i].mean > seats[m.BestSeat].mean {
			m.BestSeat = i
		}
		if seats[i].mean < seats[m.WorstSeat].mean {
			m.WorstSeat = i
		}
	}
	var spread moments
	for k := 0; k+hands <= len(perDeal); k += hands {
		spread.add(perDeal[k+m.BestSeat] - perDeal[k+m.WorstSeat])
	}
	m.SeatSpread = spread.stat()
}

// sessionMeasures follow the players (not the seats, which turn with the
// deal) through each session: their standings are the sums of their
// results, deal by deal.
func sessionMeasures(m *Measures, perDeal []float64, info []dealInfo, hands, sessionLen int) {
	overall := make([]float64, hands)
	for d, di := range info {
		for i := 0; i < hands; i++ {
			overall[playerOf(di, i, hands)] += perDeal[d*hands+i]
		}
	}
	best := 0
	for p := range overall {
		if overall[p] > overall[best] {
			best = p
		}
	}
	m.BestPlayer = playerNames[best]
	standing := make([]float64, hands)
	var changes, gaps moments
	wins := 0
	for start := 0; start < len(info); start += sessionLen {
		clear(standing)
		leader, lead := -1, 0
		for d := start; d < min(start+sessionLen, len(info)); d++ {
			for i := 0; i < hands; i++ {
				standing[playerOf(info[d], i, hands)] += perDeal[d*hands+i]
			}
			if top, alone := topOf(standing); alone && top != leader {
				if leader >= 0 {
					lead++
				}
				leader = top
			}
		}
		changes.add(float64(lead))
		top, alone := topOf(standing)
		if alone && top == best {
			wins++
		}
		gaps.add(standing[top] - secondOf(standing, top))
	}
	m.LeadChanges, m.FinalGap = changes.stat(), gaps.stat()
	m.BestPlayerWins = proportionOf(wins, m.Sessions)
}

// playerOf is the player holding seat i of a deal: the seats run from the
// dealer's left.
func playerOf(di dealInfo, i, hands int) int { return (int(di.dealer) + 1 + i) % hands }

// topOf is the player with the highest standing (the first of those
// tied) and whether that player is alone at the top.
func topOf(standing []float64) (top int, alone bool) {
	alone = true
	for p := 1; p < len(standing); p++ {
		switch {
		case standing[p] > standing[top]:
			top, alone = p, true
		case standing[p] == standing[top]:
			alone = false
		}
	}
	return top, alone
}

// secondOf is the highest standing but top's.
func secondOf(standing []float64, top int) float64 {
	second, found := 0.0, false
	for p, v := range standing {
		if p != top && (!found || v > second) {
			second, found = v, true
		}
	}
	return second
}
