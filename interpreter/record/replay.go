package record

import (
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
}

// StepError is a record refused at one step: the deal, where in it, and
// the rule broken with its evidence.
type StepError struct {
	Deal  int    // from 1
	Where string // "action 3 (Anton: hearts)", "trick 4"
	Err   error
}

func (e *StepError) Error() string {
	if e.Where == "" {
		return fmt.Sprintf("deal %d, %v", e.Deal, e.Err)
	}
	return fmt.Sprintf("deal %d, %s: %v", e.Deal, e.Where, e.Err)
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
	t, err := table.New(r, rec.Seats)
	if err != nil {
		return nil, nil, &StepError{Deal: 1, Where: "seats", Err: err}
	}
	if err := setTable(t, rec.Table); err != nil {
		return nil, nil, &StepError{Deal: 1, Where: "table", Err: err}
	}
	var out []DealResult
	s := settle.New(r)
	for i := range rec.Deals {
		d := &rec.Deals[i]
		fail := func(where string, err error) ([]DealResult, *table.Table, error) {
			return out, t, &StepError{Deal: i + 1, Where: where, Err: err}
		}
		if d.Dealer != "" {
			k := slices.Index(t.Names, d.Dealer)
			switch {
			case k < 0:
				return fail("dealer", fmt.Errorf("%q is not one of the seats %v", d.Dealer, t.Names))
			case i > 0 && k != t.Dealer:
				return fail("dealer", fmt.Errorf("the deal passes to the left: %s deals, not %s", t.Names[t.Dealer], d.Dealer))
			}
			t.Dealer = k
		}
		if d.Unfinished && i < len(rec.Deals)-1 {
			return fail("unfinished", fmt.Errorf("only the last deal of a record may be unfinished: the next deal cannot start before this one ends"))
		}
		res, err := replayDeal(t, s, d)
		res.Index = i
		if err != nil {
			return fail(err.where, err.err)
		}
		if res.Unfinished {
			out = append(out, res)
			break
		}
		if err := t.Apply(res.Outcome, res.Ledger); err != nil {
			return fail("settlement", err)
		}
		out = append(out, res)
		t.Next()
	}
	return out, t, nil
}

type stepErr struct {
	where string
	err   error
}

