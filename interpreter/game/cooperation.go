package game

import (
	"fmt"

	"github.com/preference-rules/pref/interpreter/cards"
	"github.com/preference-rules/pref/interpreter/deal"
	"github.com/preference-rules/pref/interpreter/ruleset"
)

// The defenders' cooperation rules, numbered as the sources give them.
const (
	RuleNoOvertake      = 1 // never unnecessarily win a trick the other defender already heads
	RuleLeadHigh        = 2 // leading with the declarer last, lead the highest card of a suit
	RuleLeadExtreme     = 3 // leading with the declarer second, lead K or A, or the lowest card
	maxCooperationNotes = 32
)

// CooperationRules describes each rule, for notes and the rulebook.
var CooperationRules = [...]string{
	RuleNoOvertake:  "a defender should never unnecessarily win a trick already headed by the other defender",
	RuleLeadHigh:    "a defender who leads to a trick in which the declarer comes last should play the highest card of a suit",
	RuleLeadExtreme: "a defender who leads to a trick in which the declarer comes second should lead a king or an ace, or the lowest card of the suit",
}

// Note records a breach of a cooperation rule.
type Note struct {
	Trick, Seat, Rule int
	Card              cards.Card
}

// cooperating reports whether seat is a defender bound by the rules: both
// defenders play, and neither invited the other.
func (g *State) cooperating(seat int) bool {
	if g.R.Play.Cooperation == ruleset.CooperationNone || seat == g.Declarer {
		return false
	}
	for s := 0; s < g.Seats(); s++ {
		if s != g.Declarer && (g.Defence[s] != deal.Play) {
			return false
		}
	}
	return true
}

// CooperationBinds reports whether cooperation rule 1 binds the defenders
// in this deal's play: the ruleset makes it binding, there is a declarer,
// and every other player defends.
func (g *State) CooperationBinds() bool {
	if g.Declarer < 0 || g.R.Play.Cooperation != ruleset.CooperationFirstRuleBinding {
		return false
	}
	return g.cooperating((g.Declarer + 1) % g.Seats())
}

// overtakes is the part of legal that would unnecessarily win a trick the
// other defender heads (deal.Overtakes): empty unless seat is a defender
// bound by the rules and the other defender heads the trick.
func (g *State) overtakes(seat int, legal cards.Mask) cards.Mask {
	t := &g.trick
	if t.N == 0 || !g.cooperating(seat) || !deal.DefenderHeads(int(t.Seats[g.winnerIndex()]), g.Declarer) {
		return 0
	}
	return deal.Overtakes(legal, g.winner, g.Trump)
}

// Breach names the cooperation rule that card c by seat breaks, or 0.
func (g *State) Breach(seat int, c cards.Card) int {
	if !g.cooperating(seat) {
		return 0
	}
	t := &g.trick
	if t.N > 0 {
		if g.overtakes(seat, g.Legal(seat)).Has(c) {
			return RuleNoOvertake
		}
		return 0
	}
	n := g.Seats()
	suit := g.Hands[seat].Suit(c.Suit())
	switch g.Declarer {
	case deal.Round(seat, n-1, n): // the declarer plays last
		if c != suit.Highest() {
			return RuleLeadHigh
		}
	case deal.Round(seat, 1, n): // the declarer plays second
		top := len(g.R.Deck.Ranks) - 2
		if c.Rank() < top && c != suit.Lowest() {
			return RuleLeadExtreme
		}
	}
	return 0
}

// note records a breach; the record is bounded and allocates nothing.
func (g *State) note(seat int, c cards.Card) {
	if rule := g.Breach(seat, c); rule != 0 && g.NNotes < maxCooperationNotes {
		g.Notes[g.NNotes] = Note{Trick: g.NTricks, Seat: seat, Rule: rule, Card: c}
		g.NNotes++
	}
}

