package settle

import (
	"strings"
	"sync"

	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/parser"
	"github.com/preference-rules/pref/interpreter/deal"
	"github.com/preference-rules/pref/interpreter/money"
	"github.com/preference-rules/pref/interpreter/ruleset"
)

// Told is what a settled deal's sentences are made of (internal/rulings
// puts them into words): the deal's facts as settle worked them out, each
// seat's party, and for each payment and sheet entry the count of tricks
// it is paid for, where its amount is a count times a rate. Settle fills
// it when asked to explain; nothing in it names an expression.
type Told struct {
	R        *ruleset.Ruleset
	Facts    ruleset.Facts   // Declarer, Dealer and Forehand cleared: see the indexes
	Parties  []ruleset.Party // per seat
	Declarer int             // seat, or -1
	Dealer   int
	Contract int // the contract's index in R.Contracts, or -1
	Hand     bool
	// MarksBefore are each seat's markings before the deal (nil: none).
	MarksBefore []int
	// KindMarksBefore are, for each of the ruleset's named kinds of
	// marker, each seat's markers of it before the deal (nil: none).
	KindMarksBefore [][]int
	// Whys: per transfer of the ledger, in order; SheetWhys per score-sheet
	// entry a settlement rule wrote (the sheet's bookkeeping, a write-off
	// or a ceiling, comes after them and has none).
	Whys, SheetWhys []Why
}

// Why is what one payment is paid for: Count of Noun at Rate each, when
// its amount is a count of tricks times a rate (Count 0: not so).
type Why struct {
	Count int
	Noun  string // "trick", "missing trick", "trick over"
	Rate  money.Amount
	Of    int // the seat whose tricks they are, or -1 for the deal's
	// Named is what the amount is, in the ruleset's words, where it is one
	// name (amount: stake): "the game's value"; "" otherwise.
	Named string
}

// tell puts together what a settled deal's sentences are made of: the
// Whys pay noted as it paid (tellPayment), with the frame as each rule
// saw it (a rule after a payment into the pot reads pot_after moved).
func (s *Settler) tell(l *Ledger, o *deal.Outcome) *Told {
	t := &Told{R: s.r, Facts: s.facts, Declarer: o.Declarer, Dealer: o.Dealer, Contract: o.Contract, Hand: o.Hand}
	t.MarksBefore = append([]int(nil), o.Marks...)
	for _, km := range o.KindMarks {
		t.KindMarksBefore = append(t.KindMarksBefore, append([]int(nil), km...))
	}
	t.Facts.Declarer, t.Facts.Dealer, t.Facts.Forehand = nil, nil, nil
	t.Parties = append([]ruleset.Party(nil), s.parties...)
	// Whys has one Why per transfer and SheetWhys one per entry a rule
	// wrote, before the bookkeeping's: pay notes a Why exactly when it
	// adds a transfer or an entry, and SettleInto starts each deal's
	// afresh (TestWhysMatchTheLedger checks it over the suite).
	t.Whys, t.SheetWhys = s.whys, s.sheetWhys
	return t
}

// tellPayment notes, as pay makes a payment of line p of rule, what it is
// for: its Why, in the order of the ledger's transfers (or score-sheet
// entries). A payment whose count cannot be worked out simply has none.
func (s *Settler) tellPayment(rule *ruleset.Rule, p *ruleset.Pay, amt money.Amount, from, to int, o *deal.Outcome) {
	w := amountOf(p.AmountSrc)
	why := s.why(w.count, amt, from, to, o)
	why.Named = s.amountName(w)
	if why.Named == "" && w.number {
		why.Named = rule.Name // a fixed amount: the rule's words say what it is
	}
	if p.Account != "" {
		s.sheetWhys = append(s.sheetWhys, why)
	} else {
		s.whys = append(s.whys, why)
	}
}

// amountWords is what a payment line's amount is, for its sentence,
// read from its expression alone (amountOf).
type amountWords struct {
	count  *count // the factor that counts tricks, nil for none
	ident  string // the one name it is, or a number times ("" for none)
	times  int64  // that number (20 * base), 1 for the name alone
	number bool   // a number (amount: 10)
}

// amountOf is the amountWords of an amount's source, read once and kept:
// a deal settled with its explanation (a session, lint, a Settler made
// per deal) parses each amount once, not per deal; a Settler never asked
// for sentences (the computer players') never reads them. What an amount
// is depends on its source and the interpreter's vocabulary alone, not on
// the ruleset.
func amountOf(src string) amountWords {
	amounts.Lock()
	defer amounts.Unlock()
	if w, ok := amounts.of[src]; ok {
		return w
	}
	if len(amounts.of) >= 4096 { // bounded: rulesets read one after another (lint, fuzzing)
		amounts.of = map[string]amountWords{}
	}
	w := amountWords{count: parseCount(src), number: isNumber(src)}
	w.ident, w.times = namedIn(src)
	amounts.of[src] = w
	return w
}

