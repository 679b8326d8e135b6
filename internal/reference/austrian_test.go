package reference

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/preference-rules/pref/internal/allocs"
	"github.com/preference-rules/pref/interpreter/cards"
	"github.com/preference-rules/pref/interpreter/deal"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/interpreter/settle"
	"github.com/preference-rules/pref/rulesets"
)

const agreementSeeds = 10000

var seatNames = []string{"A", "B", "C"}

// seedRand is the random stream of one seed, the same for both engines.
func seedRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15)) }

// interp is the interpreter with the reference's players, and a settler.
type interp struct {
	r *ruleset.Ruleset
	g *game.Game
	s *settle.Settler
	o *deal.Outcome // the last deal's
}

func newInterp(tb testing.TB, name string) *interp {
	tb.Helper()
	r, err := rulesets.Open(name)
	if err != nil {
		tb.Fatal(err)
	}
	g := game.New(r, []game.Player{Player{}, Player{}, Player{}})
	for i := range 3 { // the cards from the mask, as pref simulate asks its players
		g.CardChoosers[i] = Player{}.ChooseCard
	}
	return &interp{r: r, g: g, s: settle.New(r)}
}

// run plays and settles one deal.
func (in *interp) run(rng *rand.Rand) (*settle.Ledger, error) {
	in.g.Deal(rng)
	if err := in.g.Run(); err != nil {
		return nil, err
	}
	in.o = in.g.Outcome(seatNames)
	return in.s.Settle(in.o, false)
}

var handDoubles = map[string]any{"hand-doubles": true}

// diffAustrian is the first difference between the reference's deal and the
// interpreter's, in words, or "".
func diffAustrian(a *Austrian, g *game.Game, l *settle.Ledger) string {
	d := &g.R.Deck
	for s := 0; s < Seats; s++ {
		if uint32(g.Dealt[s]) != a.Dealt[s] {
			return fmt.Sprintf("seat %d dealt %s, reference %s", s, d.Format(g.Dealt[s], false), d.Format(cards.Mask(a.Dealt[s]), false))
		}
	}
	if uint32(g.Talon) != a.Talon {
		return fmt.Sprintf("talon %s, reference %s", d.Format(g.Talon, false), d.Format(cards.Mask(a.Talon), false))
	}
	if len(g.Calls) != a.NCalls {
		return fmt.Sprintf("%d calls %v, reference %d %v", len(g.Calls), g.Calls, a.NCalls, a.Calls[:a.NCalls])
	}
	for i, c := range g.Calls {
		call := c.Call
		if call != game.Pass {
			call = g.R.Ladder[call].Contract
		}
		if c.Seat != int(a.Calls[i].Seat) || call != int(a.Calls[i].Call) {
			return fmt.Sprintf("call %d: %v, reference %v", i, c, a.Calls[i])
		}
	}
	bid := g.Bid
	if bid != game.Pass {
		bid = g.R.Ladder[bid].Contract
	}
	switch {
	case bid != a.Bid:
		return fmt.Sprintf("bid %d, reference %d", bid, a.Bid)
	case g.Declarer != a.Declarer:
		return fmt.Sprintf("declarer %d, reference %d", g.Declarer, a.Declarer)
	case g.Hand != a.Hand || g.Forced != a.Forced || g.Conceded != a.Conceded:
		return fmt.Sprintf("hand/forced/conceded %v %v %v, reference %v %v %v", g.Hand, g.Forced, g.Conceded, a.Hand, a.Forced, a.Conceded)
	case uint32(g.Laid) != a.Laid:
		return fmt.Sprintf("laid aside %s, reference %s", d.Format(g.Laid, false), d.Format(cards.Mask(a.Laid), false))
	case g.Contract != a.Contract:
		return fmt.Sprintf("contract %d, reference %d", g.Contract, a.Contract)
	}
	for s := 0; s < Seats; s++ {
		if g.Defence[s] != deal.Choice(a.Defence[s]) {
			return fmt.Sprintf("seat %d defence %v, reference %v", s, g.Defence[s], deal.Choice(a.Defence[s]))
		}
	}
	if g.NTricks != a.NTricks {
		return fmt.Sprintf("%d tricks, reference %d", g.NTricks, a.NTricks)
	}
	for i := 0; i < g.NTricks; i++ {
		t, r := &g.Record[i], &a.Tricks[i]
		if t.Leader != int(r.Leader) || t.N != int(r.N) || t.Winner != int(r.Winner) {
			return fmt.Sprintf("trick %d: leader %d, %d cards, won by %d; reference %d, %d, %d", i+1, t.Leader, t.N, t.Winner, r.Leader, r.N, r.Winner)
		}
		for k := 0; k < t.N; k++ {
			if t.Seats[k] != r.Seats[k] || uint8(t.Cards[k]) != r.Cards[k] {
				return fmt.Sprintf("trick %d card %d: %s by %d, reference %s by %d", i+1, k+1, d.Name(t.Cards[k]), t.Seats[k], d.Name(cards.Card(r.Cards[k])), r.Seats[k])
			}
		}
	}
	for s := 0; s < Seats; s++ {
		if g.Taken[s] != a.Taken[s] {
			return fmt.Sprintf("seat %d took %d tricks, reference %d", s, g.Taken[s], a.Taken[s])
		}
	}
	if len(l.Transfers) != a.NTransfers {
		return fmt.Sprintf("%d payments %s, reference %d %v", len(l.Transfers), transfers(l), a.NTransfers, a.Transfers[:a.NTransfers])
	}
	for i, t := range l.Transfers {
		r := a.Transfers[i]
		if t.From != int(r.From) || t.To != int(r.To) || t.Amount.Den() != 1 || t.Amount.Num() != r.Amount {
			return fmt.Sprintf("payment %d: %d -> %d %v, reference %d -> %d %d", i+1, t.From, t.To, t.Amount, r.From, r.To, r.Amount)
		}
	}
	for p, v := range l.Net() {
		if v.Den() != 1 || v.Num() != a.Net[p] {
			return fmt.Sprintf("party %d nets %v, reference %d", p, v, a.Net[p])
		}
	}
	if len(l.Marks) != 0 || len(l.Sheet) != 0 {
		return fmt.Sprintf("markings %v, sheet %v: austrian-1829 keeps neither", l.Marks, l.Sheet)
	}
	return ""
}

