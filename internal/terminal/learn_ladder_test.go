package terminal

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/preference-rules/pref/internal/app"
	"github.com/preference-rules/pref/interpreter/table"
	"github.com/preference-rules/pref/rulesets"
)

// ladderPractice is practice of austrian-1829 at seat Anton on the
// ladder kept for it, from seed 1, each n the next seed.
func ladderPractice(t *testing.T) (*Screen, *app.Printer) {
	t.Helper()
	r, _ := rulesets.Open("austrian-1829")
	p := withLedger(&app.Printer{Ruleset: r, ASCII: true, Bots: "simple"})
	next := uint64(1)
	pr := &Practice{Seed: 1, Again: "pref play --seat Anton --seed %d",
		NewSeed: func() uint64 { next++; return next },
		Ladder:  LoadLadder(r.Name, true),
		Deal: func(seed uint64) (*app.Session, error) {
			tb, err := table.New(r, defaultNames[:r.Hands])
			return app.NewSession(p, tb, rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15)), 1, nil, "Anton"), err
		}}
	scr, err := NewPracticeScreen(r.Title, p, "Anton", pr)
	if err != nil {
		t.Fatal(err)
	}
	scr.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	return scr, p
}

// The practice ladder: against the simple players first; each deal won
// (a game made, a game beaten in defence) is counted and kept in the
// user's configuration directory; at the last win before the next rung
// the strong players sit down from the next deal, and the rung is kept
// for the next practice (issue 27).
func TestPracticeLadderClimbs(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	t.Setenv("HOME", t.TempDir())
	kept := ladderPath("austrian-1829")
	if err := os.MkdirAll(filepath.Dir(kept), 0o755); err != nil {
		t.Fatal(err)
	}
	// one win short of the strong players
	if err := os.WriteFile(kept, []byte("0 2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	scr, p := ladderPractice(t)
	if title := screenLines(scr)[0]; !strings.Contains(title, "vs simple, 2/3 won") || p.Bots != "simple" {
		t.Fatalf("the title: %q, players %s", title, p.Bots)
	}
	climbed := false
	for deal := 0; deal < 40 && !climbed; deal++ {
		playOut(t, scr)
		climbed = strings.Contains(screenText(scr), "the strong players sit down from the next deal")
		if !climbed {
			press(scr, "n")
		}
	}
	if !climbed {
		t.Fatal("no deal of 40 was won")
	}
	if data, _ := os.ReadFile(kept); string(data) != "1 0\n" {
		t.Fatalf("kept: %q", data)
	}
	if strings.Contains(screenText(scr), "--bots") {
		t.Fatalf("a deal against the simple players dealt again with --bots: %s", screenText(scr))
	}
	press(scr, "n")
	if title := screenLines(scr)[0]; !strings.Contains(title, "vs strong") || p.Bots != "strong" {
		t.Fatalf("after the climb: %q, players %s", title, p.Bots)
	}
	playOut(t, scr)
	if !strings.Contains(screenText(scr), fmt.Sprintf("--seed %d --bots strong deals it again", scr.practice.Seed)) {
		t.Fatalf("a deal against the strong players is dealt again without them: %s", screenText(scr))
	}
	// the next practice starts on the rung reached
	if again, p := ladderPractice(t); p.Bots != "strong" || !strings.Contains(screenLines(again)[0], "vs strong") {
		t.Fatalf("the next practice: %q, players %s", screenLines(again)[0], p.Bots)
	}
}

// A deal played again (a) does not count on the ladder: the same deal
// cannot be won over and over.
func TestPracticeLadderAgainDoesNotCount(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	t.Setenv("HOME", t.TempDir())
	scr, _ := ladderPractice(t)
	for deal := 0; deal < 40; deal++ {
		playOut(t, scr)
		if strings.Contains(screenText(scr), "Won: 1 of 3") {
			break
		}
		press(scr, "n")
	}
	press(scr, "a")
	playOut(t, scr)
	if strings.Contains(screenText(scr), "Won: 2 of 3") || scr.practice.Ladder.Wins != 1 {
		t.Fatalf("a deal played again counted: %d wins\n%s", scr.practice.Ladder.Wins, screenText(scr))
	}
}

// The ladder's file is only ever a regular file replaced whole: where a
// directory or a link stands at its path, nothing is written through it,
// and a broken file reads as the first rung.
func TestPracticeLadderFile(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	t.Setenv("HOME", t.TempDir())
	kept := ladderPath("austrian-1829")
	if err := os.MkdirAll(filepath.Dir(kept), 0o755); err != nil {
		t.Fatal(err)
	}
	other := filepath.Join(t.TempDir(), "other")
	if err := os.WriteFile(other, []byte("precious\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(other, kept); err != nil {
		t.Fatal(err)
	}
	l := LoadLadder("austrian-1829", true)
	l.Rung = 1
	l.Save()
	if data, _ := os.ReadFile(other); string(data) != "precious\n" {
		t.Fatalf("written through a link: %q", data)
	}
	if fi, err := os.Lstat(kept); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Fatalf("the link was replaced: %v %v", fi.Mode(), err)
	}
	os.Remove(kept)
	for _, broken := range []string{"", "7 0\n", "0 -1\n", "x y\n", "0 3\n", "0 1 2\n"} {
		if err := os.WriteFile(kept, []byte(broken), 0o644); err != nil {
			t.Fatal(err)
		}
		if l := LoadLadder("austrian-1829", true); l.Rung != 0 || l.Wins != 0 {
			t.Errorf("%q read as %+v", broken, l.Ladder)
		}
	}
	if LoadLadder("austrian-1829", false) != nil || ladderPath("../x") != "" || ladderPath("..") != "" {
		t.Error("a ladder where --bots chose, or a path out of the directory")
	}
}
