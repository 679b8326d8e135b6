package main

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/textinput"
	"github.com/charmbracelet/bubbles/viewport"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/tutorial"
)

// tutorialScreen pages through the lessons, then walks the guided deal one
// step per key, asking its questions in a text field.
type tutorialScreen struct {
	r            *ruleset.Ruleset
	lessons      string
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

func newTutorialScreen(r *ruleset.Ruleset, lessons string, w *tutorial.Walkthrough) *tutorialScreen {
	in := textinput.New()
	in.Placeholder = "your answer (cards like 7S 8D, or a name, or an amount)"
	return &tutorialScreen{r: r, lessons: lessons, walk: w, input: in}
}

func (s *tutorialScreen) Init() tea.Cmd { return nil }

func (s *tutorialScreen) content() string {
	if !s.inDeal {
		return s.lessons
	}
	return strings.Join(s.transcript, "\n")
}

func (s *tutorialScreen) refresh() {
	s.vp.SetContent(lipgloss.NewStyle().Width(s.vp.Width).Render(s.content())) // wrapped to the screen
	if s.inDeal {
		s.vp.GotoBottom()
	}
}

func (s *tutorialScreen) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
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
		switch msg.String() {
		case "enter", " ", "n", "right":
			if !s.inDeal {
				s.inDeal = true
				s.transcript = []string{"A guided deal", ""}
			}
			s.next()
			s.refresh()
			return s, nil
		}
	}
	var cmd tea.Cmd
	s.vp, cmd = s.vp.Update(msg) // scrolling
	return s, cmd
}

// next shows the next step of the deal, asking its question if it has one.
func (s *tutorialScreen) next() {
	if s.step >= len(s.walk.Steps) {
		if !s.done {
			s.done = true
			s.transcript = append(s.transcript, "", fmt.Sprintf("Score: %d of %d.", s.right, s.asked))
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

func (s *tutorialScreen) answer(a string) {
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

func (s *tutorialScreen) View() string {
	if !s.ready {
		return "…"
	}
	help := "↑/↓ scroll · enter: the guided deal · q quit"
	switch {
	case s.asking != nil:
		help = "type your answer, enter to check · ctrl+c quit"
	case s.done:
		help = fmt.Sprintf("score %d of %d · ↑/↓ scroll · q quit", s.right, s.asked)
	case s.inDeal:
		help = "enter: next step · ↑/↓ scroll · q quit"
	}
	field := ""
	if s.asking != nil {
		field = s.input.View()
	}
	return s.vp.View() + "\n" + field + "\n" + styleHelp.Render(help)
}