// amounts caches amountOf by amount source.
var amounts = struct {
	sync.Mutex
	of map[string]amountWords
}{of: map[string]amountWords{}}

// count is the factor of an amount that counts tricks: a party's field
// (who: from, to or a party variable) or a variable of the deal.
type count struct {
	who, field string // a party's field
	variable   *ruleset.Variable
	noun       string
}

// why is a payment's count and rate, with the payment's parties bound.
func (s *Settler) why(c *count, amt money.Amount, from, to int, o *deal.Outcome) Why {
	if c == nil {
		return Why{Of: -1}
	}
	n, of := 0, -1
	if c.variable != nil {
		n = *c.variable.Int(&s.facts)
		if strings.Contains(c.variable.Doc, "the declarer") {
			of = o.Declarer // the declarer's tricks, short or over
		}
	} else {
		seat := -1
		if v, ok := ruleset.VariableNamed(c.who); ok && v.Kind == ruleset.KindParty {
			switch pv := ruleset.PartyVariable(v.Name); {
			case pv == ruleset.PayFrom:
				seat = from
			case pv == ruleset.PayTo:
				seat = to
			case v.Party != nil:
				if p := *v.Party(&s.facts); p != nil {
					seat = p.Seat
				}
			}
		}
		if seat < 0 || seat >= len(s.parties) {
			return Why{Of: -1}
		}
		n, of = partyCount(&s.parties[seat], c.field), seat
	}
	if n <= 0 {
		return Why{Of: -1}
	}
	return Why{Count: n, Noun: c.noun, Rate: amt.Div(money.Int(int64(n))), Of: of}
}

// partyCount reads a party's count of tricks by its name in expressions.
func partyCount(p *ruleset.Party, field string) int {
	switch field {
	case "tricks":
		return p.Tricks
	case "credited":
		return p.Credited
	case "short":
		return p.Short
	case "own_short":
		return p.OwnShort
	}
	return 0
}

// parseCount finds the one factor of an amount, a product (or a product
// divided by something), that counts tricks; nil if there is none or more
// than one. Which names count tricks, and what they count, the
// vocabulary's words say (a noun mentioning tricks).
func parseCount(src string) *count {
	tree, err := parser.Parse(src)
	if err != nil {
		return nil
	}
	var found []*count
	var walk func(n ast.Node)
	walk = func(n ast.Node) {
		switch n := n.(type) {
		case *ast.BinaryNode:
			switch n.Operator {
			case "*":
				walk(n.Left)
				walk(n.Right)
			case "/":
				walk(n.Left)
			}
		case *ast.IdentifierNode:
			if c := variableCount(n.Value); c != nil {
				found = append(found, c)
			}
		case *ast.MemberNode:
			if c := memberCount(n); c != nil {
				found = append(found, c)
			}
		}
	}
	walk(tree.Node)
	if len(found) != 1 {
		return nil
	}
	return found[0]
}

// variableCount is an interpreter variable that counts tricks.
func variableCount(name string) *count {
	v, ok := ruleset.VariableNamed(name)
	if !ok || v.Int == nil {
		return nil
	}
	words := v.Words.Noun
	if words == "" {
		words = v.Doc
	}
	if noun := trickNoun(words); noun != "" {
		return &count{variable: v, noun: noun}
	}
	return nil
}

// memberCount is a party's field that counts tricks: to.tricks.
func memberCount(n *ast.MemberNode) *count {
	id, ok := n.Node.(*ast.IdentifierNode)
	prop, ok2 := n.Property.(*ast.StringNode)
	if !ok || !ok2 {
		return nil
	}
	if noun := trickNoun(ruleset.PartyWords[prop.Value].Noun); noun != "" {
		return &count{who: id.Value, field: prop.Value, noun: noun}
	}
	return nil
}

// trickNoun is what a count described by words counts, singular: "trick",
// "missing trick" (tricks short), "trick over" (tricks above the
// target); "" for words that count no tricks or more than tricks.
func trickNoun(words string) string {
	switch {
	case !strings.HasPrefix(strings.TrimPrefix(words, "the "), "tricks"):
		return ""
	case strings.Contains(words, "short"):
		return "missing trick"
	case strings.Contains(words, "above"):
		return "trick over"
	case strings.Contains(words, "owes"):
		return ""
	}
	return "trick"
}
