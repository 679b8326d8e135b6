package settle

import (
	"github.com/preference-rules/pref/interpreter/deal"
	"github.com/preference-rules/pref/interpreter/money"
	"github.com/preference-rules/pref/interpreter/ruleset"
)

// Read back what the last settlement worked out, for a ruling that tells
// how each figure came about: the values the expressions read, and who
// fell short of what he had to take.

// ReadOutcome works out what settling o would read: the facts, the
// parties, the values and the defines, into the settler's frame, for
// Values and Shortfalls. It pays and writes nothing, and makes no ledger:
// an explanation reads back an outcome the table settled already.
func (s *Settler) ReadOutcome(o *deal.Outcome) (err error) {
	if err := deal.Check(s.r, o); err != nil {
		return err
	}
	defer money.Catch(&err)
	return s.fill(o)
}

// Values is every name the settlement's expressions read, with the value
// it had in the last deal settled or read: the contract's values, the options,
// the events, the interpreter's facts and the defines (parties bound per
// payment line are left as the last line bound them).
func (s *Settler) Values() map[string]any { return s.f.Map() }

// Shortfall is a party that failed in the last deal settled: the
// declarer short of his contract, or a playing defender short of the
// tricks he answers for.
type Shortfall struct {
	Seat     int
	Declarer bool
	Needed   int // the tricks he had to take (a defender's share or quota)
	Took     int // the tricks that counted for him
}

// Shortfalls lists the parties that failed in the last deal settled or read, o,
// in seat order.
func (s *Settler) Shortfalls(o *deal.Outcome) []Shortfall {
	var out []Shortfall
	var ct *ruleset.Contract
	if o.Contract >= 0 {
		ct = &s.r.Contracts[o.Contract]
	}
	d := dealView{o: o, ct: ct, played: o.Played(), defence: o.Defenders()}
	d.inviter = d.defence.Inviter(s.r)
	for i := range s.parties {
		p := &s.parties[i]
		if !p.Failed {
			continue
		}
		sf := Shortfall{Seat: i, Declarer: p.Declarer, Took: p.Credited}
		switch {
		case p.Declarer:
			sf.Needed, sf.Took = s.need(o), p.Tricks
		case p.Share > 0 && p.OwnShort > 0:
			sf.Needed = p.Share
		default:
			sf.Needed = s.defenderNeeds(&d, p)
		}
		out = append(out, sf)
	}
	return out
}
