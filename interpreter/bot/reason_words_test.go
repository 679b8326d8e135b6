package bot_test

import (
	"math/rand/v2"
	"regexp"
	"testing"

	"github.com/preference-rules/pref/interpreter/bot"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/rulesets"
)

// doublingRecorder keeps the reasons of the doubling decisions.
type doublingRecorder struct {
	b       bot.Simple
	reasons map[string]bot.Reasoned
}

func (p *doublingRecorder) Choose(g *game.Game, legal []game.Action) game.Action {
	a := p.b.Choose(g, legal)
	if a.Phase == game.PhaseContra || a.Phase == game.PhaseRecontra {
		p.reasons[p.b.Reason()] = p.b.Reasoned()
	}
	return a
}

// TestReasonsSayTheTablesDoublings: at a table that calls the doublings
// kontra, rekontra (serbian's call_words), the simple player's reasons
// for a doubling decision say those words, never the English contra,
// and carry a key of their own (the coach matches the key). Seen failing
// before the reasons took the table's word ("no contra").
func TestReasonsSayTheTablesDoublings(t *testing.T) {
	r, err := rulesets.Open("serbian")
	if err != nil {
		t.Fatal(err)
	}
	rec := &doublingRecorder{reasons: map[string]bot.Reasoned{}}
	ps := make([]game.Player, r.Hands)
	for i := range ps {
		ps[i] = rec
	}
	g := game.New(r, ps)
	rng := rand.New(rand.NewPCG(3, 4))
	for range 300 {
		g.Deal(rng)
		if err := g.Run(); err != nil {
			t.Fatal(err)
		}
	}
	english := regexp.MustCompile(`\b(contra|recontra|subcontra)\b`)
	table := regexp.MustCompile(`\b(kontra|rekontra|subkontra)\b`)
	keys := map[bot.Why]bool{}
	for why, data := range rec.reasons {
		if english.MatchString(why) {
			t.Errorf("reason %q says the English doubling; the table says kontra", why)
		}
		if !table.MatchString(why) {
			t.Errorf("reason %q names no doubling in the table's words", why)
		}
		if data.Key == bot.WhyOwnWords {
			t.Errorf("reason %q has no key", why)
		}
		keys[data.Key] = true
	}
	if len(keys) < 2 {
		t.Errorf("only %d kinds of doubling reasons in 300 deals: %v", len(keys), rec.reasons)
	}
}
