package ruleset

import (
	"fmt"
	"slices"

	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/ast"
	"github.com/preference-rules/pref/interpreter/cards"
)

// Card predicates of settlement: who held or won which cards, for bonuses
// tables play (the king and queen of trumps in the declarer's hand, an
// ace captured). A party carries the cards it held (dealt, with the talon
// the declarer took) and the cards of the tricks it took, when the deal
// was played here; a rank and a suit are written as the deck writes them
// ("K", "H"), the suit often as trumps:
//
//	held_card(p, rank, suit)  p held the card (false for the suit "": no trumps)
//	won_card(p, rank, suit)   the card was in a trick p took
//	captured(p, rank)         cards of the rank p took in tricks from the others' hands
//
// The deck is the party's (settle sets it), so that the functions are the
// same for every ruleset and a program compiled once serves them all.

// cardCalls are the card predicates, with the number of their arguments.
var cardCalls = map[string]int{"held_card": 3, "won_card": 3, "captured": 2}

// SetCards sets what the party held and won, and the deck that names
// them (a party of a deal not played here holds nothing).
func (p *Party) SetCards(deck *cards.Deck, held, won cards.Mask) {
	p.deck, p.held, p.won = deck, held, won
}

// card is the card of rank and suit as the deck writes them; false when
// the deck has no such card (a suit "" when no suit is trumps).
func (p *Party) card(rank, suit string) (cards.Card, bool) {
	if p.deck == nil {
		return 0, false
	}
	r, s := slices.Index(p.deck.Ranks, rank), slices.Index(p.deck.SuitIDs, suit)
	if r < 0 || s < 0 {
		return 0, false
	}
	return cards.Make(cards.Suit(s), r), true
}

func (p *Party) holds(rank, suit string) bool {
	c, ok := p.card(rank, suit)
	return ok && p.held.Has(c)
}

func (p *Party) wonCard(rank, suit string) bool {
	c, ok := p.card(rank, suit)
	return ok && p.won.Has(c)
}

func (p *Party) captured(rank string) int {
	if p.deck == nil {
		return 0
	}
	n := 0
	for s := range p.deck.SuitIDs {
		if c, ok := p.card(rank, p.deck.SuitIDs[s]); ok && p.won.Has(c) && !p.held.Has(c) {
			n++
		}
	}
	return n
}

// cardOptions declares the card predicates to expr.
func cardOptions() []expr.Option {
	party := func(v any) *Party {
		switch p := v.(type) {
		case Party:
			return &p
		case *Party:
			return p
		}
		return &Party{}
	}
	str := func(v any) string { s, _ := v.(string); return s }
	return []expr.Option{
		expr.Function("held_card", func(a ...any) (any, error) { return party(a[0]).holds(str(a[1]), str(a[2])), nil },
			new(func(Party, string, string) bool)),
		expr.Function("won_card", func(a ...any) (any, error) { return party(a[0]).wonCard(str(a[1]), str(a[2])), nil },
			new(func(Party, string, string) bool)),
		expr.Function("captured", func(a ...any) (any, error) { return party(a[0]).captured(str(a[1])), nil },
			new(func(Party, string) int)),
	}
}

// ReadsCards reports whether an expression of r reads who held or won
// which cards (a card predicate, or party.last_trick): lint then tries
// outcomes that say so.
func (r *Ruleset) ReadsCards() bool {
	for _, c := range r.codes {
		if c == nil || c.Program == nil {
			continue
		}
		found := false
		root := c.Node()
		ast.Walk(&root, visitor(func(n *ast.Node) {
			if _, name := call(*n); cardCalls[name] > 0 {
				found = true
			}
			if m, ok := (*n).(*ast.MemberNode); ok {
				if p, ok := m.Property.(*ast.StringNode); ok && p.Value == "last_trick" {
					found = true
				}
			}
		}))
		if found {
			return true
		}
	}
	return false
}

// checkCardNames refuses a rank or a suit written out that the deck lacks
// (a misspelt "KK" would otherwise be a bonus that never pays).
func checkCardNames(root ast.Node, deck *cards.Deck) error {
	var bad error
	ast.Walk(&root, visitor(func(n *ast.Node) {
		c, name := call(*n)
		if bad != nil || cardCalls[name] == 0 || len(c.Arguments) < 2 {
			return
		}
		if s, ok := c.Arguments[1].(*ast.StringNode); ok && !slices.Contains(deck.Ranks, s.Value) {
			bad = fmt.Errorf("%s(): %q is no rank of the deck (ranks: %v)", name, s.Value, deck.Ranks)
		}
		if len(c.Arguments) > 2 {
			if s, ok := c.Arguments[2].(*ast.StringNode); ok && !slices.Contains(deck.SuitIDs, s.Value) {
				bad = fmt.Errorf("%s(): %q is no suit of the deck (suits: %v, or trumps)", name, s.Value, deck.SuitIDs)
			}
		}
	}))
	return bad
}

// cardBool compiles held_card and won_card; nil for another call.
func (cc *closures) cardBool(n *ast.CallNode) func(*Frame) bool {
	c, name := call(n)
	if (name != "held_card" && name != "won_card") || len(c.Arguments) != 3 {
		return nil
	}
	who, ok := cc.slot(c.Arguments[0], KindParty)
	if !ok || cc.kind(c.Arguments[1]) != KindString || cc.kind(c.Arguments[2]) != KindString {
		return nil
	}
	rank, suit := cc.str(c.Arguments[1]), cc.str(c.Arguments[2])
	if name == "held_card" {
		return func(f *Frame) bool { return f.parties[who].holds(rank(f), suit(f)) }
	}
	return func(f *Frame) bool { return f.parties[who].wonCard(rank(f), suit(f)) }
}

// cardInt compiles captured; nil for another call.
func (cc *closures) cardInt(n *ast.CallNode) func(*Frame) int {
	c, name := call(n)
	if name != "captured" || len(c.Arguments) != 2 {
		return nil
	}
	who, ok := cc.slot(c.Arguments[0], KindParty)
	if !ok || cc.kind(c.Arguments[1]) != KindString {
		return nil
	}
	rank := cc.str(c.Arguments[1])
	return func(f *Frame) int { return f.parties[who].captured(rank(f)) }
}
