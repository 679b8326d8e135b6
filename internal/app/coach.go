package app

import (
	"fmt"
	"strings"

	"github.com/preference-rules/pref/internal/rulings"
	"github.com/preference-rules/pref/interpreter/bot"
	"github.com/preference-rules/pref/interpreter/cards"
	"github.com/preference-rules/pref/interpreter/game"
)

// Coach sits beside a learner at the table. Before a decision it may say
// what to look at; after it, whether it agrees, and if not, the choice the
// simple computer player would make and why, in beginner words. What the
// coach teaches is what the simple player does: its judgement is the
// player's own (interpreter/bot), and nothing here knows a variant.
type Coach struct {
	p      *Printer
	player *bot.Simple
	seen   map[string]bool // the hints before a decision already given
}

// Verdict is the coach's word on a decision taken.
type Verdict struct {
	Agree  bool
	Better game.Action // the coach's choice, when it does not agree
	Say    string      // one or two short sentences
}

// NewCoach is a coach that names cards and calls as p does.
func NewCoach(p *Printer) *Coach {
	return &Coach{p: p, player: &bot.Simple{}, seen: map[string]bool{}}
}

// Before is what to look at before the decision legal belongs to, in one
// short sentence; "" when there is nothing new to say (each kind of hint
// is given once a deal, a card's hint at the first lead and follow).
func (c *Coach) Before(g *game.Game, legal []game.Action) string {
	kind, say := c.hint(g, legal)
	if say == "" || c.seen[kind] {
		return ""
	}
	c.seen[kind] = true
	return say
}

// Again is what to look at before the decision legal belongs to, said
// again: the decision is asked again (taken back), and the word given
// before it must not vanish.
func (c *Coach) Again(g *game.Game, legal []game.Action) string {
	_, say := c.hint(g, legal)
	return say
}

// hint is the hint before the decision legal belongs to and its kind.
func (c *Coach) hint(g *game.Game, legal []game.Action) (kind, say string) {
	if len(legal) == 0 {
		return "", ""
	}
	a := legal[0]
	kind, say = c.lookAt(g, a)
	if a.Phase == game.PhaseAuction {
		say = c.lookAtCalls(g, legal)
	}
	return kind, say
}

// lookAt is the hint for a decision like a and the kind it belongs to.
func (c *Coach) lookAt(g *game.Game, a game.Action) (kind, say string) {
	hand := g.Hands[a.Seat]
	switch a.Phase {
	case game.PhaseAuction, game.PhasePotAuction, game.PhaseOffer, game.PhaseFromHand:
		return "bid", fmt.Sprintf("Count your sure tricks: you hold %s, and your longest suit has %d cards; bid only if they reach what the bid needs.",
			count(aces(g, hand), "ace"), longest(g, hand))
	case game.PhaseDiscard:
		return "discard", "Keep your aces and your longest suit; lay aside low cards of your short suits."
	case game.PhaseAnnounce:
		return "announce", "Name as trumps the suit where you hold the most cards and the high ones."
	case game.PhaseDefend:
		return "defend", fmt.Sprintf("Play against the declarer if your hand can take its share of tricks (else drop out): you hold %s.", count(aces(g, hand), "ace"))
	case game.PhasePlay:
		if g.CurrentTrick().N == 0 {
			return "lead", "You lead: a card of your longest suit, or a sure winner."
		}
		return "follow", "Look at the trick: can you win it, and is it worth a high card? You must follow suit if you can."
	}
	return "", ""
}

// lookAtCalls is the hint before a call: the sure tricks to count, and
// what the lowest bid open needs.
func (c *Coach) lookAtCalls(g *game.Game, legal []game.Action) string {
	hand := g.Hands[legal[0].Seat]
	held := fmt.Sprintf("you hold %s, and your longest suit has %d cards", count(aces(g, hand), "ace"), longest(g, hand))
	for _, a := range legal {
		if a.Value == game.Pass || a.Value < 0 || a.Value >= len(g.R.Ladder) {
			continue
		}
		call := g.R.Ladder[a.Value]
		ct := &g.R.Contracts[call.Contract]
		if ct.Exact || ct.Tricks == 0 {
			continue
		}
		help := ""
		if g.R.Exchange.TakeTalon && !call.Hand {
			help = " (the talon may add one)"
		}
		return fmt.Sprintf("Count your sure tricks (aces, guarded kings, long trumps): %s. The lowest bid open, %s, needs %d tricks%s.",
			held, c.p.ActionName(g, a), ct.Tricks, help)
	}
	return "Count your sure tricks (aces, guarded kings, long trumps): " + held + "."
}

