package terminal

import (
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/reflow/wordwrap"
	"github.com/muesli/termenv"
	"github.com/preference-rules/pref/internal/app"
	"github.com/preference-rules/pref/interpreter/cards"
	"github.com/preference-rules/pref/interpreter/game"
)

// The full-screen seat. The screen steps the session itself: after each of
// the person's answers it lets the computer players decide until the
// person's next decision, in Update, so there is no second goroutine and
// every decision point can be gone back to (u).

// choice is one answer on the screen and the action it takes.
type choice struct {
	Label  string // plain text: the screen styles it
	Red    bool   // a card of a red suit
	OK     bool   // may be chosen
	Why    string // why not, when it may not
	action game.Action
}

// request is the question on the screen.
type request struct {
	Prompt  string
	Choices []choice
	Hint    int
	HintWhy string
}

// undoPoint is a decision of the person's, to go back to.
type undoPoint struct {
	snap   app.Snapshot
	lines  int         // the transcript's length then
	action game.Action // the decision taken there (the coached deal replays them)
}

// Screen is the full-screen seat of a person at a session: the transcript,
// the table at a glance, the question with its choices, hints and taking
// back (a bubbletea model).
type Screen struct {
	title   string
	lines   []string // the transcript
	pending string   // an unfinished transcript line
	sess    *app.Session
	p       *app.Printer
	you     string
	hint    app.Adviser
	legal   []game.Action // the person's decision waiting, nil when none
	laid    cards.Mask    // a discard being chosen card by card
	undo    []undoPoint
	req     *request
	cursor  int
	status  string
	leaving bool // q was pressed once: a second q leaves
	done    bool
	err     error
	height  int
	width   int
	scroll  int // transcript lines scrolled back from the end
	// practice: one deal at a time, its seed shown, n and a at its end;
	// nil for a session of --deals or a whole game
	practice *Practice
	coach    *coaching // the coached deal's coach; nil at a table of one's own
}

var (
	styleTitle   = lipgloss.NewStyle().Bold(true)
	styleLegal   = lipgloss.NewStyle().Bold(true).Foreground(lipgloss.Color("10"))
	styleIllegal = lipgloss.NewStyle().Faint(true)
	styleCursor  = lipgloss.NewStyle().Reverse(true)
	styleHelp    = lipgloss.NewStyle().Faint(true)
	styleRed     = lipgloss.NewStyle().Foreground(lipgloss.Color("9"))
	colour       = true // false with NO_COLOR
)

// NewScreen makes the screen for session s, in which p writes to the
// screen's transcript, and moves it on to the person's first decision.
func NewScreen(title string, s *app.Session, p *app.Printer, you string) *Screen {
	noColourKeepAttributes()
	scr := &Screen{title: title, height: 30, width: 80, sess: s, p: p, you: you, hint: app.NewAdviser(p.Bots)}
	scr.start()
	return scr
}

// start takes over the printer's output and moves the session on to the
// person's first decision.
func (s *Screen) start() {
	p := s.p
	p.Out = s
	if colour {
		p.Paint = func(su cards.Suit, text string) string {
			if red := p.Ruleset.Deck.Red; int(su) < len(red) && red[su] {
				return styleRed.Render(text)
			}
			return text
		}
	}
	s.advance()
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
	styleRed = lipgloss.NewStyle()
	colour = false
}

// Write adds the printer's output to the transcript a whole line at a time
// (the printer writes lines in pieces).
func (s *Screen) Write(b []byte) (int, error) {
	text := s.pending + string(b)
	i := strings.LastIndexByte(text, '\n')
	if i < 0 {
		s.pending = text
		return len(b), nil
	}
	s.lines = append(s.lines, strings.Split(text[:i], "\n")...)
	s.pending = text[i+1:]
	return len(b), nil
}

func (s *Screen) log(format string, args ...any) { fmt.Fprintf(s, format+"\n", args...) }

