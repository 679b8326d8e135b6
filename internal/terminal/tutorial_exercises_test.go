package terminal

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	"github.com/preference-rules/pref/internal/app"
)

// The exercises open from a lesson of the full-screen tutorial (x, shown
// in the footer), at 80x24 and 60x20: each screen fits, the question and
// the field stay in sight, a wrong answer gets one more try and then the
// answer with why; after the last the score; esc goes back to the lesson
// the learner was at (issue 27).
func TestExercisesAtTheTutorialScreen(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {60, 20}} {
		w, h := size[0], size[1]
		s := lessonScreen(t, true, w, h)
		s.OfferExercises(defaultNames[:s.r.Hands], 1, &app.Printer{Ruleset: s.r, ASCII: true})
		s.Update(tea.WindowSizeMsg{Width: w, Height: h})
		nextLesson(s, "right")
		page := s.page
		if !strings.Contains(tutorialText(s), "x exercises") {
			t.Fatalf("%dx%d: the lesson's footer does not offer the exercises:\n%s", w, h, ansi.Strip(s.View()))
		}
		press(s, "x")
		if s.ex == nil || len(s.ex.list) == 0 {
			t.Fatalf("%dx%d: x opened no exercise:\n%s", w, h, ansi.Strip(s.View()))
		}
		n := len(s.ex.list)
		for i := 0; i < n; i++ {
			lines := screenLines(s)
			if len(lines) > h || !strings.Contains(tutorialText(s), "enter to check") {
				t.Fatalf("%dx%d: exercise %d shows %d lines, or no field:\n%s", w, h, i+1, len(lines), ansi.Strip(s.View()))
			}
			for _, l := range lines {
				if ansi.StringWidth(l) > w {
					t.Fatalf("%dx%d: a line %d wide: %q", w, h, ansi.StringWidth(l), l)
				}
			}
			typeText(s, "zz")
			press(s, "enter")
			if !strings.Contains(tutorialText(s), "one more try") {
				t.Fatalf("%dx%d: a wrong answer is not given a second try:\n%s", w, h, ansi.Strip(s.View()))
			}
			typeText(s, "zz")
			press(s, "enter")
			if !strings.Contains(tutorialText(s), "The answer:") {
				t.Fatalf("%dx%d: a second miss does not show the answer:\n%s", w, h, ansi.Strip(s.View()))
			}
			press(s, "enter")
		}
		if !strings.Contains(tutorialText(s), "0 of 3 right") && !strings.Contains(tutorialText(s), "right.") {
			t.Fatalf("%dx%d: no score after the last exercise:\n%s", w, h, ansi.Strip(s.View()))
		}
		press(s, "enter")
		if s.ex != nil || s.page != page {
			t.Fatalf("%dx%d: after the exercises: at lesson %d, not %d", w, h, s.page, page)
		}
	}
}

// typeText types text into the screen's field, a key a rune.
func typeText(m tea.Model, text string) {
	for _, r := range text {
		m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}})
	}
}

// tutorialText is the tutorial's screen as one line of words.
func tutorialText(m tea.Model) string {
	return strings.Join(strings.Fields(strings.Join(screenLines(m), " ")), " ")
}
