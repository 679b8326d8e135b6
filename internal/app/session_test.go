package app

import (
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/interpreter/money"
	"github.com/preference-rules/pref/interpreter/settle"
	"github.com/preference-rules/pref/interpreter/table"
	"github.com/preference-rules/pref/rulesets"
)

// printer is a printer for the tests, its ledger written plainly (pref
// settle's own words are cmd/pref's).
func printer(t *testing.T, name string, out io.Writer) (*Printer, *table.Table) {
	t.Helper()
	r, err := rulesets.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	tb, err := table.New(r, []string{"Anton", "Brigitte", "Charlotte"})
	if err != nil {
		t.Fatal(err)
	}
	p := &Printer{Out: out, Ruleset: r, ASCII: true,
		PrintLedger: func(w io.Writer, l *settle.Ledger, _ money.Amount) error {
			_, err := fmt.Fprintf(w, "net: %v\n", l.Net())
			return err
		},
		PrintSheet: func(io.Writer, *settle.Ledger) {},
	}
	return p, tb
}

// A front end steps a session with a person's seat left open: Next stops
// at each of the person's decisions, Take refuses what breaks a rule and
// changes nothing, Restore goes back to a Snapshot within the deal, and
// the session ends after the deals asked for.
func TestSessionSteppedByAFrontEnd(t *testing.T) {
	var out bytes.Buffer
	p, tb := printer(t, "austrian-1829", &out)
	s := NewSession(p, tb, rand.New(rand.NewPCG(23, 0x9e3779b97f4a7c15)), 2, nil, "Anton")
	advice := NewAdviser("simple")
	restored := false
	for steps := 0; ; steps++ {
		if steps > 500 {
			t.Fatal("the session never ends")
		}
		legal, err := s.Next()
		if err != nil {
			t.Fatal(err)
		}
		if legal == nil {
			break
		}
		g := s.Game()
		if name := p.SeatName(legal[0].Seat); name != "Anton" && !g.Open {
			t.Fatalf("Next stopped at %s's decision", name)
		}
		a := advice.Choose(g, legal)
		before := g.State.Clone()
		bad := legal[0]
		bad.Phase = game.PhaseContra + 100 // no phase: refused
		if err := s.Take(bad); err == nil {
			t.Fatal("an action of no phase was taken")
		}
		if g.Phase() != before.Phase() || g.NTricks != before.NTricks {
			t.Fatal("a refused action changed the deal")
		}
		if !restored && g.Phase() == game.PhasePlay {
			snap, lines := s.Snapshot(), out.Len()
			if err := s.Take(a); err != nil {
				t.Fatal(err)
			}
			if !s.Restore(snap) || s.Game().CurrentTrick().N != before.CurrentTrick().N {
				t.Fatal("Restore did not go back to the snapshot")
			}
			out.Truncate(lines)
			restored = true
			continue
		}
		if err := s.Take(a); err != nil {
			t.Fatal(err)
		}
	}
	begun, planned, whole := s.Progress()
	if begun != 2 || planned != 2 || whole || s.InDeal() {
		t.Fatalf("progress %d of %d (whole %v, in a deal %v), want 2 of 2", begun, planned, whole, s.InDeal())
	}
	if !restored {
		t.Fatal("Anton never played a card: nothing was taken back")
	}
	if got := strings.Count(out.String(), "\nSettlement\n"); got != 2 {
		t.Fatalf("%d settlements told, want 2:\n%s", got, out.String())
	}
}

// Among computers Play gives the same transcript for the same seed.
func TestPlayIsRepeatable(t *testing.T) {
	var a, b bytes.Buffer
	for _, out := range []*bytes.Buffer{&a, &b} {
		p, tb := printer(t, "sochi", out)
		if err := Play(p, tb, rand.New(rand.NewPCG(5, 1)), 3, nil, ""); err != nil {
			t.Fatal(err)
		}
	}
	if a.String() != b.String() || !strings.Contains(a.String(), "deal 3 of 3") {
		t.Fatalf("two runs of one seed differ, or three deals were not played:\n%s\n---\n%s", a.String(), b.String())
	}
}
