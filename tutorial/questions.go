package tutorial

import (
	"fmt"
	"github.com/preference-rules/pref/interpreter/deal"
	"strconv"
	"strings"

	"github.com/preference-rules/pref/internal/rulings"
	"github.com/preference-rules/pref/interpreter/cards"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/interpreter/ruleset"
)

// Questions that check a lesson was understood (issue 27): one or two
// after each lesson, each with a few choices, made from the ruleset's own
// data (its cards, its bid table, its defence, its settlement's worked
// examples), so that every ruleset gets them and no question is written
// per variant. The learner answers by the choice's number; a wrong answer
// may be tried again, and after a second the explanation is shown.

// Question is one question with its choices.
type Question struct {
	Ask     string
	Choices []string
	Answer  int    // the index of the right choice
	Why     string // the explanation, shown after a second miss (and after a right answer)
}

// Check reports whether choice (counted from 1, as shown) is the answer.
func (q Question) Check(choice int) bool { return choice-1 == q.Answer }

// questions are the questions after lesson name of r, in the words the
// view v shows; nil where the lesson has none.
func questions(r *ruleset.Ruleset, name string, v *view, ascii bool) []Question {
	var qs []Question
	add := func(q *Question) {
		if q != nil && len(q.Choices) > 1 && q.Answer >= 0 && q.Answer < len(q.Choices) {
			qs = append(qs, *q)
		}
	}
	switch name {
	case "basics":
		add(trumpQuestion(r, ascii))
	case "cards":
		add(rankQuestion(r, ascii))
	case "deal":
		add(numberQuestion("How many cards does each player hold?", r.HandSize, fmt.Sprintf("Each player holds %d cards.", r.HandSize)))
	case "bids":
		add(needQuestion(r, v))
	case "auction":
		add(ladderQuestion(v))
	case "exchange":
		if r.Exchange.TakeTalon && r.Exchange.Discard > 0 && !v.FirstHandOnly {
			add(numberQuestion("The declarer picks up the talon. How many cards does he then lay aside?", r.Exchange.Discard,
				fmt.Sprintf("He lays aside %s, as many as the talon gave him.", deal.Count(r.Exchange.Discard, "card"))))
		}
	case "defence":
		add(defenceQuestion(r))
	case "play":
		add(yesNo("A player cannot follow suit and holds a trump. Must he play it?", r.Play.MustTrump,
			map[bool]string{true: "Yes: a player who cannot follow suit must play a trump if he has one.", false: "No: trumping is allowed but not required."}[r.Play.MustTrump]))
	case "judging":
		add(&Question{Ask: "Counting your hand before you bid: how much is an ace worth?", Choices: []string{"a sure trick", "half a trick", "nothing until the talon is seen"}, Answer: 0,
			Why: "An ace is a sure trick; a king beside its ace is another."})
	case "sheet":
		add(sheetQuestion(r))
	case "settlement":
		add(settlementQuestion(r, v))
	}
	return qs
}

// numberQuestion asks for a number: the right one and its neighbours.
func numberQuestion(ask string, right int, why string) *Question {
	choices := []int{right - 1, right, right + 1}
	if right <= 1 {
		choices = []int{right, right + 1, right + 2}
	}
	q := &Question{Ask: ask, Why: why}
	for i, c := range choices {
		q.Choices = append(q.Choices, strconv.Itoa(c))
		if c == right {
			q.Answer = i
		}
	}
	return q
}

// yesNo asks a question answered yes or no.
func yesNo(ask string, yes bool, why string) *Question {
	q := &Question{Ask: ask, Choices: []string{"yes", "no"}, Why: why}
	if !yes {
		q.Answer = 1
	}
	return q
}

// cardName is card c as the lessons write it.
func cardName(r *ruleset.Ruleset, c cards.Card, ascii bool) string {
	if ascii {
		return r.Deck.Name(c)
	}
	return r.Deck.Pretty(c)
}

// trumpQuestion asks who wins the first lesson's trick won by a trump.
func trumpQuestion(r *ruleset.Ruleset, ascii bool) *Question {
	d := &r.Deck
	top := len(d.Ranks) - 1
	if len(d.SuitIDs) < 2 || top < 2 || r.Hands < 3 {
		return nil
	}
	low, high := 0, len(d.SuitIDs)-1
	names := seatNames[:3]
	ask := fmt.Sprintf("%s are trumps. %s leads %s; %s has no %s and plays %s; %s plays %s. Who wins the trick?",
		game.UpperFirst(d.SuitNames[high]), names[0], cardName(r, cards.Make(cards.Suit(low), top), ascii), names[1], d.SuitNames[low],
		cardName(r, cards.Make(cards.Suit(high), 0), ascii), names[2], cardName(r, cards.Make(cards.Suit(low), top-1), ascii))
	return &Question{Ask: ask, Choices: names, Answer: 1,
		Why: fmt.Sprintf("%s: even the lowest trump beats every card of another suit.", names[1])}
}

// rankQuestion asks which of two cards of a suit is higher.
func rankQuestion(r *ruleset.Ruleset, ascii bool) *Question {
	d := &r.Deck
	top := len(d.Ranks) - 1
	if top < 3 {
		return nil
	}
	a, b := cards.Make(0, top-3), cards.Make(0, top-1) // e.g. 10 and K: not the order of their names
	return &Question{Ask: fmt.Sprintf("Which card is higher: %s or %s?", cardName(r, a, ascii), cardName(r, b, ascii)),
		Choices: []string{cardName(r, a, ascii), cardName(r, b, ascii)}, Answer: 1,
		Why: fmt.Sprintf("%s. In each suit the cards rank, from low to high: %s.", cardName(r, b, ascii), strings.Join(d.Ranks, ", "))}
}

