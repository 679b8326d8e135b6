package tutorial

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/parser"
	"github.com/preference-rules/pref/internal/rulings"
	"github.com/preference-rules/pref/interpreter/cards"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/interpreter/verify"
)

// The settlement lesson for a learner: not the rules' expressions put into
// words (that is the rulebook's --detail, for authors) but, for the
// family of settlement the ruleset's data shows (money and a pot, or a
// score sheet with its accounts), a plain paragraph on what is scored and
// whether more is good or bad; then each rule in the sentence its author
// named it with, and a worked example: an outcome the rule pays on,
// settled by the ruleset itself and told as pref settle tells it. An
// option that changes a rule is said after it, "(at tables that play X:
// ...)", with what the same example gives there.

// settleView is the settlement lesson of a ruleset for a learner.
type settleView struct {
	Family   []string    // what is scored, and whether more is good or bad
	Rules    []ruleLearn // each rule with its worked example
	Unshown  int         // rules no simple outcome pays on (contras, events, ...)
	Accounts []string    // each sheet account in a sentence (the sheet lesson)
}

// ruleLearn is one settlement rule for a learner.
type ruleLearn struct {
	Sentence string   // the rule as its author named it, as a sentence
	Example  string   // an outcome it pays on, and what it pays
	Tables   []string // "at tables that play X: ..." for each option changing it
	deal     []string // the example's outcome, in sentences
	said     []string // what the rule pays or writes in it, in sentences
}

// seatNames are the players of the lessons' examples.
var seatNames = []string{"Anton", "Brigitte", "Charlotte", "Dora"}

// settleLesson builds the learner's settlement lesson of r; first keeps to
// the rules a suit contract played by cards can pay on (the first game).
func settleLesson(r *ruleset.Ruleset, first bool) settleView {
	var v settleView
	v.Family, v.Accounts = familyWords(r, first)
	examples := findExamples(r, first)
	others := map[string]*ruleset.Ruleset{} // r with one option played otherwise, by option and value
	for _, k := range ruleOrder(r, examples, first) {
		ex, ok := examples[r.Rules[k].Name]
		if !ok {
			if !first {
				v.Unshown++
			}
			continue
		}
		rl := ruleLearn{Sentence: ruleSentence(r.Rules[k].Name), Example: ex.words(r.Rules[k].Name),
			deal: ex.told.Deal, said: ruleSaid(ex.told, r.Rules[k].Name)}
		rl.Tables = optionNotes(r, k, ex, others)
		v.Rules = append(v.Rules, rl)
	}
	return v
}

// optionNote is an author's "(option all-pass-clean-bonus)" in a rule's name.
var optionNote = regexp.MustCompile(`\s*\(options? [^)]*\)`)

// firstRules is how many rules the first game's settlement shows: the
// commonest outcomes, a game made, a game failed, a defender short.
const firstRules = 2

// ruleOrder is the order the lesson shows r's rules in: the ruleset's own,
// or for the first game the rules of the simplest outcomes first (made,
// then failed, ...), firstRules of them.
func ruleOrder(r *ruleset.Ruleset, examples map[string]workedExample, first bool) []int {
	order := make([]int, len(r.Rules))
	for k := range order {
		order[k] = k
	}
	if !first {
		return order
	}
	order = slices.DeleteFunc(order, func(k int) bool { _, ok := examples[r.Rules[k].Name]; return !ok })
	slices.SortStableFunc(order, func(a, b int) int { return examples[r.Rules[a].Name].rank - examples[r.Rules[b].Name].rank })
	return order[:min(len(order), firstRules)]
}

// ruleSentence makes a rule's name a sentence: a capital and a full stop.
func ruleSentence(name string) string {
	// an author's note of the option a rule belongs to is the options
	// lesson's business, and the option notes after the example say it
	name = strings.TrimSpace(optionNote.ReplaceAllString(name, ""))
	if name == "" {
		return ""
	}
	s := strings.ToUpper(name[:1]) + name[1:]
	if !strings.HasSuffix(s, ".") {
		s += "."
	}
	return s
}

