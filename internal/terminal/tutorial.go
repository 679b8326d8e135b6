package terminal

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/textinput"
	"github.com/charmbracelet/bubbles/viewport"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/preference-rules/pref/internal/app"
	"github.com/preference-rules/pref/internal/termtext"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/tutorial"
)

// TutorialScreen pages through the lessons, then walks the guided deal one
// step per key, asking its questions in a text field.
type TutorialScreen struct {
	r            *ruleset.Ruleset
	pages        []TutorialPage // the lessons, rendered
	page         int
	resumed      bool
	Save         func(lesson int) // keeps the lesson reached, when leaving
	playNext     bool             // p at the end, or c: play a coached deal now
	walk         *tutorial.Walkthrough
	step         int
	inDeal, done bool
	transcript   []string
	asking       *tutorial.Quiz
	right, asked int
	input        textinput.Model
	vp           viewport.Model
	ready        bool
	height       int // the terminal's
}

// TutorialPage is a lesson as shown: its Text rendered for 80 columns, and
// its Markdown (escaped), which the screen renders again for the width it
// has.
type TutorialPage struct {
	Title, Text string
	markdown    string
	plain       bool
}

// NewTutorialScreen starts at lesson start (len(pages): the guided deal),
// where the learner left off last time.
func NewTutorialScreen(r *ruleset.Ruleset, pages []TutorialPage, w *tutorial.Walkthrough, start int) *TutorialScreen {
	in := textinput.New()
	in.Placeholder = "your answer (cards like 7S 8D, all, hearts; a name; an amount)"
	s := &TutorialScreen{r: r, pages: pages, walk: w, input: in, Save: func(int) {}}
	if start > 0 && start <= len(pages) {
		s.resumed = true
		s.page = start
		if start == len(pages) {
			s.page = len(pages) - 1
			s.startDeal()
		}
	}
	return s
}

func (s *TutorialScreen) startDeal() {
	s.inDeal = true
	s.transcript = []string{fmt.Sprintf("A guided deal (seed %d)", s.walk.Seed), ""}
	s.next()
}

// lessonReached is what is kept when the learner leaves: the lesson on
// screen, or len(pages) for the guided deal.
func (s *TutorialScreen) lessonReached() int {
	if s.inDeal {
		return len(s.pages)
	}
	return s.page
}

// PlayNext reports whether the learner asked to play a coached deal of
// his own now (p at the end of the guided deal, c any time).
func (s *TutorialScreen) PlayNext() bool { return s.playNext }

func (s *TutorialScreen) Init() tea.Cmd { return nil }

func (s *TutorialScreen) content() string {
	if !s.inDeal {
		if len(s.pages) == 0 {
			return ""
		}
		pg := s.pages[s.page]
		if pg.markdown != "" { // laid out for the width there is, not for 80
			if text, err := renderLesson(pg.markdown, pg.plain, s.vp.Width); err == nil {
				return text
			}
		}
		return pg.Text
	}
	return strings.Join(s.transcript, "\n")
}

func (s *TutorialScreen) refresh() {
	s.layout()
	s.vp.SetContent(lipgloss.NewStyle().Width(s.vp.Width).Render(s.content())) // wrapped to the screen
	if s.inDeal {
		s.vp.GotoBottom()
	} else {
		s.vp.GotoTop()
	}
}

// layout gives the text what the answer field and the footer leave of
// the terminal's height (the footer takes as many lines as the width
// needs).
func (s *TutorialScreen) layout() {
	for range 2 { // the footer's length depends on whether more is below, which depends on the height
		s.vp.Height = max(1, s.height-1-len(s.footer()))
	}
}

// moreBelow reports whether the lesson on screen goes on below it.
func (s *TutorialScreen) moreBelow() bool {
	return !s.inDeal && s.vp.TotalLineCount() > s.vp.Height && !s.vp.AtBottom()
}

func (s *TutorialScreen) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		if !s.ready {
			s.vp = viewport.New(msg.Width, msg.Height-3)
			s.ready = true
		} else {
			s.vp.Width, s.vp.Height = msg.Width, msg.Height-3
		}
		s.height = msg.Height
		s.refresh()
		return s, nil
	case tea.KeyMsg:
		if msg.String() == "ctrl+c" || (msg.String() == "q" && s.asking == nil) {
			s.Save(s.lessonReached())
			return s, tea.Quit
		}
		if s.asking != nil {
			if msg.Type == tea.KeyEnter {
				if strings.TrimSpace(s.input.Value()) != "" { // an empty Enter is no answer
					s.answer(s.input.Value())
				}
				return s, nil
			}
			var cmd tea.Cmd
			s.input, cmd = s.input.Update(msg)
			return s, cmd
		}
		s.resumed = false
		if done, cmd := s.pageKey(msg.String()); done {
			return s, cmd
		}
	}
	var cmd tea.Cmd
	s.vp, cmd = s.vp.Update(msg) // scrolling
	s.layout()
	return s, cmd
}

