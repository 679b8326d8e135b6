package lint

import (
	"fmt"
	"slices"
	"strings"

	"github.com/preference-rules/pref/interpreter/cards"
	"github.com/preference-rules/pref/interpreter/deal"
	"github.com/preference-rules/pref/interpreter/money"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/interpreter/settle"
	"github.com/preference-rules/pref/schema"
)

// Warning is one finding, at the place of the rule or option it is about:
// in File when it is in a ruleset the linted one extends, else in its own.
type Warning struct {
	File      string
	Line, Col int
	Msg       string
}

// Run lints r and returns its warnings, in file order.
func Run(r *ruleset.Ruleset) []Warning {
	var out []Warning
	t := &tally{r: r, fired: map[string]bool{}, dup: newDoubles(r)}
	base := outcomes(r)
	configs := configurations(r)
	// with the options as they are, the whole sample; with an option
	// switched, every third outcome (the events, markings, a run and a
	// talon of one rank still tried with each: a bonus needs its option
	// and its event together), fewer when there are many options, so that
	// the whole stays within about what 24 configurations cost
	stride := max(3, (3*len(configs)+maxConfigs-1)/maxConfigs)
	for i, cfg := range configs {
		rr, err := r.With(cfg)
		if err != nil {
			continue
		}
		outs := base
		if i > 0 {
			outs = nil
			for k := 0; k < len(base); k += stride {
				outs = append(outs, base[k])
			}
		}
		// settled configuration by configuration: the sample of all of
		// them at once took a gigabyte with sixty options
		tried, judged := variants(rr, outs)
		t.settle(rr, tried, judged)
	}
	silent, unbalanced := t.silent, t.unbalanced
	silentExample, unbalancedExample := t.silentExample, t.unbalancedExample
	fired := t.fired
	out = append(out, loadWarnings(r)...)
	out = append(out, leadWarnings(r)...)
	out = append(out, t.dup.warnings(r)...)
	for i, rule := range r.Rules {
		if !fired[rule.Name] {
			file, line, col := rulePos(r, i)
			out = append(out, Warning{file, line, col, fmt.Sprintf("settlement rule %q never applies to any outcome tried (its condition: %s)", rule.Name, rule.WhenSrc)})
		}
	}
	for _, o := range r.Options {
		if r.SetsNothing(o) {
			file, line, col := r.Place(o.Sets)
			out = append(out, Warning{file, line, col, fmt.Sprintf("option %q changes nothing: the ruleset already sets what it sets", o.Name)})
			continue
		}
		if o.Sets == nil && !used(r, o.Ident) && !r.SelectsWords(o.Name) { // a terms option changes the words
			out = append(out, Warning{"", 0, 0, fmt.Sprintf("option %q changes nothing: no expression uses %s and it sets no field", o.Name, o.Ident)})
		}
	}
	if silent > 0 {
		out = append(out, Warning{"", 0, 0, fmt.Sprintf("%d outcome(s) with a declarer pay and write nothing, e.g. %s", silent, silentExample)})
	}
	if t.failed > 0 {
		out = append(out, Warning{"", 0, 0, fmt.Sprintf("%d outcome(s) cannot be settled, e.g. %s", t.failed, t.failedExample)})
	}
	if unbalanced > 0 {
		out = append(out, Warning{"", 0, 0, fmt.Sprintf("%d outcome(s) do not balance, e.g. %s", unbalanced, unbalancedExample)})
	}
	return out
}

// maxConfigs is how many configurations (the options as they are, then
// each switched) lint samples every third outcome for; beyond, fewer.
const maxConfigs = 24

// tally is what settling the sample found.
type tally struct {
	r                                               *ruleset.Ruleset
	fired                                           map[string]bool // rules that applied to some outcome
	silent, unbalanced, failed                      int
	silentExample, unbalancedExample, failedExample string
	dup                                             *doubles // nil when r extends nothing
}