// familyWords is the paragraph on what the settlement scores, read from
// r's data: money paid between the players (and a pot), or a score sheet
// whose accounts the final score reads with a sign each.
func familyWords(r *ruleset.Ruleset, first bool) (family, accounts []string) {
	if len(r.Sheet.Accounts) == 0 && len(r.Sheet.PairAccounts) == 0 && first {
		return []string{"Played for money: after each deal the players pay one another and the **pot**, the money on the table. What you receive is won, what you pay is lost."}, nil
	}
	if len(r.Sheet.Accounts) == 0 && len(r.Sheet.PairAccounts) == 0 {
		s := "This game is played for money (or counters): after each deal the players pay one another"
		if r.Ante.Each != 0 || r.Ante.Dealer != 0 || paysPot(r) {
			s += " and the **pot**, the money on the table that the players pay into and a declarer who makes his game may take from"
		}
		return []string{s + ". What you receive is won and what you pay is lost: more is better. Each rule below says who pays whom, and how much."}, nil
	}
	signs := rulings.AccountSigns(r)
	family = []string{"This game is scored on a **score sheet** kept from deal to deal: nothing is paid until the game ends. Each deal writes points to the players' accounts, and at the end the accounts are turned into each player's result."}
	for _, a := range r.Sheet.Accounts {
		s := fmt.Sprintf("Each player's **%s**: %s", r.AccountWord(a), goodOrBad(signs[a], false))
		if v, err := r.StartValue(a, r.Hands); err == nil && !v.IsZero() {
			s += fmt.Sprintf(" Every player starts the game with %v %s%s.", v, r.AccountWord(a), startName(r, a))
		}
		accounts = append(accounts, s)
	}
	for _, a := range r.Sheet.PairAccounts {
		accounts = append(accounts, fmt.Sprintf("Each player's **%s** against each other player: %s", r.AccountWord(a), goodOrBad(signs[a], true)))
	}
	return family, accounts
}

// startName is " (the bula)" when the option of that name sets what
// account starts at, as the tables call it; else "".
func startName(r *ruleset.Ruleset, account string) string {
	for _, st := range r.Sheet.Start {
		if st.Account != account {
			continue
		}
		for _, o := range r.Options {
			if o.Ident == strings.TrimSpace(st.Src) && !strings.ContainsAny(o.Name, "-_") {
				return " (the " + o.Name + ")"
			}
		}
	}
	return ""
}

// goodOrBad says what more of an account means at the end.
func goodOrBad(sign int, pair bool) string {
	switch {
	case sign > 0 && pair:
		return "points written by you against another player; more is good for you and bad for him."
	case sign > 0:
		return "more is good for you at the end."
	case sign < 0 && pair:
		return "points written against another player that count against you; more is bad for you."
	case sign < 0:
		return "more is bad for you at the end."
	}
	return "the final score reads it as the rules below say."
}

// paysPot reports whether a settlement rule pays into or out of the pot.
func paysPot(r *ruleset.Ruleset) bool {
	for k := range r.Rules {
		for _, p := range r.Rules[k].Pay {
			if p.Account == "" && (p.From == ruleset.SelPot || p.To == ruleset.SelPot) {
				return true
			}
		}
	}
	return false
}

// example is an outcome a rule pays on: the statement and its settlement
// in sentences.
type workedExample struct {
	stmt rulings.Statement
	told rulings.Told
	rank int // the statement's place among those tried: simpler first
}

// words is the example told for rule: what happened, then the sentences
// of the payments and entries rule made.
func (e workedExample) words(rule string) string {
	var out []string
	out = append(out, e.told.Deal...)
	out = append(out, ruleSaid(e.told, rule)...)
	return strings.Join(out, " ")
}

// ruleSaid are the sentences of told that rule's figures are in.
func ruleSaid(told rulings.Told, rule string) []string {
	var out []string
	for _, group := range [][]rulings.Said{told.Payments, told.Sheet} {
		for _, s := range group {
			for _, a := range s.Arithmetic {
				if a.Rule == rule {
					out = append(out, s.Sentence)
					break
				}
			}
		}
	}
	return out
}

// findExamples settles simple outcomes of r, simplest first, and keeps
// for each rule the first that pays on it (by the rule's name).
func findExamples(r *ruleset.Ruleset, first bool) map[string]workedExample {
	found := map[string]workedExample{}
	for i, st := range statements(r, first) {
		s, err := rulings.Settle(r, nil, st)
		if err != nil {
			continue
		}
		told, err := s.Told()
		if err != nil {
			continue
		}
		for k := range r.Rules {
			name := r.Rules[k].Name
			if _, ok := found[name]; !ok && len(ruleSaid(told, name)) > 0 {
				found[name] = workedExample{stmt: st, told: told, rank: i}
			}
		}
	}
	return found
}

