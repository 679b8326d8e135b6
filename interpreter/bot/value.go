package bot

import (
	"github.com/preference-rules/pref/interpreter/deal"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/interpreter/settle"
	"github.com/preference-rules/pref/interpreter/table"
)

// valuer values a finished deal for each seat by the ruleset's own
// settlement: the money a seat wins, or for a score sheet the change in
// its final score were the sheet closed after the deal. Outcomes that
// settle alike are settled once.
type valuer struct {
	r     *ruleset.Ruleset
	st    *settle.Settler
	names []string
	t     *table.Table // settles a deal apart (never booked); nil when the seats are refused
	d     table.Deal   // the deal valued, its room reused
	cache map[outcomeKey][game.MaxSeats]float64
}

func newValuer(r *ruleset.Ruleset) *valuer {
	names := []string{"A", "B", "C", "D"}[:r.Hands]
	v := &valuer{r: r, st: settle.New(r), names: names, cache: map[outcomeKey][game.MaxSeats]float64{}}
	if t, err := table.New(r, names); err == nil {
		t.Settler = v.st
		v.t = t
	}
	return v
}

// outcomeKey is everything of an outcome its settlement reads.
type outcomeKey struct {
	contract, declarer, potBid, talonTricks, run, aces, acesAll, allPassRun int
	hand, forced, conceded, open, talonSameRank, cardsKnown                 bool
	defence                                                                 [game.MaxSeats]deal.Choice
	tricks, doubled                                                         [game.MaxSeats]int
}

// value is what the finished deal g brings each seat (false when the
// settlement refuses it, which a rollout of legal actions never gives).
// The deal is settled apart from any session (table.Apart: no pot, no
// sheet before it); on a score sheet it is booked at a fresh table.
func (v *valuer) value(g *game.State) ([game.MaxSeats]float64, bool) {
	var out [game.MaxSeats]float64
	if v.t == nil {
		return out, false
	}
	o := v.t.Apart(&v.d, g).Outcome
	k := outcomeKey{contract: o.Contract, declarer: o.Declarer, potBid: o.PotBid, talonTricks: o.TalonTricks, run: o.Run,
		aces: o.DeclarerAces, acesAll: o.DeclarerAcesAll, allPassRun: o.AllPassRun,
		hand: o.Hand, forced: o.Forced, conceded: o.Conceded, open: o.Open, talonSameRank: o.Talon.SameRank(), cardsKnown: o.CardsKnown}
	copy(k.defence[:], o.Defence)
	copy(k.tricks[:], o.Tricks)
	copy(k.doubled[:], o.Doubled)
	if out, ok := v.cache[k]; ok {
		return out, true
	}
	var ok bool
	if v.r.Sheet.Final == nil {
		ok = v.money(&out)
	} else {
		ok = v.sheet(g, &out)
	}
	if ok {
		v.cache[k] = out
	}
	return out, ok
}

// money is the money each seat wins in the deal taken apart.
func (v *valuer) money(out *[game.MaxSeats]float64) bool {
	if v.d.Settle() != nil {
		return false
	}
	for i, a := range v.d.Ledger.Net() {
		if i < len(out) {
			out[i] = float64(a.Num()) / float64(a.Den())
		}
	}
	return true
}

// sheet is the change in each seat's final score when the deal g is
// booked at a fresh table.
func (v *valuer) sheet(g *game.State, out *[game.MaxSeats]float64) bool {
	t, err := table.New(v.r, v.names)
	if err != nil {
		return false
	}
	t.Settler = v.st
	d := t.Apart(&v.d, g)
	if d.Settle() != nil {
		return false
	}
	before, err := t.Standing(nil)
	if err != nil || d.Book() != nil {
		return false
	}
	after, err := t.Standing(nil)
	if err != nil {
		return false
	}
	for i := range v.names {
		diff := after[i].Sub(before[i])
		out[i] = float64(diff.Num()) / float64(diff.Den())
	}
	return true
}