// advance lets the session run to the person's next decision and puts it
// on the screen; at the session's end it says so.
func (s *Screen) advance() {
	defer s.recover()
	legal, err := s.sess.Next()
	if err != nil || legal == nil {
		s.done, s.err, s.req, s.legal = true, err, nil, nil
		s.status = "The session is over: press q to leave."
		if s.practice != nil {
			s.status = s.practiceOver()
		}
		s.coachOver()
		if err != nil {
			s.status = fmt.Sprintf("The session stopped: %v. Press q to leave.", err)
		}
		return
	}
	s.ask(legal)
}

// ask puts the decision the legal actions belong to on the screen.
func (s *Screen) ask(legal []game.Action) {
	s.legal = slices.Clone(legal)
	s.laid = 0
	s.show()
}

// show builds the question for the waiting decision: the application
// layer's answers (app.Printer.Ask, which the web table offers too), the
// cards named without colour for the screen to style, and the hand the
// decision is about above the prompt.
func (s *Screen) show() {
	g := s.sess.Game()
	a := s.legal[0]
	q := s.p.Ask(g, s.legal, s.laid, s.hint)
	r := &request{Prompt: s.prompt(g, a, q), Hint: max(q.Hint, 0), HintWhy: q.HintWhy}
	for _, c := range q.Choices {
		ch := choice{Label: c.Label, OK: c.OK, Why: c.Why, action: c.Action}
		if c.IsCard {
			ch.Label, ch.Red = s.plain(c.Card), s.red(c.Card)
		}
		r.Choices = append(r.Choices, ch)
	}
	s.req, s.cursor = r, 0
	for i, c := range r.Choices {
		if c.OK {
			s.cursor = i
			break
		}
	}
	s.coachBefore()
}

// prompt is question q's prompt as the screen puts it: the hand decided
// for above it (where the decision is about the hand), and a card's
// question telling that the legal cards are in bold.
func (s *Screen) prompt(g *game.Game, a game.Action, q *app.Question) string {
	hand := "Your hand: " + s.p.Cards(g.Hands[a.Seat])
	if name := s.p.SeatName(a.Seat); name != s.you {
		hand = name + "'s hand, which you play: " + s.p.Cards(g.Hands[a.Seat])
	}
	switch a.Phase {
	case game.PhasePlay:
		return strings.TrimSuffix(q.Prompt, ":") + " (legal cards in bold):"
	case game.PhaseAuction, game.PhaseAnnounce, game.PhaseDefend, game.PhasePotAuction, game.PhaseDiscard, game.PhaseOffer, game.PhaseFromHand:
		return hand + "\n" + q.Prompt
	}
	return q.Prompt
}

// choose takes the choice under the cursor.
func (s *Screen) choose() {
	c := s.req.Choices[s.cursor]
	if !c.OK {
		s.status = fmt.Sprintf("%s is not legal: %s", c.Label, c.Why)
		return
	}
	g := s.sess.Game()
	a := c.action
	if a.Phase == game.PhaseDiscard && a.Value != s.legal[0].Value { // one card picked, or choose again
		s.status = ""
		if a.Value < 0 {
			s.laid = 0
		} else {
			s.laid |= a.Cards
			s.status = "laid aside so far: " + s.p.Cards(s.laid)
		}
		s.show()
		return
	}
	point := undoPoint{snap: s.sess.Snapshot(), lines: len(s.lines), action: a}
	var note string
	if a.Phase == game.PhasePlay {
		if rule := g.Breach(a.Seat, a.Card()); rule != 0 {
			note = fmt.Sprintf("  Note: %s breaks cooperation rule %d: %s.", s.p.Card(a.Card()), rule, game.CooperationRules[rule])
		}
	}
	verdict := s.coachJudge(a)
	if a.Phase == game.PhaseAuction { // the call before what it leads to: the auction's end is told by Take
		s.log("  %-10s %s", s.p.SeatName(a.Seat), c.Label)
	}
	if err := s.sess.Take(a); err != nil {
		s.lines, s.pending = s.lines[:point.lines], ""
		s.status = err.Error()
		s.laid = 0
		s.show()
		return
	}
	s.undo = append(s.undo, point)
	s.status = ""
	s.scroll = 0 // the log follows again: what the decision led to is at the bottom
	if note != "" {
		s.log("%s", note)
	}
	s.advance()
	s.coachAfter(verdict)
}

