package app

import (
	"fmt"
	"strings"

	"github.com/preference-rules/pref/interpreter/cards"
	"github.com/preference-rules/pref/interpreter/game"
)

// The decision waiting, as a list of answers a front end offers: the
// terminal's full screen draws them as a row of choices, the web table as
// buttons and cards. The words are the game's word table's (Spoken for the
// label, Written for the record's token), so every front end offers the
// same answers in the same words. (The full screen built this list itself
// until the web table needed it too.)

// Choice is one answer to the decision waiting.
type Choice struct {
	Label  string // the Spoken words: a call, a contract, a card with its symbol
	Word   string // the record's token (Written): pass, play, 10H; or a step of the discard (discard, again)
	Card   cards.Card
	IsCard bool   // a card of the hand: played, or laid aside
	OK     bool   // legal now
	Why    string // the rule a card that is not legal would break
	Action game.Action
}

// Question is the decision waiting for a person: its prompt (without the
// hand, which a front end shows its own way), the seat whose hand is
// decided for, its answers and the hint.
type Question struct {
	Prompt  string
	Seat    int // the seat decided for (the person's, or a hand the person plays)
	Choices []Choice
	Hint    int    // the adviser's answer, an index of Choices
	HintWhy string // the adviser's reason
	Discard bool   // the exchange: cards laid aside one at a time, then confirmed
}

// Ask builds the question for legal (the actions open to the person, from
// Session.Next) with the cards laid aside so far (laid, during the
// discard), the hint from adv (nil: no hint, Hint is -1; the strong
// player's hint takes a while, so a front end asks for it when wanted).
func (p *Printer) Ask(g *game.Game, legal []game.Action, laid cards.Mask, adv Adviser) *Question {
	a := legal[0]
	q := &Question{Seat: a.Seat, Hint: -1}
	hint := game.Action{Phase: a.Phase, Value: noHint, Cards: 0}
	if adv != nil {
		hint, q.HintWhy = adv.Choose(g, legal), Why(adv)
	}
	switch a.Phase {
	case game.PhaseAuction, game.PhaseAnnounce, game.PhaseDefend:
		p.askCall(q, g, legal, hint)
	case game.PhasePotAuction:
		q.Prompt = "Offer for the talon:"
		q.add(Choice{Label: "pass", Word: "pass", OK: true, Action: game.Action{Phase: a.Phase, Seat: a.Seat}}, hint.Value == 0)
		for k := 0; k < 10; k++ {
			v := a.Value + k
			q.add(Choice{Label: fmt.Sprint(v), Word: fmt.Sprint(v), OK: true, Action: game.Action{Phase: a.Phase, Seat: a.Seat, Value: v}}, hint.Value == v)
		}
	case game.PhaseDiscard:
		p.askDiscard(q, g, a, laid, hint)
	case game.PhasePlay:
		p.askCard(q, g, legal, hint)
	default: // yes or no: "no" first, so that a stray Enter takes on nothing
		q.Prompt = p.Question(g, a.Phase)
		no, yes := a, a
		no.Value, yes.Value = game.No, game.Yes
		q.add(Choice{Label: "no", Word: p.written(g, no), OK: true, Action: no}, hint.Value == game.No)
		q.add(Choice{Label: "yes", Word: p.written(g, yes), OK: true, Action: yes}, hint.Value == game.Yes)
	}
	return q
}

// noHint is a value no answer has: no choice is advised.
const noHint = -1 << 20

// add offers choice c; advised: it is the hint.
func (q *Question) add(c Choice, advised bool) {
	if advised {
		q.Hint = len(q.Choices)
	}
	q.Choices = append(q.Choices, c)
}

// written is action a's token in a record.
func (p *Printer) written(g *game.Game, a game.Action) string {
	return g.ActionWords(a, game.Written, p.namer())
}

