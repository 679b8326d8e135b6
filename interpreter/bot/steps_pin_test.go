package bot_test

import (
	"crypto/sha256"
	"fmt"
	"hash"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/preference-rules/pref/interpreter/bot"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/rulesets"
)

// noted is a player that writes each decision of its inner player, with
// the reason given, into a digest.
type noted struct {
	game.Player
	why func() string
	h   hash.Hash
}

func (p noted) Choose(g *game.Game, legal []game.Action) game.Action {
	a := p.Player.Choose(g, legal)
	fmt.Fprintf(p.h, "%v %d %d %x %v: %s\n", a.Phase, a.Seat, a.Value, uint64(a.Cards), a.Concede, p.why())
	return a
}

// pinnedChoices are the digests of every decision and reason of the
// strong player (on a small budget, counted in the solver's nodes, so the
// same on any machine) and the simple one, in deals of each embedded
// ruleset, as they were when the bots' long functions were cut into named
// steps (issue 25): the steps must choose to the byte as the functions did.
var pinnedChoices = map[string]string{
	"american-1909":            "3483782c1019cf19",
	"austrian-1829":            "ba1da80df64a8c88",
	"austrian-1829-pot-tenth":  "c7985a5344b5059e",
	"austrian-modern":          "fca8218b9db51759",
	"danube-swabian":           "585142a7c31df776",
	"illustrated":              "c4ab9d32068ead4e",
	"illustrated-six-in-a-row": "c4ab9d32068ead4e",
	"leningrad":                "e9da8386a1cf59c6",
	"rostov":                   "68b2a369cefbb698",
	"serbian":                  "bd3384e49aadf6b0",
	"simple-pot":               "dc6d6c7507edd82b",
	"sochi":                    "121188757900e30e",
	"vienna-pot":               "573abe7e3bb4f094",
	"west-balkans":             "34b1c3461f359cf2",
}

// TestChoicesAsPinned plays two deals of each embedded ruleset with
// strong players in every seat and six with simple ones, and compares
// the digest of every decision and reason with pinnedChoices. With
// PREF_PIN=1 it prints the digests instead.
func TestChoicesAsPinned(t *testing.T) {
	for _, name := range rulesets.Names() {
		r, err := rulesets.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		h := sha256.New()
		for d := 0; d < 8; d++ {
			players := make([]game.Player, r.Hands)
			for i := range players {
				if d < 2 {
					b := fast(uint64(d*7 + i))
					players[i] = noted{b, b.Reason, h}
				} else {
					b := &bot.Simple{}
					players[i] = noted{b, b.Reason, h}
				}
			}
			g := game.New(r, players)
			g.Deal(rand.New(rand.NewPCG(uint64(d), 25)))
			if err := g.Run(); err != nil {
				t.Fatalf("%s deal %d: %v", name, d, err)
			}
		}
		got := fmt.Sprintf("%x", h.Sum(nil))[:16]
		if os.Getenv("PREF_PIN") != "" {
			fmt.Printf("\t%q: %q,\n", name, got)
			continue
		}
		if want := pinnedChoices[name]; got != want {
			t.Errorf("%s: the bots chose otherwise: digest %s, pinned %s", name, got, want)
		}
	}
}
