package record

import (
	"cmp"
	"slices"
	"strings"

	"github.com/preference-rules/pref/interpreter/cards"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/interpreter/money"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/interpreter/settle"
	"gopkg.in/yaml.v3"
)

// FromGame writes a deal played with KeepHistory as a record deal; seats
// name the hands in playing order. A deal not over is written as far as it
// went (the trick under way too) and marked unfinished.
func FromGame(g *game.Game, seats []string, dealer string) Deal {
	r := g.R
	d := Deal{Dealer: dealer}
	for i := 0; i < r.Hands; i++ {
		d.Hands = append(d.Hands, Hand{Seat: seats[i], Cards: r.Deck.Format(g.Dealt[i], false)})
	}
	d.Talon = names(r.Deck, g.TalonOrder())
	answered := 0 // doublings answered so far: the next is recontra, subcontra, mortcontra
	for _, a := range g.History {
		if a.Phase == game.PhasePlay {
			continue
		}
		w := Word(&g.State, a)
		if a.Phase == game.PhaseRecontra && a.Value == game.Yes {
			w = ruleset.ContraCalls[min(2+answered, ruleset.MaxContraLevels)]
			answered++
		}
		d.Actions = append(d.Actions, Step{Seat: seats[a.Seat], Word: w})
	}
	for i := 0; i < g.NTricks; i++ {
		t := &g.Record[i]
		d.Tricks = append(d.Tricks, names(r.Deck, t.Cards[:t.N]))
	}
	if !g.Over() {
		d.Unfinished = true
		if t := g.CurrentTrick(); g.Phase() == game.PhasePlay && t.N > 0 {
			d.Tricks = append(d.Tricks, names(r.Deck, t.Cards[:t.N]))
		}
	}
	return d
}

func names(d cards.Deck, cs []cards.Card) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = d.Name(c)
	}
	return strings.Join(parts, " ")
}

// Expectation writes what a ledger settled as an expect: block, in the
// form outcome cases use: the net amount between each pair of parties,
// the sheet entries per player, the change of markings.
func Expectation(l *settle.Ledger) yaml.Node {
	type transfer struct {
		From   string `yaml:"from"`
		To     string `yaml:"to"`
		Amount any    `yaml:"amount"`
	}
	type expect struct {
		Transfers []transfer                `yaml:"transfers"`
		Sheet     map[string]map[string]any `yaml:"sheet,omitempty"`
		Marks     map[string]int            `yaml:"marks,omitempty"`
		MarksOf   map[string]map[string]int `yaml:"marks_of,omitempty"`
	}
	// whole amounts as numbers, others as "5.5" or "10/3"
	fig := func(a money.Amount) any {
		if a.Den() == 1 {
			return a.Num()
		}
		return a.String()
	}
	e := expect{Transfers: []transfer{}}
	net := l.PairNet() // the net amount between each two parties
	pairs := make([]settle.Pair, 0, len(net))
	for p := range net {
		pairs = append(pairs, p)
	}
	slices.SortFunc(pairs, func(a, b settle.Pair) int {
		return cmp.Or(strings.Compare(a.From, b.From), strings.Compare(a.To, b.To))
	})
	for _, p := range pairs {
		e.Transfers = append(e.Transfers, transfer{From: p.From, To: p.To, Amount: fig(net[p])})
	}
	single := map[[2]string]money.Amount{}
	pair := map[[3]string]money.Amount{}
	for _, x := range l.Sheet {
		if x.Against < 0 {
			k := [2]string{l.Seats[x.Seat], x.Account}
			single[k] = single[k].Add(x.Amount)
		} else {
			k := [3]string{l.Seats[x.Seat], x.Account, l.Seats[x.Against]}
			pair[k] = pair[k].Add(x.Amount)
		}
	}
	place := func(name string) map[string]any {
		if e.Sheet == nil {
			e.Sheet = map[string]map[string]any{}
		}
		if e.Sheet[name] == nil {
			e.Sheet[name] = map[string]any{}
		}
		return e.Sheet[name]
	}
	for k, a := range single {
		if !a.IsZero() {
			place(k[0])[k[1]] = fig(a)
		}
	}
	for k, a := range pair {
		if a.IsZero() {
			continue
		}
		acc := place(k[0])
		against, _ := acc[k[1]].(map[string]any)
		if against == nil {
			against = map[string]any{}
			acc[k[1]] = against
		}
		against[k[2]] = fig(a)
	}
	for i, d := range l.MarkNet() {
		if d != 0 {
			if e.Marks == nil {
				e.Marks = map[string]int{}
			}
			e.Marks[l.Seats[i]] = d
		}
	}
	e.MarksOf = kindMarksOf(l)
	var n yaml.Node
	if err := n.Encode(e); err != nil {
		panic(err) // plain strings and numbers always encode
	}
	for _, t := range n.Content[1].Content { // one transfer a line
		t.Style = yaml.FlowStyle
	}
	return n
}

// kindMarksOf is the change of markers of each named kind per player, as
// expect: marks_of writes it; nil when none changed.
func kindMarksOf(l *settle.Ledger) map[string]map[string]int {
	var out map[string]map[string]int
	for _, m := range l.KindMarks {
		if m.Kind < 1 || m.Kind > len(l.KindNames) || m.Seat < 0 || m.Seat >= len(l.Seats) {
			continue
		}
		kind := l.KindNames[m.Kind-1]
		if out == nil {
			out = map[string]map[string]int{}
		}
		if out[kind] == nil {
			out[kind] = map[string]int{}
		}
		out[kind][l.Seats[m.Seat]] += m.Delta
	}
	return out
}
