package terminal

import (
	"math/rand/v2"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/preference-rules/pref/internal/app"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/interpreter/record"
	"github.com/preference-rules/pref/interpreter/table"
	"github.com/preference-rules/pref/rulesets"
)

// Leaving in the middle of a deal asks first; with --record the deal so far
// is kept, marked unfinished, and replays step by step without settling.
func TestLeavingKeepsTheDealSoFar(t *testing.T) {
	r, _ := rulesets.Open("austrian-1829")
	tb, _ := table.New(r, []string{"Anton", "Brigitte", "Charlotte"})
	p := &app.Printer{Ruleset: r, ASCII: true, Record: &record.Record{Ruleset: "austrian-1829", Seats: tb.Names}}
	rng := rand.New(rand.NewPCG(23, 0x9e3779b97f4a7c15))
	scr := NewScreen(r.Title, app.NewSession(p, tb, rng, 1, nil, "Anton"), p, "Anton")
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
	for scr.sess.Game().NTricks < 2 && !scr.done {
		press("?", "enter") // the advised choice, up to the third trick
	}
	if cmd := press("q"); cmd != nil || !strings.Contains(scr.status, "Press q again") {
		t.Fatalf("the first q must ask, not leave: status %q", scr.status)
	}
	if cmd := press("q"); cmd == nil {
		t.Fatal("the second q must leave")
	}
	if len(p.Record.Deals) != 1 || !p.Record.Deals[0].Unfinished {
		t.Fatalf("want one unfinished deal in the record, got %+v", p.Record.Deals)
	}
	data, err := record.Marshal(p.Record)
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
	p := &app.Printer{Ruleset: r, ASCII: true}
	rng := rand.New(rand.NewPCG(23, 0x9e3779b97f4a7c15))
	scr := NewScreen(r.Title, app.NewSession(p, tb, rng, 1, nil, "Anton"), p, "Anton")
	key := func(k tea.KeyType) { scr.Update(tea.KeyMsg{Type: k}) }
	for i := 0; scr.sess.Game().Phase() != game.PhaseDiscard; i++ {
		if i > 20 || scr.done {
			t.Fatal("Anton never came to discard")
		}
		scr.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("?")})
		key(tea.KeyEnter)
	}
	key(tea.KeyEnter) // the first card
	key(tea.KeyEnter) // the second
	if !strings.Contains(scr.req.Prompt, "Lay aside") || scr.sess.Game().Phase() != game.PhaseDiscard {
		t.Fatalf("two cards picked: want a confirmation, got %q in %v", scr.req.Prompt, scr.sess.Game().Phase())
	}
	key(tea.KeyRight) // choose again
	key(tea.KeyEnter)
	if scr.laid != 0 || !strings.Contains(scr.req.Prompt, "(1 of 2)") {
		t.Fatalf("choose again: laid %v, prompt %q", scr.laid, scr.req.Prompt)
	}
	key(tea.KeyEnter)
	key(tea.KeyEnter)
	key(tea.KeyEnter) // lay them aside
	if ph := scr.sess.Game().Phase(); ph == game.PhaseDiscard || scr.sess.Game().Laid.Count() != 2 {
		t.Fatalf("confirmed: phase %v, laid %v", ph, scr.sess.Game().Laid)
	}
}
