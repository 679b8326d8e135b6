package ppn

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/preference-rules/pref/interpreter/cards"
	"github.com/preference-rules/pref/interpreter/deal"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/interpreter/money"
	"github.com/preference-rules/pref/interpreter/record"
	"github.com/preference-rules/pref/interpreter/ruleset"
)

// ErrCannotWrite is wrapped by the errors of FromRecord for a record PPN
// has no form for (another ruleset, four players, a claim, a deal left
// unfinished, a table given before the first deal).
var ErrCannotWrite = errors.New("PPN cannot write this")

// FromRecord writes a record of the ruleset PPN records (serbian,
// Ruleset) as PPN. The record is replayed
// first: what PPN states beside the cards and calls (the winners, the
// value, refa, the summary, the results) is pref's settlement. A step the
// rules refuse is the replay's *record.StepError.
func FromRecord(rec *record.Record, r *ruleset.Ruleset) (*File, error) {
	cannot := func(format string, args ...any) error {
		return fmt.Errorf("%w: %s", ErrCannotWrite, fmt.Sprintf(format, args...))
	}
	b, err := writable(r)
	if err != nil {
		return nil, err
	}
	if len(rec.Seats) != 3 {
		return nil, cannot("PPN records three players; this record seats %d", len(rec.Seats))
	}
	if rec.Table != nil {
		return nil, cannot("PPN records a game from its first deal; this record states the table before it (table:)")
	}
	deals, t, err := record.ReplayTable(rec, r)
	if err != nil {
		return nil, err
	}
	f := &File{}
	option := func(name string) string {
		if v, ok := rec.Options[name]; ok {
			return fmt.Sprint(v)
		}
		if o, ok := r.Option(name); ok {
			return fmt.Sprint(o.Default)
		}
		return ""
	}
	for i, t := range optionTags {
		f.Tags = append(f.Tags, Tag{Name: t.name, Value: option(b.options[i])})
	}
	var others []string
	for name, v := range rec.Options {
		if !b.tagged(name) {
			others = append(others, fmt.Sprintf("%s=%v", name, v))
		}
	}
	if len(others) > 0 {
		sort.Strings(others)
		f.Tags = append(f.Tags, Tag{Name: OptionsTag, Value: strings.Join(others, ",")})
	}
	for i, name := range rec.Seats {
		f.Tags = append(f.Tags, Tag{Name: fmt.Sprintf("Player%d", i+1), Value: name})
	}
	if final, err := t.Final(); err == nil {
		for i, v := range final {
			f.Tags = append(f.Tags, Tag{Name: fmt.Sprintf("Result%d", i+1), Value: v.String()})
		}
	}
	if rec.Title != "" {
		f.Tags = append(f.Tags, Tag{Name: "Event", Value: rec.Title})
	}
	code := map[cards.Card]byte{}
	for i := range len(codes) {
		c, err := r.Deck.Parse(cardName(codes[i]))
		if err != nil {
			return nil, cannot("%s's pack has no %s", r.Name, cardName(codes[i]))
		}
		code[c] = codes[i]
	}
	number := func(name string) int { return slices.Index(rec.Seats, name) + 1 }
	for i := range deals {
		res := &deals[i]
		rd := &rec.Deals[res.Index]
		n := res.Index + 1
		switch {
		case res.Unfinished:
			return nil, cannot("deal %d is unfinished: PPN has no form for a deal left in the middle", n)
		case rd.Claim != nil:
			return nil, cannot("deal %d ends in a claim: PPN writes every trick", n)
		}
		d, err := writeDeal(r, b, res, rd, code, number)
		if err != nil {
			return nil, cannot("deal %d: %v", n, err)
		}
		d.ID = n
		f.Deals = append(f.Deals, *d)
	}
	return f, nil
}

// writable is the binding of r, the ruleset of a record to write, when r
// is the ruleset PPN records.
func writable(r *ruleset.Ruleset) (binding, error) {
	name, err := rulesetName()
	if err != nil {
		return binding{}, err
	}
	if r.Name != name {
		bound, err := Ruleset()
		if err != nil {
			return binding{}, err
		}
		return binding{}, fmt.Errorf("%w: PPN records %s (ruleset %s); this record is of %s", ErrCannotWrite, bound.Title, name, r.Name)
	}
	b, err := bindingOf(r)
	if err != nil {
		return binding{}, fmt.Errorf("%w: %v", ErrCannotWrite, err)
	}
	return b, nil
}