// SetPosition puts the game at a moment of card play for questions: the
// declarer, the contract, both defenders playing, seat to play holding
// hand, and trick the cards played so far by the seats before it.
func (g *State) SetPosition(declarer, contract, seat int, hand cards.Mask, trick []cards.Card) error {
	n := g.Seats()
	if declarer < 0 || declarer >= n || seat < 0 || seat >= n || len(trick) >= n {
		return fmt.Errorf("position: seats out of range")
	}
	g.reset()
	g.Declarer, g.Contract = declarer, contract
	g.Trump = g.R.Contracts[contract].Trumps
	deal.DefaultDefence(g.Defence[:n], declarer, -1)
	g.Hands[seat] = hand
	g.trick = Trick{Leader: deal.Round(seat, n-len(trick), n)}
	for k, c := range trick {
		if hand.Has(c) {
			return fmt.Errorf("position: %s is both in the hand and in the trick", g.R.Deck.Name(c))
		}
		s := deal.Round(g.trick.Leader, k, n)
		g.Hands[s] |= c.Bit() // put removes it again
		g.put(s, c)
	}
	g.phase, g.toAct = PhasePlay, seat
	return nil // a position for questions (Legal, WhyIllegal), not a deal to Apply to
}

// WhyIllegal says which rule forbids seat to play c now, in words to the
// player; "" when c is legal.
func (g *State) WhyIllegal(seat int, c cards.Card) string {
	d := &g.R.Deck
	if !g.Hands[seat].Has(c) {
		return "you do not hold " + d.Name(c)
	}
	if g.Legal(seat).Has(c) {
		return ""
	}
	if g.trick.N == 0 {
		if _, words := g.leadRule(seat); words != "" {
			return "the rule of the lead: " + words
		}
		return "the rule of the lead"
	}
	led := g.trick.Cards[0].Suit()
	m, rule := g.ruleNow(seat)
	switch {
	case m.Has(c): // legal by the rules of play: a cooperation rule forbids it
		return "cooperation rule 1 binds: " + CooperationRules[RuleNoOvertake]
	case (rule == deal.RuleFollow || rule == deal.RuleHead) && c.Suit() != led:
		return "you must follow suit: " + d.SuitNames[led] + " was led"
	case rule == deal.RuleHead:
		return "you must head the trick: play a " + d.SuitNames[led] + " higher than " + d.Name(g.winner)
	case (rule == deal.RuleTrump || rule == deal.RuleOverTrump) && c.Suit() != g.Trump:
		return "you cannot follow suit, so you must trump (" + d.SuitNames[g.Trump] + ")"
	case rule == deal.RuleOverTrump:
		return "you must beat the trump " + d.Name(g.winner) + " if you can"
	}
	return "that card is not allowed here"
}

// LegalReason says in words which rule decides seat's legal cards now: the
// rule a learner needs to find them.
func (g *State) LegalReason(seat int) string {
	d := &g.R.Deck
	m, rule := g.ruleNow(seat)
	if rule == deal.RuleLead {
		if lead, words := g.leadRule(seat); words != "" {
			return "the rule of the lead: " + words + ": any of " + d.Format(lead, false)
		}
		return "the player to lead may play any card"
	}
	led := g.trick.Cards[0].Suit()
	hand := g.Hands[seat]
	var why string
	switch rule {
	case deal.RuleHead:
		why = "the suit led is " + d.SuitNames[led] + ": follow suit, and head the trick with a card higher than " + d.Name(g.winner)
	case deal.RuleFollow:
		why = "the suit led is " + d.SuitNames[led] + " and the player holds some: follow suit"
	case deal.RuleTrump, deal.RuleOverTrump:
		why = "the player has no " + d.SuitNames[led] + " (the suit led), so must trump: any of " + d.SuitNames[g.Trump]
		if rule == deal.RuleOverTrump {
			why += " higher than " + d.Name(g.winner)
		}
	default:
		why = "the player has no " + d.SuitNames[led] + " (the suit led)"
		switch {
		case g.Trump != cards.NoSuit && hand.Suit(g.Trump) != 0:
			why += " and need not trump: any card"
		case g.Trump != cards.NoSuit:
			why += " and no trump: any card"
		default:
			why += ": any card"
		}
	}
	if g.R.Play.Cooperation == ruleset.CooperationFirstRuleBinding && g.overtakes(seat, m) != 0 {
		why += "; and cooperation rule 1 binds: not overtaking the other defender"
	}
	return why
}
