package record

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/preference-rules/pref/interpreter/cards"
	"github.com/preference-rules/pref/interpreter/deal"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/interpreter/money"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/interpreter/settle"
	"github.com/preference-rules/pref/interpreter/table"
	"github.com/preference-rules/pref/rulesets"
	"github.com/preference-rules/pref/schema"
	"gopkg.in/yaml.v3"
)

// Open loads the record's ruleset (a name, or a path relative to the
// record's file, in or below its folder: rulesets.OpenFrom) with its
// options in force.
func Open(path string, rec *Record) (*ruleset.Ruleset, error) {
	r, err := rulesets.OpenFrom(path, rec.Ruleset)
	if err != nil {
		return nil, err
	}
	return r.With(rec.Options)
}

// DealResult is one replayed deal: its seats in playing order (a dealer
// sitting out last), the finished state, the rulings, the outcome and its
// settlement, booked at the table.
type DealResult struct {
	Index   int
	Seats   []string
	State   *game.State
	Rulings []game.Ruling
	Outcome *deal.Outcome  // nil for an unfinished deal
	Ledger  *settle.Ledger // nil for an unfinished deal
	Expect  *yaml.Node
	// Unfinished: the deal was left in the middle; every step written was
	// legal, nothing was settled.
	Unfinished bool
	// After: an earlier deal was refused (ReplayEach), so the table this
	// one was settled at is not the game's: its settlement is no verdict.
	After bool
}

// StepError is a record refused at one step: the deal, where in it, and
// the rule broken with its evidence.
type StepError struct {
	Deal  int    // from 1
	Where string // "action 3 (Anton: hearts)", "trick 4"; "" for a card the game refused, its error naming the trick
	Err   error
	// Action and Trick are the action or the trick of the deal refused
	// (from 1; 0 when the step is neither), and Card the card of the trick
	// the game's rules refused (as the deck names it; "" for none): set
	// where the step is refused, so that the place in the file is found
	// from them, never from the words of the error.
	Action, Trick int
	Card          string
	// Part is what of the deal the step refused is, and Key the key of the
	// deal it is written at ("hands", "dealer", "claim", "unfinished"; ""
	// for none): set where the step is refused, so that a reader that
	// names the parts of a deal in words of its own (PPN's fields) need
	// not read them back out of Where.
	Part Part
	Key  string
	// Partial is the deal as it stood when the step was refused, for an
	// account of the deal up to the fault; nil when it had not begun.
	Partial *DealResult
	// AfterRefused is the first deal refused before this one (ReplayEach
	// goes on past it), 0 if none: the table this deal was played at
	// (the run of all-pass deals, the markings, the pot) is then not the
	// game's, and a rule that reads it may refuse a step the game allowed.
	AfterRefused int

	at *places // where the deal is written, when the record was parsed
}

// Part is what of a deal a step refused is.
type Part int

const (
	// PartDeal: the deal as a whole (its ante, its settlement), or the
	// record's own keys (its seats, its table).
	PartDeal Part = iota
	// PartKey: the value of the deal's key StepError.Key.
	PartKey
	// PartAction: action StepError.Action as written.
	PartAction
	// PartTrick: trick StepError.Trick as written (its cards, their
	// count, their order).
	PartTrick
	// PartCard: a card of trick StepError.Trick the game refused; the
	// error names the trick.
	PartCard
)

// Positioned is the refusal at the line and column of the record where
// the step refused is written (the action, the trick, the hands...), with
// that line and a caret; a record not parsed from a file has none.
func (e *StepError) Positioned() *schema.Error {
	if e.at == nil {
		return &schema.Error{Msg: e.Error()}
	}
	pe := e.at.errorAt(e.at.node(e), e.Error())
	if e.Card != "" {
		pointAtCard(pe, e.Card)
	}
	return pe
}