// Judge is the coach's word on the learner taking a, one of legal, in g as
// it stands before a is taken.
func (c *Coach) Judge(g *game.Game, legal []game.Action, a game.Action) Verdict {
	if len(legal) == 1 && (a.Phase == game.PhasePlay || a.Phase == game.PhaseAuction) {
		return Verdict{Agree: true} // one card, one call: nothing to judge (a yes-or-no question lists one action)
	}
	best := c.player.Choose(g, legal)
	// the reason with the count of the learner's hand in words: what
	// the coach teaches is what the simple player counts
	why := beginnerWords(c.player.Counted())
	if c.same(g, a, best) {
		return Verdict{Agree: true, Say: "Coach: good — " + why + "."}
	}
	return Verdict{Better: best, Say: fmt.Sprintf("Coach: I would %s — %s.", c.doing(g, best), why)}
}

// same reports whether the learner's a is as good as the coach's b: the
// same action, or a card of the same suit with no card outside the hand
// left between the two (touching cards do the same work).
func (c *Coach) same(g *game.Game, a, b game.Action) bool {
	if sameAnswer(a, b) {
		return true
	}
	if a.Phase != game.PhasePlay || a.Card().Suit() != b.Card().Suit() {
		return false
	}
	lo, hi := a.Card(), b.Card()
	if lo.Rank() > hi.Rank() {
		lo, hi = hi, lo
	}
	gone := g.Hands[a.Seat] | played(g)
	for r := lo.Rank() + 1; r < hi.Rank(); r++ {
		if !gone.Has(cards.Make(lo.Suit(), r)) {
			return false
		}
	}
	return true
}

// doing is the coach's choice as a verb phrase: "play 7♠", "call pass".
func (c *Coach) doing(g *game.Game, a game.Action) string {
	switch a.Phase {
	case game.PhasePlay:
		return "play " + c.p.Card(a.Card())
	case game.PhaseDiscard:
		return "lay aside " + c.p.Cards(a.Cards)
	case game.PhaseAuction:
		return "call " + c.p.ActionName(g, a)
	case game.PhaseAnnounce:
		return "announce " + c.p.ActionName(g, a)
	case game.PhaseDefend:
		return c.p.ActionName(g, a)
	}
	return "answer " + c.p.ActionName(g, a)
}

// played is every card played so far in the deal.
func played(g *game.Game) cards.Mask {
	var m cards.Mask
	for i := 0; i < g.NTricks && i < len(g.Record); i++ {
		t := &g.Record[i]
		for k := 0; k < t.N; k++ {
			m |= t.Cards[k].Bit()
		}
	}
	t := g.CurrentTrick()
	for k := 0; k < t.N; k++ {
		m |= t.Cards[k].Bit()
	}
	return m
}

func aces(g *game.Game, hand cards.Mask) int {
	top := len(g.R.Deck.Ranks) - 1
	n := 0
	for s := range g.R.Deck.SuitIDs {
		if hand.Has(cards.Make(cards.Suit(s), top)) {
			n++
		}
	}
	return n
}

func longest(g *game.Game, hand cards.Mask) int {
	n := 0
	for s := range g.R.Deck.SuitIDs {
		n = max(n, hand.Suit(cards.Suit(s)).Count())
	}
	return n
}

