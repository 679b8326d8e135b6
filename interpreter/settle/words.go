package settle

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/parser"

	"github.com/preference-rules/pref/interpreter/ruleset"
)

// Said is an amount told in a learner's words, from the ruleset's
// amount_words: what it is called and how it was made in the deal.
type Said struct {
	Name string // "the game's value"
	Says string // "30 for diamonds, doubled for a hand game"; "" when the words say no more
	// Reads are the names whose values the words put in: told with them.
	Reads []string
}

// Say tells the amount name as the last deal settled or read it, in the
// ruleset's words for it; ok is false where the ruleset gives none (or a
// condition of its words cannot be read).
func (s *Settler) Say(name string) (Said, bool) {
	w, ok := s.r.AmountWords[name]
	if !ok {
		return Said{}, false
	}
	values := s.f.Map()
	var reads []string
	put := func(text string) string {
		return ruleset.FillPlaceholders(text, func(n string) string {
			n = strings.ReplaceAll(n, "-", "_")
			reads = append(reads, n)
			return s.plainValue(values[n])
		})
	}
	var parts []string
	for _, p := range w.Says {
		if p.When != nil {
			if on, err := p.When.Bool(s.f); err != nil || !on {
				continue
			}
		}
		parts = append(parts, put(p.Text))
	}
	return Said{Name: put(w.Name), Says: strings.Join(parts, ", "), Reads: reads}, true
}

// plainValue is a value as a sentence says it: a number, "yes" or "no",
// a contract's name as the ruleset shows it ("Préférence").
func (s *Settler) plainValue(v any) string {
	if word, ok := v.(string); ok {
		for i := range s.r.Contracts {
			if ct := &s.r.Contracts[i]; ct.Name == word {
				return ct.Display() // a contract's name as the ruleset shows it
			}
		}
	}
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

// amountName is the words for a payment's amount where it is one name the
// ruleset gives words (amount: stake, "the game's value"), or a number
// times such a name (amount: 20 * base, "20 times the base value"); ""
// otherwise. The name is put in with the deal's values as pay saw them.
func (s *Settler) amountName(w amountWords) string {
	if w.ident == "" {
		return ""
	}
	said, ok := s.Say(w.ident)
	if !ok || said.Name == "" {
		return ""
	}
	if w.times > 1 {
		return fmt.Sprintf("%d times %s", w.times, said.Name)
	}
	return said.Name
}

// namedIn reads an amount that is one name, or a whole number above 1
// times one name (20 * base, base * 20): the name and the number (1 for
// the name alone); "" for any other amount.
func namedIn(src string) (string, int64) {
	tree, err := parser.Parse(src)
	if err != nil {
		return "", 0
	}
	if id, ok := tree.Node.(*ast.IdentifierNode); ok {
		return id.Value, 1
	}
	product, ok := tree.Node.(*ast.BinaryNode)
	if !ok || product.Operator != "*" {
		return "", 0
	}
	for _, pair := range [][2]ast.Node{{product.Left, product.Right}, {product.Right, product.Left}} {
		n, isInt := pair[0].(*ast.IntegerNode)
		id, isName := pair[1].(*ast.IdentifierNode)
		if isInt && isName && n.Value > 1 {
			return id.Value, int64(n.Value)
		}
	}
	return "", 0
}

// Ruleset is the ruleset the settler settles by.
func (s *Settler) Ruleset() *ruleset.Ruleset { return s.r }

// isNumber: an amount written as a number (amount: 10).
func isNumber(src string) bool {
	_, err := strconv.ParseFloat(strings.TrimSpace(src), 64)
	return err == nil
}
