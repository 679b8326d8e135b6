package bot_test

import (
	"math/rand/v2"
	"testing"

	"github.com/preference-rules/pref/interpreter/bot"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/rulesets"
)

// benchDeals plays one deal per iteration (of a fixed run of seeds) of
// ruleset name with the players made by player.
func benchDeals(b *testing.B, name string, player func(seed uint64) game.Player) {
	r, err := rulesets.Open(name)
	if err != nil {
		b.Fatal(err)
	}
	players := make([]game.Player, r.Hands)
	b.ResetTimer()
	for n := 0; n < b.N; n++ {
		d := uint64(n % 16)
		for i := range players {
			players[i] = player(d*7 + uint64(i))
		}
		g := game.New(r, players)
		g.Deal(rand.New(rand.NewPCG(d, 25)))
		if err := g.Run(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkStrongDeal: whole deals of sochi by strong players on a small
// budget (their auction, decisions and cards: bid, sampled).
func BenchmarkStrongDeal(b *testing.B) {
	benchDeals(b, "sochi", func(seed uint64) game.Player { return fast(seed) })
}

// BenchmarkSimpleDeal: whole deals of sochi by simple players (play).
func BenchmarkSimpleDeal(b *testing.B) {
	benchDeals(b, "sochi", func(uint64) game.Player { return &bot.Simple{} })
}
