package terminal

import (
	"fmt"
	"strings"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/preference-rules/pref/internal/app"
	"github.com/preference-rules/pref/internal/termtext"
)

// The exercises from real deals (pref tutorial --exercises), asked at the
// tutorial's full screen too: x at a lesson or at the end of the guided
// deal opens them; each is answered in the text field, a wrong answer
// tried once more, then the answer and why; esc goes back to where the
// learner was.

// exerciseOffer is what the exercises are picked from: the deals of
// seeds from Seed on, at a table of Names, cards named as P names them;
// and, once picked, the exercises (picked is the pick's, err its error),
// so that x again asks the same without playing the deals again.
type exerciseOffer struct {
	names  []string
	seed   uint64
	p      *app.Printer
	picked []app.Exercise
	err    error
	done   bool
}

// exercising is the exercises under way.
type exercising struct {
	list    []app.Exercise
	i       int      // the exercise asked
	misses  int      // wrong answers to it so far
	settled bool     // answered (right, or missed twice): enter goes on
	right   int      // answered right
	said    []string // the answers and the words on them, for exercise i
	over    bool     // every exercise answered
	// placeholder is the field's own, given back when the exercises end
	placeholder string
}

// OfferExercises lets x open the exercises from real deals: the deals of
// seeds from seed on, at a table of names, cards named as p names them.
func (s *TutorialScreen) OfferExercises(names []string, seed uint64, p *app.Printer) {
	s.offer = &exerciseOffer{names: names, seed: seed, p: p}
}

// startExercises is x: the exercises are picked (the analyser checks
// each) and the first asked; false when none are offered.
func (s *TutorialScreen) startExercises() bool {
	if s.offer == nil || s.asking != nil {
		return false
	}
	o := s.offer
	if !o.done {
		o.picked, o.err = app.PickExercises(s.r, o.names, o.seed, o.p)
		o.done = true
	}
	list, err := o.picked, o.err
	if err != nil || len(list) == 0 {
		s.ex = &exercising{over: true, said: []string{"No exercise could be made from these deals."}}
		s.refresh()
		return true
	}
	s.ex = &exercising{list: list, placeholder: s.input.Placeholder}
	s.input.Placeholder = "a card (7S) or a number" // fits 60 columns
	s.input.Reset()
	s.input.Focus()
	s.refresh()
	return true
}

// exerciseKey takes a key while the exercises are on screen.
func (s *TutorialScreen) exerciseKey(msg tea.KeyMsg) (tea.Model, tea.Cmd) {
	ex := s.ex
	switch msg.String() {
	case "esc":
		s.leaveExercises()
		return s, nil
	case "pgup", "pgdown":
		var cmd tea.Cmd
		s.vp, cmd = s.vp.Update(msg)
		return s, cmd
	}
	if ex.over || ex.settled {
		if msg.Type == tea.KeyEnter {
			s.nextExercise()
		}
		return s, nil
	}
	if msg.Type == tea.KeyEnter {
		if answer := strings.TrimSpace(s.input.Value()); answer != "" { // an empty enter is no answer
			s.answerExercise(answer)
		}
		return s, nil
	}
	var cmd tea.Cmd
	s.input, cmd = s.input.Update(msg)
	return s, cmd
}

// leaveExercises goes back to where the learner was before x.
func (s *TutorialScreen) leaveExercises() {
	if s.ex.placeholder != "" {
		s.input.Placeholder = s.ex.placeholder
	}
	s.ex = nil
	s.input.Blur()
	s.refresh()
}

// answerExercise checks the learner's answer to the exercise asked.
func (s *TutorialScreen) answerExercise(answer string) {
	ex := s.ex
	e := &ex.list[ex.i]
	ex.said = append(ex.said, "> "+termtext.Escape(answer))
	s.input.Reset()
	switch {
	case e.Check(answer):
		ex.right++
		ex.settled = true
		ex.said = append(ex.said, termtext.Escape(fmt.Sprintf("Right: %s. %s", e.Answer, e.Why)))
	case ex.misses == 0:
		ex.misses++
		ex.said = append(ex.said, "Not quite. Think again, one more try.")
	default:
		ex.settled = true
		ex.said = append(ex.said, termtext.Escape(fmt.Sprintf("The answer: %s. %s", e.Answer, e.Why)))
	}
	if ex.settled {
		s.input.Blur()
	}
	s.refresh()
}

// nextExercise is enter after an answer: the next exercise, the score
// after the last, and back to where the learner was after that.
func (s *TutorialScreen) nextExercise() {
	ex := s.ex
	switch {
	case ex.over:
		s.leaveExercises()
		return
	case ex.i+1 < len(ex.list):
		ex.i++
		ex.misses, ex.settled, ex.said = 0, false, nil
		s.input.Focus()
	default:
		ex.over = true
		ex.said = []string{fmt.Sprintf("%d of %d right.", ex.right, len(ex.list))}
	}
	s.refresh()
}

// exerciseText is the exercise asked as the screen shows it: the deal at
// the moment asked, the question, its choices, the answers given.
func (s *TutorialScreen) exerciseText() string {
	ex := s.ex
	if ex.over {
		return "Exercises from real deals\n\n" + strings.Join(ex.said, "\n")
	}
	e := &ex.list[ex.i]
	b := new(strings.Builder)
	fmt.Fprintf(b, "Exercise %d of %d: %s (seed %d)\n\n", ex.i+1, len(ex.list), e.Kind, e.Seed)
	for _, l := range e.Setting {
		fmt.Fprintf(b, "  %s\n", termtext.Escape(l))
	}
	fmt.Fprintf(b, "\n%s\n", termtext.Escape(e.Question))
	for k, c := range e.Choices {
		fmt.Fprintf(b, "  %d. %s\n", k+1, termtext.Escape(c))
	}
	for _, l := range ex.said {
		fmt.Fprintf(b, "\n%s", l)
	}
	return b.String()
}

// exerciseKeys is the footer while the exercises are on screen.
func (s *TutorialScreen) exerciseKeys() []string {
	ex := s.ex
	switch {
	case ex.over:
		return []string{"exercises over", "enter/esc back", "ctrl+c quit"}
	case ex.settled:
		return []string{fmt.Sprintf("exercise %d of %d", ex.i+1, len(ex.list)), "enter: next", "PgUp/PgDn scroll", "esc back", "ctrl+c quit"}
	}
	how := "type a card (7S), enter to check"
	if len(ex.list[ex.i].Choices) > 0 {
		how = "type the number, enter to check"
	}
	return []string{fmt.Sprintf("exercise %d of %d", ex.i+1, len(ex.list)), how, "PgUp/PgDn scroll", "esc back", "ctrl+c quit"}
}