// back goes back to the person's last decision of this deal.
func (s *Screen) back() {
	for len(s.undo) > 0 {
		u := s.undo[len(s.undo)-1]
		s.undo = s.undo[:len(s.undo)-1]
		if s.sess.Restore(u.snap) {
			s.lines, s.pending = s.lines[:u.lines], ""
			s.ask(s.sess.Game().Choices())
			s.coachAgain()
			s.status = "Taken back: decide again."
			return
		}
	}
	s.undo = nil
	s.status = "Nothing to take back in this deal."
}

// Err is the error the session stopped with; nil while it runs and when it
// ended well.
func (s *Screen) Err() error { return s.err }

// Done reports whether the session is over.
func (s *Screen) Done() bool { return s.done }

// Transcript is what the session has told so far, line by line.
func (s *Screen) Transcript() []string { return s.lines }

// PlayFullScreen plays session sess behind a full screen on in and out, the
// person at seat you: the printer p writes to the screen's transcript while
// it is up, then the standings stay on the terminal.
func PlayFullScreen(in io.Reader, out io.Writer, title string, sess *app.Session, p *app.Printer, you string) error {
	return runScreen(in, out, NewScreen(title, sess, p, you), p)
}

// runScreen runs screen scr, whose printer is p, until the person leaves.
func runScreen(in io.Reader, out io.Writer, scr *Screen, p *app.Printer) error {
	prog := tea.NewProgram(scr, tea.WithInput(in), tea.WithOutput(out), tea.WithAltScreen())
	if _, err := prog.Run(); err != nil {
		return err
	}
	// The screen is gone: the standings stay on the terminal.
	p.Out, p.Paint = out, nil
	if scr.err == nil {
		if err := scr.sess.Standings(); err != nil {
			return err
		}
	}
	// The session's own error (a deal the interpreter refused, a table that
	// does not balance) must not end in exit 0 because the screen closed
	// normally.
	return scr.err
}

func (s *Screen) Init() tea.Cmd { return nil }

// recover ends the session on a panic as an internal error: unwinding
// through bubbletea would leave the terminal raw and end the process with
// Go's exit status 2.
func (s *Screen) recover() {
	if v := recover(); v != nil {
		s.done, s.err, s.req, s.legal = true, app.Recovered(v), nil, nil
		s.status = fmt.Sprintf("The session stopped: %v. Press q to leave.", s.err)
	}
}

func (s *Screen) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	defer s.recover()
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		s.height, s.width = msg.Height, msg.Width
	case tea.KeyMsg:
		return s.key(msg)
	}
	return s, nil
}

func (s *Screen) key(k tea.KeyMsg) (tea.Model, tea.Cmd) {
	key := k.String()
	if key == "ctrl+c" || key == "q" && (s.done || s.leaving) {
		s.sess.Leave()
		return s, tea.Quit
	}
	if s.practiceKey(key) || s.nextCoached(key) {
		return s, nil
	}
	if s.leaving { // the key that answers "stay" does nothing else
		s.leaving, s.status = false, ""
		return s, nil
	}
	if s.coachKey(key) || s.scrollKey(key) {
		return s, nil
	}
	switch key {
	case "q":
		s.leaving = true
		s.status = "Leave in the middle of the session? Press q again to leave, any other key to stay."
		if s.p.Record != nil {
			s.status += " (The deal so far is kept in the record.)"
		}
		return s, nil
	case "u":
		if !s.done {
			s.back()
		}
		return s, nil
	}
	if s.req == nil {
		return s, nil
	}
	n := len(s.req.Choices)
	switch key {
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
		s.choose()
	}
	return s, nil
}

