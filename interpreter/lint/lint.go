package lint

import (
	"fmt"
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
		t.settle(rr, variants(rr, outs))
	}
	silent, unbalanced := t.silent, t.unbalanced
	silentExample, unbalancedExample := t.silentExample, t.unbalancedExample
	fired := t.fired
	out = append(out, loadWarnings(r)...)
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
		if o.Sets == nil && !used(r, o.Ident) {
			out = append(out, Warning{"", 0, 0, fmt.Sprintf("option %q changes nothing: no expression uses %s and it sets no field", o.Name, o.Ident)})
		}
	}
	if silent > 0 {
		out = append(out, Warning{"", 0, 0, fmt.Sprintf("%d outcome(s) with a declarer pay and write nothing, e.g. %s", silent, silentExample)})
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
	r                                *ruleset.Ruleset
	fired                            map[string]bool // rules that applied to some outcome
	silent, unbalanced               int
	silentExample, unbalancedExample string
	dup                              *doubles // nil when r extends nothing
}

// settle settles each outcome of outs that can happen under rr.
func (t *tally) settle(rr *ruleset.Ruleset, outs []*deal.Outcome) {
	s := settle.New(rr)
	for _, o := range outs {
		if deal.Check(rr, o) != nil {
			continue
		}
		l, err := s.Settle(o, true)
		if err != nil {
			continue
		}
		for _, rt := range l.Rules {
			if rt.Held {
				t.fired[rt.Name] = true
			}
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
// each option switched away from its default, an event that happened, a
// marking held, and in a run of all-pass deals: rules that need one of them
// get their chance.
func variants(r *ruleset.Ruleset, base []*deal.Outcome) []*deal.Outcome {
	out := append([]*deal.Outcome(nil), base...)
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
	return out
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
	choices := []deal.Choice{deal.Play, deal.Drop, deal.Half, deal.Invite}
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
			for a := range choices {
				for b := range choices {
					for t := 0; t <= r.HandSize; t++ {
						rest := r.HandSize - t
						// the defence's tricks shared evenly, or all but one to the first
						for _, first := range []int{rest - rest/2, max(0, rest-1)} {
							o := blank()
							o.Declarer, o.Contract, o.Hand, o.Run = 0, ci, hand, t
							o.Defence[1], o.Defence[2%n] = choices[a], choices[b]
							o.Tricks[0] = t
							if n > 2 {
								o.Tricks[1], o.Tricks[2] = first, rest-first
							}
							out = append(out, o)
						}
					}
				}
			}
			conceded := blank()
			conceded.Declarer, conceded.Contract, conceded.Hand, conceded.Conceded = 0, ci, hand, true
			out = append(out, conceded)
			for a := range choices { // no play: every trick count 0
				for b := range choices {
					o := blank()
					o.Declarer, o.Contract, o.Hand = 0, ci, hand
					o.Defence[1], o.Defence[2%n] = choices[a], choices[b]
					out = append(out, o)
				}
			}
			for _, forced := range []bool{true} { // a declarer forced when all passed
				o := blank()
				o.Declarer, o.Contract, o.Forced, o.Conceded = n-1, ci, forced, true
				out = append(out, o)
				p := blank()
				p.Declarer, p.Contract, p.Forced = n-1, ci, forced
				p.Defence[0], p.Defence[1] = deal.Play, deal.Play
				p.Tricks[n-1], p.Tricks[0] = r.HandSize-2, 2
				out = append(out, p)
			}
			bid := blank() // the winner of a pot auction
			bid.Declarer, bid.Contract, bid.PotBid = 0, ci, 1
			bid.Defence[1], bid.Defence[2%n] = deal.Play, deal.Play
			bid.Tricks[0], bid.Tricks[1] = r.HandSize-2, 2
			out = append(out, bid)
		}
	}
	return out
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

// used reports whether any expression of r names ident.
func used(r *ruleset.Ruleset, ident string) bool {
	for _, src := range r.ExpressionSources() {
		if strings.Contains(src, ident) {
			return true
		}
	}
	return false
}

func rulePos(r *ruleset.Ruleset, i int) (file string, line, col int) {
	if i < len(r.Spec.Settlement) {
		return r.Place(r.Spec.Settlement[i].When.Node)
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