func transfers(l *settle.Ledger) string {
	s := "["
	for _, t := range l.Transfers {
		s += fmt.Sprintf(" %s->%s %v", l.Name(t.From), l.Name(t.To), t.Amount)
	}
	return s + " ]"
}

// describe is the reference's deal in words, for a failure.
func describe(a *Austrian, d *cards.Deck) string {
	s := ""
	for i := 0; i < Seats; i++ {
		s += fmt.Sprintf("\n  seat %d: %s", i, d.Format(cards.Mask(a.Dealt[i]), false))
	}
	s += fmt.Sprintf("\n  talon %s; calls %v; declarer %d bid %d contract %d hand %v forced %v conceded %v; defence %v; taken %v; payments %v",
		d.Format(cards.Mask(a.Talon), false), a.Calls[:a.NCalls], a.Declarer, a.Bid, a.Contract, a.Hand, a.Forced, a.Conceded, a.Defence, a.Taken, a.Transfers[:a.NTransfers])
	return s
}

// branch names the settlement rule of the source a deal ends in.
func branch(a *Austrian) string {
	played, failed := false, 0
	for s := range a.Defence {
		if a.Defence[s] == Play {
			played = true
			if a.Taken[s] < eachNeeds {
				failed++
			}
		}
	}
	made := a.Taken[a.Declarer] >= makeTricks
	switch {
	case a.Conceded:
		return "forced dealer pays a bête"
	case !played:
		return "both defenders dropped"
	case made && failed == 0:
		return "declarer made"
	case made:
		return "declarer made, a defender failed"
	case failed == 0:
		return "declarer failed"
	}
	return "declarer and a defender failed"
}