// statements are the outcomes the examples are looked for in, simplest
// first: each contract of the bid table bid by the first player, made
// exactly, then failed by a trick, with both defenders playing, then with
// one dropped out; then the game played when all pass. first: suit
// contracts only, not from the hand.
func statements(r *ruleset.Ruleset, first bool) []rulings.Statement {
	seats := seatNames[:r.Hands]
	var out []rulings.Statement
	var later []rulings.Statement // failed games and drops, after every made one
	seen := map[string]bool{}
	for _, call := range r.Ladder {
		ct := &r.Contracts[call.Contract]
		if ct.NoDeclarer || seen[ct.Name] || (first && (call.Hand || !suitContract(ct))) {
			continue
		}
		seen[ct.Name] = true
		need := r.Need(call.Contract, call.Hand)
		made, failed := need, need-1
		if ct.Exact {
			made, failed = ct.Tricks, ct.Tricks+1
		}
		if failed < 0 || made > r.HandSize || failed > r.HandSize {
			continue
		}
		base := verify.Case{Seats: seats, Contract: verify.ContractSpec{Declarer: seats[0], Bid: ct.Name, Hand: call.Hand}}
		out = append(out, stated(base, r, made, ""))
		later = append(later, stated(base, r, failed, ""), lopsided(stated(base, r, made, ""), r, made), lopsided(stated(base, r, failed, ""), r, failed))
		if r.Defence.MayDrop && r.MayDrop(call.Contract) {
			both := stated(base, r, made, seats[1])
			both.Drops, both.Tricks = seats[1:], ""
			later = append(later, stated(base, r, made, seats[1]), stated(base, r, failed, seats[1]), both)
		}
	}
	out = append(out, later...)
	if !first {
		out = append(out, allPass(r, seats)...)
	}
	return out
}

// suitContract reports whether ct is a plain game in a trump suit: the
// first game's contracts.
func suitContract(ct *ruleset.Contract) bool {
	return ct.Trumps != cards.NoSuit && !ct.Exact && !ct.NoDeclarer
}

// stated is the outcome of base with the declarer taking tricks and the
// rest shared by the defenders, the first the larger half; drop names a
// defender who dropped out (his tricks then count for the other).
func stated(base verify.Case, r *ruleset.Ruleset, tricks int, drop string) rulings.Statement {
	c := base
	seats := c.Seats
	rest := r.HandSize - tricks
	c.Tricks = map[string]int{}
	st := rulings.Statement{Case: c}
	parts := []string{fmt.Sprintf("%s=%d", seats[0], tricks)}
	switch {
	case drop != "":
		st.Drops = []string{drop}
		for _, s := range seats[1:] {
			if s != drop {
				parts = append(parts, fmt.Sprintf("%s=%d", s, rest))
				break
			}
		}
	case len(seats) >= 3:
		parts = append(parts, fmt.Sprintf("%s=%d", seats[1], (rest+1)/2), fmt.Sprintf("%s=%d", seats[2], rest/2))
	}
	st.Tricks = strings.Join(parts, ",")
	return st
}

// lopsided is st with the first defender taking every trick the
// declarer left: the second defender takes none (a defender short of his
// share).
func lopsided(st rulings.Statement, r *ruleset.Ruleset, tricks int) rulings.Statement {
	seats := st.Case.Seats
	if len(seats) < 3 {
		return st
	}
	st.Tricks = fmt.Sprintf("%s=%d,%s=%d,%s=0", seats[0], tricks, seats[1], r.HandSize-tricks, seats[2])
	return st
}

// allPass are outcomes of the game played when everybody passes, if r has
// one: the tricks spread, then one player without a trick; else the deal
// everybody passed.
func allPass(r *ruleset.Ruleset, seats []string) []rulings.Statement {
	if len(seats) < 3 {
		return nil
	}
	if !slices.ContainsFunc(r.Contracts, func(c ruleset.Contract) bool { return c.NoDeclarer }) {
		// everybody passed and nothing is played: a rule may still mark or pay
		return []rulings.Statement{{Case: verify.Case{Seats: seats, Contract: verify.ContractSpec{Passed: true}}}}
	}
	n := r.HandSize
	var out []rulings.Statement
	for _, split := range [][3]int{{(n + 2) / 3, (n + 1) / 3, n / 3}, {n - n/3, n / 3, 0}} {
		st := rulings.Statement{Case: verify.Case{Seats: seats, Contract: verify.ContractSpec{Passed: true}}}
		st.Tricks = fmt.Sprintf("%s=%d,%s=%d,%s=%d", seats[0], split[0], seats[1], split[1], seats[2], split[2])
		out = append(out, st)
	}
	return out
}

