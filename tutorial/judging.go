package tutorial

import (
	"math/rand/v2"

	"github.com/preference-rules/pref/interpreter/bot"
	"github.com/preference-rules/pref/interpreter/cards"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/interpreter/ruleset"
)

// judgingView is the lesson "Judging a hand": how the simple player counts
// a hand, and one hand of r's own deck counted by bot.Judge, the count the
// computer players bid on, so the lesson teaches what they do.
type judgingView struct {
	Talon  bool   // the declarer takes the talon: it may add a trick
	Who    string // the player whose hand is counted
	Hand   string // the hand as dealt
	Count  string // its count, in counting words, against what the bid needs
	Called string // the bid made on it
}

// judging finds the first deal, from the guided deal's seed on, where a
// simple player opens the auction with a bid counted for a trump suit, and
// counts that hand.
func judging(r *ruleset.Ruleset, ascii bool) judgingView {
	v := judgingView{Talon: r.Exchange.TakeTalon}
	names := []string{"Anton", "Brigitte", "Charlotte", "Dora"}[:r.Hands]
	players := make([]game.Player, r.Hands)
	first := &firstBid{}
	for i := range players {
		players[i] = first
	}
	g := game.New(r, players)
	for s := uint64(1); s < 1000; s++ {
		*first = firstBid{}
		g.Deal(rand.New(rand.NewPCG(s, 0x9e3779b97f4a7c15)))
		if g.Run() != nil || !first.found {
			continue
		}
		call := r.Ladder[first.call]
		v.Who = names[first.seat]
		v.Hand = r.Deck.Format(first.hand, !ascii)
		v.Count = bot.CountWords(r, first.hand, call.Contract, call.Hand)
		v.Called = r.CallName(call)
		return v
	}
	return v
}

// firstBid plays as the simple player at every seat and keeps the first
// bid of a trump contract it makes, with the hand it was made on.
type firstBid struct {
	bot.Simple
	found bool
	seat  int
	call  int
	hand  cards.Mask
}

func (p *firstBid) Choose(g *game.Game, legal []game.Action) game.Action {
	a := p.Simple.Choose(g, legal)
	if p.found || a.Phase != game.PhaseAuction || a.Value == game.Pass {
		return a
	}
	// a bid whose own contract the count reaches (not the price of a
	// higher game announced after the talon)
	call := g.R.Ladder[a.Value]
	ct := &g.R.Contracts[call.Contract]
	if ct.Exact || ct.Trumps == cards.NoSuit {
		return a
	}
	half := bot.Judge(g.R, g.Hands[a.Seat], ct.Trumps).Half()
	if !call.Hand && g.R.Exchange.TakeTalon {
		half += 2 // the talon's trick
	}
	if half >= 2*ct.Tricks {
		p.found, p.seat, p.call, p.hand = true, a.Seat, a.Value, g.Hands[a.Seat]
	}
	return a
}