// scrollKey is PgUp, PgDn, Home or End; false for any other key.
func (s *Screen) scrollKey(key string) bool {
	switch key {
	case "pgup":
		s.scroll += max(1, s.height/2)
	case "pgdown":
		s.scroll = max(0, s.scroll-max(1, s.height/2))
	case "home", "end":
		s.jump(key == "home")
	default:
		return false
	}
	return true
}

// jump is Home (first) or End (last): the first or last choice when a
// question is on screen (a 27-call list needs no 26 presses of →), else
// the top or the bottom of the transcript.
func (s *Screen) jump(first bool) {
	switch {
	case s.req != nil && first:
		s.cursor, s.status = 0, ""
	case s.req != nil:
		s.cursor, s.status = len(s.req.Choices)-1, ""
	case first:
		s.scroll = len(s.lines)
	default:
		s.scroll = 0
	}
}

// footer is the keys that do something now, on as many lines as the
// width needs: after the session there is no hint and nothing to take
// back.
func (s *Screen) footer(w int) []string {
	keys := []string{"←/→ move", "Home/End first/last", "enter choose", "? hint", "u take back", "PgUp/PgDn scroll", "q leave"}
	if coached, ok := s.coachFooter(); ok {
		keys = coached
	} else if s.req == nil {
		keys = []string{"PgUp/PgDn scroll", "Home/End top/bottom", "q leave"}
		if s.practice != nil && s.done && s.err == nil {
			keys = append([]string{"n next deal", "a play this deal again"}, keys...)
		}
	}
	var out []string
	for _, l := range fitWords(keys, " · ", w) {
		out = append(out, styleHelp.Render(l))
	}
	return out
}

// fitWords joins the parts with sep into lines no wider than w, breaking
// only between parts (a part wider than w stands on a line of its own).
func fitWords(parts []string, sep string, w int) []string {
	var out []string
	line := ""
	for _, p := range parts {
		switch {
		case line == "":
			line = p
		case ansi.StringWidth(line+sep+p) <= w:
			line += sep + p
		default:
			out = append(out, line)
			line = p
		}
	}
	return append(out, line)
}

// wrap breaks text into lines no wider than the screen: nothing is cut.
func (s *Screen) wrap(text string) []string {
	w := max(20, s.width)
	var out []string
	for _, l := range strings.Split(text, "\n") {
		if lipgloss.Width(l) <= w {
			out = append(out, l)
			continue
		}
		indent := len(l) - len(strings.TrimLeft(l, " "))
		for i, part := range strings.Split(wrapAtSpaces(strings.TrimLeft(l, " "), w-indent-2), "\n") {
			pad := indent
			if i > 0 {
				pad += 2 // a continued line stands in
			}
			out = append(out, strings.Repeat(" ", pad)+part)
		}
	}
	return out
}

// wrapAtSpaces wraps text at limit columns, breaking only at spaces:
// reflow's default also breaks after a hyphen and then lets the line run
// one column over ("A-K of hearts" at the edge).
func wrapAtSpaces(text string, limit int) string {
	ww := wordwrap.NewWriter(limit)
	ww.Breakpoints = nil
	_, _ = ww.Write([]byte(text))
	_ = ww.Close()
	return ww.String()
}

