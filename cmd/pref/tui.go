package main

import (
	"fmt"
	"os"
	"strings"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"
	"github.com/preference-rules/pref/interpreter/bot"
	"github.com/preference-rules/pref/interpreter/cards"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/interpreter/settle"
)

// The full-screen seat: the game runs in its own goroutine and every
// decision of the human player becomes a request the screen answers.

type choice struct {
	Label string
	OK    bool   // may be chosen
	Why   string // why not, when it may not
}

type request struct {
	Prompt  string
	Choices []choice
	Hint    int
	HintWhy string
	reply   chan int
}

type (
	logMsg     string
	requestMsg *request
	doneMsg    struct{ err error }
)

type screen struct {
	title  string
	lines  []string
	req    *request
	cursor int
	status string
	done   bool
	err    error
	height int
}

var (
	styleTitle   = lipgloss.NewStyle().Bold(true)
	styleLegal   = lipgloss.NewStyle().Bold(true).Foreground(lipgloss.Color("10"))
	styleIllegal = lipgloss.NewStyle().Faint(true)
	styleCursor  = lipgloss.NewStyle().Reverse(true)
	styleHelp    = lipgloss.NewStyle().Faint(true)
)

func newScreen(title string) *screen {
	noColourKeepAttributes()
	return &screen{title: title, height: 30}
}

// noColourKeepAttributes honours NO_COLOR as no-color.org asks: colour is
// dropped, reverse video and bold are kept, so the cursor and the legal
// cards can still be seen. (termenv reads NO_COLOR as "no escape codes at
// all", which would hide both.)
func noColourKeepAttributes() {
	if os.Getenv("NO_COLOR") == "" {
		return
	}
	lipgloss.SetColorProfile(termenv.ANSI)
	styleLegal = lipgloss.NewStyle().Bold(true) // bold, without the green
}

func (s *screen) Init() tea.Cmd { return nil }

func (s *screen) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		s.height = msg.Height
	case logMsg:
		s.lines = append(s.lines, strings.Split(strings.TrimRight(string(msg), "\n"), "\n")...)
	case requestMsg:
		s.req, s.status = msg, ""
		s.cursor = 0
		for i, c := range s.req.Choices {
			if c.OK {
				s.cursor = i
				break
			}
		}
	case doneMsg:
		s.done, s.err, s.req = true, msg.err, nil
		s.status = "The session is over: press q to leave."
		if msg.err != nil {
			s.status = fmt.Sprintf("The session stopped: %v. Press q to leave.", msg.err)
		}
	case tea.KeyMsg:
		return s.key(msg)
	}
	return s, nil
}

func (s *screen) key(k tea.KeyMsg) (tea.Model, tea.Cmd) {
	switch k.String() {
	case "q", "ctrl+c":
		return s, tea.Quit
	}
	if s.req == nil {
		return s, nil
	}
	n := len(s.req.Choices)
	switch k.String() {
	case "left", "h", "up", "k", "shift+tab":
		s.cursor = (s.cursor + n - 1) % n
		s.status = ""
	case "right", "l", "down", "j", "tab":
		s.cursor = (s.cursor + 1) % n
		s.status = ""
	case "?":
		s.cursor = s.req.Hint
		s.status = fmt.Sprintf("hint: %s (%s)", s.req.Choices[s.req.Hint].Label, s.req.HintWhy)
	case "enter", " ":
		c := s.req.Choices[s.cursor]
		if !c.OK {
			s.status = fmt.Sprintf("%s is not legal: %s", c.Label, c.Why)
			return s, nil
		}
		r := s.req
		s.req, s.status = nil, ""
		r.reply <- s.cursor
	}
	return s, nil
}

func (s *screen) View() string {
	var b strings.Builder
	b.WriteString(styleTitle.Render(s.title) + "\n\n")
	room := s.height - 8
	if room < 5 {
		room = 5
	}
	from := max(0, len(s.lines)-room)
	for _, l := range s.lines[from:] {
		b.WriteString(l + "\n")
	}
	b.WriteString("\n")
	if s.req != nil {
		b.WriteString(s.req.Prompt + "\n")
		for i, c := range s.req.Choices {
			label := c.Label
			switch {
			case i == s.cursor:
				label = styleCursor.Render(label)
			case c.OK:
				label = styleLegal.Render(label)
			default:
				label = styleIllegal.Render(label)
			}
			b.WriteString(" " + label)
		}
		b.WriteString("\n")
	}
	b.WriteString(s.status + "\n")
	b.WriteString(styleHelp.Render("←/→ move · enter choose · ? hint · q quit"))
	return b.String()
}