// settle settles each outcome of outs that can happen under rr; those
// from judged on only for the rules that apply.
func (t *tally) settle(rr *ruleset.Ruleset, outs []*deal.Outcome, judged int) {
	s := settle.New(rr)
	s.Trace = true // which rules held and what they paid: no arithmetic or sentences read
	for i, o := range outs {
		if deal.Check(rr, o) != nil {
			continue
		}
		l, err := s.Settle(o, false)
		if err != nil {
			// a rule that cannot be worked out (a list read beyond its
			// end, an amount that overflows): the table would be stuck
			if t.failedExample == "" {
				t.failedExample = describe(t.r, o) + ": " + err.Error()
			}
			t.failed++
			continue
		}
		for _, rt := range l.Rules {
			if rt.Held {
				t.fired[rt.Name] = true
			}
		}
		if i >= judged {
			continue
		}
		t.dup.see(rr, o, l)
		if o.Declarer >= 0 && !o.Conceded && len(l.Transfers) == 0 && len(l.Sheet) == 0 && len(l.Marks) == 0 {
			t.silent++
			if t.silentExample == "" {
				t.silentExample = describe(t.r, o)
			}
		}
		if !l.Balanced() {
			t.unbalanced++
			if t.unbalancedExample == "" {
				t.unbalancedExample = describe(t.r, o)
			}
		}
	}
}

// loadWarnings are what loading r noticed (a house file's settlement rule
// named like one of its base's, so that both apply), first.
func loadWarnings(r *ruleset.Ruleset) []Warning {
	var out []Warning
	for _, e := range r.Warnings() {
		file := e.File
		if file == r.File {
			file = ""
		}
		out = append(out, Warning{file, e.Line, e.Col, e.Msg})
	}
	return out
}

// variants is each outcome under the options as they are, then again with
// each option switched away from its default, an event that happened, the
// first and the last deal of a session, cards held and won (when an
// expression reads them), a
// pot empty, small or rich (when an expression reads it: the sample's pot
// is 720), a marking held, and in a run of all-pass deals: rules that need
// one of them get their chance. The outcomes from judged on (those of
// another pot) only give rules their chance: a ruleset whose payments are
// a share of the pot pays nothing from an empty one, rightly.
func variants(r *ruleset.Ruleset, base []*deal.Outcome) (out []*deal.Outcome, judged int) {
	out = append([]*deal.Outcome(nil), base...)
	with := func(f func(o *deal.Outcome)) {
		for _, b := range base {
			o := *b
			o.Defence = append([]deal.Choice(nil), b.Defence...)
			o.Tricks = append([]int(nil), b.Tricks...)
			f(&o)
			out = append(out, &o)
		}
	}
	if len(r.Events) > 0 {
		with(func(o *deal.Outcome) {
			o.Events = map[string]bool{}
			for _, e := range r.Events {
				o.Events[e.Name] = true
			}
		})
	}
	with(func(o *deal.Outcome) { o.Marks = make([]int, len(o.Seats)); o.Marks[0] = 1 })
	for k := range r.MarkKinds { // a marker of each named kind held by the first seat
		with(func(o *deal.Outcome) {
			o.KindMarks = make([][]int, len(r.MarkKinds))
			for j := range o.KindMarks {
				o.KindMarks[j] = make([]int, len(o.Seats))
			}
			o.KindMarks[k][0] = 1
		})
	}
	with(func(o *deal.Outcome) { o.AllPassRun = 1 })
	if r.Defence.Contra.On { // the second seat calls contra against the first
		with(func(o *deal.Outcome) {
			if o.Declarer == 0 && o.Defence[1] != deal.Drop {
				o.Doubled = make([]int, len(o.Seats))
				o.Doubled[1] = 1
			}
		})
	}
	if r.TalonSize == 2 && len(r.Deck.SuitIDs) > 1 { // a talon of one rank
		with(func(o *deal.Outcome) { o.Talon = cards.Make(0, 0).Bit() | cards.Make(1, 0).Bit() })
	}
	if r.ReadsDealNumber() {
		// the first and the last deal of a session of four rounds
		for _, number := range []int{1, 4 * len(base[0].Seats)} {
			with(func(o *deal.Outcome) { o.DealNumber, o.SessionDeals = number, 4*len(o.Seats) })
		}
	}
	judged = len(out)
	if r.ReadsCards() { // who held and won which cards: every card held and won, then every card won from the others
		all := r.Deck.All()
		with(func(o *deal.Outcome) {
			o.CardsKnown, o.LastTrick = true, 1
			for s := range o.Held {
				o.Held[s], o.Won[s] = all, all
			}
		})
		with(func(o *deal.Outcome) {
			o.CardsKnown, o.LastTrick = true, 2
			for s := range o.Won {
				o.Held[s], o.Won[s] = 0, all
			}
		})
	}
	if readsPot(r) { // a rule that reads the pot: an empty one, a small one, a rich one
		for _, pot := range []int64{0, 1, 1_000_000} {
			with(func(o *deal.Outcome) { o.Pot = money.Int(pot) })
		}
	}
	return out, judged
}

