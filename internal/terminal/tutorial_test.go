package terminal

import (
	"fmt"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/exp/teatest"
	"github.com/preference-rules/pref/rulesets"
	"github.com/preference-rules/pref/tutorial"
)

// TestTutorialScreen drives the full-screen tutorial with keys: from the
// lessons into the guided deal, a right answer, a wrong one with the rule
// quoted, and the score kept.
func TestTutorialScreen(t *testing.T) {
	r, _ := rulesets.Open("austrian-1829")
	pages := coursePages(t, "austrian-1829", true, true)
	w, err := tutorial.Walk(r, 1, []string{"Anton", "Brigitte", "Charlotte"}, true)
	if err != nil {
		t.Fatal(err)
	}
	// from the last lesson (the lessons' questions are learn_check_test.go's)
	screen := newSteppedScreen(NewTutorialScreen(r, pages, w, len(pages)-1))
	tm := teatest.NewTestModel(t, screen, teatest.WithInitialTermSize(120, 40))
	out := tm.Output()
	waitFor(t, out, "welcome back") // the lessons, keys and progress at the bottom
	// Steps repaint only the lines that change: Enter until the screen
	// says a question is asked, then wait for the question's own prompt.
	toQuestion := func() {
		screen.forget()
		for i := 0; i < 60; i++ {
			tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
			if screen.taken(t) {
				waitFor(t, out, "type your answer")
				return
			}
		}
		t.Fatal("no question came")
	}
	toQuestion() // which cards may Anton play: JH
	tm.Type("jh")
	tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	waitFor(t, out, "Right: JH")
	toQuestion() // who wins trick 1: Charlotte
	tm.Type("Brigitte")
	tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	waitFor(t, out, "Not quite: the answer is Charlotte")
	tm.Send(tea.KeyMsg{Type: tea.KeyCtrlC})
	tm.WaitFinished(t, teatest.WithFinalTimeout(5*time.Second))
	s := tm.FinalModel(t).(steppedScreen).TutorialScreen
	if s.asked != 2 || s.right != 1 {
		t.Fatalf("score %d of %d, want 1 of 2", s.right, s.asked)
	}
	if !strings.Contains(strings.Join(s.transcript, "\n"), "The rule: the highest trump wins") {
		t.Fatal("the wrong answer's rule is not in the transcript")
	}
}

func TestTutorialScreenIgnoresEmptyAnswer(t *testing.T) {
	r, _ := rulesets.Open("austrian-1829")
	w, _ := tutorial.Walk(r, 1, []string{"Anton", "Brigitte", "Charlotte"}, true)
	s := NewTutorialScreen(r, []TutorialPage{{Title: "one", Text: "lessons"}}, w, 0)
	s.Update(tea.WindowSizeMsg{Width: 80, Height: 30})
	for i := 0; i < 60 && s.asking == nil; i++ {
		s.Update(tea.KeyMsg{Type: tea.KeyEnter})
	}
	if s.asking == nil {
		t.Fatal("no question")
	}
	s.Update(tea.KeyMsg{Type: tea.KeyEnter})
	if s.asking == nil || s.asked != 0 {
		t.Fatalf("an empty Enter was taken as an answer (asked %d)", s.asked)
	}
}

func TestPagerScrolls(t *testing.T) {
	var lines []string
	for i := 1; i <= 100; i++ {
		lines = append(lines, fmt.Sprintf("line %d", i))
	}
	p := &Pager{Text: strings.Join(lines, "\n")}
	p.Update(tea.WindowSizeMsg{Width: 40, Height: 11})
	if v := p.View(); !strings.Contains(v, "line 10") || strings.Contains(v, "line 11") || !strings.Contains(v, "q quit") {
		t.Fatalf("first page:\n%s", v)
	}
	p.Update(tea.KeyMsg{Type: tea.KeyPgDown})
	if v := p.View(); strings.Contains(v, "line 10\n") || !strings.Contains(v, "line 20") {
		t.Fatalf("after pgdown:\n%s", v)
	}
	if _, cmd := p.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("q")}); cmd == nil {
		t.Fatal("q does not quit")
	}
}

// The lesson reached is kept when the learner leaves, and the tutorial
// resumes there: a lesson, or the guided deal.
func TestTutorialResumesWhereLeft(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	r, _ := rulesets.Open("austrian-1829")
	pages := coursePages(t, "austrian-1829", true, true)
	w, _ := tutorial.Walk(r, 1, []string{"Anton", "Brigitte", "Charlotte"}, true)
	if LoadProgress(r.Name) != 0 {
		t.Fatal("progress before any lesson")
	}
	s := NewTutorialScreen(r, pages, w, 0)
	s.Save = func(l int) { SaveProgress(r.Name, l) }
	s.Update(tea.WindowSizeMsg{Width: 80, Height: 30})
	for range 3 { // → goes on to the next lesson (Enter scrolls a long one first), its questions answered
		nextLesson(s, "right")
	}
	if !strings.Contains(s.View(), "lesson 4 of") {
		t.Fatalf("three pages on, the screen says:\n%s", s.View())
	}
	if _, cmd := s.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("q")}); cmd == nil {
		t.Fatal("q does not leave")
	}
	if got := LoadProgress(r.Name); got != 3 {
		t.Fatalf("kept lesson %d, want 3", got)
	}
	again := NewTutorialScreen(r, pages, w, LoadProgress(r.Name))
	again.Update(tea.WindowSizeMsg{Width: 80, Height: 30})
	if v := again.View(); !strings.Contains(v, "welcome back: lesson 4 of") || !strings.Contains(v, pages[3].Title) {
		t.Fatalf("resumed screen:\n%s", v)
	}
	deal := NewTutorialScreen(r, pages, w, len(pages))
	if !deal.inDeal {
		t.Fatal("a learner who left in the guided deal resumes at the lessons")
	}
}
