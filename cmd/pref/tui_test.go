package main

import (
	"bytes"
	"io"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/exp/teatest"
	"github.com/preference-rules/pref/internal/app"
	"github.com/preference-rules/pref/internal/terminal"
	"github.com/preference-rules/pref/interpreter/table"
	"github.com/preference-rules/pref/rulesets"
)

// waitFor reads the screen's output until one of the texts appears and says which.
func waitFor(t *testing.T, out io.Reader, texts ...string) string {
	t.Helper()
	found := ""
	teatest.WaitFor(t, out, func(b []byte) bool {
		for _, s := range texts {
			if bytes.Contains(b, []byte(s)) {
				found = s
				return true
			}
		}
		return false
	}, teatest.WithDuration(10*time.Second), teatest.WithCheckInterval(5*time.Millisecond))
	return found
}

// TestFullScreenPlay drives the full-screen seat with keys through a whole
// deal: a hint, a choice, an illegal card refused with the rule it breaks,
// then the deal played to its settlement.
func TestFullScreenPlay(t *testing.T) {
	r, _ := rulesets.Open("austrian-1829")
	tb, _ := table.New(r, []string{"Anton", "Brigitte", "Charlotte"})
	p := newPrinter(nil, r, true, "", false)
	rng := rand.New(rand.NewPCG(1, 0x9e3779b97f4a7c15))
	tm := teatest.NewTestModel(t, terminal.NewScreen(r.Title, app.NewSession(p, tb, rng, 1, nil, "Anton"), p, "Anton"), teatest.WithInitialTermSize(110, 45))

	key := func(k tea.KeyType) { tm.Send(tea.KeyMsg{Type: k}) }
	runes := func(s string) { tm.Send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(s)}) }
	out := tm.Output()

	// The first prompt, with the keys shown at the bottom of the same screen.
	teatest.WaitFor(t, out, func(b []byte) bool {
		return bytes.Contains(b, []byte("Your call:")) && bytes.Contains(b, []byte("enter choose"))
	}, teatest.WithDuration(10*time.Second))
	runes("?")
	waitFor(t, out, "hint: pass")
	key(tea.KeyEnter)
	waitFor(t, out, "Become declarer?")
	key(tea.KeyEnter) // no: the cursor starts there
	waitFor(t, out, "Defend, or pass?")
	runes("u") // take back the no
	teatest.WaitFor(t, out, func(b []byte) bool {
		return bytes.Contains(b, []byte("Taken back")) && bytes.Contains(b, []byte("Become declarer?"))
	}, teatest.WithDuration(10*time.Second))
	key(tea.KeyEnter) // no again
	waitFor(t, out, "Defend, or pass?")
	key(tea.KeyEnter) // defend
	waitFor(t, out, "Trick 1 so far")
	key(tea.KeyLeft) // from 9S, the only legal card, to 7D
	key(tea.KeyEnter)
	waitFor(t, out, "7D is not legal: you must follow suit: spades was led")
	for i := 0; i < 40; i++ {
		runes("?") // the advised card is always legal
		key(tea.KeyEnter)
		if waitFor(t, out, "Your card", "The session is over") == "The session is over" {
			break
		}
	}
	runes("q")
	tm.WaitFinished(t, teatest.WithFinalTimeout(5*time.Second))
	s := tm.FinalModel(t).(*terminal.Screen)
	if !s.Done() || s.Err() != nil {
		t.Fatalf("session done %v, error %v", s.Done(), s.Err())
	}
	transcript := strings.Join(s.Transcript(), "\n")
	for _, want := range []string{"Brigitte   (cards hidden)", "Settlement", "Anton: "} {
		if !strings.Contains(transcript, want) {
			t.Errorf("the transcript does not show %q", want)
		}
	}
}