// pageKey handles a key of the lessons and of the guided deal's steps;
// done false: the key is the viewport's (scrolling).
func (s *TutorialScreen) pageKey(key string) (done bool, cmd tea.Cmd) {
	switch key {
	case "enter", " ":
		if s.moreBelow() { // the rest of the lesson before the next one
			s.vp.PageDown()
			s.layout()
			return true, nil
		}
		s.forward()
		return true, nil
	case "n", "right":
		s.forward()
		return true, nil
	case "home":
		s.vp.GotoTop()
		s.layout()
		return true, nil
	case "end":
		s.vp.GotoBottom()
		s.layout()
		return true, nil
	case "left", "b":
		if !s.inDeal && s.page > 0 {
			s.page--
			s.refresh()
		}
		return true, nil
	case "p", "c": // the guided deal is over (or, c, any time): play a coached deal yourself
		if s.done || (key == "c" && s.asking == nil) {
			s.playNext = true
			s.Save(s.lessonReached())
			return true, tea.Quit
		}
		return true, nil
	case "r": // start over
		if !s.inDeal {
			s.page = 0
			s.refresh()
		}
		return true, nil
	}
	return false, nil
}

// forward is the next lesson, the guided deal after the last one, or the
// deal's next step.
func (s *TutorialScreen) forward() {
	switch {
	case s.inDeal:
		s.next()
	case s.page < len(s.pages)-1:
		s.page++
	default:
		s.startDeal()
	}
	s.refresh()
}

// next shows the next step of the deal, asking its question if it has one.
func (s *TutorialScreen) next() {
	if s.step >= len(s.walk.Steps) {
		if !s.done {
			s.done = true
			s.transcript = append(s.transcript, "", fmt.Sprintf("Score: %d of %d.", s.right, s.asked),
				"", "Now play a deal yourself, a coach beside you: press p (later: pref tutorial --coached).")
		}
		return
	}
	st := s.walk.Steps[s.step]
	s.step++
	if st.Text != "" {
		s.transcript = append(s.transcript, st.Text, "")
	}
	if st.Quiz != nil {
		s.asking = st.Quiz
		s.transcript = append(s.transcript, "Question: "+st.Quiz.Question)
		s.input.Reset()
		s.input.Focus()
	} else if st.Text == "" {
		s.next()
	}
}

func (s *TutorialScreen) answer(a string) {
	q := s.asking
	s.asking = nil
	s.input.Blur()
	s.asked++
	s.transcript = append(s.transcript, "> "+a)
	if q.Check(s.r, a) {
		s.right++
		s.transcript = append(s.transcript, "Right: "+q.Shown+".", "")
	} else {
		s.transcript = append(s.transcript, fmt.Sprintf("Not quite: the answer is %s. The rule: %s.", q.Shown, q.Why), "")
	}
	s.refresh()
}

func (s *TutorialScreen) View() string {
	if !s.ready {
		return "…"
	}
	field := ""
	if s.asking != nil {
		field = s.input.View()
	}
	var help []string
	for _, l := range s.footer() {
		help = append(help, styleHelp.Render(l))
	}
	return s.vp.View() + "\n" + field + "\n" + strings.Join(help, "\n")
}

// footer is where the learner is and the keys that work, broken between
// keys to fit the width; "more below" while the lesson goes on below the
// screen, where Enter scrolls.
func (s *TutorialScreen) footer() []string {
	title := ""
	if s.page < len(s.pages) {
		title = s.pages[s.page].Title
	}
	var keys []string
	switch {
	case s.asking != nil:
		keys = []string{fmt.Sprintf("guided deal, step %d of %d", s.step, len(s.walk.Steps)), "type your answer, enter to check", "ctrl+c quit"}
	case s.done:
		keys = []string{fmt.Sprintf("the guided deal is over: score %d of %d", s.right, s.asked), "p: play a deal yourself now, coached", "↑/↓ scroll", "q quit"}
	case s.inDeal:
		keys = []string{fmt.Sprintf("guided deal, step %d of %d", s.step, len(s.walk.Steps)), fmt.Sprintf("question %d of %d, %d right", s.asked, s.walk.Quizzes, s.right), "enter: next step", "↑/↓ scroll", "q quit"}
	default:
		keys = s.lessonKeys(title)
	}
	w := max(20, s.vp.Width)
	for i, k := range keys {
		keys[i] = ansi.Truncate(k, w, "…")
	}
	return fitWords(keys, " · ", w)
}

// lessonKeys is the footer of a lesson.
func (s *TutorialScreen) lessonKeys(title string) []string {
	where := fmt.Sprintf("lesson %d of %d: %s", s.page+1, len(s.pages), title)
	if s.resumed {
		where = "welcome back: " + where
	}
	keys := []string{where, "enter/→ next"}
	if s.moreBelow() {
		keys = []string{where, "▼ more below: enter scrolls", "→ next lesson"}
	}
	keys = append(keys, "← back", "↑/↓ scroll", "c coached deal", "q quit (your place is kept)")
	if s.resumed {
		keys = append(keys, "r start over")
	}
	return keys
}

// CoursePages renders the lessons one page each.
func CoursePages(r *ruleset.Ruleset, ascii, plain bool) ([]TutorialPage, error) {
	pages, err := tutorial.CoursePages(r, ascii)
	if err != nil {
		return nil, &app.Failed{Err: fmt.Errorf("lessons: %v", err)}
	}
	out := make([]TutorialPage, len(pages))
	for i, p := range pages {
		// The ruleset's text, shown, never obeyed (as in pref rules).
		md := termtext.Escape(p.Markdown)
		text, err := renderLesson(md, plain, 80)
		if err != nil {
			return nil, &app.Failed{Err: fmt.Errorf("rendering: %v", err)}
		}
		out[i] = TutorialPage{Title: termtext.Escape(p.Title), Text: text, markdown: md, plain: plain}
	}
	return out, nil
}