// pointAtCard moves the caret of pe from the start of a trick to the card
// refused ("7D"), where the line shows it.
func pointAtCard(pe *schema.Error, card string) {
	if pe.Col < 1 || pe.Col > len(pe.Source) {
		return
	}
	rest := pe.Source[pe.Col-1:]
	for i := strings.Index(rest, card); i >= 0; {
		end := i + len(card)
		if (i == 0 || !isCardByte(rest[i-1])) && (end == len(rest) || !isCardByte(rest[end])) {
			pe.Col += i
			return
		}
		next := strings.Index(rest[i+1:], card)
		if next < 0 {
			return
		}
		i += 1 + next
	}
}

func isCardByte(b byte) bool {
	return b >= '0' && b <= '9' || b >= 'A' && b <= 'Z'
}

func (e *StepError) Error() string {
	msg := fmt.Sprintf("deal %d, %s: %v", e.Deal, e.Where, e.Err)
	if e.Where == "" {
		msg = fmt.Sprintf("deal %d, %v", e.Deal, e.Err)
	}
	if e.AfterRefused > 0 {
		msg += fmt.Sprintf(" (after deal %d was refused, the table this deal was played at is not known for sure: this may follow from that refusal)", e.AfterRefused)
	}
	return msg
}

func (e *StepError) Unwrap() error { return e.Err }

// Replay steps r's state machine through every deal of rec at a table,
// settling each: the first step a rule forbids stops it with a StepError.
func Replay(rec *Record, r *ruleset.Ruleset) ([]DealResult, error) {
	out, _, err := ReplayTable(rec, r)
	return out, err
}

// ReplayTable is Replay that also returns the table after the last deal
// booked (its sheet, markings and final score); nil when the seats or the
// table before the first deal are refused.
func ReplayTable(rec *Record, r *ruleset.Ruleset) ([]DealResult, *table.Table, error) {
	out, t, errs := replayTable(rec, r, false)
	if len(errs) > 0 {
		return out, t, errs[0]
	}
	return out, t, nil
}

// ReplayEach is Replay that goes on past a refused deal, so that one run
// says every deal's first fault: after a refusal the deal passes on
// unbooked, and the deals after it are replayed step by step on a table
// whose figures are no longer the game's (their results have After set:
// their settlements are not to be compared). The refusals come in the
// order of the deals, each with its place in the file (Positioned).
func ReplayEach(rec *Record, r *ruleset.Ruleset) ([]DealResult, []*StepError) {
	out, _, errs := replayTable(rec, r, true)
	return out, errs
}

// replayTable replays rec's deals at a table; all: on past a refused deal.
func replayTable(rec *Record, r *ruleset.Ruleset, all bool) ([]DealResult, *table.Table, []*StepError) {
	first := &StepError{Deal: 1}
	if len(rec.Deals) > 0 {
		first.at = rec.Deals[0].at
	}
	t, err := table.New(r, rec.Seats)
	if err != nil {
		first.Where, first.Err = "seats", err
		return nil, nil, []*StepError{first}
	}
	if err := setTable(t, rec.Table); err != nil {
		first.Where, first.Err = "table", err
		return nil, nil, []*StepError{first}
	}
	if rec.SessionDeals < 0 || rec.SessionDeals > MaxDeals {
		first.Where, first.Err = "session_deals", fmt.Errorf("%d; want 1 to %d", rec.SessionDeals, MaxDeals)
		return nil, nil, []*StepError{first}
	}
	t.Length = rec.SessionDeals
	t.Explain = true
	var out []DealResult
	var errs []*StepError
	for i := range rec.Deals {
		res, se := replayOne(t, rec, i)
		res.After = len(errs) > 0
		if se != nil {
			var written writtenWrong
			if len(errs) > 0 && !errors.As(se.Err, &written) {
				se.AfterRefused = errs[0].Deal
			}
			errs = append(errs, se)
			if !all {
				return out, t, errs
			}
			t.PassRefused() // the deal passes on, unbooked
			continue
		}
		out = append(out, res)
		if res.Unfinished {
			break
		}
	}
	return out, t, errs
}