// configurations are the options as they are, then each option switched
// away from its default on its own (the fields it sets applied too).
func configurations(r *ruleset.Ruleset) []map[string]any {
	out := []map[string]any{nil}
	for _, opt := range r.Options {
		var v any
		switch d := opt.Default.(type) {
		case bool:
			v = !d
		case int:
			v = d + 1
		case string:
			for _, w := range opt.Values {
				if w != d {
					v = w
				}
			}
		}
		out = append(out, map[string]any{opt.Name: v})
	}
	return out
}

// outcomes is the sample: every contract, by a declarer in the first
// seat, from the hand or not, with every defence and every count of the
// declarer's tricks (the rest split between the defenders both ways), and
// the deals nobody declares.
func outcomes(r *ruleset.Ruleset) []*deal.Outcome {
	n := r.Hands
	seats := []string{"A", "B", "C", "D"}[:n]
	var out []*deal.Outcome
	blank := func() *deal.Outcome {
		// a pot to draw from, for rulesets that pay from it
		return &deal.Outcome{Seats: seats, Dealer: n - 1, Declarer: -1, Contract: -1, Defence: make([]deal.Choice, n), Tricks: make([]int, n), Pot: money.Int(720)}
	}
	out = append(out, blank()) // nobody declares
	for ci := range r.Contracts {
		ct := &r.Contracts[ci]
		if ct.NoDeclarer {
			for t := 0; t <= r.HandSize; t++ {
				o := blank()
				o.Contract = ci
				o.Tricks[0], o.Tricks[1] = t, r.HandSize-t
				out = append(out, o)
			}
			if r.TableMax > n && n == 3 { // at four the dealer sits out; the talon may win a trick
				o := &deal.Outcome{Seats: []string{"A", "B", "C", "D"}, Dealer: 3, Declarer: -1, Contract: ci,
					Defence: make([]deal.Choice, 4), Tricks: []int{4, 3, 2, 0}, TalonTricks: 1}
				out = append(out, o)
			}
			continue
		}
		for _, hand := range []bool{false, true} {
			out = append(out, declared(r, ci, hand, blank)...)
		}
	}
	return out
}

// declared are the sample's outcomes of contract ci declared by the first
// seat, from the hand or not: every choice of the first two defenders
// (the others, at four hands, choose as the second when they play or drop,
// else play), every count of the declarer's tricks with the rest shared
// among the defenders evenly or all but one to the first; conceded;
// unplayed; declared by a forced player; won in a pot auction.
func declared(r *ruleset.Ruleset, ci int, hand bool, blank func() *deal.Outcome) []*deal.Outcome {
	n := r.Hands
	var out []*deal.Outcome
	choices := []deal.Choice{deal.Play, deal.Drop, deal.Half, deal.Invite}
	defend := func(o *deal.Outcome, a, b deal.Choice) {
		o.Defence[1%n] = a
		for s := 2; s < n; s++ {
			o.Defence[s] = b
			if s > 2 && b != deal.Play && b != deal.Drop {
				o.Defence[s] = deal.Play // half and invite are the second defender's alone
			}
		}
	}
	for _, a := range choices {
		for _, b := range choices {
			for t := 0; t <= r.HandSize; t++ {
				// the defence's tricks among all defenders, then, when one
				// dropped out, among those who play (at four hands, the
				// only way two defenders who play can each make their
				// tricks)
				for _, among := range []bool{false, true} {
					for _, even := range []bool{true, false} {
						o := blank()
						o.Declarer, o.Contract, o.Hand, o.Run = 0, ci, hand, t
						defend(o, a, b)
						if among && !slices.Contains(o.Defence[1:], deal.Drop) {
							break
						}
						o.Tricks[0] = t
						shareAmong(o, among, r.HandSize-t, even)
						out = append(out, o)
					}
				}
			}
		}
	}
	conceded := blank()
	conceded.Declarer, conceded.Contract, conceded.Hand, conceded.Conceded = 0, ci, hand, true
	out = append(out, conceded)
	for _, a := range choices { // no play: every trick count 0
		for _, b := range choices {
			o := blank()
			o.Declarer, o.Contract, o.Hand = 0, ci, hand
			defend(o, a, b)
			out = append(out, o)
		}
	}
	// a declarer forced when all passed (the last seat), conceding or
	// playing against every other seat
	o := blank()
	o.Declarer, o.Contract, o.Forced, o.Conceded = n-1, ci, true, true
	out = append(out, o)
	p := blank()
	p.Declarer, p.Contract, p.Forced = n-1, ci, true
	for s := 0; s < n-1; s++ {
		p.Defence[s] = deal.Play
	}
	p.Tricks[n-1], p.Tricks[0] = r.HandSize-2, 2
	out = append(out, p)
	bid := blank() // the winner of a pot auction
	bid.Declarer, bid.Contract, bid.PotBid = 0, ci, 1
	defend(bid, deal.Play, deal.Play)
	bid.Tricks[0], bid.Tricks[1%n] = r.HandSize-2, 2
	out = append(out, bid)
	return out
}

