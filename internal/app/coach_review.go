package app

import (
	"fmt"
	"github.com/preference-rules/pref/interpreter/deal"
	"strings"

	"github.com/preference-rules/pref/interpreter/cards"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/interpreter/solve"
)

// The review after a deal: beside the first card that cost each side a
// trick (tutorial.PerfectPlay), the card perfect play would have put down
// there and the line it wins, from the solver's line of best play (every
// hand known, as pref analyse shows it).

// lineTricks is how many tricks of the better line are told: the trick
// the better card goes to and the next, enough to see why it wins.
const lineTricks = 2

// BetterCards says, for the first card that cost each side of g's
// finished deal a trick, the better card and the line it wins, one
// sentence each: "Better was Anton's K♥ instead of 7♥ to trick 3: then
// Brigitte Q♥, Charlotte 8♥, Anton wins the trick; then ...; best play
// then gives Anton 7 tricks, not 6." Empty where no card cost a trick,
// there was no card play or the solver does not reach the deal.
func BetterCards(g *game.Game, names []string, cardName func(cards.Card) string) string {
	if g.Contract < 0 || g.NTricks == 0 {
		return ""
	}
	steps, err := solve.Replay(&g.State)
	if err != nil {
		return ""
	}
	return betterCardsOf(g, steps, names, cardName)
}

// betterCardsOf is BetterCards from steps, solve.Replay of g's finished
// deal already made.
func betterCardsOf(g *game.Game, steps []solve.Step, names []string, cardName func(cards.Card) string) string {
	misere := solve.Misere(g.R, g.Contract)
	var said []string
	for _, side := range costlySteps(g, steps, misere) {
		if text := betterCard(g, side, names, cardName); text != "" {
			said = append(said, text)
		}
	}
	return strings.Join(said, " ")
}

// costlySteps are the first card that cost each side a trick: the
// declarer's and the defence's, or in a deal without a declarer the first
// that cost its player one.
func costlySteps(g *game.Game, steps []solve.Step, misere bool) []solve.Step {
	if g.Declarer < 0 {
		if s, ok := solve.FirstCost(steps, true); ok {
			return []solve.Step{s}
		}
		return nil
	}
	var mine, theirs []solve.Step
	for _, s := range steps {
		if s.Seat == g.Declarer {
			mine = append(mine, s)
		} else {
			theirs = append(theirs, s)
		}
	}
	var out []solve.Step
	for _, side := range [][]solve.Step{mine, theirs} {
		if s, ok := solve.FirstCost(side, misere); ok {
			out = append(out, s)
		}
	}
	return out
}

// betterCard is the sentence for one costly card: the solver's line of
// best play from the position before it.
func betterCard(g *game.Game, st solve.Step, names []string, cardName func(cards.Card) string) string {
	pos, ok := positionBefore(g, st)
	if !ok {
		return ""
	}
	line, _, err := solve.PlayedLine(pos)
	if err != nil || len(line) == 0 || line[0].Card == st.Card {
		return ""
	}
	text := fmt.Sprintf("Better was %s's %s instead of %s (trick %d)", names[st.Seat], cardName(line[0].Card), cardName(st.Card), st.Trick)
	if then := tellLine(line, names, cardName); then != "" {
		text += ": then " + then
	}
	return text + fmt.Sprintf("; best play then gives %s %s, not %d.", names[st.Counted], deal.Count(st.Before, "trick"), st.After)
}

// tellLine tells the line after its first card, to the end of the trick
// that card went to and through the next: who plays what, and who wins
// each trick.
func tellLine(line []solve.Played, names []string, cardName func(cards.Card) string) string {
	var tricks, cur []string
	for i := 1; i < len(line); i++ {
		pl := line[i]
		if pl.Trick != line[i-1].Trick { // a new trick: its leader won the last
			cur = append(cur, names[pl.Seat]+" wins the trick")
			tricks = append(tricks, strings.Join(cur, ", "))
			cur = nil
			if pl.Trick >= lineTricks {
				break
			}
			if pl.Turned {
				cur = append(cur, "the talon turns "+cardName(pl.TurnedCard))
			}
		}
		cur = append(cur, names[pl.Seat]+" "+cardName(pl.Card))
	}
	if len(cur) > 0 {
		tricks = append(tricks, strings.Join(cur, ", "))
	}
	return strings.Join(tricks, "; then ")
}

// positionBefore is the deal as it stood just before step st's card was
// played: the hands as they were then, the trick under way, the talon's
// cards still to turn.
func positionBefore(g *game.Game, st solve.Step) (*solve.Position, bool) {
	pos := &solve.Position{R: g.R, Contract: g.Contract, Declarer: st.Counted,
		TalonCompetes: g.TalonCompetes(), Cooperating: g.CooperationBinds()}
	var talon []cards.Card
	for s := 0; s < g.Seats(); s++ {
		if g.InPlay(s) {
			pos.Hands[s] = g.Hands[s]
		}
	}
	turned := 0
	for i := 0; i < g.NTricks; i++ {
		t := &g.Record[i]
		for k := 0; k < t.N; k++ {
			s := int(t.Seats[k])
			if s == game.TalonSeat {
				talon = append(talon, t.Cards[k])
				if i < st.Trick-1 || i == st.Trick-1 && !pastCard(t, k, st.Card) {
					turned++
				}
				continue
			}
			pos.Hands[s] |= t.Cards[k].Bit()
		}
	}
	for i := 0; i < st.Trick-1 && i < g.NTricks; i++ { // the tricks before: their cards are gone
		t := &g.Record[i]
		for k := 0; k < t.N; k++ {
			if s := int(t.Seats[k]); s >= 0 {
				pos.Hands[s] &^= t.Cards[k].Bit()
			}
		}
	}
	if st.Trick < 1 || st.Trick > g.NTricks {
		return nil, false
	}
	t := &g.Record[st.Trick-1]
	pos.Leader = t.Leader
	for k := 0; k < t.N && t.Cards[k] != st.Card; k++ {
		if s := int(t.Seats[k]); s >= 0 {
			pos.Hands[s] &^= t.Cards[k].Bit()
		}
		pos.Trick = append(pos.Trick, t.Cards[k])
		pos.TrickSeats = append(pos.TrickSeats, int(t.Seats[k]))
	}
	pos.Talon = talon[turned:]
	return pos, true
}

// pastCard reports whether card c lies at or before place k of trick t
// (a talon card at k turned before c was played when c comes later).
func pastCard(t *game.Trick, k int, c cards.Card) bool {
	for j := 0; j <= k; j++ {
		if t.Cards[j] == c {
			return true
		}
	}
	return false
}