// replayOne replays deal i of rec at t and books it.
func replayOne(t *table.Table, rec *Record, i int) (DealResult, *StepError) {
	d := &rec.Deals[i]
	fail := func(key string, err error) (DealResult, *StepError) {
		return DealResult{Index: i}, d.refused(i, keyErr(key, err))
	}
	if err := seatDealer(t, d, i); err != nil {
		return fail("dealer", err)
	}
	if d.Unfinished && i < len(rec.Deals)-1 {
		return fail("unfinished", fmt.Errorf("only the last deal of a record may be unfinished: the next deal cannot start before this one ends"))
	}
	res, dl, err := replayDeal(t, d)
	res.Index = i
	if err != nil {
		se := d.refused(i, err)
		if res.State != nil {
			se.Partial = &res
		}
		return res, se
	}
	if res.Unfinished {
		return res, nil
	}
	if err := dl.Book(); err != nil {
		return DealResult{Index: i}, d.refused(i, &stepErr{where: "settlement", err: err})
	}
	return res, nil
}

// refused is the StepError of d, deal i of the record, for the step refused.
func (d *Deal) refused(i int, s *stepErr) *StepError {
	return &StepError{Deal: i + 1, Where: s.where, Err: s.err, Action: s.action, Trick: s.trick, Card: s.card, Part: s.part, Key: s.key, at: d.at}
}

// seatDealer gives the deal to the dealer the record names, if it names
// one: any seat for the first deal, after it the seat the deal passes to.
func seatDealer(t *table.Table, d *Deal, i int) error {
	if d.Dealer == "" {
		return nil
	}
	k := slices.Index(t.Names, d.Dealer)
	switch {
	case k < 0:
		return fmt.Errorf("%q is not one of the seats %v", d.Dealer, t.Names)
	case i > 0 && k != t.Dealer:
		return fmt.Errorf("the deal passes to the left: %s deals, not %s", t.Names[t.Dealer], d.Dealer)
	}
	t.Dealer = k
	return nil
}

// writtenWrong is a step the record writes as no word of the decision
// open (a call no ladder has): wrong whatever the table, so it never
// follows from an earlier deal's refusal.
type writtenWrong struct{ error }

func (w writtenWrong) Unwrap() error { return w.error }

// stepErr is a step of a deal refused: the words that say where (the
// StepError's Where), what of the deal it is and, for its place in the
// file, the action or trick (from 1), the card the game refused or the
// deal's key it is written at.
type stepErr struct {
	where         string
	err           error
	part          Part
	action, trick int
	card, key     string
}

// keyErr is a refusal of what the deal writes at key ("hands", "claim").
func keyErr(key string, err error) *stepErr {
	return &stepErr{where: key, err: err, part: PartKey, key: key}
}

// trickErr is a refusal of trick n (from 1) as written.
func trickErr(n int, err error) *stepErr {
	return &stepErr{where: fmt.Sprintf("trick %d", n), err: err, part: PartTrick, trick: n}
}

// actionErr is a refusal of action n (from 1), st as written.
func actionErr(n int, st Step, err error) *stepErr {
	return &stepErr{where: fmt.Sprintf("action %d (%s: %s)", n, st.Seat, st.Word), err: err, part: PartAction, action: n}
}

