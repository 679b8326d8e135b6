package lint

import (
	"fmt"
	"slices"
	"strings"

	"github.com/preference-rules/pref/interpreter/deal"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/interpreter/settle"
	"gopkg.in/yaml.v3"
)

// Settlement rules merge by name (ruleset/merge.go): a house file that means to
// change its base's rule but writes another name adds a second rule, and
// both pay. A name close to the base's is caught when loading; doubles
// catches the rest by what the rules do: a rule that a file of the extends
// chain adds, paying on a sampled outcome what a rule it inherits pays
// there, between the same two parties in the same direction (or onto the
// same account of the same seat).

// doubles tallies, over the outcomes lint settles, the payments of the
// rules that files of an extends chain added against those they inherit.
type doubles struct {
	origin map[string]int        // rule name: which file of the chain first wrote it (0: the linted file)
	at     map[string]*yaml.Node // rule name: its `rule:` key, for its place
	paid   map[string]int        // rule name: on how many outcomes it paid
	pairs  map[[2]string]*double // (added, inherited): what they paid alike
	order  [][2]string           // the pairs in the order first seen
	buf    []payment             // one outcome's payments
	seen   [][2]string           // one outcome's pairs
}

// payment is one transfer or sheet entry of a rule written by the file
// of the chain numbered file.
type payment struct {
	rule string
	file int
	key  payKey
}

// double is what an added rule and an inherited one paid alike.
type double struct {
	both    int    // outcomes on which both paid the same parties
	example string // the first: the outcome and the parties
}

// payKey is one payment's parties: a transfer from a party to another
// (account ""), or an entry on a seat's score-sheet account (against a
// seat for a pair account, else -1).
type payKey struct {
	account  string
	from, to int
}

// newDoubles watches the rules of r that a file of its extends chain
// added; nil when r extends nothing (no rule then is added to another's).
func newDoubles(r *ruleset.Ruleset) *doubles {
	d := &doubles{origin: map[string]int{}, at: map[string]*yaml.Node{}, paid: map[string]int{}, pairs: map[[2]string]*double{}}
	deepest := 0
	for i, rule := range r.Rules {
		file, at := r.RuleOrigin(i)
		if file < 0 {
			continue // written by an option's sets: neither added nor inherited
		}
		d.origin[rule.Name], d.at[rule.Name] = file, at
		deepest = max(deepest, file)
	}
	if deepest == 0 {
		return nil
	}
	return d
}

// see notes, for one settled outcome, each rule that paid and each pair
// of an added rule and an inherited one that paid the same parties.
func (d *doubles) see(r *ruleset.Ruleset, o *deal.Outcome, l *settle.Ledger) {
	if d == nil {
		return
	}
	pays := d.buf[:0] // reused: lint settles hundreds of thousands of outcomes
	add := func(rule string, k payKey) {
		if file, ok := d.origin[rule]; ok {
			pays = append(pays, payment{rule, file, k})
		}
	}
	for _, t := range l.Transfers {
		add(t.Rule, payKey{from: t.From, to: t.To})
	}
	for _, e := range l.Sheet {
		add(e.Rule, payKey{account: e.Account, from: e.Against, to: e.Seat})
	}
	d.buf = pays
	seen := d.seen[:0] // the pairs noted for this outcome: each once
	for i, a := range pays {
		if !slices.ContainsFunc(pays[:i], func(p payment) bool { return p.rule == a.rule }) {
			d.paid[a.rule]++
		}
		for _, b := range pays {
			pair := [2]string{a.rule, b.rule}
			if a.file >= b.file || a.key != b.key || slices.Contains(seen, pair) {
				continue // b is not inherited by the file that wrote a, or paid others
			}
			seen = append(seen, pair)
			d.note(pair, func() string { return describe(r, o) + ", " + parties(o, a.key) })
		}
	}
	d.seen = seen
}

// note counts an outcome on which the pair paid alike.
func (d *doubles) note(pair [2]string, example func() string) {
	p := d.pairs[pair]
	if p == nil {
		p = &double{example: example()}
		d.pairs[pair] = p
		d.order = append(d.order, pair)
	}
	p.both++
}

// parties says who pays whom in k, by their part in the outcome.
func parties(o *deal.Outcome, k payKey) string {
	if k.account == "" {
		return party(o, k.from) + " pays " + party(o, k.to)
	}
	s := fmt.Sprintf("written to %s's %s", party(o, k.to), k.account)
	if k.from >= 0 {
		s += " against " + party(o, k.from)
	}
	return s
}

// party names a seat of o by its part: the declarer, a defender, the pot.
func party(o *deal.Outcome, seat int) string {
	switch {
	case seat == settle.Pot:
		return "the pot"
	case seat == o.Declarer:
		return "the declarer"
	case seat < 0 || seat >= len(o.Seats):
		return fmt.Sprint("seat ", seat)
	case o.Declarer >= 0:
		return "defender " + o.Seats[seat]
	}
	return "player " + o.Seats[seat]
}

// warnings are the pairs in which the added rule pays the same parties on
// every outcome tried on which the inherited rule pays: what a rule meant
// to replace the inherited one does, so that both are paid. A rule that
// pays on only some of them (a bonus on a slam, a consolation on top of the
// whists) is a refinement; the embedded rulesets hold ten such pairs of
// rules and no pair of the kind warned about (docs/reliability.md). A
// pair that loading already warned of, by its close name, is not repeated.
func (d *doubles) warnings(r *ruleset.Ruleset) []Warning {
	if d == nil {
		return nil
	}
	loaded := loadWarnings(r)
	var out []Warning
	for _, pair := range d.order {
		added, inherited := pair[0], pair[1]
		p := d.pairs[pair]
		if p.both < d.paid[inherited] {
			continue
		}
		file, line, col := r.Place(d.at[added])
		if warnedAt(loaded, file, line, col, fmt.Sprintf("%q", inherited)) {
			continue
		}
		bFile, bLine, bCol := r.Place(d.at[inherited])
		if bFile == "" {
			bFile = r.File
		}
		out = append(out, Warning{file, line, col, fmt.Sprintf(
			"settlement rule %q is a new rule, added to those it inherits, and on each of the %d outcome(s) tried where the inherited rule %q (%s:%d:%d) pays, it pays the same parties too, so such an outcome is paid twice (e.g. %s): rules merge by name; to change the inherited rule write its exact name",
			added, p.both, inherited, bFile, bLine, bCol, p.example)})
	}
	return out
}

// warnedAt reports whether one of ws is at file:line:col and mentions what.
func warnedAt(ws []Warning, file string, line, col int, what string) bool {
	for _, w := range ws {
		if w.File == file && w.Line == line && w.Col == col && strings.Contains(w.Msg, what) {
			return true
		}
	}
	return false
}

// Added is how many settlement rules of r files of its extends chain added
// to those they inherit, and the file of the rules inherited first (the
// chain's last): what lint compares, and what pref validate, which settles
// nothing, points to lint for. 0 when r extends nothing.
func Added(r *ruleset.Ruleset) (n int, base string) {
	d := newDoubles(r)
	if d == nil {
		return 0, ""
	}
	deepest := 0
	for _, file := range d.origin {
		deepest = max(deepest, file)
	}
	for name, file := range d.origin {
		if file < deepest {
			n++
		} else if base == "" {
			base, _, _ = r.Place(d.at[name])
		}
	}
	return n, base
}

// LoadWarnings are the warnings lint gives without settling anything:
// what loading r noticed. pref validate prints them.
func LoadWarnings(r *ruleset.Ruleset) []Warning { return loadWarnings(r) }
