package ppn

import (
	"fmt"
	"slices"

	"github.com/preference-rules/pref/interpreter/deal"
	"github.com/preference-rules/pref/interpreter/money"
	"github.com/preference-rules/pref/interpreter/record"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/interpreter/table"
)

// settled is one seat's part of a deal as pref settled it, in PPN's terms.
type settled struct {
	kind              byte         // '0', 'M', 'F'
	tricks            int          // the declarer's; a defender's own, and with the one he played for
	own               int          // the seat's own tricks
	side              byte         // 'L': the declarer plays just before him; 'R': just after
	sideValue, middle money.Amount // what the paper's columns gain: the side one, the middle one
}

func (x settled) String() string {
	switch x.kind {
	case 'M':
		return fmt.Sprintf("M%d:%v", x.tricks, x.middle)
	case 'F':
		s := fmt.Sprintf("F%d:%c%v", x.tricks, x.side, x.sideValue)
		if !x.middle.IsZero() {
			s += fmt.Sprintf(":%v", x.middle)
		}
		return s
	}
	return "0"
}

// summaryOf is the summary pref's settlement gives a deal, by seat in
// playing order: the declarer's tricks and middle column, each defender's
// tricks, side and middle columns. The defender who invited or doubled
// answers for the tricks of both and writes their side column; the other,
// who played for him, writes nothing and is 0, as one who did not come.
func summaryOf(r *ruleset.Ruleset, b binding, res *record.DealResult) [3]settled {
	o, l := res.Outcome, res.Ledger
	net := l.SheetNet()
	decl := o.Declarer
	inv := o.Inviter(r)
	var out [3]settled
	for s := range 3 {
		name := res.Seats[s]
		x := settled{kind: '0', own: o.Tricks[s], tricks: o.Tricks[s], middle: net[name+" "+b.middle]}
		for j := range 3 {
			if j != s {
				x.sideValue = x.sideValue.Add(net[name+" "+b.sides+" "+res.Seats[j]])
			}
		}
		switch {
		case s == decl:
			x.kind = 'M'
		case o.Played() && (o.Defence[s] == deal.Play || o.Defence[s] == deal.Invite) || !x.sideValue.IsZero() || !x.middle.IsZero():
			x.kind = 'F'
			x.side = 'R'
			if decl == (s+2)%3 {
				x.side = 'L'
			}
			if s == inv {
				for j := range 3 {
					if j != s && j != decl {
						x.tricks += o.Tricks[j]
					}
				}
			}
		}
		out[s] = x
	}
	return out
}

// agrees reports whether a summary entry written in PPN says what pref
// settled. It reads leniently where PPN is unclear: the defender who
// played for two may give his own tricks or both's, the one he played for
// 0 or his own tricks with nothing written, and a deal nobody defended
// M0 or M10 for the declarer (it counts as all ten).
func agrees(e Entry, x settled, played bool) bool {
	amount := func(n int) money.Amount { return money.Int(int64(n)) }
	switch x.kind {
	case '0':
		return e.Kind == '0' || e.Kind == 'F' && e.SideValue == 0 && e.Middle == 0 && e.Tricks == x.own
	case 'M':
		return e.Kind == 'M' && amount(e.Middle).Equal(x.middle) &&
			(e.Tricks == x.tricks || !played && (e.Tricks == 0 || e.Tricks == 10))
	}
	return e.Kind == 'F' && e.Side == x.side && amount(e.SideValue).Equal(x.sideValue) && amount(e.Middle).Equal(x.middle) &&
		(e.Tricks == x.tricks || e.Tricks == x.own)
}

// compare lists what PPN states beside the cards and the decisions (the
// value, refa, the summary) that pref's settlement gives otherwise.
func compare(f *File, r *ruleset.Ruleset, b binding, deals []record.DealResult) []Note {
	var out []Note
	players, _, _ := f.Players()
	for i := range deals {
		res := &deals[i]
		d := &f.Deals[res.Index]
		if !d.Declared || res.Outcome == nil || res.Outcome.Declarer < 0 {
			continue
		}
		n := res.Index + 1
		o := res.Outcome
		decl := o.Declarer
		unit := res.Ledger.SheetNet()[res.Seats[decl]+" "+b.middle]
		if unit.Sign() < 0 {
			unit = unit.Neg()
		}
		if !money.Int(int64(d.Value)).Equal(unit) {
			out = append(out, Note{Deal: n, Field: "value", Msg: fmt.Sprintf(
				"PPN writes %d; pref settles %v (the value is what the declarer's %s moves by, as the ruleset settles it)", d.Value, unit, b.middle)})
		}
		if d.Refa >= 0 {
			held := 0
			if o.Marks != nil {
				held = o.Marks[decl]
			}
			if (d.Refa == 1) != (held > 0) {
				out = append(out, Note{Deal: n, Field: fieldNames[fieldRefa], Msg: fmt.Sprintf(
					"PPN writes %d; in pref's replay %s holds %d refa before this deal", d.Refa, res.Seats[decl], held)})
			}
		}
		sum := summaryOf(r, b, res)
		for k := range 3 {
			s := slices.Index(res.Seats, players[d.Order[k]-1])
			if s < 0 {
				continue // cannot be: the deal's seats are its players
			}
			if !agrees(d.Summary[k], sum[s], o.Played()) {
				out = append(out, Note{Deal: n, Field: "summary", Msg: fmt.Sprintf(
					"%s: PPN writes %s; pref settles %s", res.Seats[s], d.Summary[k], sum[s])})
			}
		}
	}
	return out
}

// compareResults compares the Result tags with pref's final score when the
// game is over after the deals; before that they are not compared, and a
// note says so.
func compareResults(f *File, rec *record.Record, t *table.Table, b binding, notes *[]Note) []Note {
	given := false
	for i := 1; i <= 3; i++ {
		if _, ok := f.Tag(fmt.Sprintf("Result%d", i)); ok {
			given = true
		}
	}
	if !given || t == nil {
		return nil
	}
	closed, err := t.Closed()
	if err != nil {
		return []Note{{Field: "results", Msg: err.Error()}}
	}
	if !closed {
		var total money.Amount
		for _, n := range t.Names {
			total = total.Add(t.Sheet[n+" "+b.middle])
		}
		*notes = append(*notes, Note{Field: "results", Msg: fmt.Sprintf(
			"the Result tags are not compared: the game is not over after these %d deals (the %s add up to %v; it ends at 0)", len(rec.Deals), b.middle, total)})
		return nil
	}
	final, err := t.Final()
	if err != nil {
		return []Note{{Field: "results", Msg: err.Error()}}
	}
	players, _, _ := f.Players()
	var out []Note
	for i := 1; i <= 3; i++ {
		tag := fmt.Sprintf("Result%d", i)
		v, ok := f.Tag(tag)
		if !ok {
			continue
		}
		idx := -1
		for j, n := range t.Names {
			if n == players[i-1] {
				idx = j
			}
		}
		if idx < 0 {
			continue
		}
		want, err := money.Parse(v)
		switch {
		case err != nil:
			out = append(out, Note{Field: "tag " + tag, Msg: fmt.Sprintf("%q is no number", clip(v))})
		case !want.Equal(final[idx]):
			out = append(out, Note{Field: "tag " + tag, Msg: fmt.Sprintf(
				"%s: PPN writes %s; pref's final score is %v (from the sheet, as the ruleset's final score says)", players[i-1], v, final[idx])})
		}
	}
	return out
}
