package app

import (
	"strings"
	"testing"
	"time"

	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/rulesets"
)

// The strong hint keeps to its budget on the clock (strong-timed's cut)
// and says so when it was cut short; a hint within its budget says
// nothing of the kind.
func TestStrongHintSaysItWasCutShort(t *testing.T) {
	r, err := rulesets.Open("austrian-1829")
	if err != nil {
		t.Fatal(err)
	}
	g := game.New(r, make([]game.Player, r.Hands))
	g.Deal(DealRand(3))
	legal := g.Choices()
	h := NewAdviser("strong").(*clockedHint)
	if !h.WallClock {
		t.Fatal("the strong hint does not keep to its budget on the clock")
	}
	h.Budget = time.Nanosecond // any search passes it
	h.Choose(g, legal)
	if why := Why(h); !strings.HasSuffix(why, hintCut) {
		t.Errorf("a hint past its budget does not say it was cut short: %q", why)
	}
	h.Budget = time.Hour
	h.Choose(g, legal)
	if why := Why(h); strings.Contains(why, "cut short") {
		t.Errorf("a hint within its budget says it was cut short: %q", why)
	}
}
