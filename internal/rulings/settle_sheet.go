package rulings

import (
	"fmt"

	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/parser"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/interpreter/settle"
)

// sheetSentences say what each score-sheet entry writes, what for, and
// what it means for the final score: "2 goes onto Anton's mountain for 1
// missing trick at 2, which counts against Anton at the end."
func sheetSentences(l *settle.Ledger, t *settle.Told) []Said {
	var signs map[string]int
	word := func(account string) string { return account }
	if t != nil {
		signs, word = AccountSigns(t.R), t.R.AccountWord
	}
	var out []Said
	for i, e := range l.Sheet {
		why := settle.Why{Of: -1}
		if t != nil && i < len(t.SheetWhys) {
			why = t.SheetWhys[i]
		}
		s := Said{Arithmetic: []Arithmetic{entryArithmetic(l, e)}}
		s.Sentence = entrySentence(l, e, why, signs, word)
		out = append(out, s)
	}
	return out
}

// entrySentence is one sheet entry in words.
// word is what the table calls an account (ruleset.AccountWord).
func entrySentence(l *settle.Ledger, e settle.SheetEntry, why settle.Why, signs map[string]int, word func(string) string) string {
	owner := l.Seats[e.Seat]
	place := owner + "'s " + word(e.Account)
	if e.Against >= 0 {
		place += " against " + l.Seats[e.Against]
	}
	amount, verb := e.Amount, "goes onto"
	if amount.Sign() < 0 {
		amount, verb = amount.Neg(), "comes off"
	}
	s := fmt.Sprintf("%v %s %s", amount, verb, place)
	if why.Count > 0 {
		whose := ""
		if why.Of >= 0 && why.Of != e.Seat && why.Of != e.Against && why.Of < len(l.Seats) {
			whose = l.Seats[why.Of] + "'s "
		}
		s += fmt.Sprintf(" for %s%s at %v", whose, count(why.Count, why.Noun), why.Rate)
	} else if why.Named != "" {
		s += " (" + why.Named + ")" // a flat amount: what it is, in the ruleset's words
	}
	if sign := signs[e.Account] * e.Amount.Sign(); sign != 0 {
		s += ", which " + meaning(sign, owner, e.Against, l)
	}
	return s + "."
}

// meaning says whom an entry helps at the end: its owner, and for a pair
// account hurts the other.
func meaning(sign int, owner string, against int, l *settle.Ledger) string {
	if sign > 0 {
		if against >= 0 {
			return fmt.Sprintf("counts for %s and against %s at the end", owner, l.Seats[against])
		}
		return fmt.Sprintf("counts for %s at the end", owner)
	}
	if against >= 0 {
		return fmt.Sprintf("counts against %s and for %s at the end", owner, l.Seats[against])
	}
	return fmt.Sprintf("counts against %s at the end", owner)
}

// AccountSigns reads the ruleset's final score: for each account of the
// sheet, +1 if more of it raises its owner's score, -1 if it lowers it
// (the sign it has in the final's formula for a pair of players), 0 if
// the formula does not say plainly.
func AccountSigns(r *ruleset.Ruleset) map[string]int {
	f := r.Sheet.Final
	if f == nil {
		return nil
	}
	tree, err := parser.Parse(f.PairSrc)
	if err != nil {
		return nil
	}
	accounts := map[string]bool{}
	for _, a := range r.Sheet.Accounts {
		accounts[a] = true
	}
	for _, a := range r.Sheet.PairAccounts {
		accounts[a] = true
	}
	signs := map[string]int{}
	var walk func(n ast.Node, sign int)
	walk = func(n ast.Node, sign int) {
		switch n := n.(type) {
		case *ast.IdentifierNode:
			if accounts[n.Value] {
				if prev, seen := signs[n.Value]; seen && prev != sign {
					sign = 0 // both ways: not plain
				}
				signs[n.Value] = sign
			}
		case *ast.UnaryNode:
			if n.Operator == "-" {
				walk(n.Node, -sign)
			}
		case *ast.BinaryNode:
			walkBinary(n, sign, walk)
		}
	}
	walk(tree.Node, 1)
	return signs
}

// walkBinary carries the sign through + - * /: a term subtracted is
// negated; a product or quotient keeps the sign of its factor when the
// other factor is a positive number or a name (counts and rates are not
// negative).
func walkBinary(n *ast.BinaryNode, sign int, walk func(ast.Node, int)) {
	switch n.Operator {
	case "+":
		walk(n.Left, sign)
		walk(n.Right, sign)
	case "-":
		walk(n.Left, sign)
		walk(n.Right, -sign)
	case "*", "/":
		walk(n.Left, sign*factorSign(n.Right))
		if n.Operator == "*" {
			walk(n.Right, sign*factorSign(n.Left))
		}
	}
}

// factorSign is the sign of a factor multiplying an account: a number's
// own, a name's +1, anything else 0 (unknown).
func factorSign(n ast.Node) int {
	switch n := n.(type) {
	case *ast.IntegerNode:
		switch {
		case n.Value > 0:
			return 1
		case n.Value < 0:
			return -1
		}
		return 0
	case *ast.FloatNode:
		if n.Value > 0 {
			return 1
		}
		return -1
	case *ast.IdentifierNode:
		return 1
	case *ast.BinaryNode:
		if n.Operator == "-" {
			return 0
		}
		return factorSign(n.Left) * factorSign(n.Right)
	}
	return 0
}
