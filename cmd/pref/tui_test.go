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
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/interpreter/record"
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
	p := &printer{r: r, ascii: true}
	rng := rand.New(rand.NewPCG(1, 0x9e3779b97f4a7c15))
	tm := teatest.NewTestModel(t, newScreen(r.Title, newSession(p, tb, rng, 1, nil, "Anton"), p, "Anton"), teatest.WithInitialTermSize(110, 45))

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
	s := tm.FinalModel(t).(*screen)
	if !s.done || s.err != nil {
		t.Fatalf("session done %v, error %v", s.done, s.err)
	}
	transcript := strings.Join(s.lines, "\n")
	for _, want := range []string{"Brigitte   (cards hidden)", "Settlement", "net: Anton "} {
		if !strings.Contains(transcript, want) {
			t.Errorf("the transcript does not show %q", want)
		}
	}
}

// Leaving in the middle of a deal asks first; with --record the deal so far
// is kept, marked unfinished, and replays step by step without settling.
func TestLeavingKeepsTheDealSoFar(t *testing.T) {
	r, _ := rulesets.Open("austrian-1829")
	tb, _ := table.New(r, []string{"Anton", "Brigitte", "Charlotte"})
	p := &printer{r: r, ascii: true, rec: &record.Record{Ruleset: "austrian-1829", Seats: tb.Names}}
	rng := rand.New(rand.NewPCG(23, 0x9e3779b97f4a7c15))
	scr := newScreen(r.Title, newSession(p, tb, rng, 1, nil, "Anton"), p, "Anton")
	press := func(keys ...string) tea.Cmd {
		var cmd tea.Cmd
		for _, k := range keys {
			m := tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(k)}
			if k == "enter" {
				m = tea.KeyMsg{Type: tea.KeyEnter}
			}
			_, cmd = scr.Update(m)
		}
		return cmd
	}
	for scr.sess.g.NTricks < 2 && !scr.done {
		press("?", "enter") // the advised choice, up to the third trick
	}
	if cmd := press("q"); cmd != nil || !strings.Contains(scr.status, "Press q again") {
		t.Fatalf("the first q must ask, not leave: status %q", scr.status)
	}
	if cmd := press("q"); cmd == nil {
		t.Fatal("the second q must leave")
	}
	if len(p.rec.Deals) != 1 || !p.rec.Deals[0].Unfinished {
		t.Fatalf("want one unfinished deal in the record, got %+v", p.rec.Deals)
	}
	data, err := record.Marshal(p.rec)
	if err != nil {
		t.Fatal(err)
	}
	back, err := record.Parse("left.yaml", data)
	if err != nil {
		t.Fatal(err)
	}
	deals, err := record.Replay(back, r)
	if err != nil || len(deals) != 1 || !deals[0].Unfinished || deals[0].Ledger != nil {
		t.Fatalf("replay: %v, %+v\n%s", err, deals, data)
	}
	if got := deals[0].State.NTricks; got != 2 {
		t.Errorf("the replayed deal stops after %d tricks, want 2\n%s", got, data)
	}
}

// A discard is confirmed before it is made: the cards are shown again and
// "choose again" starts over.
func TestDiscardIsConfirmed(t *testing.T) {
	r, _ := rulesets.Open("austrian-1829")
	tb, _ := table.New(r, []string{"Anton", "Brigitte", "Charlotte"})
	p := &printer{r: r, ascii: true}
	rng := rand.New(rand.NewPCG(23, 0x9e3779b97f4a7c15))
	scr := newScreen(r.Title, newSession(p, tb, rng, 1, nil, "Anton"), p, "Anton")
	key := func(k tea.KeyType) { scr.Update(tea.KeyMsg{Type: k}) }
	for i := 0; scr.sess.g.Phase() != game.PhaseDiscard; i++ {
		if i > 20 || scr.done {
			t.Fatal("Anton never came to discard")
		}
		scr.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("?")})
		key(tea.KeyEnter)
	}
	key(tea.KeyEnter) // the first card
	key(tea.KeyEnter) // the second
	if !strings.Contains(scr.req.Prompt, "Lay aside") || scr.sess.g.Phase() != game.PhaseDiscard {
		t.Fatalf("two cards picked: want a confirmation, got %q in %v", scr.req.Prompt, scr.sess.g.Phase())
	}
	key(tea.KeyRight) // choose again
	key(tea.KeyEnter)
	if scr.laid != 0 || !strings.Contains(scr.req.Prompt, "(1 of 2)") {
		t.Fatalf("choose again: laid %v, prompt %q", scr.laid, scr.req.Prompt)
	}
	key(tea.KeyEnter)
	key(tea.KeyEnter)
	key(tea.KeyEnter) // lay them aside
	if ph := scr.sess.g.Phase(); ph == game.PhaseDiscard || scr.sess.g.Laid.Count() != 2 {
		t.Fatalf("confirmed: phase %v, laid %v", ph, scr.sess.g.Laid)
	}
}