// optionNotes say, for each option of r that rule k's conditions or
// amounts read (through the values they use), what the rule's example
// gives at tables that play the option otherwise: "(at tables that play
// half responsible: ...)". Nothing when the example does not change.
func optionNotes(r *ruleset.Ruleset, k int, ex workedExample, others map[string]*ruleset.Ruleset) []string {
	var notes []string
	read := ruleReads(r, k)
	rule := r.Rules[k].Name
	before := strings.Join(ruleSaid(ex.told, rule), " ")
	for i := range r.Options {
		o := &r.Options[i]
		if !read[o.Ident] {
			continue
		}
		for _, alt := range otherValues(o) {
			key := fmt.Sprintf("%s=%v", o.Name, alt)
			r2, seen := others[key]
			if !seen {
				r2, _ = r.With(map[string]any{o.Name: alt}) // nil: a value r refuses
				others[key] = r2
			}
			if r2 == nil {
				continue
			}
			s, err := rulings.Settle(r2, nil, ex.stmt)
			if err != nil {
				continue
			}
			told, err := s.Told()
			if err != nil {
				continue
			}
			after := strings.Join(ruleSaid(told, rule), " ")
			if after == before {
				continue
			}
			if after == "" {
				after = "this rule pays nothing here"
			}
			notes = append(notes, fmt.Sprintf("tables that play %s: %s", playWords(o, alt), strings.TrimSuffix(lowerFirst(after), ".")))
		}
	}
	return notes
}

// otherValues are the values of o other than its own a table may play:
// the other side of a yes-or-no option, the other words of a choice
// (a number is the ruleset's figure and is shown as such).
func otherValues(o *ruleset.Option) []any {
	switch v := o.Default.(type) {
	case bool:
		return []any{!v}
	case string:
		var out []any
		for _, w := range o.Values {
			if w != v {
				out = append(out, w)
			}
		}
		return out
	}
	return nil
}

// playWords name a way to play an option as a table says it: "half
// responsible", "without consolation", "ten defence free".
func playWords(o *ruleset.Option, v any) string {
	name := strings.NewReplacer("-", " ", "_", " ").Replace(o.Name)
	switch v := v.(type) {
	case bool:
		if !v {
			return "without " + name
		}
		return name
	case string:
		return name + " " + strings.NewReplacer("-", " ", "_", " ").Replace(v)
	}
	return name
}

// ruleReads are the names rule k's condition, amounts and markings read,
// with the names of the values (defines) they use, read in turn.
func ruleReads(r *ruleset.Ruleset, k int) map[string]bool {
	rule := &r.Rules[k]
	srcs := []string{rule.WhenSrc}
	for i := range rule.Pay {
		srcs = append(srcs, rule.Pay[i].AmountSrc, r.Spec.Settlement[k].Pay[i].Where.Text)
	}
	for i := range rule.Mark {
		srcs = append(srcs, rule.Mark[i].AddSrc, r.Spec.Settlement[k].Mark[i].Where.Text)
	}
	read := map[string]bool{}
	for len(srcs) > 0 {
		src := srcs[0]
		srcs = srcs[1:]
		for _, name := range identifiers(src) {
			if read[name] {
				continue
			}
			read[name] = true
			for _, d := range r.Defines {
				if d.Name == name {
					srcs = append(srcs, d.Src)
				}
			}
		}
	}
	return read
}

// identifiers are the names an expression reads.
func identifiers(src string) []string {
	if strings.TrimSpace(src) == "" {
		return nil
	}
	tree, err := parser.Parse(src)
	if err != nil {
		return nil
	}
	var names []string
	ast.Find(tree.Node, func(n ast.Node) bool {
		if id, ok := n.(*ast.IdentifierNode); ok {
			names = append(names, id.Value)
		}
		return false
	})
	return names
}
