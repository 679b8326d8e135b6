package app

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/preference-rules/pref/interpreter/deal"
	"github.com/preference-rules/pref/interpreter/game"
)

// The practice ladder: the learner first plays against the simple
// computer players; after winning LadderWins deals against them, the
// strong players sit down. A deal is won when the learner made his own
// game or, defending, helped beat the declarer's; a deal he had no part
// in (he dropped out, nobody declared) counts neither way.

// LadderRungs are the computer players of the ladder, weakest first.
var LadderRungs = []string{"simple", "strong"}

// LadderWins is how many deals won against one rung lead to the next.
const LadderWins = 3

// Ladder is where a learner stands on the practice ladder.
type Ladder struct {
	Rung int // into LadderRungs
	Wins int // deals won against this rung
}

// Bots is the kind of computer player the learner faces now.
func (l *Ladder) Bots() string { return LadderRungs[min(max(l.Rung, 0), len(LadderRungs)-1)] }

// Top reports whether the learner faces the strongest players.
func (l *Ladder) Top() bool { return l.Rung >= len(LadderRungs)-1 }

// Standing is the ladder in a few words, for a title.
func (l *Ladder) Standing() string {
	if l.Top() {
		return "vs " + l.Bots()
	}
	return fmt.Sprintf("vs %s, %d/%d won", l.Bots(), l.Wins, LadderWins)
}

// Record counts the deal g, finished, for the learner at seat you, and
// says what it did to the ladder in a sentence ("" when it did not count).
func (l *Ladder) Record(g *game.Game, you int) string {
	if l.Top() {
		return "" // nothing above the strongest players
	}
	won, counts := DealWon(g, you)
	if !counts {
		return ""
	}
	if !won {
		return fmt.Sprintf("Not won: still %d of %d deals won against the %s players.", l.Wins, LadderWins, l.Bots())
	}
	l.Wins++
	if l.Wins < LadderWins {
		return fmt.Sprintf("Won: %d of %d deals won against the %s players.", l.Wins, LadderWins, l.Bots())
	}
	l.Rung, l.Wins = l.Rung+1, 0
	return fmt.Sprintf("Won: %d deals won, so the %s players sit down from the next deal.", LadderWins, l.Bots())
}

// DealWon reports whether the learner at seat you won the finished deal
// g, and whether the deal counts at all: he declared (made or not), or
// defended a declared game (beaten or not).
func DealWon(g *game.Game, you int) (won, counts bool) {
	d := g.Declarer
	if d < 0 || g.Contract < 0 || g.Forced || !g.Over() {
		return false, false
	}
	ct := &g.R.Contracts[g.Contract]
	made := g.Taken[d] >= ct.Tricks && !g.Conceded
	if ct.Exact {
		made = g.Taken[d] == ct.Tricks && !g.Conceded
	}
	if you == d {
		return made, true
	}
	if g.Defence[you] != deal.Play {
		return false, false
	}
	return !made, true
}

// String is the ladder as kept in a file: "rung wins".
func (l *Ladder) String() string { return fmt.Sprintf("%d %d\n", l.Rung, l.Wins) }

// ParseLadder reads a ladder kept by String; a broken one is the start.
func ParseLadder(text string) Ladder {
	f := strings.Fields(text)
	if len(f) != 2 {
		return Ladder{}
	}
	rung, err1 := strconv.Atoi(f[0])
	wins, err2 := strconv.Atoi(f[1])
	if err1 != nil || err2 != nil || rung < 0 || rung >= len(LadderRungs) || wins < 0 || wins >= LadderWins {
		return Ladder{}
	}
	return Ladder{Rung: rung, Wins: wins}
}
