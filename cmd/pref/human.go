package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/preference-rules/pref/interpreter/bot"
	"github.com/preference-rules/pref/interpreter/cards"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/interpreter/settle"
	"golang.org/x/term"
)

// human is a player at the terminal, answering plain-text prompts. "?" asks
// the computer player's advice; when input ends the computer plays on.
type human struct {
	in    *bufio.Scanner
	p     *printer
	name  string
	hint  bot.Simple
	ended bool
	echo  bool // input is not a terminal: repeat each answer so the transcript reads
}

var _ game.Player = (*human)(nil)

// Choose asks the person at the terminal the decision the legal actions
// belong to.
func (h *human) Choose(g *game.Game, legal []game.Action) game.Action { return bot.Choose(h, g, legal) }

// ask prints a prompt and reads an answer; ok is false when input ended.
func (h *human) ask(format string, args ...any) (string, bool) {
	if h.ended {
		return "", false
	}
	h.p.f(format, args...)
	if !h.in.Scan() {
		h.ended = true
		h.p.f("\n(no more input: the computer plays for %s from here)\n", h.name)
		return "", false
	}
	answer := strings.ToLower(strings.TrimSpace(h.in.Text()))
	if h.echo {
		h.p.f("%s\n", answer)
	}
	return answer, true
}

func (h *human) yesNo(question string, fallback func() bool) bool {
	for {
		a, ok := h.ask("  %s [y/n/?] ", question)
		switch {
		case !ok:
			return fallback()
		case a == "y" || a == "yes":
			return true
		case a == "n" || a == "no":
			return false
		case a == "?":
			v := fallback()
			h.p.f("  hint: %s (%s)\n", map[bool]string{true: "yes", false: "no"}[v], h.hint.Reason)
		default:
			h.p.f("  answer y or n (? for a hint)\n")
		}
	}
}

func (h *human) showHand(g *game.Game, seat int) {
	if h.ended {
		return
	}
	if name := h.p.seatName(seat); name != h.name {
		h.p.f("  %s's hand, which you play: %s\n", name, h.p.cards(g.Hands[seat]))
		return
	}
	h.p.f("  Your hand: %s\n", h.p.cards(g.Hands[seat]))
}

func (h *human) ChooseOpen(g *game.Game, seat int) bool {
	return h.yesNo("The other defender passed. Play open (both defending hands shown, you play both)?", func() bool { return h.hint.ChooseOpen(g, seat) })
}

func (h *human) Call(g *game.Game, seat int, legal []int) int {
	h.showHand(g, seat)
	names := make([]string, len(legal))
	for i, c := range legal {
		names[i] = "pass"
		if c != game.Pass {
			names[i] = g.R.CallName(g.R.Ladder[c])
		}
	}
	for {
		a, ok := h.ask("  Your call (%s, ? for a hint): ", strings.Join(names, ", "))
		if !ok {
			return h.hint.Call(g, seat, legal)
		}
		if a == "?" {
			c := h.hint.Call(g, seat, legal)
			h.p.f("  hint: %s (%s)\n", names[indexOf(legal, c)], h.hint.Reason)
			continue
		}
		for i, n := range names {
			if a == n {
				h.p.f("  %-10s %s\n", h.name, n)
				return legal[i]
			}
		}
		h.p.f("  %q is not a call open to you now\n", a)
	}
}

func indexOf(s []int, v int) int {
	for i, x := range s {
		if x == v {
			return i
		}
	}
	return 0
}

func (h *human) TakeOffer(g *game.Game, seat int) bool {
	h.showHand(g, seat)
	return h.yesNo("Everybody passed. Become declarer?", func() bool { return h.hint.TakeOffer(g, seat) })
}

func (h *human) PotOffer(g *game.Game, seat int, min int) int {
	for {
		a, ok := h.ask("  Offer for the talon (at least %d, or pass, ? for a hint): ", min)
		if !ok {
			return h.hint.PotOffer(g, seat, min)
		}
		if a == "pass" || a == "0" {
			return 0
		}
		if a == "?" {
			h.p.f("  hint: %d (%s)\n", h.hint.PotOffer(g, seat, min), h.hint.Reason)
			continue
		}
		if n, err := strconv.Atoi(a); err == nil && n >= min {
			return n
		}
		h.p.f("  a number of at least %d, or pass\n", min)
	}
}

func (h *human) PlayFromHand(g *game.Game, seat int) bool {
	h.showHand(g, seat)
	return h.yesNo("Play from the hand, without the talon?", func() bool { return h.hint.PlayFromHand(g, seat) })
}

func (h *human) Discard(g *game.Game, seat int, n int) cards.Mask {
	h.p.f("  You take the talon: %s\n", h.p.cards(g.Talon))
	h.showHand(g, seat)
	for {
		a, ok := h.ask("  Lay aside %d cards (e.g. 7C 8D, ? for a hint): ", n)
		if !ok {
			return h.hint.Discard(g, seat, n)
		}
		if a == "?" {
			h.p.f("  hint: %s (%s)\n", h.p.cards(h.hint.Discard(g, seat, n)), h.hint.Reason)
			continue
		}
		var m cards.Mask
		var bad string
		for _, f := range strings.Fields(a) {
			c, err := g.R.Deck.Parse(f)
			switch {
			case err != nil:
				bad = err.Error()
			case !g.Hands[seat].Has(c):
				bad = "you do not hold " + g.R.Deck.Name(c)
			}
			m |= c.Bit()
		}
		if bad == "" && m.Count() != n {
			bad = fmt.Sprintf("lay aside exactly %d cards", n)
		}
		if bad == "" {
			return m
		}
		h.p.f("  %s\n", bad)
	}
}