// replayDeal begins record deal d at the table with the hands it gives,
// steps the state through its actions and tricks, and settles it; the
// caller books it. An unfinished deal stops where its record ends.
func replayDeal(t *table.Table, d *Deal) (DealResult, *table.Deal, *stepErr) {
	r := t.R
	seats := t.Seats(nil)
	res := DealResult{Seats: seats}
	if d.Expect.Kind != 0 {
		res.Expect = &d.Expect
	}
	hands, talon, err := readHands(r, seats[:r.Hands], d)
	if err != nil {
		return res, nil, keyErr("hands", err)
	}
	dl, err := t.Begin(game.New(r, nil))
	if err != nil {
		return res, nil, &stepErr{where: "ante", err: err}
	}
	if err := dl.SetHands(hands, talon); err != nil {
		return res, nil, keyErr("hands", err)
	}
	if order, _ := parseCards(r, d.Talon); len(order) > 0 {
		dl.G.SetTalonOrder(order) // the talon's cards lead in the order written
	}
	rp := &replayer{r: r, d: d, g: dl.G, seats: seats, talon: talon, res: &res}
	stopped, serr := rp.run()
	if serr == nil && !stopped {
		serr = rp.ended()
	}
	if serr != nil {
		res.State = dl.G.State.Clone() // the deal up to the fault
	}
	if serr != nil || stopped {
		return res, dl, serr
	}
	res.State = dl.G.State.Clone()
	if err := dl.Settle(); err != nil {
		return res, dl, &stepErr{where: "settlement", err: err}
	}
	res.Outcome, res.Ledger = dl.Outcome, dl.Ledger
	return res, dl, nil
}

// replayer steps a deal's state through its record: the next action
// written (ai), and the trick (ti) and card in it (ci) to play.
type replayer struct {
	r          *ruleset.Ruleset
	d          *Deal
	g          *game.Game
	seats      []string
	talon      cards.Mask
	res        *DealResult
	ai, ti, ci int
	trick      []cards.Card
}

// run applies the record's steps until the deal is over, the record of
// an unfinished deal ends (stopped: the state kept as it stands), or a
// step is refused.
func (rp *replayer) run() (stopped bool, _ *stepErr) {
	g := rp.g
	for !g.Over() {
		var a game.Action
		var at stepErr // where the step is written, for its refusal
		var serr *stepErr
		if g.Phase() == game.PhasePlay {
			if rp.claims() {
				return false, rp.claim()
			}
			a, stopped, serr = rp.card()
		} else {
			a, at, stopped, serr = rp.word()
		}
		if stopped {
			rp.res.Unfinished = true
			rp.res.State = g.State.Clone()
			return true, nil
		}
		if serr != nil {
			return false, serr
		}
		if serr := rp.apply(a, at); serr != nil {
			return false, serr
		}
	}
	return false, nil
}

// claims reports whether the tricks written are played and a claim ends
// the deal.
func (rp *replayer) claims() bool {
	return rp.ti >= len(rp.d.Tricks) && rp.ci == 0 && rp.d.Claim != nil
}

// claim ends the play with the tricks the record's claim gives each hand.
func (rp *replayer) claim() *stepErr {
	taken := make([]int, rp.r.Hands)
	for name, n := range rp.d.Claim {
		i := slices.Index(rp.seats[:rp.r.Hands], name)
		if i < 0 {
			return keyErr("claim", fmt.Errorf("%s holds no hand in this deal", name))
		}
		taken[i] = n
	}
	if err := rp.g.Claim(taken); err != nil {
		if rp.ti == 0 {
			return &stepErr{where: "before the first trick", err: err, part: PartKey, key: "claim"}
		}
		// at the trick it follows in the file; the claim all the same
		return &stepErr{where: fmt.Sprintf("after trick %d", rp.ti), err: err, part: PartKey, key: "claim", trick: rp.ti}
	}
	return nil
}