// TestAustrianAgrees plays the same seeds through the reference and through
// the interpreter with the reference's players: identical hands, talon,
// auctions, contracts, defence, every card, and every payment.
func TestAustrianAgrees(t *testing.T) {
	in := newInterp(t, "austrian-1829")
	var a Austrian
	seen := map[string]int{}
	for seed := uint64(0); seed < agreementSeeds; seed++ {
		a.Run(seedRand(seed))
		l, err := in.run(seedRand(seed))
		if err != nil {
			t.Fatalf("seed %d: interpreter: %v%s", seed, err, describe(&a, &in.r.Deck))
		}
		if diff := diffAustrian(&a, in.g, l); diff != "" {
			t.Fatalf("seed %d: %s%s", seed, diff, describe(&a, &in.r.Deck))
		}
		// the same deal under the option hand-doubles (settlement only)
		in.o.Options = handDoubles
		l, err = in.s.Settle(in.o, false)
		a.HandDoubles = true
		a.Settle()
		a.HandDoubles = false
		if err != nil {
			t.Fatalf("seed %d: hand-doubles: %v", seed, err)
		}
		if diff := diffAustrian(&a, in.g, l); diff != "" {
			t.Fatalf("seed %d, hand-doubles: %s%s", seed, diff, describe(&a, &in.r.Deck))
		}
		seen[branch(&a)]++
		switch {
		case a.Hand:
			seen["hand game"]++
		case a.Forced:
			seen["forced dealer"]++
		case a.Bid == Pass:
			seen["forehand's second chance"]++
		}
		if a.Defence[(a.Declarer+1)%Seats] != a.Defence[(a.Declarer+2)%Seats] {
			seen["one defender drops"]++
		}
		for _, tr := range a.Tricks[:a.NTricks] {
			if tr.Cards[0]>>3 != tr.Cards[tr.N-1]>>3 && int(tr.Cards[tr.N-1]>>3) != a.Contract {
				seen["a discard (neither follows nor trumps)"]++
				break
			}
		}
	}
	// The seeds must reach every rule of the source's settlement and every
	// way to become declarer, or agreement proves less than it seems.
	for _, want := range []string{"forced dealer pays a bête", "both defenders dropped", "declarer made",
		"declarer made, a defender failed", "declarer failed", "declarer and a defender failed",
		"hand game", "forced dealer", "forehand's second chance", "one defender drops",
		"a discard (neither follows nor trumps)"} {
		if seen[want] < 20 {
			t.Errorf("%q in only %d of %d deals", want, seen[want], agreementSeeds)
		}
	}
	t.Logf("%d deals: %v", agreementSeeds, seen)
}

// TestAgreementCatchesFaults shows the comparison can fail: each fault, put
// into the reference's result after a deal, must be reported.
func TestAgreementCatchesFaults(t *testing.T) {
	faults := []struct {
		name  string
		fault func(a *Austrian) bool // false: the fault does not apply to this deal
	}{
		{"a payment doubled", func(a *Austrian) bool {
			if a.NTransfers == 0 {
				return false
			}
			a.Transfers[0].Amount *= 2
			return true
		}},
		{"payer and receiver swapped", func(a *Austrian) bool {
			if a.NTransfers == 0 {
				return false
			}
			a.Transfers[0].From, a.Transfers[0].To = a.Transfers[0].To, a.Transfers[0].From
			return true
		}},
		{"a payment moved to the pot", func(a *Austrian) bool {
			for i := 0; i < a.NTransfers; i++ {
				if a.Transfers[i].To != Pot {
					a.Net[a.Transfers[i].To] -= a.Transfers[i].Amount
					a.Net[Seats] += a.Transfers[i].Amount
					a.Transfers[i].To = Pot
					return true
				}
			}
			return false
		}},
		{"two cards of a trick in the other order", func(a *Austrian) bool {
			for i := 0; i < a.NTricks; i++ {
				if tr := &a.Tricks[i]; tr.N >= 2 {
					tr.Cards[0], tr.Cards[1] = tr.Cards[1], tr.Cards[0]
					return true
				}
			}
			return false
		}},
		{"a trick to another winner", func(a *Austrian) bool {
			if a.NTricks == 0 {
				return false
			}
			tr := &a.Tricks[a.NTricks-1]
			for k := int8(0); k < tr.N; k++ {
				if tr.Seats[k] != tr.Winner {
					tr.Winner = tr.Seats[k]
					return true
				}
			}
			return false
		}},
		{"a call changed", func(a *Austrian) bool {
			a.Calls[0].Call = (a.Calls[0].Call+2)%5 - 1
			return true
		}},
		{"the talon's cards in a hand", func(a *Austrian) bool {
			a.Dealt[0] ^= a.Talon
			return true
		}},
	}
	in := newInterp(t, "austrian-1829")
	var a Austrian
	for _, f := range faults {
		applied := 0
		for seed := uint64(0); seed < 50; seed++ {
			a.Run(seedRand(seed))
			l, err := in.run(seedRand(seed))
			if err != nil {
				t.Fatal(err)
			}
			if !f.fault(&a) {
				continue
			}
			applied++
			if diffAustrian(&a, in.g, l) == "" {
				t.Errorf("%s (seed %d): the comparison did not notice", f.name, seed)
			}
		}
		if applied == 0 {
			t.Errorf("%s: no deal to try it on", f.name)
		}
	}
}

