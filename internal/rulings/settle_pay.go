package rulings

import (
	"fmt"
	"strings"

	"github.com/preference-rules/pref/interpreter/settle"
)

// payment is a transfer with what it is paid for.
type payment struct {
	settle.Transfer
	why settle.Why
	i   int // its place in the ledger
}

// paymentSentences say who pays whom what, in the order of the ledger:
// equal payments several players make to one receiver (or draw from the
// pot) together, "Anne and Carl pay 40 each into the pot."; else all of
// one player's, "Anton draws 30 from the pot and pays Brigitte and
// Charlotte 6 each for 2 tricks at 3."
func paymentSentences(l *settle.Ledger, t *settle.Told) []Said {
	pays := make([]payment, len(l.Transfers))
	for i, tr := range l.Transfers {
		pays[i] = payment{Transfer: tr, why: settle.Why{Of: -1}, i: i}
		if t != nil && i < len(t.Whys) {
			pays[i].why = t.Whys[i]
		}
	}
	used := make([]bool, len(pays))
	var out []Said
	for i, p := range pays {
		if used[i] {
			continue
		}
		if s, ok := together(l, pays, used, i); ok {
			out = append(out, s)
			continue
		}
		who := p.From
		if who == settle.Pot {
			who = p.To
		}
		if s, ok := playerPays(l, pays, used, who); ok {
			out = append(out, s)
		}
	}
	return out
}

// together says the payments of the same amount, for the same, that
// several players make with pays[i] to one receiver (the pot's included)
// or draw from the pot, if there are such: "Anne and Carl pay 40 each
// into the pot."
func together(l *settle.Ledger, pays []payment, used []bool, i int) (Said, bool) {
	p := pays[i]
	if used[i] || (p.From == settle.Pot && p.why.Count > 0) {
		return Said{}, false
	}
	draw := p.From == settle.Pot
	player := func(q payment) int {
		if draw {
			return q.To
		}
		return q.From
	}
	alike := func(q payment) bool {
		if draw {
			return q.From == settle.Pot && q.why.Count == 0 && reason(l, q) == reason(l, p)
		}
		return q.From != settle.Pot && q.To == p.To && reason(l, q) == reason(l, p)
	}
	group := []int{i}
	for j := i + 1; j < len(pays); j++ {
		if q := pays[j]; !used[j] && alike(q) && q.Amount.Equal(p.Amount) && !inGroup(pays, group, player, j) {
			group = append(group, j)
		}
	}
	if len(group) < 2 {
		return Said{}, false
	}
	var names []string
	var s Said
	for _, j := range group {
		used[j] = true
		names = append(names, l.Name(player(pays[j])))
		s.Arithmetic = append(s.Arithmetic, transferArithmetic(l, pays[j].Transfer))
	}
	switch {
	case draw:
		s.Sentence = fmt.Sprintf("%s draw %v each from the pot%s.", list(names), p.Amount, reason(l, p))
	case p.To == settle.Pot:
		s.Sentence = fmt.Sprintf("%s pay %v each into the pot%s.", list(names), p.Amount, reason(l, p))
	default:
		s.Sentence = fmt.Sprintf("%s pay %s %v each%s.", list(names), l.Name(p.To), p.Amount, reason(l, p))
	}
	return s, true
}

// inGroup: pays[j]'s player is one of the group's already.
func inGroup(pays []payment, group []int, player func(payment) int, j int) bool {
	for _, k := range group {
		if player(pays[k]) == player(pays[j]) {
			return true
		}
	}
	return false
}