// card is the next card of the trick written, for the seat to play.
func (rp *replayer) card() (a game.Action, stopped bool, _ *stepErr) {
	g, d, seat := rp.g, rp.d, rp.g.ToAct()
	if rp.ti >= len(d.Tricks) {
		if d.Unfinished && rp.ci == 0 {
			return a, true, nil
		}
		return a, false, trickErr(g.NTricks+1, fmt.Errorf("the record stops here, but the deal is not over: %s is to play", rp.seats[seat]))
	}
	if rp.ci == 0 {
		if serr := rp.readTrick(); serr != nil {
			return a, false, serr
		}
	}
	if rp.ci >= len(rp.trick) {
		if d.Unfinished && rp.ti == len(d.Tricks)-1 {
			return a, true, nil // left in the middle of this trick
		}
		return a, false, trickErr(rp.ti+1, fmt.Errorf("%q has %d cards, but %s is still to play to it", d.Tricks[rp.ti], len(rp.trick), rp.seats[seat]))
	}
	if serr := rp.notHeld(seat); serr != nil {
		return a, false, serr
	}
	a = game.Action{Phase: game.PhasePlay, Seat: seat, Cards: rp.trick[rp.ci].Bit()}
	rp.ci++
	return a, false, nil
}

// readTrick reads the trick written next; a talon card that leads it may
// be written first.
func (rp *replayer) readTrick() *stepErr {
	r, d, g := rp.r, rp.d, rp.g
	var err error
	if rp.trick, err = parseCards(r, d.Tricks[rp.ti]); err != nil {
		return trickErr(rp.ti+1, err)
	}
	if cur := g.CurrentTrick(); cur.N > 0 && cur.Seats[0] == game.TalonSeat && len(rp.trick) > 0 {
		switch {
		case rp.trick[0] == cur.Cards[0]:
			rp.ci = 1
		case rp.talon.Has(rp.trick[0]):
			return trickErr(rp.ti+1, fmt.Errorf("the talon's card turned for this trick is %s, not %s: the talon is turned in the order it is written (%s)", r.Deck.Name(cur.Cards[0]), r.Deck.Name(rp.trick[0]), d.Talon))
		}
	}
	return nil
}

// word is the next decision written, read for the seat to decide, and
// where it is written (at).
func (rp *replayer) word() (a game.Action, at stepErr, stopped bool, _ *stepErr) {
	g, d, seat := rp.g, rp.d, rp.g.ToAct()
	if rp.ai >= len(d.Actions) {
		if d.Unfinished && len(d.Tricks) == 0 {
			return a, at, true, nil
		}
		return a, at, false, &stepErr{where: fmt.Sprintf("action %d", rp.ai+1), err: fmt.Errorf("the record stops here, but %s is to decide (%s)", rp.seats[seat], g.Phase()), part: PartAction, action: rp.ai + 1}
	}
	st := d.Actions[rp.ai]
	at = *actionErr(rp.ai+1, st, nil)
	refused := func(err error) (game.Action, stepErr, bool, *stepErr) {
		return a, at, false, actionErr(rp.ai+1, st, err)
	}
	if !slices.Contains(rp.seats, st.Seat) {
		return refused(fmt.Errorf("%s is not at the table (the seats are %s)", st.Seat, strings.Join(rp.seats, ", ")))
	}
	if st.Seat != rp.seats[seat] {
		return refused(fmt.Errorf("out of turn: %s is to decide (%s), not %s", rp.seats[seat], g.Phase(), st.Seat))
	}
	a, err := ParseWord(&g.State, seat, st.Word)
	if err != nil {
		return refused(writtenWrong{err})
	}
	rp.ai++
	return a, at, false, nil
}

// apply makes the step written at at; a trick the state closes must
// close in the record too. A card's refusal names its trick itself (its
// where is ""): the trick, and the card when the seat holds it (the rules
// of play refused it), are kept as data for the place in the file.
func (rp *replayer) apply(a game.Action, at stepErr) *stepErr {
	g := rp.g
	tricksBefore := g.NTricks
	ruling, err := g.Apply(a)
	if err != nil {
		at.err = err
		if a.Phase == game.PhasePlay {
			at.part, at.trick = PartCard, tricksBefore+1
			if g.Hands[a.Seat].Has(a.Card()) {
				at.card = rp.r.Deck.Name(a.Card())
			}
		}
		return &at
	}
	rp.res.Rulings = append(rp.res.Rulings, ruling)
	if g.NTricks > tricksBefore {
		if rp.ci != len(rp.trick) {
			return trickErr(rp.ti+1, fmt.Errorf("%q has %d cards, but the trick was complete after %d", rp.d.Tricks[rp.ti], len(rp.trick), rp.ci))
		}
		rp.ti, rp.ci = rp.ti+1, 0
	}
	return nil
}

