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
	pages        []tutorialPage // the lessons, rendered
	page         int
	resumed      bool
	save         func(lesson int) // keeps the lesson reached, when leaving
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

// tutorialPage is a lesson as shown.
type tutorialPage struct{ Title, Text string }

// newTutorialScreen starts at lesson start (len(pages): the guided deal),
// where the learner left off last time.
func newTutorialScreen(r *ruleset.Ruleset, pages []tutorialPage, w *tutorial.Walkthrough, start int) *tutorialScreen {
	in := textinput.New()
	in.Placeholder = "your answer (cards like 7S 8D, all, hearts; a name; an amount)"
	s := &tutorialScreen{r: r, pages: pages, walk: w, input: in, save: func(int) {}}
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

func (s *tutorialScreen) startDeal() {
	s.inDeal = true
	s.transcript = []string{fmt.Sprintf("A guided deal (seed %d)", s.walk.Seed), ""}
	s.next()
}

// lessonReached is what is kept when the learner leaves: the lesson on
// screen, or len(pages) for the guided deal.
func (s *tutorialScreen) lessonReached() int {
	if s.inDeal {
		return len(s.pages)
	}
	return s.page
}

func (s *tutorialScreen) Init() tea.Cmd { return nil }

func (s *tutorialScreen) content() string {
	if !s.inDeal {
		if len(s.pages) == 0 {
			return ""
		}
		return s.pages[s.page].Text
	}
	return strings.Join(s.transcript, "\n")
}

func (s *tutorialScreen) refresh() {
	s.vp.SetContent(lipgloss.NewStyle().Width(s.vp.Width).Render(s.content())) // wrapped to the screen
	if s.inDeal {
		s.vp.GotoBottom()
	} else {
		s.vp.GotoTop()
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
			s.save(s.lessonReached())
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
				s.save(s.lessonReached())
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
func (s *tutorialScreen) next() {
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