// needQuestion asks how many tricks the declarer of the first trump
// contract needs.
func needQuestion(r *ruleset.Ruleset, v *view) *Question {
	for ci := range r.Contracts {
		c := &r.Contracts[ci]
		if !suitContract(c) || !v.inCourse(ci) {
			continue
		}
		need := r.Need(ci, false)
		return numberQuestion(fmt.Sprintf("How many tricks does the declarer need in %s?", c.Display()), need,
			fmt.Sprintf("In %s the declarer needs at least %s.", c.Display(), deal.Count(need, "trick")))
	}
	return nil
}

// ladderQuestion asks which of two bids ranks higher.
func ladderQuestion(v *view) *Question {
	if len(v.Ladder) < 3 {
		return nil
	}
	lo, hi := v.Ladder[0], v.Ladder[len(v.Ladder)/2]
	if lo == hi {
		return nil
	}
	return &Question{Ask: fmt.Sprintf("Which bid ranks higher: %s or %s?", hi, lo), Choices: []string{hi, lo}, Answer: 0,
		Why: fmt.Sprintf("%s: the later a bid stands in the list, the higher it ranks.", game.UpperFirst(hi))}
}

// defenceQuestion asks what the defenders owe, or whether one may drop
// out.
func defenceQuestion(r *ruleset.Ruleset) *Question {
	for ci := range r.Contracts {
		c := &r.Contracts[ci]
		if suitContract(c) && c.DefenceNeeds > 0 {
			return numberQuestion(fmt.Sprintf("Against %s, how many tricks must the defenders who play take between them?", c.Display()), c.DefenceNeeds,
				fmt.Sprintf("Against %s the defenders who play must take %s between them.", c.Display(), deal.Count(c.DefenceNeeds, "trick")))
		}
	}
	if r.Defence.EachNeeds > 0 {
		return numberQuestion("How many tricks must a defender who plays take?", r.Defence.EachNeeds,
			fmt.Sprintf("A defender who plays must take at least %s, or he has failed.", deal.Count(r.Defence.EachNeeds, "trick")))
	}
	return yesNo("May a defender drop out instead of defending?", r.Defence.MayDrop,
		map[bool]string{true: "Yes: a defender may drop out and take on no obligation.", false: "No: every defender plays."}[r.Defence.MayDrop])
}

// sheetQuestion asks whether more of the sheet's first account is good
// or bad for its owner.
func sheetQuestion(r *ruleset.Ruleset) *Question {
	signs := rulings.AccountSigns(r)
	for _, a := range r.Sheet.Accounts {
		if s := signs[a]; s != 0 {
			return yesNo(fmt.Sprintf("Is more %s good for you at the end?", a), s > 0,
				fmt.Sprintf("Each player's %s: %s", a, goodOrBad(s, false)))
		}
	}
	return nil
}

// settlementQuestion shows the lesson's first worked example up to what
// it pays, and asks which payment or entry is right: the true one, one
// with its first figure doubled, and one with the first two players'
// names swapped.
func settlementQuestion(r *ruleset.Ruleset, v *view) *Question {
	for _, rl := range v.Settle.Rules {
		if len(rl.said) == 0 || len(rl.deal) == 0 {
			continue
		}
		right := firstClause(rl.said[0])
		choices := []string{right}
		for _, wrong := range []string{doubleFirstNumber(right), swapNames(right, seatNames[0], seatNames[1])} {
			if wrong != right && !contains(choices, wrong) {
				choices = append(choices, wrong)
			}
		}
		if len(choices) < 2 {
			continue
		}
		// the right answer in the middle, not always first
		choices[0], choices[len(choices)/2] = choices[len(choices)/2], choices[0]
		return &Question{Ask: rl.deal[0] + " Which is right?", Choices: choices, Answer: len(choices) / 2,
			Why: fmt.Sprintf("%s. The rule: %s", right, lowerFirst(rl.Sentence))}
	}
	return nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// firstClause is a sentence up to its first comma or "and", without its
// full stop: "Anton pays 10 into the pot".
func firstClause(s string) string {
	s, _, _ = strings.Cut(s, ", ")
	s, _, _ = strings.Cut(s, " and ")
	return strings.TrimSuffix(s, ".")
}

// doubleFirstNumber is s with its first number doubled.
func doubleFirstNumber(s string) string {
	start := strings.IndexAny(s, "0123456789")
	if start < 0 {
		return s
	}
	end := start
	for end < len(s) && s[end] >= '0' && s[end] <= '9' {
		end++
	}
	n, err := strconv.Atoi(s[start:end])
	if err != nil || n == 0 {
		return s
	}
	return s[:start] + strconv.Itoa(2*n) + s[end:]
}

// swapNames is s with a and b exchanged.
func swapNames(s, a, b string) string {
	const hold = "\x00"
	s = strings.ReplaceAll(s, a, hold)
	s = strings.ReplaceAll(s, b, a)
	return strings.ReplaceAll(s, hold, b)
}
