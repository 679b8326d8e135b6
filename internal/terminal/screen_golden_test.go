package terminal

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	"github.com/preference-rules/pref/internal/app"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/interpreter/table"
	"github.com/preference-rules/pref/rulesets"
)

// TestScreenCaptures drives the full screen with keys (the advised choice
// each time) to a point of a deal and compares what a 110 x 35 terminal
// shows, colour removed, with testdata/screens: read them when they
// change. In mid-deal the contract, its trumps, each defender's choice,
// the last trick and the tricks won are on screen, for a declarer and for
// a defender; the sochi call row shows every call.
func TestScreenCaptures(t *testing.T) {
	tests := []struct {
		name, ruleset string
		seed          uint64
		until         func(g *game.Game) bool
		want          []string // on screen, whatever the golden says
	}{
		{"austrian-1829-declarer", "austrian-1829", 23, afterTricks(4),
			[]string{"Contract: Anton plays spades, trumps spades", "Defence: Brigitte plays · Charlotte drops out", "Last trick (4):", "Tricks won: Anton 4 · Brigitte 0", "Pot 720"}},
		{"sochi-defender", "sochi", 76, afterTricks(4),
			[]string{"Contract: Charlotte plays misère, no trumps", "Defence: Anton plays · Brigitte plays", "Last trick (4):", "Tricks won: Anton 2 · Brigitte 2 · Charlotte 0", "Sheet: Anton: pool 0"}},
		{"sochi-calls", "sochi", 2, func(*game.Game) bool { return true },
			[]string{"Auction: no call yet", " pass 6-spades", "10-no-trump"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, _ := rulesets.Open(tc.ruleset)
			tb, _ := table.New(r, []string{"Anton", "Brigitte", "Charlotte"})
			p := &app.Printer{Ruleset: r}
			rng := rand.New(rand.NewPCG(tc.seed, 0x9e3779b97f4a7c15))
			scr := NewScreen(r.Title, app.NewSession(p, tb, rng, 1, nil, "Anton"), p, "Anton")
			scr.Update(tea.WindowSizeMsg{Width: 110, Height: 35})
			for i := 0; !tc.until(scr.sess.Game()); i++ {
				if scr.done || i > 200 {
					t.Fatalf("the deal ended before the point captured")
				}
				scr.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("?")})
				scr.Update(tea.KeyMsg{Type: tea.KeyEnter})
			}
			got := ansi.Strip(scr.View()) + "\n"
			for _, w := range tc.want {
				if !strings.Contains(got, w) {
					t.Errorf("the screen does not show %q:\n%s", w, got)
				}
			}
			for _, l := range strings.Split(got, "\n") {
				if w := ansi.StringWidth(l); w > 110 {
					t.Errorf("a line %d wide, beyond the terminal's 110: %q", w, l)
				}
			}
			golden := filepath.Join("testdata", "screens", tc.name+".txt")
			if updating() {
				if err := os.MkdirAll(filepath.Dir(golden), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (-update writes it; read it before committing)", err)
			}
			if got != string(want) {
				t.Errorf("the screen differs from %s:\n--- got\n%s\n--- want\n%s", golden, got, want)
			}
		})
	}
}

// afterTricks is true once n tricks are played and the person is to play.
func afterTricks(n int) func(g *game.Game) bool {
	return func(g *game.Game) bool { return g.Phase() == game.PhasePlay && g.NTricks >= n }
}
