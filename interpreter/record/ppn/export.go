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

// FromRecord writes a record of the ruleset PPN records (the one its
// ppn: section binds, Ruleset) as PPN. The record is replayed
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
	final, err := t.Final()
	if err != nil {
		final = nil // no final scores (no sheet to close): no Result tags
	}
	f := &File{Tags: infoTags(rec, r, b, final)}
	code, err := cardCodes(r)
	if err != nil {
		return nil, cannot("%v", err)
	}
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
		w := dealWriter{r: r, b: b, res: res, rd: rd, code: code, seats: rec.Seats}
		d, err := w.deal()
		if err != nil {
			return nil, cannot("deal %d: %v", n, err)
		}
		d.ID = n
		f.Deals = append(f.Deals, *d)
	}
	return f, nil
}

// infoTags are the tags of the info section: the options (those PPN has
// tags for, then the others in PrefOptions), the players, the results
// (final, when the table has them) and the title.
func infoTags(rec *record.Record, r *ruleset.Ruleset, b binding, final []money.Amount) []Tag {
	var tags []Tag
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
		tags = append(tags, Tag{Name: t.name, Value: option(b.options[i])})
	}
	var others []string
	for name, v := range rec.Options {
		if !b.tagged(name) {
			others = append(others, fmt.Sprintf("%s=%v", name, v))
		}
	}
	if len(others) > 0 {
		sort.Strings(others)
		tags = append(tags, Tag{Name: OptionsTag, Value: strings.Join(others, ",")})
	}
	for i, name := range rec.Seats {
		tags = append(tags, Tag{Name: fmt.Sprintf("Player%d", i+1), Value: name})
	}
	for i, v := range final {
		tags = append(tags, Tag{Name: fmt.Sprintf("Result%d", i+1), Value: v.String()})
	}
	if rec.Title != "" {
		tags = append(tags, Tag{Name: "Event", Value: rec.Title})
	}
	return tags
}