// writeDeal writes one replayed deal.
func writeDeal(r *ruleset.Ruleset, b binding, res *record.DealResult, rd *record.Deal, code map[cards.Card]byte, number func(string) int) (*Deal, error) {
	st, o := res.State, res.Outcome
	d := &Deal{Refa: 0}
	for k := range 3 {
		d.Order[k] = number(res.Seats[k])
	}
	// the cards as the record writes them, each hand in its order
	for k := range 3 {
		var written string
		for _, h := range rd.Hands {
			if h.Seat == res.Seats[k] {
				written = h.Cards
			}
		}
		cs := inOrder(r, written, st.Dealt[k])
		for j, c := range cs {
			d.Cards[10*k+j] = code[c]
		}
	}
	for j, c := range st.TalonOrder() {
		d.Cards[30+j] = code[c]
	}
	// each player's highest call, and whether it held the bid standing
	high := [3]int{game.Pass, game.Pass, game.Pass}
	var held [3]bool
	standing := game.Pass
	for _, c := range st.Calls {
		if c.Call == game.Pass {
			continue
		}
		high[c.Seat], held[c.Seat] = c.Call, c.Call == standing
		standing = c.Call
	}
	for k := range 3 {
		b := Bid{Kind: 'P'}
		if call := high[k]; call != game.Pass {
			lvl := r.Contracts[r.Ladder[call].Contract].Number
			switch {
			case r.Ladder[call].Hand:
				b = Bid{Kind: 'G', Level: lvl}
			case held[k]:
				b = Bid{Kind: 'M', Level: lvl}
			default:
				b = Bid{Kind: 'N', Level: lvl}
			}
		}
		d.Bids[k] = b
	}
	decl := o.Declarer
	if decl < 0 {
		return d, nil
	}
	d.Declared = true
	d.Main = number(res.Seats[decl])
	d.Discarded = [2]byte{'X', 'X'}
	if !st.Hand {
		laid := st.Laid.Cards()
		if len(laid) != 2 {
			return nil, fmt.Errorf("%d cards laid aside; PPN writes two", len(laid))
		}
		d.Discarded = [2]byte{code[laid[0]], code[laid[1]]}
	}
	d.Contract = Contract{Number: r.Contracts[st.Contract].Number, Game: st.Hand}
	// who came (a defender not asked plays), who invited or said kontra
	asked := [3]bool{}
	came := [3]bool{true, true, true}
	d.Kontra = Kontra{Kind: '0'}
	for _, ru := range res.Rulings {
		a := ru.Action
		switch a.Phase {
		case game.PhaseDefend:
			asked[a.Seat] = true
			came[a.Seat] = deal.Choice(a.Value) == deal.Play
		case game.PhaseInvite:
			if a.Value == game.Yes {
				d.Kontra = Kontra{Kind: 'I', By: number(res.Seats[a.Seat])}
			}
		case game.PhaseContra:
			if a.Value == game.Yes {
				if d.Kontra.Kind == 'I' {
					return nil, fmt.Errorf("an invitation and a kontra: PPN's kontra field holds one of them")
				}
				d.Kontra = Kontra{Kind: 'K', By: number(res.Seats[a.Seat])}
			}
		case game.PhaseRecontra:
			if a.Value == game.Yes && d.Kontra.level() > 0 && d.Kontra.level() < 4 {
				d.Kontra.Kind = "KRSM"[d.Kontra.level()]
			}
		}
	}
	var both []int
	for k := range 3 {
		if k != decl && came[k] {
			both = append(both, k)
		}
	}
	switch len(both) {
	case 0:
		d.Accepted = 0
	case 1:
		d.Accepted = number(res.Seats[both[0]])
	default:
		d.Accepted = 8
	}
	if o.Marks != nil && o.Marks[decl] > 0 {
		d.Refa = 1
	}
	sum := summaryOf(r, b, res)
	v := sum[decl].bule
	if v.Sign() < 0 {
		v = v.Neg()
	}
	var err error
	if d.Value, err = whole(v, "the value"); err != nil {
		return nil, err
	}
	if st.NTricks > 0 {
		d.Starts = number(res.Seats[st.Record[0].Leader])
	}
	for i := 0; i < st.NTricks; i++ {
		t := &st.Record[i]
		th := Throw{Winner: number(res.Seats[t.Winner])}
		for j := 0; j < t.N; j++ {
			th.Cards = append(th.Cards, code[t.Cards[j]])
		}
		d.Throws = append(d.Throws, th)
	}
	for k := range 3 {
		x := sum[k]
		e := Entry{Kind: x.kind, Tricks: x.tricks, Side: x.side}
		if e.Supe, err = whole(x.supe, b.sides); err != nil {
			return nil, err
		}
		if e.Middle, err = whole(x.bule, b.middle); err != nil {
			return nil, err
		}
		e.HasMiddle = x.kind == 'M' || e.Middle != 0
		if x.kind == 'M' && !o.Played() {
			e.Tricks = 0
		}
		d.Summary[k] = e
	}
	return d, nil
}

// whole is a figure PPN can write: a whole number of at most nine digits.
func whole(a money.Amount, what string) (int, error) {
	if a.Den() != 1 || a.Num() > 999999999 || a.Num() < -999999999 {
		return 0, fmt.Errorf("%s %v is no whole number PPN writes", what, a)
	}
	return int(a.Num()), nil
}

// inOrder is the cards of hand in the order written (a record may list a
// hand in any order), those not written last.
func inOrder(r *ruleset.Ruleset, written string, hand cards.Mask) []cards.Card {
	var out []cards.Card
	for _, f := range strings.FieldsFunc(written, func(c rune) bool { return c == ' ' || c == ',' || c == '\t' }) {
		if c, err := r.Deck.Parse(f); err == nil && hand.Has(c) && !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	for _, c := range hand.Cards() {
		if !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	return out
}