// ended refuses a record that goes on after its deal is over.
func (rp *replayer) ended() *stepErr {
	d, g := rp.d, rp.g
	if rp.ci != 0 {
		return trickErr(rp.ti+1, fmt.Errorf("the deal ended before the trick was complete"))
	}
	if d.Unfinished && rp.ai == len(d.Actions) && rp.ti == len(d.Tricks) {
		return keyErr("unfinished", fmt.Errorf("the deal is marked unfinished, but it is over: leave out unfinished"))
	}
	if rp.ai < len(d.Actions) {
		st := d.Actions[rp.ai]
		return actionErr(rp.ai+1, st, fmt.Errorf("the deal is already over"))
	}
	if rp.ti < len(d.Tricks) {
		return trickErr(rp.ti+1, fmt.Errorf("the deal is already over (%s played)", deal.Count(g.NTricks, "trick")))
	}
	if d.Claim != nil && !g.Claimed {
		return keyErr("claim", fmt.Errorf("the deal is already over: nothing is left to claim"))
	}
	return nil
}

// readHands reads the hands (one per seat holding cards) and the talon.
func readHands(r *ruleset.Ruleset, seats []string, d *Deal) ([]cards.Mask, cards.Mask, error) {
	hands := make([]cards.Mask, len(seats))
	given := map[string]bool{}
	for _, h := range d.Hands {
		i := slices.Index(seats, h.Seat)
		if i < 0 {
			return nil, 0, fmt.Errorf("%s holds no hand in this deal (the hands are %s's)", h.Seat, strings.Join(seats, ", "))
		}
		if given[h.Seat] {
			return nil, 0, fmt.Errorf("%s's hand is given twice", h.Seat)
		}
		given[h.Seat] = true
		m, err := parseMask(r, h.Cards)
		if err != nil {
			return nil, 0, fmt.Errorf("%s: %v", h.Seat, err)
		}
		if m.Count() != r.HandSize {
			return nil, 0, fmt.Errorf("%s holds %d cards; a hand has %d", h.Seat, m.Count(), r.HandSize)
		}
		hands[i] = m
	}
	for _, s := range seats {
		if !given[s] {
			return nil, 0, fmt.Errorf("%s's hand is missing", s)
		}
	}
	talon, err := parseMask(r, d.Talon)
	if err != nil {
		return nil, 0, fmt.Errorf("talon: %v", err)
	}
	if talon.Count() != r.TalonSize {
		return nil, 0, fmt.Errorf("the talon holds %d cards; a deal puts %d there", talon.Count(), r.TalonSize)
	}
	return hands, talon, nil
}

// parseCards reads "AS KS 10S" (spaces or commas) in order.
func parseCards(r *ruleset.Ruleset, s string) ([]cards.Card, error) {
	var out []cards.Card
	for _, f := range strings.FieldsFunc(s, func(c rune) bool { return c == ' ' || c == ',' || c == '\t' }) {
		c, err := r.Deck.Parse(f)
		if err != nil {
			return nil, err
		}
		if slices.Contains(out, c) {
			return nil, fmt.Errorf("%s is written twice", r.Deck.Name(c))
		}
		out = append(out, c)
	}
	return out, nil
}

func parseMask(r *ruleset.Ruleset, s string) (cards.Mask, error) {
	cs, err := parseCards(r, s)
	var m cards.Mask
	for _, c := range cs {
		m |= c.Bit()
	}
	return m, err
}

