package record

import (
	"fmt"
	"slices"
	"strings"

	"github.com/preference-rules/pref/interpreter/cards"
	"github.com/preference-rules/pref/interpreter/game"
)

// notHeld names the real cause when the card written next is not in the
// hand of the seat to play: the card was played already (to which trick,
// by whom), or the trick is written out of the order of play (the card
// belongs to a hand still to play to it). nil when the seat holds the
// card, or when neither explains it (the game's own refusal then says
// what the seat holds).
func (rp *replayer) notHeld(seat int) *stepErr {
	g, c := rp.g, rp.trick[rp.ci]
	if g.Hands[seat].Has(c) {
		return nil
	}
	if by, trick, ok := rp.playedBefore(c); ok {
		return trickErr(rp.ti+1, fmt.Errorf("%s is written for %s, but %s played it already, to trick %d: a card is played once", rp.r.Deck.Name(c), rp.seats[seat], by, trick))
	}
	holder := rp.holder(c)
	if holder < 0 || holder == seat {
		return nil
	}
	order, ok := rp.playingOrder(seat)
	if !ok {
		return trickErr(rp.ti+1, fmt.Errorf("%s is %s's card, but %s", rp.r.Deck.Name(c), rp.seats[holder], rp.turn()))
	}
	return trickErr(rp.ti+1, fmt.Errorf("the trick is written out of the order of play: %s, and %s is %s's card; in the order of play it reads %q", rp.turn(), rp.r.Deck.Name(c), rp.seats[holder], order))
}

// playedBefore finds c among the cards played so far: by whom, to which
// trick (from 1).
func (rp *replayer) playedBefore(c cards.Card) (string, int, bool) {
	g := rp.g
	for i := 0; i <= g.NTricks && i < len(g.Record); i++ {
		t := &g.Record[i]
		if i == g.NTricks {
			t = g.CurrentTrick()
		}
		for k := 0; k < t.N; k++ {
			if t.Cards[k] == c {
				by := "the talon"
				if s := int(t.Seats[k]); s != game.TalonSeat {
					by = g.SeatName(s)
				}
				return by, i + 1, true
			}
		}
	}
	return "", 0, false
}

// holder is the seat whose hand holds c now, or -1.
func (rp *replayer) holder(c cards.Card) int {
	for s := 0; s < rp.r.Hands; s++ {
		if rp.g.Hands[s].Has(c) {
			return s
		}
	}
	return -1
}

// turn says whose turn it is to play and why: he leads the trick (having
// taken the one before) or follows the card played last.
func (rp *replayer) turn() string {
	g := rp.g
	to := g.SeatName(g.ToAct())
	if cur := g.CurrentTrick(); cur.N > 0 {
		last := "the talon's card"
		if s := int(cur.Seats[cur.N-1]); s != game.TalonSeat {
			last = g.SeatName(s)
		}
		return fmt.Sprintf("%s follows %s", to, last)
	}
	if g.NTricks > 0 {
		return fmt.Sprintf("%s took trick %d and leads trick %d", g.SeatName(g.Record[g.NTricks-1].Winner), g.NTricks, g.NTricks+1)
	}
	return fmt.Sprintf("%s leads the first trick", to)
}

// playingOrder rewrites the rest of the trick written in the order of
// play from seat, when each of its cards is in a different hand still to
// play to it: the cards played already, then the rest by seat from seat
// on. ok is false when the cards written cannot be the trick in any order.
func (rp *replayer) playingOrder(seat int) (string, bool) {
	hands := rp.r.Hands
	type held struct {
		card cards.Card
		turn int
	}
	var rest []held
	seen := map[int]bool{}
	for _, c := range rp.trick[rp.ci:] {
		h := rp.holder(c)
		if h < 0 || seen[h] {
			return "", false
		}
		seen[h] = true
		rest = append(rest, held{c, (h - seat + hands) % hands})
	}
	slices.SortFunc(rest, func(a, b held) int { return a.turn - b.turn })
	out := slices.Clone(rp.trick[:rp.ci])
	for _, h := range rest {
		out = append(out, h.card)
	}
	var text []string
	for _, c := range out {
		text = append(text, rp.r.Deck.Name(c))
	}
	return strings.Join(text, " "), true
}
