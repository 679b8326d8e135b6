package terminal

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/textinput"
	"github.com/charmbracelet/bubbles/viewport"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
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
	playNext     bool             // p at the end: play a deal yourself now
	walk         *tutorial.Walkthrough
	step         int
	inDeal, done bool
	transcript   []string
	asking       *tutorial.Quiz
	right, asked int
	input        textinput.Model
	vp           viewport.Model
	ready        bool
}

// TutorialPage is a lesson as shown.
type TutorialPage struct{ Title, Text string }

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

// PlayNext reports whether the learner, the guided deal over, asked to play
// a deal of his own now.
func (s *TutorialScreen) PlayNext() bool { return s.playNext }

func (s *TutorialScreen) Init() tea.Cmd { return nil }

func (s *TutorialScreen) content() string {
	if !s.inDeal {
		if len(s.pages) == 0 {
			return ""
		}
		return s.pages[s.page].Text
	}
	return strings.Join(s.transcript, "\n")
}

func (s *TutorialScreen) refresh() {
	s.vp.SetContent(lipgloss.NewStyle().Width(s.vp.Width).Render(s.content())) // wrapped to the screen
	if s.inDeal {
		s.vp.GotoBottom()
	} else {
		s.vp.GotoTop()
	}
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
		switch msg.String() {
		case "enter", " ", "n", "right":
			switch {
			case s.inDeal:
				s.next()
			case s.page < len(s.pages)-1:
				s.page++
			default:
				s.startDeal()
			}
			s.refresh()
			return s, nil
		case "left", "b":
			if !s.inDeal && s.page > 0 {
				s.page--
				s.refresh()
			}
			return s, nil
		case "p": // the guided deal is over: play one yourself
			if s.done {
				s.playNext = true
				s.Save(s.lessonReached())
				return s, tea.Quit
			}
			return s, nil
		case "r": // start over
			if !s.inDeal {
				s.page = 0
				s.refresh()
			}
			return s, nil
		}
	}
	var cmd tea.Cmd
	s.vp, cmd = s.vp.Update(msg) // scrolling
	return s, cmd
}

// next shows the next step of the deal, asking its question if it has one.
func (s *TutorialScreen) next() {
	if s.step >= len(s.walk.Steps) {
		if !s.done {
			s.done = true
			s.transcript = append(s.transcript, "", fmt.Sprintf("Score: %d of %d.", s.right, s.asked),
				"", "Now play a deal yourself against the computer: press p (later: pref play --seat Anton).")
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
	title := ""
	if s.page < len(s.pages) {
		title = s.pages[s.page].Title
	}
	help := fmt.Sprintf("lesson %d of %d: %s · enter/→ next · ← back · ↑/↓ scroll · q quit (your place is kept)", s.page+1, len(s.pages), title)
	if s.resumed {
		help = "welcome back: " + help + " · r start over"
	}
	switch {
	case s.asking != nil:
		help = fmt.Sprintf("guided deal, step %d of %d · type your answer, enter to check · ctrl+c quit", s.step, len(s.walk.Steps))
	case s.done:
		help = fmt.Sprintf("the guided deal is over: score %d of %d · p: play a deal yourself now · ↑/↓ scroll · q quit", s.right, s.asked)
	case s.inDeal:
		help = fmt.Sprintf("guided deal, step %d of %d · question %d of %d, %d right · enter: next step · ↑/↓ scroll · q quit", s.step, len(s.walk.Steps), s.asked, s.walk.Quizzes, s.right)
	}
	field := ""
	if s.asking != nil {
		field = s.input.View()
	}
	return s.vp.View() + "\n" + field + "\n" + styleHelp.Render(help)
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
		text, err := tutorial.Render(termtext.Escape(p.Markdown), plain, 80)
		if err != nil {
			return nil, &app.Failed{Err: fmt.Errorf("rendering: %v", err)}
		}
		out[i] = TutorialPage{Title: termtext.Escape(p.Title), Text: text}
	}
	return out, nil
}
