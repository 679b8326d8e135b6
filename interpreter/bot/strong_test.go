package bot_test

import (
	"math/rand/v2"
	"testing"

	"github.com/preference-rules/pref/interpreter/bot"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/rulesets"
)

// The strong player completes deals of every embedded ruleset with legal
// cards only (the game refuses any other), beside simple players.
func TestStrongPlaysLegalCards(t *testing.T) {
	for _, name := range rulesets.Names() {
		r, _ := rulesets.Open(name)
		for seed := uint64(1); seed <= 3; seed++ {
			strong := bot.NewStrong(seed)
			strong.Samples = 3
			players := []game.Player{strong, &bot.Simple{}, &bot.Simple{}}
			g := game.New(r, players)
			g.Deal(rand.New(rand.NewPCG(seed, 1)))
			if err := g.Run(); err != nil {
				t.Fatalf("%s seed %d: %v", name, seed, err)
			}
		}
	}
}