// setTable puts the table as it stood before the first deal.
func setTable(t *table.Table, ts *Table) error {
	if ts == nil {
		return nil
	}
	if ts.Pot != "" {
		p, err := money.Parse(ts.Pot)
		if err != nil {
			return fmt.Errorf("pot: %v", err)
		}
		if err := money.CheckInput(p); err != nil {
			return fmt.Errorf("pot: %v", err)
		}
		t.Pot = p
	}
	// A table state means the session is under way: an ante paid only on
	// the first deal of a session is not paid again; unless it says which
	// deal the first is.
	t.Deals = 1
	if ts.DealNumber < 0 || ts.DealNumber > MaxDeals {
		return fmt.Errorf("deal_number: %d; want 1 to %d", ts.DealNumber, MaxDeals)
	}
	if ts.DealNumber > 0 {
		t.Deals = ts.DealNumber - 1
	}
	if err := setMarks(t, ts); err != nil {
		return err
	}
	for name, accounts := range ts.Sheet {
		if !slices.Contains(t.Names, name) {
			return fmt.Errorf("sheet: %q is no seat", name)
		}
		for account, v := range accounts {
			if err := setFigures(t, name, account, &v); err != nil {
				return err
			}
		}
	}
	return nil
}

// setFigures writes name's figures on account as the record's table
// states them: one figure, or for a pair account one against each other
// player.
func setFigures(t *table.Table, name, account string, v *yaml.Node) error {
	figures := map[string]*yaml.Node{"": v}
	if v.Kind == yaml.MappingNode { // a pair account: against whom
		figures = map[string]*yaml.Node{}
		for i := 0; i+1 < len(v.Content); i += 2 {
			figures[v.Content[i].Value] = v.Content[i+1]
		}
	}
	for other, x := range figures {
		a, err := money.Parse(x.Value) // the text as written: 9.0000000000000001 stays finer than 9
		if err == nil {
			err = money.CheckInput(a)
		}
		if err != nil {
			return fmt.Errorf("sheet: %s %s: %v", name, account, err)
		}
		key := strings.TrimSpace(name + " " + account + " " + other)
		t.Sheet[key] = a
	}
	return nil
}

// setMarks sets the markings each player holds before the first deal,
// of the default kind and of the named ones, those handed out so far and
// the all-pass run.
func setMarks(t *table.Table, ts *Table) error {
	for name, m := range ts.Marks {
		i := slices.Index(t.Names, name)
		if i < 0 || m < 0 || m > deal.MaxRun {
			return fmt.Errorf("marks: %s %d: want a seat and 0 to %d", name, m, deal.MaxRun)
		}
		t.Marks[i] = m
	}
	if err := setKindMarks(t, ts.MarksOf); err != nil {
		return err
	}
	if ts.MarksGiven < 0 || ts.MarksGiven > deal.MaxRun || ts.AllPassRun < 0 || ts.AllPassRun > deal.MaxRun {
		return fmt.Errorf("marks_given and all_pass_run: want 0 to %d", deal.MaxRun)
	}
	t.MarksGiven, t.AllPassRun = ts.MarksGiven, ts.AllPassRun
	return nil
}

// setKindMarks sets the markers of the ruleset's named kinds each player
// holds before the first deal (table: marks_of).
func setKindMarks(t *table.Table, of map[string]map[string]int) error {
	for kind, held := range of {
		k := t.R.MarkKind(kind)
		if k == 0 {
			return fmt.Errorf("marks_of: %q is no kind the ruleset names in markings (%v)", kind, t.R.MarkKindNames())
		}
		for name, m := range held {
			i := slices.Index(t.Names, name)
			if i < 0 || m < 0 || m > deal.MaxRun {
				return fmt.Errorf("marks_of: %s: %s %d: want a seat and 0 to %d", kind, name, m, deal.MaxRun)
			}
			t.KindMarks[k-1][i] = m
		}
	}
	return nil
}