// askCall offers each legal call, contract or defence.
func (p *Printer) askCall(q *Question, g *game.Game, legal []game.Action, hint game.Action) {
	a := legal[0]
	switch a.Phase {
	case game.PhaseAnnounce:
		q.Prompt = "Announce:"
	case game.PhaseDefend:
		q.Prompt = fmt.Sprintf("%s plays %s. %s", p.SeatName(g.Declarer), g.R.Contracts[g.Contract].Display(), defendPrompt(g.R))
	default:
		q.Prompt = "Your call:"
	}
	for _, l := range legal {
		q.add(Choice{Label: p.ActionName(g, l), Word: p.written(g, l), OK: true, Action: l}, sameAnswer(l, hint))
	}
}

// askDiscard asks for the cards to lay aside one at a time, then for a
// confirmation: the cards laid aside are out of the game.
func (p *Printer) askDiscard(q *Question, g *game.Game, a game.Action, laid cards.Mask, hint game.Action) {
	q.Discard = true
	if n := a.Value; laid.Count() == n {
		q.Prompt = fmt.Sprintf("Lay aside %s? They are out of play for good.", p.Cards(laid))
		q.add(Choice{Label: "lay them aside", Word: game.DiscardWord, OK: true, Action: game.Action{Phase: a.Phase, Seat: a.Seat, Value: n, Cards: laid}}, true)
		q.add(Choice{Label: "choose again", Word: "again", OK: true, Action: game.Action{Phase: a.Phase, Seat: a.Seat, Value: -1}}, false)
		return
	}
	q.Prompt = fmt.Sprintf("You took the talon (%s). Lay aside a card (%d of %d):", p.Cards(g.Talon), laid.Count()+1, a.Value)
	hinted := false
	for _, c := range p.SortedHand(g.Hands[a.Seat] &^ laid) {
		advised := !hinted && hint.Cards.Has(c)
		hinted = hinted || advised
		q.add(Choice{Label: p.Card(c), Word: p.Ruleset.Deck.Name(c), Card: c, IsCard: true, OK: true, Action: game.Action{Phase: a.Phase, Seat: a.Seat, Cards: c.Bit()}}, advised)
	}
}

// askCard offers the whole hand, the legal cards choosable, each other
// card with the rule it would break.
func (p *Printer) askCard(q *Question, g *game.Game, legal []game.Action, hint game.Action) {
	seat := legal[0].Seat
	var ok cards.Mask
	for _, l := range legal {
		ok |= l.Cards
	}
	tr := g.CurrentTrick()
	var so []string
	for k := 0; k < tr.N; k++ {
		so = append(so, fmt.Sprintf("%s %s", p.SeatName(int(tr.Seats[k])), p.Card(tr.Cards[k])))
	}
	q.Prompt = fmt.Sprintf("Trick %d: you lead.", g.NTricks+1)
	if len(so) > 0 {
		q.Prompt = fmt.Sprintf("Trick %d so far: %s.", g.NTricks+1, strings.Join(so, ", "))
	}
	if name := p.SeatName(seat); name != p.You {
		q.Prompt += " You play " + name + "'s hand."
	}
	q.Prompt += " Your card:"
	for _, c := range p.SortedHand(g.Hands[seat]) {
		why := ""
		if !ok.Has(c) {
			why = g.WhyIllegal(seat, c)
		}
		q.add(Choice{Label: p.Card(c), Word: p.Ruleset.Deck.Name(c), Card: c, IsCard: true, OK: ok.Has(c), Why: why,
			Action: game.Action{Phase: game.PhasePlay, Seat: seat, Cards: c.Bit()}}, c == hint.Card())
	}
}

// sameAnswer reports whether x and y are the same answer.
func sameAnswer(x, y game.Action) bool {
	return x.Value == y.Value && x.Cards == y.Cards && x.Concede == y.Concede
}

// SortedHand lists a hand as it is shown: by suit, the last suit of the
// pack first, highest first.
func (p *Printer) SortedHand(m cards.Mask) []cards.Card {
	var out []cards.Card
	for su := len(p.Ruleset.Deck.SuitIDs) - 1; su >= 0; su-- {
		part := m.Suit(cards.Suit(su))
		for part != 0 {
			c := part.Highest()
			part &^= c.Bit()
			out = append(out, c)
		}
	}
	return out
}
