package terminal

import (
	"regexp"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	"github.com/preference-rules/pref/rulesets"
	"github.com/preference-rules/pref/tutorial"
)

// lessonScreen is austrian-1829's tutorial at a terminal w x h, at the
// first lesson; plain: the lessons rendered without colour (NO_COLOR).
func lessonScreen(t *testing.T, plain bool, w, h int) *TutorialScreen {
	t.Helper()
	r, _ := rulesets.Open("austrian-1829")
	pages := coursePages(t, "austrian-1829", false, plain)
	walk, err := tutorial.Walk(r, 1, defaultNames[:r.Hands], false)
	if err != nil {
		t.Fatal(err)
	}
	s := NewTutorialScreen(r, pages, walk, 0)
	s.Update(tea.WindowSizeMsg{Width: w, Height: h})
	return s
}

// A lesson longer than the screen is not skipped by Enter: Enter scrolls
// it first, and the screen says there is more below (issue 27: Enter went
// on to the next lesson with text still hidden).
func TestEnterScrollsALongLessonFirst(t *testing.T) {
	// at 60x20: at 80x24 a lesson longer than the screen is split into pages
	s := lessonScreen(t, true, 60, 20)
	for s.vp.TotalLineCount() <= s.vp.Height {
		if s.page == len(s.pages)-1 {
			t.Fatal("no lesson is longer than 60x20")
		}
		nextLesson(s, "right")
	}
	page := s.page
	if v := ansi.Strip(s.View()); !strings.Contains(v, "more below") {
		t.Errorf("a lesson with more below does not say so:\n%s", v)
	}
	press(s, "enter")
	if s.page != page || s.vp.YOffset == 0 {
		t.Fatalf("enter on a lesson with more below: lesson %d (was %d), scrolled %d lines", s.page, page, s.vp.YOffset)
	}
	for i := 0; !s.vp.AtBottom(); i++ {
		if i > 20 || s.page != page {
			t.Fatal("enter did not scroll to the lesson's end")
		}
		press(s, "enter")
	}
	if strings.Contains(ansi.Strip(s.View()), "more below") {
		t.Error("at the lesson's end the screen still says more below")
	}
	nextLesson(s, "enter") // the lesson's questions first, answered
	if s.page != page+1 {
		t.Fatalf("enter at the lesson's end: lesson %d, want %d", s.page, page+1)
	}
}

// At 80x24 and 60x20 every line fits and the footer keeps its keys; the
// lessons are laid out for the real width (issue 27: at 80 columns the
// footer lost "↑/↓ scroll"; at 60 the text laid out for 80 wrapped
// raggedly: a line's tail on a line of its own, without the margin).
func TestLessonsFitTheTerminal(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {60, 20}} {
		for _, plain := range []bool{true, false} {
			s := lessonScreen(t, plain, size[0], size[1])
			for page := 0; page < len(s.pages); page++ {
				lines := strings.Split(ansi.Strip(s.View()), "\n")
				for _, l := range lines {
					if w := ansi.StringWidth(l); w > size[0] {
						t.Errorf("%dx%d plain %v lesson %d: a line %d wide: %q", size[0], size[1], plain, page+1, w, l)
					}
				}
				all := strings.Join(lines, "\n")
				if !strings.Contains(all, "scroll") || !strings.Contains(all, "q quit") {
					t.Errorf("%dx%d plain %v lesson %d: the footer lost its keys:\n%s", size[0], size[1], plain, page+1, all)
				}
				if l := raggedLine(ansi.Strip(s.vp.View()), size[0]); l != "" {
					t.Errorf("%dx%d plain %v lesson %d: a ragged line: %q", size[0], size[1], plain, page+1, l)
				}
				nextLesson(s, "right")
			}
		}
	}
}

// paragraphLine is a line of a paragraph's text, at the lesson's margin.
var paragraphLine = regexp.MustCompile(`^  [A-Za-z(]`)

// raggedLine is a line that shows text laid out for another width: a
// line outside the margin, or a paragraph's line so short that the next
// line's first word would have fitted on it; "" when there is none.
func raggedLine(text string, w int) string {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		if strings.TrimSpace(l) != "" && !strings.HasPrefix(l, " ") {
			return l
		}
		if i+1 == len(lines) || !paragraphLine.MatchString(l) || !paragraphLine.MatchString(lines[i+1]) {
			continue
		}
		a := strings.TrimRight(l, " ")
		if next := strings.Fields(lines[i+1])[0]; ansi.StringWidth(a)+1+ansi.StringWidth(next) <= w-4 {
			return a + " / " + lines[i+1]
		}
	}
	return ""
}

// The lessons show no Markdown markers: headings without "##", strong
// words without "**", with colour and without (issue 27).
func TestLessonsShowNoMarkdownMarkers(t *testing.T) {
	for _, plain := range []bool{true, false} {
		s := lessonScreen(t, plain, 100, 32)
		for page := range s.pages {
			text := ansi.Strip(s.vp.View())
			for _, marker := range []string{"## ", "**"} {
				if strings.Contains(text, marker) {
					t.Errorf("plain %v lesson %d shows %q:\n%s", plain, page+1, marker, text)
				}
			}
			nextLesson(s, "right")
		}
	}
}
