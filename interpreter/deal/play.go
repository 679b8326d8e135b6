package deal

import (
	"github.com/preference-rules/pref/interpreter/cards"
	"github.com/preference-rules/pref/interpreter/ruleset"
)

// Rule names the rule of play that decides a player's legal cards.
type Rule uint8

// The rules of play, in the order they are tried.
const (
	RuleLead      Rule = iota // leading: any card
	RuleFollow                // follow the suit led
	RuleHead                  // follow, and head the trick
	RuleTrump                 // void in the suit led: trump
	RuleOverTrump             // void: trump higher than the trump winning
	RuleFree                  // void, and no trump to play (or need not): any card
)

// Legal applies the rules of play p to a player holding hand, with trumps
// trump, led the suit led and winner the card heading the trick: follow
// suit (heading if required), else trump where compulsory (over-trumping
// if heading is required), else any card. Cooperation rule 1 (Overtakes)
// is the caller's, where it binds.
func Legal(p ruleset.Play, trump cards.Suit, hand cards.Mask, led cards.Suit, winner cards.Card) cards.Mask {
	m, _ := LegalBy(p, trump, hand, led, winner)
	return m
}

// LegalBy is Legal with the rule that decided: the one home of the rules
// of play, which the game's explanations (LegalReason, WhyIllegal,
// IllegalCard) put in words.
func LegalBy(p ruleset.Play, trump cards.Suit, hand cards.Mask, led cards.Suit, winner cards.Card) (cards.Mask, Rule) {
	trumped := trump != cards.NoSuit && led != trump && winner.Suit() == trump
	if follow := hand.Suit(led); follow != 0 {
		if p.MustHead && !trumped {
			if higher := follow & cards.Above(winner); higher != 0 {
				return higher, RuleHead
			}
		}
		return follow, RuleFollow
	}
	if trump != cards.NoSuit && p.MustTrump {
		if tr := hand.Suit(trump); tr != 0 {
			if p.MustHead && trumped {
				if higher := tr & cards.Above(winner); higher != 0 {
					return higher, RuleOverTrump
				}
			}
			return tr, RuleTrump
		}
	}
	return hand, RuleFree
}

// LegalMoves is the set of cards of hand that may be played to trick (the
// cards so far, led first) under the play rules p with trumps trump, the
// card heading it found by Head. To an empty trick it is the whole hand:
// the rules of the lead (play.lead) depend on the trick's number and who
// leads, and Lead applies them.
func LegalMoves(p ruleset.Play, trump cards.Suit, hand cards.Mask, trick []cards.Card) cards.Mask {
	if len(trick) == 0 {
		return hand
	}
	return Legal(p, trump, hand, trick[0].Suit(), trick[Head(trick, trump)])
}

// LeadTrick is the number (1 on) of the trick a player holding hand leads
// to in a deal of handSize tricks: every hand in play gives one card to
// each trick, so the cards left tell it, in a game and in a search alike.
func LeadTrick(handSize int, hand cards.Mask) int {
	return handSize - hand.Count() + 1
}

// LeadHand is Lead for a player leading with hand in a deal of handSize
// tricks, the trick's number told by the cards he holds (LeadTrick): what
// the game, the solver and a stated position all ask.
func LeadHand(p ruleset.Play, trump cards.Suit, hand cards.Mask, handSize int) (cards.Mask, int) {
	return Lead(p, trump, hand, LeadTrick(handSize, hand))
}

// Lead applies the lead rules of p (play.lead; the ones ForSeat left
// binding the seat) to a player leading trick (1 on) with hand, trumps
// trump: each rule in order narrows the cards he may lead, never to none.
// It returns them and the index of the last rule that narrowed them, or
// -1 when he may lead any card. Plain masks: nothing is allocated.
func Lead(p ruleset.Play, trump cards.Suit, hand cards.Mask, trick int) (cards.Mask, int) {
	m, by := hand, -1
	for i := range p.Lead {
		l := &p.Lead[i]
		if p.LeadOff&(1<<i) != 0 || (l.Trick != 0 && l.Trick != trick) {
			continue
		}
		s := l.Cards(trump)
		if m&s == 0 || m&^s == 0 { // the rule would leave him all or none: it does not bind
			continue
		}
		if l.Must {
			m, by = m&s, i
		} else {
			m, by = m&^s, i
		}
	}
	return m, by
}