// playerPays says what one player draws from the pot and pays, in one
// sentence, and marks those payments said.
func playerPays(l *settle.Ledger, pays []payment, used []bool, who int) (Said, bool) {
	var s Said
	var draws, owed []payment
	for i, p := range pays {
		switch {
		case used[i]:
			continue
		case p.From == settle.Pot && p.To == who:
			draws = append(draws, p)
		case p.From == who:
			owed = append(owed, p)
		default:
			continue
		}
		used[i] = true
		s.Arithmetic = append(s.Arithmetic, transferArithmetic(l, p.Transfer))
	}
	if len(s.Arithmetic) == 0 {
		return s, false
	}
	var clauses []string
	if len(draws) > 0 {
		clauses = append(clauses, "draws "+list(drawn(l, draws)))
	}
	if len(owed) > 0 {
		clauses = append(clauses, "pays "+list(receivers(l, owed)))
	}
	s.Sentence = l.Name(who) + " " + strings.Join(clauses, " and ") + "."
	return s, true
}

// drawn say what a player draws from the pot: "30 from the pot (the
// game's value)"; draws of the same amount for the same once, with how
// often and what they come to: "the game's value, 10, twice from the pot
// (20 in all)", "6 twice from the pot for 2 tricks at 3 (12 in all)".
func drawn(l *settle.Ledger, draws []payment) []string {
	var out []string
	done := make([]bool, len(draws))
	for i, p := range draws {
		if done[i] {
			continue
		}
		times, total := 1, p.Amount
		for j := i + 1; j < len(draws); j++ {
			if q := draws[j]; !done[j] && q.Amount.Equal(p.Amount) && reason(l, q) == reason(l, p) {
				done[j], times, total = true, times+1, total.Add(q.Amount)
			}
		}
		switch {
		case times == 1:
			out = append(out, p.Amount.String()+" from the pot"+reason(l, p))
		case p.why.Count <= 0 && p.why.Named != "":
			out = append(out, fmt.Sprintf("%s, %v, %s from the pot (%v in all)", p.why.Named, p.Amount, often(times), total))
		default:
			out = append(out, fmt.Sprintf("%v %s from the pot%s (%v in all)", p.Amount, often(times), reason(l, p), total))
		}
	}
	return out
}

// often is how many times: "twice", "3 times".
func often(n int) string {
	if n == 2 {
		return "twice"
	}
	return fmt.Sprintf("%d times", n)
}

// receivers say what a payer pays each receiver: "30 into the pot",
// "Brigitte and Charlotte 6 each for 2 tricks at 3".
func receivers(l *settle.Ledger, owed []payment) []string {
	var out []string
	done := make([]bool, len(owed))
	paid := map[int]bool{} // receivers named already: paid "another" amount
	for i, p := range owed {
		if done[i] {
			continue
		}
		another := ""
		if paid[p.To] {
			another = "another "
		}
		paid[p.To] = true
		if p.To == settle.Pot {
			out = append(out, fmt.Sprintf("%s%v into the pot%s", another, p.Amount, reason(l, p)))
			continue
		}
		names := []string{l.Name(p.To)}
		for j := i + 1; j < len(owed); j++ {
			q := owed[j]
			if !done[j] && q.To != settle.Pot && q.Amount.Equal(p.Amount) && reason(l, q) == reason(l, p) && paid[q.To] == (another != "") {
				done[j] = true
				paid[q.To] = true
				names = append(names, l.Name(q.To))
			}
		}
		each := ""
		if len(names) > 1 {
			each = " each"
		}
		out = append(out, fmt.Sprintf("%s %s%v%s%s", list(names), another, p.Amount, each, reason(l, p)))
	}
	return out
}

// reason says what a payment is paid for, where its amount is a count
// of tricks times a rate: " for 3 tricks at 3" (the count's owner is
// named where he is neither payer nor receiver); where it is one amount
// the ruleset gives words, what it is: " (the game's value)".
func reason(l *settle.Ledger, p payment) string {
	w := p.why
	if w.Count <= 0 && w.Named != "" {
		return " (" + w.Named + ")" // a flat amount: what it is, in the ruleset's words
	}
	if w.Count <= 0 {
		return ""
	}
	whose := ""
	if w.Of >= 0 && w.Of != p.From && w.Of != p.To && w.Of < len(l.Seats) {
		whose = l.Seats[w.Of] + "'s "
	}
	return fmt.Sprintf(" for %s%s at %v", whose, count(w.Count, w.Noun), w.Rate)
}