// sendWriter turns the printer's output into transcript lines, a whole
// line at a time (the printer writes lines in pieces).
type sendWriter struct {
	send    func(tea.Msg)
	pending strings.Builder
}

func (w *sendWriter) Write(b []byte) (int, error) {
	w.pending.Write(b)
	s := w.pending.String()
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		w.send(logMsg(s[:i+1]))
		w.pending.Reset()
		w.pending.WriteString(s[i+1:])
	}
	return len(b), nil
}

// tuiPlayer is the human at the full screen.
type tuiPlayer struct {
	send func(tea.Msg)
	p    *printer
	name string
	hint bot.Simple
}

var _ game.Player = (*tuiPlayer)(nil)

// Choose puts the decision the legal actions belong to on the screen.
func (t *tuiPlayer) Choose(g *game.Game, legal []game.Action) game.Action {
	return bot.Choose(t, g, legal)
}

func (t *tuiPlayer) ask(prompt string, choices []choice, hint int) int {
	r := &request{Prompt: prompt, Choices: choices, Hint: hint, HintWhy: t.hint.Reason, reply: make(chan int)}
	t.send(requestMsg(r))
	return <-r.reply
}

func (t *tuiPlayer) yesNo(prompt string, advice bool) bool {
	hint := 1
	if advice {
		hint = 0
	}
	return t.ask(prompt, []choice{{Label: "yes", OK: true}, {Label: "no", OK: true}}, hint) == 0
}

func (t *tuiPlayer) hand(g *game.Game, seat int) string {
	return "Your hand: " + t.p.cards(g.Hands[seat])
}

func (t *tuiPlayer) Call(g *game.Game, seat int, legal []int) int {
	advice := t.hint.Call(g, seat, legal)
	var cs []choice
	hint := 0
	for i, c := range legal {
		label := "pass"
		if c != game.Pass {
			label = g.R.CallName(g.R.Ladder[c])
		}
		if c == advice {
			hint = i
		}
		cs = append(cs, choice{Label: label, OK: true})
	}
	i := t.ask(t.hand(g, seat)+"\nYour call:", cs, hint)
	t.send(logMsg(fmt.Sprintf("  %-10s %s", t.name, cs[i].Label)))
	return legal[i]
}

func (t *tuiPlayer) TakeOffer(g *game.Game, seat int) bool {
	return t.yesNo(t.hand(g, seat)+"\nEverybody passed. Become declarer?", t.hint.TakeOffer(g, seat))
}

func (t *tuiPlayer) PotOffer(g *game.Game, seat int, min int) int {
	advice := t.hint.PotOffer(g, seat, min)
	cs := []choice{{Label: "pass", OK: true}}
	hint := 0
	for k := 0; k < 10; k++ {
		if min+k == advice {
			hint = k + 1
		}
		cs = append(cs, choice{Label: fmt.Sprint(min + k), OK: true})
	}
	if i := t.ask("Offer for the talon:", cs, hint); i > 0 {
		return min + i - 1
	}
	return 0
}

func (t *tuiPlayer) PlayFromHand(g *game.Game, seat int) bool {
	return t.yesNo(t.hand(g, seat)+"\nPlay from the hand, without the talon?", t.hint.PlayFromHand(g, seat))
}

func (t *tuiPlayer) Discard(g *game.Game, seat int, n int) cards.Mask {
	advice := t.hint.Discard(g, seat, n)
	var laid cards.Mask
	for laid.Count() < n {
		var cs []choice
		var order []cards.Card
		hint := 0
		for _, c := range t.sorted(g.Hands[seat] &^ laid) {
			if advice.Has(c) && !laid.Has(c) && hint == 0 {
				hint = len(cs)
			}
			cs = append(cs, choice{Label: t.p.card(c), OK: true})
			order = append(order, c)
		}
		laid |= order[t.ask(fmt.Sprintf("You took the talon (%s). Lay aside a card (%d of %d):", t.p.cards(g.Talon), laid.Count()+1, n), cs, hint)].Bit()
	}
	return laid
}

