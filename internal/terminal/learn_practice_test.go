package terminal

import (
	"math/rand/v2"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	"github.com/preference-rules/pref/internal/app"
	"github.com/preference-rules/pref/interpreter/table"
	"github.com/preference-rules/pref/rulesets"
)

// Practice at the table: the seed is in the title; at the end of the deal
// a deals the same hands again and n a new deal, whose seed is shown
// (issue 27: every launch dealt seed 1, one deal, no next-deal key).
func TestPracticeAgainAndNextDeal(t *testing.T) {
	r, _ := rulesets.Open("austrian-1829")
	p := withLedger(&app.Printer{Ruleset: r, ASCII: true})
	next := uint64(40)
	pr := &Practice{Seed: 3, Again: "pref play --seat Anton --seed %d",
		NewSeed: func() uint64 { next++; return next },
		Deal: func(seed uint64) (*app.Session, error) {
			tb, err := table.New(r, defaultNames[:r.Hands])
			return app.NewSession(p, tb, rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15)), 1, nil, "Anton"), err
		}}
	first, err := pr.Deal(3)
	if err != nil {
		t.Fatal(err)
	}
	scr := NewScreen(r.Title, first, p, "Anton")
	scr.practice = pr
	scr.Update(tea.WindowSizeMsg{Width: 100, Height: 32})
	hand := func() string { return p.Cards(scr.sess.Game().Hands[0]) } // forehand: Anton in a first deal
	firstHand := hand()
	if title := screenLines(scr)[0]; !strings.Contains(title, "seed 3") {
		t.Fatalf("the title does not show the seed: %q", title)
	}
	playOut(t, scr)
	v := ansi.Strip(scr.View())
	if !strings.Contains(v, "pref play --seat Anton --seed 3 deals it again") || !strings.Contains(v, "n next deal") || !strings.Contains(v, "a play this deal again") {
		t.Fatalf("the end of a practice deal:\n%s", v)
	}
	press(scr, "a")
	if scr.done || hand() != firstHand || !strings.Contains(screenLines(scr)[0], "seed 3") {
		t.Fatalf("a: done %v, hand %s (first %s), title %q", scr.done, hand(), firstHand, screenLines(scr)[0])
	}
	if strings.Contains(strings.Join(scr.Transcript(), "\n"), "Settlement") {
		t.Fatal("the deal played again starts with the last deal's transcript")
	}
	playOut(t, scr)
	press(scr, "n")
	if scr.done || !strings.Contains(screenLines(scr)[0], "seed 41") || hand() == firstHand {
		t.Fatalf("n: done %v, title %q, hand %s", scr.done, screenLines(scr)[0], hand())
	}
}