func (s *Screen) View() string {
	w := max(20, s.width)
	rule := styleHelp.Render(strings.Repeat("─", w))
	var bottom []string
	if s.req != nil {
		bottom = append(bottom, s.wrap(s.req.Prompt)...)
		// the choices on as many rows as they need
		row, width := "", 0
		for i, c := range s.req.Choices {
			style := styleIllegal
			switch {
			case i == s.cursor:
				style = styleCursor
			case c.OK:
				style = styleLegal
			}
			if c.Red && colour {
				style = style.Foreground(styleRed.GetForeground())
			}
			lw := lipgloss.Width(c.Label) + 1
			if width > 0 && width+lw > w {
				bottom = append(bottom, row)
				row, width = "", 0
			}
			row += " " + style.Render(c.Label)
			width += lw
		}
		bottom = append(bottom, row)
	}
	question := len(bottom)
	bottom = append(bottom, s.wrap(s.status)...)
	bottom = append(bottom, s.footer(w)...)
	full, short := s.panel(w)
	coach := s.coachLines(s.height - len(full) - len(bottom) - 5 - 3) // what the transcript's least can spare
	panel := full
	if len(full) > 0 && len(full)+len(coach)+len(bottom)+5+3 > s.height || s.coach != nil && len(coach) == 0 && len(full) > len(short) {
		// too low for it all: the panel a row a line, the coach in
		// what that frees, down to one line of the transcript
		panel = short
		if s.status == "" { // no blank line where the status stands empty
			bottom = slices.Delete(bottom, question, question+1)
		}
		coach = s.coachLines(s.height - len(panel) - len(bottom) - 4 - 1)
		panel = short[:max(1, min(len(short), s.height-len(coach)-len(bottom)-4-1))]
	}
	bottom = append(coach, bottom...)

	var body []string
	for _, l := range s.lines {
		body = append(body, s.wrap(l)...)
	}
	// three lines of the transcript at least, unless the screen is too
	// low for them: the title, two rules and the scroll mark stand too
	room := max(1, min(max(3, s.height-len(panel)-len(bottom)-5), s.height-len(panel)-len(bottom)-4))
	s.scroll = min(s.scroll, max(0, len(body)-room))
	end := len(body) - s.scroll
	body = body[max(0, end-room):end]

	var b strings.Builder
	title := s.titleLine(w)
	b.WriteString(styleTitle.Render(title) + "\n")
	if len(panel) > 0 {
		b.WriteString(strings.Join(panel, "\n") + "\n")
	}
	b.WriteString(rule + "\n")
	b.WriteString(strings.Join(body, "\n") + "\n")
	if s.scroll > 0 {
		b.WriteString(styleHelp.Render(fmt.Sprintf("(%d lines below: PgDn)", s.scroll)) + "\n")
	}
	b.WriteString(rule + "\n")
	b.WriteString(strings.Join(bottom, "\n"))
	return b.String()
}

// panel is the table at a glance, each line wrapped whole (full) and
// each cut to one row (short, for a screen too low for full: its last
// lines, the least needed, are then left out first).
func (s *Screen) panel(w int) (full, short []string) {
	if !s.sess.InDeal() && !s.sess.Game().Over() {
		return nil, nil
	}
	for _, l := range s.p.Status(s.sess.Game(), s.sess.Table()) {
		full = append(full, s.wrap(l)...)
		short = append(short, ansi.Truncate(l, w, "…"))
	}
	return full, short
}

// titleLine is the title with the deal under way, the practice's seed
// and rung, what a coached deal teaches, cut to the width w.
func (s *Screen) titleLine(w int) string {
	title := s.title
	if begun, planned, whole := s.sess.Progress(); planned > 1 && !whole {
		title = fmt.Sprintf("%s · deal %d of %d", title, begun, planned)
	} else if whole {
		title = fmt.Sprintf("%s · deal %d", title, begun)
	}
	if s.practice != nil {
		title = fmt.Sprintf("%s · seed %d", title, s.practice.Seed)
		if l := s.practice.Ladder; l != nil {
			title += " · " + l.Standing()
		}
	}
	return ansi.Truncate(s.coachTitle(title), w, "…") // a long ruleset's title must not wrap the screen
}

// plain is a card's name without colour, for a choice the screen styles.
func (s *Screen) plain(c cards.Card) string {
	if s.p.ASCII {
		return s.p.Ruleset.Deck.Name(c)
	}
	return s.p.Ruleset.Deck.Pretty(c)
}

func (s *Screen) red(c cards.Card) bool {
	red := s.p.Ruleset.Deck.Red
	return int(c.Suit()) < len(red) && red[c.Suit()]
}
