package record

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/preference-rules/pref/interpreter/cards"
	"github.com/preference-rules/pref/interpreter/deal"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/rulesets"
)

// TestParseWordAsBefore reads, at every decision of random deals of every
// embedded ruleset and option, each word a record writes for the actions
// open, in other cases and spacing, every other word a record may use and
// words it may not, and compares what ParseWord makes of each (the action
// or the refusal, to the byte) with what it made before it read the game's
// table of words (oldParseWord, copied below); every action written is
// read back as itself.
func TestParseWordAsBefore(t *testing.T) {
	deals := 40
	if testing.Short() {
		deals = 15
	}
	seen := map[game.Phase]bool{}
	for _, name := range rulesets.Names() {
		for variant, r := range optionVariants(t, name) {
			rng := rand.New(rand.NewPCG(11, uint64(len(variant))))
			checked := map[[2]int]bool{}
			for d := 0; d < deals; d++ {
				g := game.New(r, nil)
				g.Deal(rng)
				for !g.Over() && g.Phase() != game.PhasePlay {
					legal := g.LegalActions(nil)
					// what a word means depends on the ruleset, the
					// phase and the doubling awaited: each read once
					if key := [2]int{int(g.Phase()), g.ContraCall()}; !checked[key] {
						checked[key] = true
						checkParse(t, variant, &g.State, legal)
						seen[g.Phase()] = true
					}
					choice := legal[0] // a pass or a no half the time: all pass often enough
					if g.Phase() == game.PhaseDefend {
						choice = legal[len(legal)-1]
					}
					if rng.IntN(2) == 0 {
						choice = legal[rng.IntN(len(legal))]
					}
					if choice.Phase == game.PhaseDiscard {
						choice.Cards = lowest(choice.Cards, choice.Value)
					}
					if _, err := g.Apply(choice); err != nil {
						t.Fatalf("%s deal %d: %v", variant, d, err)
					}
				}
			}
		}
	}
	for ph := game.PhaseAuction; ph < game.PhasePlay; ph++ {
		if !seen[ph] {
			t.Errorf("no decision of %s was met: its words went unread", ph)
		}
	}
}

// lowest are the n lowest cards of m, in the mask's order.
func lowest(m cards.Mask, n int) cards.Mask {
	var out cards.Mask
	for ; m != 0 && n > 0; m &= m - 1 {
		out |= m & -m
		n--
	}
	return out
}

// optionVariants are the ruleset name with its options at their defaults,
// then each option (but whole numbers) set to each other value it takes.
func optionVariants(t *testing.T, name string) map[string]*ruleset.Ruleset {
	base, err := rulesets.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]*ruleset.Ruleset{name: base}
	for _, o := range base.Options {
		var values []any
		switch d := o.Default.(type) {
		case bool:
			values = []any{!d}
		case string:
			for _, v := range o.Values {
				if v != d {
					values = append(values, v)
				}
			}
		}
		for _, v := range values {
			r, err := base.With(map[string]any{o.Name: v})
			if err != nil {
				t.Fatalf("%s %s=%v: %v", name, o.Name, v, err)
			}
			out[fmt.Sprintf("%s %s=%v", name, o.Name, v)] = r
		}
	}
	return out
}

// otherWords are words a record may write for some decision, and some
// it may not.
var otherWords = []string{"yes", "no", "pass", "take", "declare", "hand", "talon", "retrieve", "play", "open",
	"closed", "invite", "give up", "give-up", "concede", "contra", "recontra", "subcontra", "mortcontra",
	"drop", "half", "defend", "discard", "discard 7D", "discard 7D 7D", "discard XX", "concede nothing", "0", "-3", "12",
	"", "  ", "?", "-", "Yes", " PASS ", "misere", "hearts", "10-spades", "six"}

// checkParse compares ParseWord with oldParseWord for the words of the
// decision open in s, and reads each action written back as itself.
func checkParse(t *testing.T, variant string, s *game.State, legal []game.Action) {
	t.Helper()
	seat := s.ToAct()
	var words []string
	for _, a := range legal {
		if a.Phase == game.PhaseDiscard {
			a.Cards = lowest(a.Cards, a.Value)
		}
		w := Word(s, a)
		words = append(words, w, strings.ToUpper(w), " "+w+"\t")
		if a.Phase != game.PhaseAnnounce && a.Phase != game.PhaseDiscard && a.Phase != game.PhasePotAuction {
			if got, err := ParseWord(s, seat, w); err != nil || got != a {
				t.Errorf("%s: %s: %q read back as %+v, %v; want %+v", variant, s.Phase(), w, got, err, a)
			}
		}
	}
	for ci := range s.R.Contracts {
		words = append(words, s.R.Contracts[ci].Name, "concede "+s.R.Contracts[ci].Name)
	}
	for _, c := range s.R.Ladder {
		words = append(words, s.R.CallName(c))
	}
	words = append(words, otherWords...)
	for _, w := range words {
		got, err := ParseWord(s, seat, w)
		want, wantErr := oldParseWord(s, seat, w)
		if got != want || fmt.Sprint(err) != fmt.Sprint(wantErr) {
			t.Errorf("%s: %s: %q read as %+v, %v; before %+v, %v", variant, s.Phase(), w, got, err, want, wantErr)
		}
	}
}

