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
	why := beginnerWords(c.player.Reasoned())
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

// reasonWords turn the simple player's reasons (interpreter/bot) into
// advice, by the reason's key (never its words, which say the table's
// words: kontra); {} is where the reason's word goes (a contract's name,
// the doubling called).
var reasonWords = map[bot.Why]string{
	bot.WhyFewSureTricks:      "your hand has too few sure tricks (aces, kings with a guard, long trumps) for any bid still open: pass",
	bot.WhyEnoughTricks:       "your aces, kings and long suit should take enough tricks for {}",
	bot.WhyBidsNoMore:         "bid no more than you must; after the talon you may announce {}",
	bot.WhyGoodEnoughFor:      "your hand is good enough for {}",
	bot.WhyTooWeak:            "your hand is too weak to take on a game",
	bot.WhyOffersForTalon:     "the talon may well make your game",
	bot.WhyNoOfferForTalon:    "the talon is not worth paying for with this hand",
	bot.WhyStrongWithoutTalon: "your hand is strong enough without the talon",
	bot.WhyTakesTalon:         "take the talon: its cards may help your hand",
	bot.WhyLaysAsideLow:       "lay aside low cards of your short suits: your winners stay, and a suit you are out of can be trumped",
	bot.WhyCountsNoTrumps:     "your count carries a game without trumps",
	bot.WhyNoRaise:            "no game open is counted as made: promise no more tricks than you bid",
	bot.WhyBestMargin:         "announce the game your hand makes most easily: trumps in your longest, strongest suit",
	bot.WhyHopeless:           "the hand cannot make any game: giving up costs least",
	bot.WhyTakesShare:         "your hand should take its share of the defenders' tricks",
	bot.WhyTakesHalf:          "the other defender dropped out, and half without play is safer",
	bot.WhyTooWeakForShare:    "your hand is too weak to take its share of the tricks: pass",
	bot.WhyWinsCheaply:        "win the trick with the cheapest card that does it",
	bot.WhyHighestLoser:       "nobody wants tricks here: get rid of your highest card that does not win",
	bot.WhyLeavesToPartner:    "your fellow defender already wins the trick: keep your high cards",
	bot.WhyPlaysLowest:        "you cannot win this trick: throw your lowest card",
	bot.WhyLeadsThrough:       "with the declarer next, lead a high card through him",
	bot.WhyLeadsLowLongest:    "lead low from your longest suit",
	bot.WhyLeadsLongest:       "lead from your longest suit: its long cards take tricks once the others are out",
	bot.WhyPlaysItOut:         "play the game out",
	bot.WhyNoContra:           "no {}: you are not sure to beat the game",
	bot.WhyPlaysOpen:          "play both defending hands open: you see more",
	bot.WhyInvites:            "your hand is strong enough to reach the target with your partner's help: invite",
	bot.WhyNoInvite:           "your hand is too weak to invite",
	bot.WhyWhistsAfterAll:     "your hand can take the whole defence's share alone: play after all",
	bot.WhyLetsHalfStand:      "let the half stand: your hand cannot defend alone",
	bot.WhyGivesUp:            "the hand cannot make the game against this defence: giving up costs least",
	bot.WhyBeatsAlone:         "your hand should beat the game alone: call {}",
	bot.WhyMustContra:         "the game is only played if you call {}, and the defence has a fair chance: call {}",
	bot.WhySureOfDoubling:     "you are sure of it: call {}",
	bot.WhyNotSureOfDoubling:  "you are not sure enough: no {}",
}

// beginnerWords says the simple player's reason to a beginner, as advice
// to "you", followed by the count of the hand it rests on; a reason of no
// key here is given as the player gave it.
func beginnerWords(r bot.Reasoned) string {
	say, ok := reasonWords[r.Key]
	if !ok {
		return "the computer player " + r.Words
	}
	return bot.PutWord(say, r.Word) + r.Count
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
