package terminal

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	"github.com/preference-rules/pref/rulesets"
	"github.com/preference-rules/pref/tutorial"
)

// nextLesson goes on to the next lesson with key (right or enter),
// answering the questions of the lesson on screen rightly on the way.
func nextLesson(s *TutorialScreen, key string) {
	page := s.page
	for i := 0; i < 100 && s.page == page && !s.inDeal; i++ {
		if c := s.check; c != nil && !c.done {
			press(s, string(rune('1'+c.qs[c.i].Answer)))
			continue
		}
		press(s, key)
	}
}

// A lesson's questions stand between it and the next: Enter at its end
// asks them, Enter alone does not pass a question, a wrong answer may be
// tried again, a second shows the answer and why, and only then Enter
// goes on (issue 27: the learner moves on by answering).
func TestLessonQuestionsAreAnsweredToGoOn(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {60, 20}} {
		s := lessonScreen(t, true, size[0], size[1])
		for len(s.pages[s.page].Questions) == 0 {
			nextLesson(s, "right")
		}
		page := s.page
		for i := 0; s.check == nil; i++ {
			if i > 30 {
				t.Fatal("enter never asks the lesson's questions")
			}
			press(s, "enter")
		}
		if s.page != page {
			t.Fatalf("the questions of lesson %d were skipped", page+1)
		}
		q := s.check.qs[0]
		screen := ansi.Strip(s.View())
		for _, want := range append([]string{"answer with 1 to"}, q.Choices...) {
			if !strings.Contains(screen, want) {
				t.Errorf("%dx%d: the question's screen lacks %q:\n%s", size[0], size[1], want, screen)
			}
		}
		screenFits(t, screen, size[0], size[1])
		press(s, "enter", "right")
		if s.check == nil || s.page != page {
			t.Fatal("enter or → passed a question unanswered")
		}
		wrong := string(rune('1' + (q.Answer+1)%len(q.Choices)))
		press(s, wrong)
		if s.check.done || !strings.Contains(ansi.Strip(s.View()), "Try once more") {
			t.Fatalf("a first wrong answer is not offered a retry:\n%s", ansi.Strip(s.View()))
		}
		press(s, wrong)
		screen = ansi.Strip(s.View())
		if !s.check.done || !strings.Contains(screen, "the answer is") {
			t.Fatalf("a second wrong answer does not show the answer:\n%s", screen)
		}
		screenFits(t, screen, size[0], size[1])
		for i := 0; s.page == page; i++ {
			if i > len(s.check.qs)*3 {
				t.Fatal("the answered questions do not lead on")
			}
			if c := s.check; c != nil && !c.done {
				press(s, string(rune('1'+c.qs[c.i].Answer)))
				continue
			}
			press(s, "enter")
		}
		if s.page != page+1 || s.check != nil {
			t.Fatalf("after the questions: lesson %d, want %d", s.page+1, page+2)
		}
	}
}

// screenFits fails when a line of screen is wider than w or the screen is
// taller than h.
func screenFits(t *testing.T, screen string, w, h int) {
	t.Helper()
	lines := strings.Split(screen, "\n")
	if len(lines) > h {
		t.Errorf("%dx%d: the screen has %d lines", w, h, len(lines))
	}
	for _, l := range lines {
		if ansi.StringWidth(l) > w {
			t.Errorf("%dx%d: a line %d wide: %q", w, h, ansi.StringWidth(l), l)
		}
	}
}

// Every ruleset's first game and full course check understanding: most
// lessons are followed by a question, each with distinct choices and its
// answer among them (issue 27: questions generated from every ruleset's
// data).
func TestEveryRulesetsLessonsAskQuestions(t *testing.T) {
	for _, name := range rulesets.Names() {
		pages := coursePages(t, name, true, true)
		asked := 0
		for _, p := range pages {
			if len(p.Questions) > 0 {
				asked++
			}
			if len(p.Questions) > 2 {
				t.Errorf("%s %s: %d questions, want one or two", name, p.Title, len(p.Questions))
			}
			for _, q := range p.Questions {
				seen := map[string]bool{}
				for _, c := range q.Choices {
					if seen[c] {
						t.Errorf("%s %s: choice %q twice in %q", name, p.Title, c, q.Ask)
					}
					seen[c] = true
				}
				if q.Answer < 0 || q.Answer >= len(q.Choices) || q.Why == "" || q.Ask == "" {
					t.Errorf("%s %s: a question without its answer: %+v", name, p.Title, q)
				}
			}
		}
		if asked < 12 {
			t.Errorf("%s: %d lessons ask a question, want at least 12", name, asked)
		}
	}
}

// The first game's lessons are short: each fits one screen at 80x24, for
// every ruleset (issue 27: a lesson fits a screen or is split; the full
// rules' longer lessons page down with enter, "more below" said).
func TestFirstGameLessonsFitAScreen(t *testing.T) {
	for _, name := range rulesets.Names() {
		r, _ := rulesets.Open(name)
		pages, err := FirstCoursePages(r, false, true)
		if err != nil {
			t.Fatal(err)
		}
		s := NewTutorialScreen(r, pages, &tutorial.Walkthrough{}, 0) // the lessons only: no guided deal is reached
		s.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
		for !s.inDeal && s.page < len(pages) {
			if s.moreBelow() {
				t.Errorf("%s: the first game's lesson %q does not fit 80x24:\n%s", name, pages[s.page].Title, ansi.Strip(s.View()))
			}
			if s.page == len(pages)-1 {
				break
			}
			nextLesson(s, "right")
		}
	}
}