// TestReferenceAllocatesNothing: 10,000 whole deals, settlement included,
// not one allocation.
func TestReferenceAllocatesNothing(t *testing.T) {
	var a Austrian
	var s Sochi
	rng := rand.New(rand.NewPCG(1, 2))
	if n := allocs.Count(agreementSeeds, func() { a.Run(rng) }); n != 0 {
		t.Errorf("austrian-1829: %d allocations in %d deals", n, agreementSeeds)
	}
	if n := allocs.Count(agreementSeeds, func() { s.AllPassRun = 1; s.Run(rng) }); n != 0 {
		t.Errorf("sochi: %d allocations in %d deals", n, agreementSeeds)
	}
}

// TestSourceExamples settles the source's worked examples ("Settling",
// 003_9bb31e99ee2b6d46.txt) with the reference's arithmetic alone.
func TestSourceExamples(t *testing.T) {
	for _, c := range []struct {
		name    string
		hearts  bool
		taken   [Seats]int
		want    []Transfer
		wantNet [Seats + 1]int64
	}{
		{"Anton's Diamonds 6-2-2", false, [Seats]int{6, 2, 2},
			[]Transfer{{Pot, 0, 30}, {0, 1, 6}, {0, 2, 6}}, [4]int64{18, 6, 6, -30}},
		{"Anne 7, Berti 2, Carl 1 in Diamonds", false, [Seats]int{7, 2, 1},
			[]Transfer{{2, 0, 21}, {2, 1, 6}}, [4]int64{21, 6, -27, 0}},
		{"Anton 5, Brigitte 3, Charlotte 2 in Diamonds", false, [Seats]int{5, 3, 2},
			[]Transfer{{0, Pot, 30}, {0, 1, 9}, {0, 2, 6}}, [4]int64{-45, 9, 6, 30}},
		{"Anne's Préférence 5-4-1", true, [Seats]int{5, 4, 1},
			[]Transfer{{0, Pot, 40}, {0, 1, 16}, {0, 2, 4}, {2, Pot, 40}}, [4]int64{-60, 16, -36, 80}},
	} {
		a := Austrian{Declarer: 0, Bid: Diamonds, Contract: Diamonds, Taken: c.taken, Defence: [Seats]Choice{NoChoice, Play, Play}}
		if c.hearts {
			a.Bid, a.Contract = Hearts, Hearts
		}
		a.Settle()
		if fmt.Sprint(a.Transfers[:a.NTransfers]) != fmt.Sprint(c.want) || a.Net != c.wantNet {
			t.Errorf("%s: %v net %v, want %v net %v", c.name, a.Transfers[:a.NTransfers], a.Net, c.want, c.wantNet)
		}
	}
}
