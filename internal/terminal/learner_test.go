package terminal

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	"github.com/preference-rules/pref/internal/app"
	"github.com/preference-rules/pref/interpreter/table"
	"github.com/preference-rules/pref/rulesets"
	"github.com/preference-rules/pref/tutorial"
)

// TestScriptedLearner: a learner who only presses keys and reads the
// screen goes through every lesson and the guided deal of austrian-1829
// and of sochi, then plays a first deal of his own to its settlement. The
// learner answers each question from the screen alone: the cards the
// question says he holds, or the first player it names, or 0.
func TestScriptedLearner(t *testing.T) {
	for _, name := range []string{"austrian-1829", "sochi"} {
		t.Run(name, func(t *testing.T) {
			t.Setenv("XDG_CONFIG_HOME", t.TempDir())
			r, _ := rulesets.Open(name)
			pages := coursePages(t, name, true, true)
			w, err := tutorial.Walk(r, 1, defaultNames[:r.Hands], true)
			if err != nil {
				t.Fatal(err)
			}
			s := NewTutorialScreen(r, pages, w, 0)
			s.Update(tea.WindowSizeMsg{Width: 110, Height: 35})
			key := func(m tea.Model, k string) {
				msg := tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(k)}
				if k == "enter" {
					msg = tea.KeyMsg{Type: tea.KeyEnter}
				}
				m.Update(msg)
			}
			lessons := map[string]bool{}
			for i := 0; !s.done; i++ {
				if i > 1000 {
					t.Fatal("the tutorial never ends")
				}
				if !s.inDeal {
					lessons[fmt.Sprint(s.page)] = true // the first game's and the full rules' share titles
				}
				if s.check != nil && !s.check.done { // a lesson's question: a choice, read off the screen
					key(s, "1")
					continue
				}
				if s.asking != nil {
					screen := ansi.Strip(s.View())
					screen = screen[max(0, strings.LastIndex(screen, "Question:")):] // the one asked now
					answer := "0"                                                    // an amount
					switch {
					case strings.Contains(screen, "Which cards may"):
						answer = "all" // a guess: everything held
					case strings.Contains(screen, "Who wins it?"):
						answer = "Anton"
					}
					for _, c := range answer {
						key(s, string(c))
					}
				}
				key(s, "enter")
			}
			if len(lessons) != len(pages) {
				t.Errorf("saw %d of %d lessons", len(lessons), len(pages))
			}
			if !strings.Contains(ansi.Strip(s.View()), "p: play a deal yourself") || s.asked != w.Quizzes {
				t.Fatalf("the end of the guided deal (%d of %d asked):\n%s", s.asked, w.Quizzes, ansi.Strip(s.View()))
			}
			if _, cmd := s.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("p")}); cmd == nil || !s.playNext {
				t.Fatal("p does not lead to a deal of one's own")
			}

			// The first deal: the advised choice each time, read off the screen.
			tb, _ := table.New(r, defaultNames[:r.Hands])
			p := withLedger(&app.Printer{Ruleset: r, ASCII: true})
			play := NewScreen(r.Title, app.NewSession(p, tb, rand.New(rand.NewPCG(w.Seed+1, 0x9e3779b97f4a7c15)), 1, nil, "Anton"), p, "Anton")
			play.Update(tea.WindowSizeMsg{Width: 110, Height: 35})
			for i := 0; !play.done; i++ {
				if i > 200 {
					t.Fatal("the first deal never ends")
				}
				key(play, "?")
				key(play, "enter")
			}
			if play.err != nil || !strings.Contains(strings.Join(play.lines, "\n"), "Settlement") {
				t.Fatalf("the first deal: %v\n%s", play.err, strings.Join(play.lines, "\n"))
			}
		})
	}
}
