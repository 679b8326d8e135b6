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
// card heading it found by Head.
func LegalMoves(p ruleset.Play, trump cards.Suit, hand cards.Mask, trick []cards.Card) cards.Mask {
	if len(trick) == 0 {
		return hand
	}
	return Legal(p, trump, hand, trick[0].Suit(), trick[Head(trick, trump)])
}