// shareAmong deals rest tricks to the defenders of o (all but the first
// seat's), or, with playing, to those of them who did not drop out.
func shareAmong(o *deal.Outcome, playing bool, rest int, even bool) {
	var seats []int
	for s := 1; s < len(o.Tricks); s++ {
		if !playing || o.Defence[s] != deal.Drop {
			seats = append(seats, s)
		}
	}
	tricks := make([]int, len(seats))
	share(tricks, rest, even)
	for i, s := range seats {
		o.Tricks[s] = tricks[i]
	}
}

// share deals rest tricks to the defenders' counts: evenly (the first
// ones one more when they do not divide), or all but one to the first and
// that one to the second (any others none).
func share(tricks []int, rest int, even bool) {
	d := len(tricks)
	if d == 0 {
		return
	}
	if even {
		for i := range tricks {
			tricks[i] = rest / d
			if i < rest%d {
				tricks[i]++
			}
		}
		return
	}
	tricks[0] = max(0, rest-1)
	if d > 1 {
		tricks[1] = rest - tricks[0]
	}
}

func describe(r *ruleset.Ruleset, o *deal.Outcome) string {
	if o.Contract < 0 {
		return "all passed"
	}
	var parts []string
	for i := range o.Seats {
		parts = append(parts, fmt.Sprint(o.Tricks[i]))
	}
	hand := ""
	if o.Hand {
		hand = " from the hand"
	}
	return fmt.Sprintf("%s%s, tricks %s", r.Contracts[o.Contract].Name, hand, strings.Join(parts, "-"))
}

// readsPot reports whether an expression of r reads the pot as it stands
// before the deal: the variable of the vocabulary whose fact that is.
func readsPot(r *ruleset.Ruleset) bool {
	var f ruleset.Facts
	for _, v := range ruleset.Variables {
		if v.Amount != nil && v.Amount(&f) == &f.Pot {
			return used(r, v.Name)
		}
	}
	return false
}

// used reports whether any expression of r names ident.
func used(r *ruleset.Ruleset, ident string) bool {
	for _, src := range r.ExpressionSources() {
		if strings.Contains(src, ident) {
			return true
		}
	}
	return false
}

// rulePos is the place of the i-th settlement rule's condition, in the
// file of the chain that wrote it (Place: "" for r's own); a rule without
// one written is at its rule: key, in the file it comes from
// (RuleOrigin), never at a line of a base under r's name.
func rulePos(r *ruleset.Ruleset, i int) (file string, line, col int) {
	if i < len(r.Spec.Settlement) {
		if n := r.Spec.Settlement[i].When.Node; n != nil && n.Line > 0 {
			return r.Place(n)
		}
	}
	if origin, at := r.RuleOrigin(i); origin >= 0 {
		return r.Place(at)
	}
	return "", 0, 0
}

// Format writes w as file:line:col: warning: msg (file: warning: when the
// place is not known).
func Format(file string, w Warning) string {
	if w.File != "" {
		file = w.File
	}
	e := schema.Error{File: file, Line: w.Line, Col: w.Col, Msg: "warning: " + w.Msg}
	return e.Error()
}