func (h *human) Announce(g *game.Game, seat int, legal []int, mayConcede bool) (int, bool) {
	h.showHand(g, seat)
	var names []string
	for _, ci := range legal {
		names = append(names, g.R.Contracts[ci].Name)
	}
	if mayConcede {
		names = append(names, "give up")
	}
	for {
		a, ok := h.ask("  Announce (%s, ? for a hint): ", strings.Join(names, ", "))
		if !ok {
			return h.hint.Announce(g, seat, legal, mayConcede)
		}
		if a == "?" {
			ci, concede := h.hint.Announce(g, seat, legal, mayConcede)
			advice := g.R.Contracts[ci].Name
			if concede {
				advice = "give up"
			}
			h.p.f("  hint: %s (%s)\n", advice, h.hint.Reason)
			continue
		}
		if a == "give up" && mayConcede {
			return legal[0], true
		}
		for _, ci := range legal {
			if a == g.R.Contracts[ci].Name {
				return ci, false
			}
		}
		h.p.f("  %q cannot be announced now\n", a)
	}
}

func (h *human) Defend(g *game.Game, seat int) settle.Choice {
	h.showHand(g, seat)
	if h.yesNo(fmt.Sprintf("%s plays %s. Defend?", h.p.seatName(g.Declarer), g.R.Contracts[g.Contract].Display()), func() bool {
		return h.hint.Defend(g, seat) == settle.Play
	}) {
		return settle.Play
	}
	if g.MayHalf(seat) && h.yesNo("The other defender passed. Take half without play?", func() bool { return h.hint.Defend(g, seat) == settle.Half }) {
		return settle.Half
	}
	return settle.Drop
}

func (h *human) Retrieve(g *game.Game, seat int) bool {
	return h.yesNo("The other defender took half. Whist after all (you then defend alone)?", func() bool { return h.hint.Retrieve(g, seat) })
}

func (h *human) GiveUp(g *game.Game, seat int) bool {
	return h.yesNo("Give up before play?", func() bool { return h.hint.GiveUp(g, seat) })
}

func (h *human) Invite(g *game.Game, seat int) bool {
	return h.yesNo("The other defender dropped out. Invite them?", func() bool { return h.hint.Invite(g, seat) })
}

func (h *human) Contra(g *game.Game, seat int) bool {
	return h.yesNo("Contra?", func() bool { return h.hint.Contra(g, seat) })
}

func (h *human) Recontra(g *game.Game, seat int, against int) bool {
	return h.yesNo(fmt.Sprintf("%s calls contra. Recontra?", h.p.seatName(against)), func() bool { return h.hint.Recontra(g, seat, against) })
}

func (h *human) Play(g *game.Game, seat int, legal cards.Mask) cards.Card {
	if h.ended {
		return h.hint.Play(g, seat, legal)
	}
	t := g.CurrentTrick()
	var so []string
	for k := 0; k < t.N; k++ {
		so = append(so, fmt.Sprintf("%s %s", h.p.seatName(int(t.Seats[k])), h.p.card(t.Cards[k])))
	}
	if len(so) > 0 {
		h.p.f("  Trick %d so far: %s\n", g.NTricks+1, strings.Join(so, ", "))
	} else {
		h.p.f("  Trick %d: you lead\n", g.NTricks+1)
	}
	if g.Open && g.Declarer >= 0 && seat != g.Declarer {
		for s := 0; s < g.Seats(); s++ {
			if s != seat && s != g.Declarer && g.InPlay(s) {
				h.p.f("  Shown: %s %s\n", h.p.seatName(s), h.p.cards(g.Hands[s]))
			}
		}
	}
	h.showHand(g, seat)
	for {
		a, ok := h.ask("  Your card (legal: %s, ? for a hint): ", h.p.cards(legal))
		if !ok {
			return h.hint.Play(g, seat, legal)
		}
		if a == "?" {
			c := h.hint.Play(g, seat, legal)
			h.p.f("  hint: %s (%s)\n", h.p.card(c), h.hint.Reason)
			continue
		}
		c, err := g.R.Deck.Parse(a)
		if err != nil {
			h.p.f("  %v\n", err)
			continue
		}
		if why := g.WhyIllegal(seat, c); why != "" {
			h.p.f("  %s is not legal: %s\n", h.p.card(c), why)
			continue
		}
		if rule := g.Breach(seat, c); rule != 0 {
			h.p.f("  Note: %s breaks cooperation rule %d: %s.\n", h.p.card(c), rule, game.CooperationRules[rule])
		}
		return c
	}
}

// newHuman reads answers from in.
func newHuman(in io.Reader, p *printer, name string) *human {
	f, isFile := in.(*os.File)
	return &human{in: bufio.NewScanner(in), p: p, name: name, echo: !isFile || !term.IsTerminal(int(f.Fd()))}
}
