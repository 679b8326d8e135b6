package rulings

import (
	"fmt"
	"slices"
	"strings"

	"github.com/preference-rules/pref/interpreter/deal"
	"github.com/preference-rules/pref/interpreter/money"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/interpreter/settle"
)

// An explanation leads with the settlement in sentences, as pref settle
// says it (what happened, who pays whom what and for what, the sheet,
// each player's result), and the amounts in words down to the ruleset's
// values and options; the rules with their conditions and arithmetic
// follow only on request (--arithmetic, --all, --json).

// plainSettlement fills e's sentences and amounts in words from the
// deal's ledger and the settler that read its outcome (nil: none read).
func plainSettlement(e *Explained, l *settle.Ledger, s *settle.Settler, o *deal.Outcome, set map[string]any, session []money.Amount) {
	if l == nil {
		return
	}
	told, err := Tell(l, money.Amount{}, session)
	if err == nil {
		e.Sentences = told.Lines(false)
	}
	if s != nil && o != nil {
		e.Amounts = sayAmounts(s, l, o, set)
	}
}

// sayAmounts tells, in the ruleset's words, each amount the rules that
// paid or wrote read, down to the contracts' table and the options: "the
// game's value 30 = 30 for diamonds", "a game played from the hand is
// worth double: no (the ruleset's default)".
func sayAmounts(s *settle.Settler, l *settle.Ledger, o *deal.Outcome, set map[string]any) []string {
	r := s.Ruleset()
	values := s.Values()
	sayer := amountSayer{s: s, r: r, values: values, set: set, seen: map[string]bool{}}
	if o.Contract >= 0 && o.Contract < len(r.Contracts) {
		sayer.contract = r.Contracts[o.Contract].Display()
	}
	for i := range r.Rules {
		if !wrote(l, r.Rules[i].Name) {
			continue
		}
		for j := range r.Rules[i].Pay {
			for _, name := range namesRead(r.Rules[i].Pay[j].AmountSrc) {
				sayer.say(name)
			}
		}
	}
	return sayer.lines
}

// wrote: the rule named paid or wrote something in the ledger.
func wrote(l *settle.Ledger, rule string) bool {
	for _, t := range l.Transfers {
		if t.Rule == rule {
			return true
		}
	}
	for _, e := range l.Sheet {
		if e.Rule == rule {
			return true
		}
	}
	return false
}

// amountSayer tells names in words, each once.
type amountSayer struct {
	s        *settle.Settler
	r        *ruleset.Ruleset
	values   map[string]any
	set      map[string]any
	contract string
	seen     map[string]bool
	lines    []string
}

// say tells a name (and, for a define, the names it reads): a define or
// a contract value in the ruleset's words, an option by its description;
// the interpreter's facts are told by the sentences and the words that
// read them, not on lines of their own.
func (a *amountSayer) say(name string) {
	if a.seen[name] {
		return
	}
	a.seen[name] = true
	if _, party := a.values[name].(ruleset.Party); party {
		return
	}
	v := plainShow(a.values[name])
	said, hasWords := a.s.Say(name)
	def := a.define(name)
	switch {
	case a.option(name, v, said.Name):
	case def != nil && hasWords && said.Says != "":
		a.lines = append(a.lines, fmt.Sprintf("%s %s = %s", said.Name, v, said.Says))
	case hasWords:
		a.lines = append(a.lines, fmt.Sprintf("%s: %s%s", said.Name, v, a.tableOf(name)))
	case def != nil:
		a.lines = append(a.lines, fmt.Sprintf("%s: %s", strings.ReplaceAll(name, "_", " "), v))
	case slices.Contains(a.r.ValueNames, name):
		a.lines = append(a.lines, fmt.Sprintf("the %s value: %s%s", strings.ReplaceAll(name, "_", " "), v, a.tableOf(name)))
	}
	for _, told := range said.Reads {
		if !a.isDefine(told) {
			a.seen[told] = true // its value is in the words said; a define's making is told still
		}
	}
	if def != nil {
		for _, inner := range namesRead(def.Src) {
			a.say(inner)
		}
	}
}

// tableOf says where a contract's value comes from: ", for diamonds in
// the table of contracts".
func (a *amountSayer) tableOf(name string) string {
	if !slices.Contains(a.r.ValueNames, name) || a.contract == "" {
		return ""
	}
	return ", for " + a.contract + " in the table of contracts"
}

// option tells an option by the ruleset's words for it (amount_words),
// else its description, with its setting; false if name is no option.
func (a *amountSayer) option(name, v, words string) bool {
	for _, o := range a.r.Options {
		if o.Ident != name {
			continue
		}
		setting := "the ruleset's default"
		if _, ok := a.set[o.Name]; ok {
			setting = "set for this game"
		}
		if words == "" {
			words = strings.TrimSuffix(o.Description, ".")
		}
		a.lines = append(a.lines, fmt.Sprintf("%s: %s (%s)", words, v, setting))
		return true
	}
	return false
}

// plainShow is a value as a sentence says it.
func plainShow(v any) string {
	switch v := v.(type) {
	case bool:
		if v {
			return "yes"
		}
		return "no"
	case nil:
		return "?"
	}
	return fmt.Sprint(v)
}

// define is the define named, or nil.
func (a *amountSayer) define(name string) *ruleset.Define {
	for i := range a.r.Defines {
		if a.r.Defines[i].Name == name {
			return &a.r.Defines[i]
		}
	}
	return nil
}

func (a *amountSayer) isDefine(name string) bool { return a.define(name) != nil }