// oldParseWord is ParseWord before the table: it reads a decision written in words ("pass", "hearts hand",
// "discard 7D 8C", "drop", "contra") for the phase the state is in.
func oldParseWord(g *game.State, seat int, word string) (game.Action, error) {
	r := g.R
	w := strings.ToLower(strings.TrimSpace(word))
	a := game.Action{Phase: g.Phase(), Seat: seat}
	yes := func(yesWords ...string) (game.Action, error) {
		switch {
		case w == "yes" || slices.Contains(yesWords, w):
			a.Value = game.Yes
		case w == "no" || w == "pass":
			a.Value = game.No
		default:
			return a, fmt.Errorf("%s: write %s or no", g.Phase(), strings.Join(append(yesWords, "yes"), ", "))
		}
		return a, nil
	}
	switch g.Phase() {
	case game.PhaseAuction:
		if w == "pass" {
			a.Value = game.Pass
			return a, nil
		}
		for i, c := range r.Ladder {
			if strings.EqualFold(r.CallName(c), w) {
				a.Value = i
				return a, nil
			}
		}
		return a, fmt.Errorf("%q is no call of the ladder (pass, %s)", word, oldLadderNames(r))
	case game.PhaseOffer:
		return yes("take", "declare")
	case game.PhasePotAuction:
		if w == "pass" {
			return a, nil
		}
		n, err := strconv.Atoi(w)
		if err != nil || n <= 0 {
			return a, fmt.Errorf("the pot auction: write an amount or pass, not %q", word)
		}
		a.Value = n
		return a, nil
	case game.PhaseFromHand:
		if w == "talon" {
			a.Value = game.No
			return a, nil
		}
		return yes("hand")
	case game.PhaseDiscard:
		rest, ok := strings.CutPrefix(w, "discard")
		m, err := parseMask(r, rest)
		if !ok || err != nil || m == 0 {
			return a, fmt.Errorf("the declarer lays aside %d cards: write discard and the cards (discard 7D 8C), not %q", r.Exchange.Discard, word)
		}
		a.Cards = m
		return a, nil
	case game.PhaseAnnounce:
		if rest, ok := strings.CutPrefix(w, "concede"); ok {
			a.Concede, a.Value = true, -1
			name := strings.TrimSpace(rest)
			if name == "" {
				return a, nil
			}
			if a.Value = oldContractNamed(r, name); a.Value < 0 {
				return a, fmt.Errorf("concede %q: no contract of %s has that name", name, r.Name)
			}
			return a, nil
		}
		if a.Value = oldContractNamed(r, w); a.Value < 0 {
			return a, fmt.Errorf("%q is no contract of %s", word, r.Name)
		}
		return a, nil
	case game.PhaseDefend:
		for _, ch := range []deal.Choice{deal.Play, deal.Drop, deal.Half} {
			if w == ch.String() {
				a.Value = int(ch)
				return a, nil
			}
		}
		return a, fmt.Errorf("a defender plays, drops or takes half, not %q", word)
	case game.PhaseRetrieve:
		return yes("retrieve", "play")
	case game.PhaseOpen:
		if w == "closed" {
			a.Value = game.No
			return a, nil
		}
		return yes("open")
	case game.PhaseInvite:
		return yes("invite")
	case game.PhaseGiveUp:
		if w == "play" {
			a.Value = game.No
			return a, nil
		}
		return yes("give up", "give-up", "concede")
	case game.PhaseContra:
		return yes("contra")
	case game.PhaseRecontra:
		return yes(ruleset.ContraCalls[max(g.ContraCall(), 2)])
	}
	return a, fmt.Errorf("no decision is open")
}

// oldContractNamed is the index of the contract called name (any case), or -1.
func oldContractNamed(r *ruleset.Ruleset, name string) int {
	for ci := range r.Contracts {
		if strings.EqualFold(r.Contracts[ci].Name, name) {
			return ci
		}
	}
	return -1
}

// oldLadderNames lists the ladder.
func oldLadderNames(r *ruleset.Ruleset) string {
	var names []string
	for _, c := range r.Ladder {
		names = append(names, r.CallName(c))
	}
	return strings.Join(names, ", ")
}
