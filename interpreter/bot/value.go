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
	cache map[outcomeKey][game.MaxSeats]float64
}

func newValuer(r *ruleset.Ruleset) *valuer {
	names := []string{"A", "B", "C", "D"}[:r.Hands]
	return &valuer{r: r, st: settle.New(r), names: names, cache: map[outcomeKey][game.MaxSeats]float64{}}
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
func (v *valuer) value(g *game.State) ([game.MaxSeats]float64, bool) {
	o := g.Outcome(v.names)
	o.AllPassRun = g.AllPassRun
	k := outcomeKey{contract: o.Contract, declarer: o.Declarer, potBid: o.PotBid, talonTricks: o.TalonTricks, run: o.Run,
		aces: o.DeclarerAces, acesAll: o.DeclarerAcesAll, allPassRun: o.AllPassRun,
		hand: o.Hand, forced: o.Forced, conceded: o.Conceded, open: o.Open, talonSameRank: o.Talon.SameRank(), cardsKnown: o.CardsKnown}
	copy(k.defence[:], o.Defence)
	copy(k.tricks[:], o.Tricks)
	copy(k.doubled[:], o.Doubled)
	if out, ok := v.cache[k]; ok {
		return out, true
	}
	var out [game.MaxSeats]float64
	l, err := v.st.Settle(o, false)
	if err != nil {
		return out, false
	}
	if v.r.Sheet.Final == nil {
		for i, a := range l.Net() {
			if i < len(out) {
				out[i] = float64(a.Num()) / float64(a.Den())
			}
		}
	} else {
		t, err := table.New(v.r, v.names)
		if err != nil {
			return out, false
		}
		before, err := t.Final()
		if err != nil {
			return out, false
		}
		if err := t.Apply(o, l); err != nil {
			return out, false
		}
		after, err := t.Final()
		if err != nil {
			return out, false
		}
		for i := range v.names {
			d := after[i].Sub(before[i])
			out[i] = float64(d.Num()) / float64(d.Den())
		}
	}
	v.cache[k] = out
	return out, true
}
