package terminal

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/preference-rules/pref/internal/app"
	"github.com/preference-rules/pref/interpreter/cards"
	"github.com/preference-rules/pref/interpreter/deal"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/interpreter/table"
	"golang.org/x/term"
)

// Human is a player at the terminal, answering plain-text prompts. "?" asks
// the computer player's advice; when input ends the computer plays on.
type Human struct {
	in    *bufio.Scanner
	p     *app.Printer
	name  string
	hint  app.Adviser // the computer player whose choice is the hint: --bots's kind
	ended bool
	echo  bool         // input is not a terminal: repeat each answer so the transcript reads
	Table *table.Table // for the status lines before each card
}

var _ game.Player = (*Human)(nil)

// Choose asks the person at the terminal the decision the legal actions
// belong to. The computer player's choice is the hint ("?"), and the answer
// when input has ended.
func (h *Human) Choose(g *game.Game, legal []game.Action) game.Action {
	adv := h.hint.Choose(g, legal)
	if h.ended {
		return adv
	}
	a := legal[0]
	seat := a.Seat
	switch a.Phase {
	case game.PhaseAuction:
		return h.call(g, seat, legal, adv)
	case game.PhasePotAuction:
		a.Value = h.potOffer(g.PotOffer()+1, adv.Value)
	case game.PhaseDiscard:
		a.Cards = h.discard(g, seat, a.Value, adv.Cards)
	case game.PhaseAnnounce:
		return h.announce(g, seat, legal, adv)
	case game.PhaseDefend:
		a.Value = int(h.defend(g, seat, deal.Choice(adv.Value)))
	case game.PhasePlay:
		var m cards.Mask
		for _, l := range legal {
			m |= l.Cards
		}
		a.Cards = h.play(g, seat, m, adv.Card()).Bit()
	default: // a question answered yes or no
		if a.Phase == game.PhaseOffer || a.Phase == game.PhaseFromHand {
			h.showHand(g, seat)
		}
		a.Value = game.No
		if h.yesNo(h.p.Question(g, a.Phase), adv.Value == game.Yes) {
			a.Value = game.Yes
		}
	}
	return a
}

// ask prints a prompt and reads an answer; ok is false when input ended.
func (h *Human) ask(format string, args ...any) (string, bool) {
	if h.ended {
		return "", false
	}
	h.p.Printf(format, args...)
	if !h.in.Scan() {
		h.ended = true
		h.p.Printf("\n(no more input: the computer plays for %s from here)\n", h.name)
		return "", false
	}
	answer := strings.ToLower(strings.TrimSpace(h.in.Text()))
	if h.echo {
		h.p.Printf("%s\n", answer)
	}
	return answer, true
}

func (h *Human) yesNo(question string, advice bool) bool {
	for {
		a, ok := h.ask("  %s [y/n/?] ", question)
		switch {
		case !ok:
			return advice
		case a == "y" || a == "yes":
			return true
		case a == "n" || a == "no":
			return false
		case a == "?":
			h.p.Printf("  hint: %s (%s)\n", map[bool]string{true: "yes", false: "no"}[advice], app.Why(h.hint))
		default:
			h.p.Printf("  answer y or n (? for a hint)\n")
		}
	}
}

func (h *Human) showHand(g *game.Game, seat int) {
	if h.ended {
		return
	}
	if name := h.p.SeatName(seat); name != h.name {
		h.p.Printf("  %s's hand, which you play: %s\n", name, h.p.Cards(g.Hands[seat]))
		return
	}
	h.p.Printf("  Your hand: %s\n", h.p.Cards(g.Hands[seat]))
}

func (h *Human) call(g *game.Game, seat int, legal []game.Action, adv game.Action) game.Action {
	return h.pick(g, seat, legal, adv, "Your call", "is not a call open to you now", true)
}

// pick asks for one of legal by its name (or its record word: "hearts" for
// "hearts (Préférence)"), a hint on "?"; refused says why an answer is
// not taken; echo repeats the choice as the auction's log writes a call.
func (h *Human) pick(g *game.Game, seat int, legal []game.Action, adv game.Action, prompt, refused string, echo bool) game.Action {
	h.showHand(g, seat)
	names := make([]string, len(legal))
	for i, l := range legal {
		names[i] = h.p.ActionName(g, l)
	}
	for {
		a, ok := h.ask("  "+prompt+" (%s, ? for a hint): ", strings.Join(names, ", "))
		if !ok {
			return adv
		}
		if a == "?" {
			h.p.Printf("  hint: %s (%s)\n", h.p.ActionName(g, adv), app.Why(h.hint))
			continue
		}
		for i, n := range names {
			if a == n || strings.EqualFold(a, g.ActionWords(legal[i], game.Written, game.Namer{})) {
				if echo {
					h.p.Printf("  %-10s %s\n", h.name, n)
				}
				return legal[i]
			}
		}
		h.p.Printf("  %q %s\n", a, refused)
	}
}