// cardCodes is PPN's code of each card of r's pack.
func cardCodes(r *ruleset.Ruleset) (map[cards.Card]byte, error) {
	code := map[cards.Card]byte{}
	for i := range len(codes) {
		c, err := r.Deck.Parse(cardName(codes[i]))
		if err != nil {
			return nil, fmt.Errorf("%s's pack has no %s", r.Name, cardName(codes[i]))
		}
		code[c] = codes[i]
	}
	return code, nil
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

// dealWriter writes one replayed deal as a deal record, field group by
// field group.
type dealWriter struct {
	r     *ruleset.Ruleset
	b     binding
	res   *record.DealResult
	rd    *record.Deal
	code  map[cards.Card]byte
	seats []string // the record's, in PPN's player order
	d     *Deal
}

// number is the PPN player (1 to 3) of the seat named name.
func (w *dealWriter) number(name string) int { return slices.Index(w.seats, name) + 1 }

// player is the PPN player (1 to 3) sitting at seat s of this deal.
func (w *dealWriter) player(s int) int { return w.number(w.res.Seats[s]) }

// deal writes the deal.
func (w *dealWriter) deal() (*Deal, error) {
	w.d = &Deal{Refa: 0}
	w.dealt()
	w.bids()
	decl := w.res.Outcome.Declarer
	if decl < 0 {
		return w.d, nil
	}
	if err := w.declaration(decl); err != nil {
		return nil, err
	}
	if err := w.defence(decl); err != nil {
		return nil, err
	}
	sum := summaryOf(w.r, w.b, w.res)
	if err := w.play(sum[decl].middle); err != nil {
		return nil, err
	}
	if err := w.summary(sum); err != nil {
		return nil, err
	}
	return w.d, nil
}

// dealt writes the deal order and the cards as the record writes them,
// each hand in its order, then the talon.
func (w *dealWriter) dealt() {
	d, st := w.d, w.res.State
	for k := range 3 {
		d.Order[k] = w.player(k)
	}
	for k := range 3 {
		var written string
		for _, h := range w.rd.Hands {
			if h.Seat == w.res.Seats[k] {
				written = h.Cards
			}
		}
		cs := inOrder(w.r, written, st.Dealt[k])
		for j, c := range cs {
			d.Cards[10*k+j] = w.code[c]
		}
	}
	for j, c := range st.TalonOrder() {
		d.Cards[30+j] = w.code[c]
	}
}

// bids writes each player's highest call, and whether it held the bid
// standing (moje).
func (w *dealWriter) bids() {
	r := w.r
	high := [3]int{game.Pass, game.Pass, game.Pass}
	var held [3]bool
	standing := game.Pass
	for _, c := range w.res.State.Calls {
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
		w.d.Bids[k] = b
	}
}

// declaration writes the main player, the cards he laid aside and the
// contract.
func (w *dealWriter) declaration(decl int) error {
	d, st := w.d, w.res.State
	d.Declared = true
	d.Main = w.player(decl)
	d.Discarded = [2]byte{'X', 'X'}
	if !st.Hand {
		laid := st.Laid.Cards()
		if len(laid) != 2 {
			return fmt.Errorf("%d cards laid aside; PPN writes two", len(laid))
		}
		d.Discarded = [2]byte{w.code[laid[0]], w.code[laid[1]]}
	}
	d.Contract = Contract{Number: w.r.Contracts[st.Contract].Number, Game: st.Hand}
	return nil
}

// defence writes who came (a defender not asked plays), who invited or
// said kontra, and refa.
func (w *dealWriter) defence(decl int) error {
	d, o := w.d, w.res.Outcome
	came := [3]bool{true, true, true}
	d.Kontra = Kontra{Kind: '0'}
	for _, ru := range w.res.Rulings {
		a := ru.Action
		switch a.Phase {
		case game.PhaseDefend:
			came[a.Seat] = deal.Choice(a.Value) == deal.Play
		case game.PhaseInvite:
			if a.Value == game.Yes {
				d.Kontra = Kontra{Kind: 'I', By: w.player(a.Seat)}
			}
		case game.PhaseContra:
			if a.Value == game.Yes {
				if d.Kontra.Kind == 'I' {
					return fmt.Errorf("an invitation and a kontra: PPN's kontra field holds one of them")
				}
				d.Kontra = Kontra{Kind: 'K', By: w.player(a.Seat)}
			}
		case game.PhaseRecontra:
			if a.Value == game.Yes && d.Kontra.level() > 0 && d.Kontra.level() < 4 {
				d.Kontra.Kind = "KRSM"[d.Kontra.level()]
			}
		}
	}
	d.Accepted = w.accepted(decl, came)
	if o.Marks != nil && o.Marks[decl] > 0 {
		d.Refa = 1
	}
	return nil
}

// accepted is the field accepted: 0 when no defender came, the one who
// came, or 8 for both.
func (w *dealWriter) accepted(decl int, came [3]bool) int {
	var both []int
	for k := range 3 {
		if k != decl && came[k] {
			both = append(both, k)
		}
	}
	switch len(both) {
	case 0:
		return 0
	case 1:
		return w.player(both[0])
	}
	return 8
}

// play writes the value (the declarer's move in the middle column, the
// ppn: section's middle account, without its sign), who led and the
// tricks.
func (w *dealWriter) play(middle money.Amount) error {
	d, st := w.d, w.res.State
	if middle.Sign() < 0 {
		middle = middle.Neg()
	}
	var err error
	if d.Value, err = whole(middle, "the value"); err != nil {
		return err
	}
	if st.NTricks > 0 {
		d.Starts = w.player(st.Record[0].Leader)
	}
	for i := 0; i < st.NTricks; i++ {
		t := &st.Record[i]
		th := Throw{Winner: w.player(t.Winner)}
		for j := 0; j < t.N; j++ {
			th.Cards = append(th.Cards, w.code[t.Cards[j]])
		}
		d.Throws = append(d.Throws, th)
	}
	return nil
}

// summary writes each player's entry of the summary from pref's
// settlement.
func (w *dealWriter) summary(sum [3]settled) error {
	var err error
	for k := range 3 {
		x := sum[k]
		e := Entry{Kind: x.kind, Tricks: x.tricks, Side: x.side}
		if e.SideValue, err = whole(x.sideValue, w.b.sides); err != nil {
			return err
		}
		if e.Middle, err = whole(x.middle, w.b.middle); err != nil {
			return err
		}
		e.HasMiddle = x.kind == 'M' || e.Middle != 0
		if x.kind == 'M' && !w.res.Outcome.Played() {
			e.Tricks = 0
		}
		w.d.Summary[k] = e
	}
	return nil
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
