package bot

import (
	"github.com/preference-rules/pref/interpreter/game"
	"strings"

	"github.com/preference-rules/pref/interpreter/ruleset"
)

// Why is the stable key of one of the simple player's reasons: a reader
// that says the reasons in words of its own (the coach) matches the key,
// never the words, which put in a table's word (a contract's name, the
// doubling as the table calls it).
type Why int

// The simple player's reasons. WhyOwnWords is a reason of no key: words
// made for the decision (the strong player's averages).
const (
	WhyOwnWords Why = iota
	WhyFewSureTricks
	WhyBidsNoMore
	WhyEnoughTricks
	WhyGoodEnoughFor
	WhyTooWeak
	WhyOffersForTalon
	WhyNoOfferForTalon
	WhyStrongWithoutTalon
	WhyTakesTalon
	WhyLaysAsideLow
	WhyCountsNoTrumps
	WhyHopeless
	WhyBestMargin
	WhyNoRaise
	WhyWhistsAfterAll
	WhyLetsHalfStand
	WhyPlaysOpen
	WhyTakesShare
	WhyTakesHalf
	WhyTooWeakForShare
	WhyInvites
	WhyNoInvite
	WhyBeatsAlone
	WhyMustContra
	WhyNoContra
	WhySureOfDoubling
	WhyNotSureOfDoubling
	WhyPlaysItOut
	WhyGivesUp
	WhyHighestLoser
	WhyWinsCheaply
	WhyLeavesToPartner
	WhyPlaysLowest
	WhyLeadsThrough
	WhyLeadsLowLongest
	WhyLeadsLongest
	whys
)

// whyWords are the reasons' words by key. {} is where the reason's word
// goes: a contract's or a call's name, the table's word for a doubling.
var whyWords = [whys]string{
	WhyFewSureTricks:      "too few sure tricks for any bid still open",
	WhyBidsNoMore:         "bids no more than needed, for a game to announce after the talon: {}",
	WhyEnoughTricks:       "expects enough tricks for {}",
	WhyGoodEnoughFor:      "the hand is good enough for {}",
	WhyTooWeak:            "the hand is too weak",
	WhyOffersForTalon:     "offers for the talon",
	WhyNoOfferForTalon:    "does not offer for the talon",
	WhyStrongWithoutTalon: "strong enough without the talon",
	WhyTakesTalon:         "takes the talon",
	WhyLaysAsideLow:       "lays aside low cards of short suits",
	WhyCountsNoTrumps:     "its count carries no trumps",
	WhyHopeless:           "hopeless hand: gives up",
	WhyBestMargin:         "announces the contract with the best margin",
	WhyNoRaise:            "no contract open is counted as made: promises no more tricks than the bid",
	WhyWhistsAfterAll:     "strong enough for the whole defence: whists after all",
	WhyLetsHalfStand:      "lets the half stand",
	WhyPlaysOpen:          "plays both defending hands open",
	WhyTakesShare:         "expects to take its share of tricks",
	WhyTakesHalf:          "the other defender passed: takes half without play",
	WhyTooWeakForShare:    "too weak to take its share",
	WhyInvites:            "strong enough to reach the target with the partner's help: invites",
	WhyNoInvite:           "does not invite",
	WhyBeatsAlone:         "expects to beat the contract alone: {}",
	WhyMustContra:         "the contract is played only against a {}, and the defence has a fair chance: {}",
	WhyNoContra:           "no {}",
	WhySureOfDoubling:     "sure of it: {}",
	WhyNotSureOfDoubling:  "no {}",
	WhyPlaysItOut:         "plays it out",
	WhyGivesUp:            "too weak against this defence: gives up",
	WhyHighestLoser:       "plays its highest card that does not win",
	WhyWinsCheaply:        "wins the trick as cheaply as possible",
	WhyLeavesToPartner:    "leaves the trick to the other defender",
	WhyPlaysLowest:        "plays its lowest card",
	WhyLeadsThrough:       "leads a high honour through the declarer",
	WhyLeadsLowLongest:    "leads the lowest card of its longest suit",
	WhyLeadsLongest:       "leads from its longest suit",
}

// Reasoned is the last decision's reason as data, for a reader that says
// it in words of its own: its key, the word it puts in ("" for none), the
// count of the hand it rests on in words (": A-K of hearts: 2 sure
// tricks; ...", "" for none) and the player's own words, count included.
type Reasoned struct {
	Key                Why
	Word, Count, Words string
}

// Reasoned is the last decision's reason as data.
func (b *Simple) Reasoned() Reasoned {
	return Reasoned{Key: b.key, Word: b.word(), Count: b.count.words(), Words: b.Counted()}
}

// PutWord puts word in where words have {} (no word goes in words
// without one).
func PutWord(words, word string) string {
	return strings.ReplaceAll(words, "{}", word)
}

// reason notes a reason of a key; reasonOf one that puts in word.
func (b *Simple) reason(k Why) { b.reasonOf(k, "") }
func (b *Simple) reasonOf(k Why, word string) {
	b.key, b.why, b.tail, b.r, b.count.r = k, whyWords[k], word, nil, nil
}

// reasonCall notes a reason of key k that puts in the name of call in r.
func (b *Simple) reasonCall(k Why, r *ruleset.Ruleset, call ruleset.Call) {
	b.key, b.why, b.tail, b.r, b.called, b.count.r = k, whyWords[k], "", r, call, nil
}

// word is the word the last reason puts in.
func (b *Simple) word() string {
	if b.r != nil {
		if c := b.called.Contract; c >= 0 && c < len(b.r.Contracts) && b.r.Contracts[c].TableWord {
			return game.SpokenCall(b.r, b.called) // the table's word, as its menu says it
		}
		return b.r.CallName(b.called)
	}
	return b.tail
}

// contractWord is contract c as a reason names it: the bid's name, or the
// table's own word where a words set gives one, as the menus say.
func contractWord(c *ruleset.Contract) string {
	if c.TableWord {
		return c.Label
	}
	return c.Name
}

// WhyWords are the words of reason k, {} where its word goes; "" for a
// key that is none.
func WhyWords(k Why) string {
	if k <= WhyOwnWords || k >= whys {
		return ""
	}
	return whyWords[k]
}
