package record

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/preference-rules/pref/interpreter/deal"
	"github.com/preference-rules/pref/interpreter/game"
)

// A record's words for the decisions are the game's (its Written
// vocabulary, game/words.go): Word writes them, ParseWord reads them back
// with the few others a record may use (yes and no for any question, take
// or declare for an offer, ...).

// Word writes a decision in the words ParseWord reads.
func Word(g *game.State, a game.Action) string {
	return g.ActionWords(a, game.Written, game.Namer{})
}

// ParseWord reads a decision written in words ("pass", "hearts hand",
// "discard 7D 8C", "drop", "contra") for the phase the state is in.
func ParseWord(g *game.State, seat int, word string) (game.Action, error) {
	w := strings.ToLower(strings.TrimSpace(word))
	a := game.Action{Phase: g.Phase(), Seat: seat}
	if yes, no, ok := g.Answers(a.Phase); ok {
		return readAnswer(g, a, w, yes, no)
	}
	if int(a.Phase) < len(readers) && readers[a.Phase] != nil {
		return readers[a.Phase](g, a, w, word)
	}
	return a, fmt.Errorf("no decision is open")
}

// reader reads the word w (as written: word) for a decision of its phase
// into a.
type reader func(g *game.State, a game.Action, w, word string) (game.Action, error)

// readers read the decisions that are no yes or no, by phase.
var readers = [...]reader{
	game.PhaseAuction:    readCall,
	game.PhasePotAuction: readOffer,
	game.PhaseDiscard:    readDiscard,
	game.PhaseAnnounce:   readAnnouncement,
	game.PhaseDefend:     readDefence,
}

// written is the record's word for a.
func written(g *game.State, a game.Action) string {
	return g.ActionWords(a, game.Written, game.Namer{})
}

// readAnswer reads a yes or no: any of the words yes or no list.
func readAnswer(g *game.State, a game.Action, w string, yes, no []string) (game.Action, error) {
	switch {
	case slices.Contains(yes, w):
		a.Value = game.Yes
	case slices.Contains(no, w):
		a.Value = game.No
	default:
		return a, fmt.Errorf("%s: write %s or no", g.Phase(), strings.Join(yes, ", "))
	}
	return a, nil
}

// readCall reads a call of the auction: pass, or a call of the ladder by
// its name (any case).
func readCall(g *game.State, a game.Action, w, word string) (game.Action, error) {
	call := a
	if call.Value = game.Pass; w == written(g, call) {
		return call, nil
	}
	for i := range g.R.Ladder {
		if call.Value = i; strings.EqualFold(written(g, call), w) {
			return call, nil
		}
	}
	return a, fmt.Errorf("%q is no call of the ladder (pass, %s)", word, ladderNames(g))
}

// ladderNames are the calls of the ladder, as a record writes them.
func ladderNames(g *game.State) string {
	var names []string
	for i := range g.R.Ladder {
		names = append(names, written(g, game.Action{Phase: game.PhaseAuction, Value: i}))
	}
	return strings.Join(names, ", ")
}

// readOffer reads an offer into the pot: an amount, or pass.
func readOffer(g *game.State, a game.Action, w, word string) (game.Action, error) {
	if w == written(g, a) { // the offer of nothing
		return a, nil
	}
	n, err := strconv.Atoi(w)
	if err != nil || n <= 0 {
		return a, fmt.Errorf("the pot auction: write an amount or pass, not %q", word)
	}
	a.Value = n
	return a, nil
}

// readDiscard reads the cards laid aside: discard 7D 8C.
func readDiscard(g *game.State, a game.Action, w, word string) (game.Action, error) {
	rest, ok := strings.CutPrefix(w, game.DiscardWord)
	m, err := parseMask(g.R, rest)
	if !ok || err != nil || m == 0 {
		return a, fmt.Errorf("the declarer lays aside %d cards: write %s and the cards (%s 7D 8C), not %q", g.R.Exchange.Discard, game.DiscardWord, game.DiscardWord, word)
	}
	a.Cards = m
	return a, nil
}

// readAnnouncement reads the contract announced by its name (any case),
// or a concession, naming the contract given up or not.
func readAnnouncement(g *game.State, a game.Action, w, word string) (game.Action, error) {
	if rest, ok := strings.CutPrefix(w, game.ConcedeWord); ok {
		a.Concede, a.Value = true, -1
		name := strings.TrimSpace(rest)
		if name == "" {
			return a, nil
		}
		if a.Value = contractNamed(g, name); a.Value < 0 {
			return a, fmt.Errorf("%s %q: no contract of %s has that name", game.ConcedeWord, name, g.R.Name)
		}
		return a, nil
	}
	if a.Value = contractNamed(g, w); a.Value < 0 {
		return a, fmt.Errorf("%q is no contract of %s", word, g.R.Name)
	}
	return a, nil
}

// contractNamed is the index of the contract a record names name (any
// case), or -1.
func contractNamed(g *game.State, name string) int {
	for ci := range g.R.Contracts {
		if strings.EqualFold(written(g, game.Action{Phase: game.PhaseAnnounce, Value: ci}), name) {
			return ci
		}
	}
	return -1
}

// readDefence reads a defender's choice: play, drop or half.
func readDefence(g *game.State, a game.Action, w, word string) (game.Action, error) {
	choice := a
	for _, ch := range []deal.Choice{deal.Play, deal.Drop, deal.Half} {
		if choice.Value = int(ch); w == written(g, choice) {
			return choice, nil
		}
	}
	return a, fmt.Errorf("a defender plays, drops or takes half, not %q", word)
}