// count is "no ace", "1 ace", "2 aces".
func count(n int, noun string) string {
	switch n {
	case 0:
		return "no " + noun
	case 1:
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// beginnerWords says the simple player's reason to a beginner, as advice
// to "you"; a reason not known here is given as the player gave it.
func beginnerWords(reason string) string {
	for _, w := range reasonWords {
		if strings.HasPrefix(reason, w.prefix) {
			return w.say + strings.TrimPrefix(reason, w.prefix)
		}
	}
	return "the computer player " + reason
}

// reasonWords turn the simple player's reasons (interpreter/bot) into
// advice; the tail after a prefix (a contract's name) is kept.
var reasonWords = []struct{ prefix, say string }{
	{"too few sure tricks for any bid still open", "your hand has too few sure tricks (aces, kings with a guard, long trumps) for any bid still open: pass"},
	{"expects enough tricks for ", "your aces, kings and long suit should take enough tricks for "},
	{"bids no more than needed, for a game to announce after the talon: ", "bid no more than you must; after the talon you may announce "},
	{"the hand is good enough for ", "your hand is good enough for "},
	{"the hand is too weak", "your hand is too weak to take on a game"},
	{"offers for the talon", "the talon may well make your game"},
	{"does not offer for the talon", "the talon is not worth paying for with this hand"},
	{"strong enough without the talon", "your hand is strong enough without the talon"},
	{"takes the talon", "take the talon: its cards may help your hand"},
	{"lays aside low cards of short suits", "lay aside low cards of your short suits: your winners stay, and a suit you are out of can be trumped"},
	{"its count carries no trumps", "your count carries a game without trumps"},
	{"no contract open is counted as made: promises no more tricks than the bid", "no game open is counted as made: promise no more tricks than you bid"},
	{"announces the contract with the best margin", "announce the game your hand makes most easily: trumps in your longest, strongest suit"},
	{"hopeless hand: gives up", "the hand cannot make any game: giving up costs least"},
	{"expects to take its share of tricks", "your hand should take its share of the defenders' tricks"},
	{"the other defender passed: takes half without play", "the other defender dropped out, and half without play is safer"},
	{"too weak to take its share", "your hand is too weak to take its share of the tricks: pass"},
	{"wins the trick as cheaply as possible", "win the trick with the cheapest card that does it"},
	{"plays its highest card that does not win", "nobody wants tricks here: get rid of your highest card that does not win"},
	{"leaves the trick to the other defender", "your fellow defender already wins the trick: keep your high cards"},
	{"plays its lowest card", "you cannot win this trick: throw your lowest card"},
	{"leads a high honour through the declarer", "with the declarer next, lead a high card through him"},
	{"leads the lowest card of its longest suit", "lead low from your longest suit"},
	{"leads from its longest suit", "lead from your longest suit: its long cards take tricks once the others are out"},
	{"plays it out", "play the game out"},
	{"no contra", "no contra: you are not sure to beat the game"},
	{"plays both defending hands open", "play both defending hands open: you see more"},
	{"strong enough to reach the target with the partner's help: invites", "your hand is strong enough to reach the target with your partner's help: invite"},
	{"does not invite", "your hand is too weak to invite"},
	{"strong enough for the whole defence: whists after all", "your hand can take the whole defence's share alone: play after all"},
	{"lets the half stand", "let the half stand: your hand cannot defend alone"},
	{"too weak against this defence: gives up", "the hand cannot make the game against this defence: giving up costs least"},
	{"expects to beat the contract alone: contra", "your hand should beat the game alone: double it"},
	{"the contract is played only against a contra, and the defence has a fair chance: contra", "the game is only played if you double it, and the defence has a fair chance: double"},
	{"sure of it: ", "you are sure of it: call "},
	{"no ", "you are not sure enough: no "},
}

// Result is how the deal ended, in plain sentences for the learner, you:
// what happened and what it brought you. "" before a deal is settled.
func (c *Coach) Result(s *Session, you string) string {
	if s.deal == nil || s.deal.Ledger == nil {
		return ""
	}
	told, err := rulings.Tell(s.deal.Ledger, s.deal.Outcome.Pot, nil)
	if err != nil || len(told.Deal) == 0 {
		return ""
	}
	text := told.Deal[0]
	for _, r := range told.Results {
		switch {
		case r.Player != you:
		case r.Deal != "":
			return text + fmt.Sprintf(" Your result: %s.", r.Deal)
		case r.Sheet != "": // a deal kept on the sheet only: its entries for you
			return text + fmt.Sprintf(" On the sheet for you: %s.", r.Sheet)
		}
	}
	for _, e := range told.Sheet { // a score sheet: what it says of you
		if strings.Contains(e.Sentence, you) {
			return text + " " + e.Sentence
		}
	}
	return text
}