func replayDeal(t *table.Table, s *settle.Settler, d *Deal) (DealResult, *stepErr) {
	r := t.R
	order := t.Order()
	seats := make([]string, len(order))
	for i, idx := range order {
		seats[i] = t.Names[idx]
	}
	res := DealResult{Seats: seats}
	if d.Expect.Kind != 0 {
		res.Expect = &d.Expect
	}
	// stop ends the replay of an unfinished deal where its record ends.
	stop := func(g *game.Game) (DealResult, *stepErr) {
		res.Unfinished = true
		res.State = g.State.Clone()
		return res, nil
	}
	g := game.New(r, nil)
	g.TableSize = len(t.Names)
	for i := 0; i < r.Hands; i++ {
		g.Names[i] = seats[i]
	}
	hands, talon, err := readHands(r, seats[:r.Hands], d)
	if err != nil {
		return res, &stepErr{"hands", err}
	}
	if _, err := t.Ante(); err != nil {
		return res, &stepErr{"ante", err}
	}
	if err := g.SetHands(hands, talon); err != nil {
		return res, &stepErr{"hands", err}
	}
	g.SetAllPassRun(t.AllPassRun)
	if order, _ := parseCards(r, d.Talon); len(order) > 0 {
		g.SetTalonOrder(order) // the talon's cards lead in the order written
	}
	ai, ti, ci := 0, 0, 0 // next action, trick, card in it
	var trick []cards.Card
	for !g.Over() {
		seat := g.ToAct()
		var a game.Action
		where := ""
		if g.Phase() == game.PhasePlay {
			if ti >= len(d.Tricks) && ci == 0 && d.Claim != nil {
				taken := make([]int, r.Hands)
				for name, n := range d.Claim {
					i := slices.Index(seats[:r.Hands], name)
					if i < 0 {
						return res, &stepErr{"claim", fmt.Errorf("%s holds no hand in this deal", name)}
					}
					taken[i] = n
				}
				if err := g.Claim(taken); err != nil {
					where := fmt.Sprintf("after trick %d", ti)
					if ti == 0 {
						where = "before the first trick"
					}
					return res, &stepErr{where, err}
				}
				break
			}
			if ti >= len(d.Tricks) {
				if d.Unfinished && ci == 0 {
					return stop(g)
				}
				return res, &stepErr{fmt.Sprintf("trick %d", g.NTricks+1), fmt.Errorf("the record stops here, but the deal is not over: %s is to play", seats[seat])}
			}
			if ci == 0 {
				if trick, err = parseCards(r, d.Tricks[ti]); err != nil {
					return res, &stepErr{fmt.Sprintf("trick %d", ti+1), err}
				}
				// a talon card that leads the trick may be written first
				if cur := g.CurrentTrick(); cur.N > 0 && cur.Seats[0] == game.TalonSeat && len(trick) > 0 {
					switch {
					case trick[0] == cur.Cards[0]:
						ci = 1
					case talon.Has(trick[0]):
						return res, &stepErr{fmt.Sprintf("trick %d", ti+1), fmt.Errorf("the talon's card turned for this trick is %s, not %s: the talon is turned in the order it is written (%s)", r.Deck.Name(cur.Cards[0]), r.Deck.Name(trick[0]), d.Talon)}
					}
				}
			}
			if ci >= len(trick) {
				if d.Unfinished && ti == len(d.Tricks)-1 {
					return stop(g) // left in the middle of this trick
				}
				return res, &stepErr{fmt.Sprintf("trick %d", ti+1), fmt.Errorf("%q has %d cards, but %s is still to play to it", d.Tricks[ti], len(trick), seats[seat])}
			}
			where = "" // the state's refusal names the trick
			a = game.Action{Phase: game.PhasePlay, Seat: seat, Cards: trick[ci].Bit()}
			ci++
		} else {
			if ai >= len(d.Actions) {
				if d.Unfinished && len(d.Tricks) == 0 {
					return stop(g)
				}
				return res, &stepErr{fmt.Sprintf("action %d", ai+1), fmt.Errorf("the record stops here, but %s is to decide (%s)", seats[seat], g.Phase())}
			}
			st := d.Actions[ai]
			where = fmt.Sprintf("action %d (%s: %s)", ai+1, st.Seat, st.Word)
			if st.Seat != seats[seat] {
				return res, &stepErr{where, fmt.Errorf("out of turn: %s is to decide (%s), not %s", seats[seat], g.Phase(), st.Seat)}
			}
			if a, err = ParseWord(&g.State, seat, st.Word); err != nil {
				return res, &stepErr{where, err}
			}
			ai++
		}
		tricksBefore := g.NTricks
		ruling, err := g.Apply(a)
		if err != nil {
			return res, &stepErr{where, err}
		}
		res.Rulings = append(res.Rulings, ruling)
		if g.NTricks > tricksBefore { // the trick closed: the record's must too
			if ci != len(trick) {
				return res, &stepErr{fmt.Sprintf("trick %d", ti+1), fmt.Errorf("%q has %d cards, but the trick was complete after %d", d.Tricks[ti], len(trick), ci)}
			}
			ti, ci = ti+1, 0
		}
	}
	if ci != 0 {
		return res, &stepErr{fmt.Sprintf("trick %d", ti+1), fmt.Errorf("the deal ended before the trick was complete")}
	}
	if d.Unfinished && ai == len(d.Actions) && ti == len(d.Tricks) {
		return res, &stepErr{"unfinished", fmt.Errorf("the deal is marked unfinished, but it is over: leave out unfinished")}
	}
	if ai < len(d.Actions) {
		st := d.Actions[ai]
		return res, &stepErr{fmt.Sprintf("action %d (%s: %s)", ai+1, st.Seat, st.Word), fmt.Errorf("the deal is already over")}
	}
	if ti < len(d.Tricks) {
		return res, &stepErr{fmt.Sprintf("trick %d", ti+1), fmt.Errorf("the deal is already over (%d tricks played)", g.NTricks)}
	}
	if d.Claim != nil && !g.Claimed {
		return res, &stepErr{"claim", fmt.Errorf("the deal is already over: nothing is left to claim")}
	}
	res.State = g.State.Clone()
	res.Outcome = t.Outcome(g)
	l, err := s.Settle(res.Outcome, true)
	if err != nil {
		return res, &stepErr{"settlement", err}
	}
	res.Ledger = l
	return res, nil
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
	// the first deal of a session is not paid again.
	t.Deals = 1
	for name, m := range ts.Marks {
		i := slices.Index(t.Names, name)
		if i < 0 || m < 0 || m > deal.MaxRun {
			return fmt.Errorf("marks: %s %d: want a seat and 0 to %d", name, m, deal.MaxRun)
		}
		t.Marks[i] = m
	}
	if ts.MarksGiven < 0 || ts.MarksGiven > deal.MaxRun || ts.AllPassRun < 0 || ts.AllPassRun > deal.MaxRun {
		return fmt.Errorf("marks_given and all_pass_run: want 0 to %d", deal.MaxRun)
	}
	t.MarksGiven, t.AllPassRun = ts.MarksGiven, ts.AllPassRun
	for name, accounts := range ts.Sheet {
		if !slices.Contains(t.Names, name) {
			return fmt.Errorf("sheet: %q is no seat", name)
		}
		for account, v := range accounts {
			figures := map[string]*yaml.Node{"": &v}
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
		}
	}
	return nil
}