func (h *Human) potOffer(min, advice int) int {
	for {
		a, ok := h.ask("  Offer for the talon (at least %d, or pass, ? for a hint): ", min)
		if !ok {
			return advice
		}
		if a == "pass" || a == "0" {
			return 0
		}
		if a == "?" {
			h.p.Printf("  hint: %d (%s)\n", advice, app.Why(h.hint))
			continue
		}
		if n, err := strconv.Atoi(a); err == nil && n >= min {
			return n
		}
		h.p.Printf("  a number of at least %d, or pass\n", min)
	}
}

func (h *Human) discard(g *game.Game, seat int, n int, advice cards.Mask) cards.Mask {
	h.p.Printf("  You take the talon: %s\n", h.p.Cards(g.Talon))
	h.showHand(g, seat)
	for {
		a, ok := h.ask("  Lay aside %d cards (e.g. 7C 8D, ? for a hint): ", n)
		if !ok {
			return advice
		}
		if a == "?" {
			h.p.Printf("  hint: %s (%s)\n", h.p.Cards(advice), app.Why(h.hint))
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
		h.p.Printf("  %s\n", bad)
	}
}

func (h *Human) announce(g *game.Game, seat int, legal []game.Action, adv game.Action) game.Action {
	return h.pick(g, seat, legal, adv, "Announce", "cannot be announced now", false)
}

func (h *Human) defend(g *game.Game, seat int, advice deal.Choice) deal.Choice {
	h.showHand(g, seat)
	if h.yesNo(app.DefendQuestion(g, h.p.SeatName(g.Declarer)), advice == deal.Play) {
		return deal.Play
	}
	if g.MayHalf(seat) && h.yesNo(app.HalfQuestion(g.R), advice == deal.Half) {
		return deal.Half
	}
	return deal.Drop
}

func (h *Human) play(g *game.Game, seat int, legal cards.Mask, advice cards.Card) cards.Card {
	if h.Table != nil { // the table at a glance, as the full screen's panel shows it
		for _, l := range h.p.Status(g, h.Table) {
			h.p.Printf("  | %s\n", l)
		}
	}
	t := g.CurrentTrick()
	var so []string
	for k := 0; k < t.N; k++ {
		so = append(so, fmt.Sprintf("%s %s", h.p.SeatName(int(t.Seats[k])), h.p.Card(t.Cards[k])))
	}
	switch {
	case h.Table != nil: // the status lines told the trick
	case len(so) > 0:
		h.p.Printf("  Trick %d so far: %s\n", g.NTricks+1, strings.Join(so, ", "))
	default:
		h.p.Printf("  Trick %d: you lead\n", g.NTricks+1)
	}
	if g.Open && g.Declarer >= 0 && seat != g.Declarer {
		for s := 0; s < g.Seats(); s++ {
			if s != seat && s != g.Declarer && g.InPlay(s) {
				h.p.Printf("  Shown: %s %s\n", h.p.SeatName(s), h.p.Cards(g.Hands[s]))
			}
		}
	}
	h.showHand(g, seat)
	for {
		a, ok := h.ask("  Your card (legal: %s, ? for a hint): ", h.p.Cards(legal))
		if !ok {
			return advice
		}
		if a == "?" {
			h.p.Printf("  hint: %s (%s)\n", h.p.Card(advice), app.Why(h.hint))
			continue
		}
		c, err := g.R.Deck.Parse(a)
		if err != nil {
			h.p.Printf("  %v\n", err)
			continue
		}
		if why := g.WhyIllegal(seat, c); why != "" {
			h.p.Printf("  %s is not legal: %s\n", h.p.Card(c), why)
			continue
		}
		if rule := g.Breach(seat, c); rule != 0 {
			h.p.Printf("  Note: %s breaks cooperation rule %d: %s.\n", h.p.Card(c), rule, game.CooperationRules[rule])
		}
		return c
	}
}

// NewHuman is the person at seat name, reading answers from in.
func NewHuman(in io.Reader, p *app.Printer, name string) *Human {
	f, isFile := in.(*os.File)
	return &Human{in: bufio.NewScanner(in), p: p, name: name, hint: app.NewAdviser(p.Bots), echo: !isFile || !term.IsTerminal(int(f.Fd()))}
}
