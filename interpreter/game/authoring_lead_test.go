package game_test

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/preference-rules/pref/internal/allocs"
	"github.com/preference-rules/pref/interpreter/cards"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/rulesets"
)

// leadHouse is a house variant with restrictions on the lead, written as
// a table would: trumps led to the first trick, and the defenders never
// leading a trump while they hold anything else.
const leadHouse = `extends: sochi
name: lead-house
play:
  lead:
    - {trick: 1, must: trump}
    - {by: defenders, may_not: trump}
`

func openLeadHouse(t testing.TB) *ruleset.Ruleset {
	t.Helper()
	path := filepath.Join(t.TempDir(), "lead-house.yaml")
	if err := os.WriteFile(path, []byte(leadHouse), 0o644); err != nil {
		t.Fatal(err)
	}
	r, err := rulesets.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// leadAllowed is what the two rules of leadHouse allow a player leading
// trick with hand, said directly from the rules' words (not through
// deal.Lead): the test's own reading.
func leadAllowed(hand cards.Mask, trump cards.Suit, trick int, defender bool) cards.Mask {
	if trump == cards.NoSuit {
		return hand
	}
	tr := hand.Suit(trump)
	switch {
	case trick == 1 && tr != 0:
		return tr
	case defender && hand&^tr != 0:
		return hand &^ tr
	}
	return hand
}

// The game keeps the lead rules: every lead the bots make obeys them, and
// a lead that breaks one is refused with the rule's words.
func TestLeadRulesBindTheGame(t *testing.T) {
	r := openLeadHouse(t)
	if len(r.Play.Lead) != 2 || r.Play.Lead[0].Words != "the leader must lead a trump to the first trick (when holding one)" {
		t.Fatalf("compiled lead rules: %+v", r.Play.Lead)
	}
	g := game.New(r, bots(r.Hands))
	rng := rand.New(rand.NewPCG(3, 29))
	refused, leads, narrowed := 0, 0, 0
	for d := 0; d < 60; d++ {
		g.Deal(rng)
		for !g.Over() {
			lead := g.Phase() == game.PhasePlay && g.CurrentTrick().N == 0
			seat := g.ToAct()
			var want cards.Mask
			if lead {
				hand := g.Hands[seat]
				want = leadAllowed(hand, g.Trump, g.NTricks+1, g.Declarer >= 0 && seat != g.Declarer)
				if got := g.Legal(seat); got != want {
					t.Fatalf("deal %d trick %d: legal leads %s, the rules allow %s", d, g.NTricks+1, r.Deck.Format(got, false), r.Deck.Format(want, false))
				}
				leads++
				if bad := hand &^ want; bad != 0 {
					narrowed++
					c := bad.Lowest()
					_, err := g.Take(game.Action{Phase: game.PhasePlay, Seat: seat, Cards: c.Bit()})
					if err == nil || !strings.Contains(err.Error(), r.Play.Lead[0].Words) && !strings.Contains(err.Error(), r.Play.Lead[1].Words) {
						t.Fatalf("deal %d: leading %s was not refused with the rule's words: %v", d, r.Deck.Name(c), err)
					}
					if why := g.WhyIllegal(seat, c); !strings.HasPrefix(why, "the rule of the lead: ") {
						t.Fatalf("WhyIllegal: %q", why)
					}
					refused++
				}
			}
			if _, err := g.Take(g.Players[g.Chooser()].Choose(g, g.Choices())); err != nil {
				t.Fatal(err)
			}
			if lead && !want.Has(g.CurrentTrick().Cards[0]) {
				t.Fatalf("deal %d: a lead outside the rules", d)
			}
		}
	}
	if refused == 0 || leads == 0 || narrowed == 0 {
		t.Fatalf("the rules were never put to the test: %d leads, %d refused", leads, refused)
	}
}

// The lead rules keep the per-card path free of allocation: whole deals
// of the lead house, once warm, allocate nothing (as
// TestPlayAllocatesNothing pins for the embedded rulesets).
func TestLeadRulesAllocateNothing(t *testing.T) {
	r := openLeadHouse(t)
	g := game.New(r, bots(r.Hands))
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 100; i++ {
		g.Deal(rng)
		_ = g.Run()
	}
	var err error
	n := allocs.Count(500, func() {
		g.Deal(rng)
		if e := g.Run(); e != nil {
			err = e
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if n != 0 {
		t.Errorf("%d allocations in 500 deals of the lead house", n)
	}
}