func (t *tuiPlayer) Announce(g *game.Game, seat int, legal []int, mayConcede bool) (int, bool) {
	ci, concede := t.hint.Announce(g, seat, legal, mayConcede)
	var cs []choice
	hint := 0
	for i, c := range legal {
		if c == ci {
			hint = i
		}
		cs = append(cs, choice{Label: g.R.Contracts[c].Name, OK: true})
	}
	if mayConcede {
		if concede {
			hint = len(cs)
		}
		cs = append(cs, choice{Label: "give up", OK: true})
	}
	i := t.ask(t.hand(g, seat)+"\nAnnounce:", cs, hint)
	if i == len(legal) {
		return legal[0], true
	}
	return legal[i], false
}

func (t *tuiPlayer) Defend(g *game.Game, seat int) settle.Choice {
	if t.yesNo(fmt.Sprintf("%s\n%s plays %s. Defend?", t.hand(g, seat), t.p.seatName(g.Declarer), g.R.Contracts[g.Contract].Display()), t.hint.Defend(g, seat) == settle.Play) {
		return settle.Play
	}
	if g.MayHalf(seat) && t.yesNo("The other defender passed. Take half without play?", t.hint.Defend(g, seat) == settle.Half) {
		return settle.Half
	}
	return settle.Drop
}

func (t *tuiPlayer) Retrieve(g *game.Game, seat int) bool {
	return t.yesNo("The other defender took half. Whist after all (you then defend alone)?", t.hint.Retrieve(g, seat))
}

func (t *tuiPlayer) GiveUp(g *game.Game, seat int) bool {
	return t.yesNo("Give up before play?", t.hint.GiveUp(g, seat))
}

func (t *tuiPlayer) Invite(g *game.Game, seat int) bool {
	return t.yesNo("The other defender dropped out. Invite them?", t.hint.Invite(g, seat))
}

func (t *tuiPlayer) Contra(g *game.Game, seat int) bool {
	return t.yesNo("Contra?", t.hint.Contra(g, seat))
}

func (t *tuiPlayer) ChooseOpen(g *game.Game, seat int) bool {
	return t.yesNo("The other defender passed. Play open (both defending hands shown, you play both)?", t.hint.ChooseOpen(g, seat))
}

func (t *tuiPlayer) Recontra(g *game.Game, seat int, against int) bool {
	return t.yesNo(t.p.seatName(against)+" calls contra. Recontra?", t.hint.Recontra(g, seat, against))
}

// sorted lists a hand as it is shown: by suit, highest first.
func (t *tuiPlayer) sorted(m cards.Mask) []cards.Card {
	var out []cards.Card
	for s := len(t.p.r.Deck.SuitIDs) - 1; s >= 0; s-- {
		part := m.Suit(cards.Suit(s))
		for part != 0 {
			c := part.Highest()
			part &^= c.Bit()
			out = append(out, c)
		}
	}
	return out
}

func (t *tuiPlayer) Play(g *game.Game, seat int, legal cards.Mask) cards.Card {
	advice := t.hint.Play(g, seat, legal)
	tr := g.CurrentTrick()
	var so []string
	for k := 0; k < tr.N; k++ {
		so = append(so, fmt.Sprintf("%s %s", t.p.seatName(int(tr.Seats[k])), t.p.card(tr.Cards[k])))
	}
	prompt := fmt.Sprintf("Trick %d: you lead.", g.NTricks+1)
	if len(so) > 0 {
		prompt = fmt.Sprintf("Trick %d so far: %s.", g.NTricks+1, strings.Join(so, ", "))
	}
	if name := t.p.seatName(seat); name != t.name {
		prompt += " You play " + name + "'s hand."
	}
	order := t.sorted(g.Hands[seat])
	var cs []choice
	hint := 0
	for i, c := range order {
		if c == advice {
			hint = i
		}
		cs = append(cs, choice{Label: t.p.card(c), OK: legal.Has(c), Why: g.WhyIllegal(seat, c)})
	}
	c := order[t.ask(prompt+" Your card (legal cards in bold):", cs, hint)]
	if rule := g.Breach(seat, c); rule != 0 {
		t.send(logMsg(fmt.Sprintf("  Note: %s breaks cooperation rule %d: %s.", t.p.card(c), rule, game.CooperationRules[rule])))
	}
	return c
}
