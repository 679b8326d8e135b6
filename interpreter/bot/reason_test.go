package bot_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/preference-rules/pref/interpreter/bot"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/rulesets"
)

// recorder asks a Simple player and checks, after each decision, the words
// Reason puts together when asked.
type recorder struct {
	b     bot.Simple
	t     *testing.T
	name  string
	bids  int // bids checked
	hands int // of them, hand bids (whose name is built with " hand")
}

func (p *recorder) Choose(g *game.Game, legal []game.Action) game.Action {
	a := p.b.Choose(g, legal)
	why := p.b.Reason()
	switch {
	case why == "":
		p.t.Errorf("%s: %s decision without a reason", p.name, a.Phase)
	case a.Phase == game.PhaseAuction && a.Value != game.Pass:
		call := g.R.Ladder[a.Value]
		want := "expects enough tricks for " + g.R.CallName(call)
		if call.Hand {
			p.hands++
		}
		// or a cheaper bid for a higher game announced after the talon
		if above, ok := strings.CutPrefix(why, "bids no more than needed, for a game to announce after the talon: "); ok {
			ci, known := g.R.ContractByName(above)
			if !known || ci <= call.Contract || !g.R.Exchange.AtLeastBid {
				p.t.Errorf("%s: bid %d: reason %q names no higher contract it may announce", p.name, a.Value, why)
			}
		} else if why != want {
			p.t.Errorf("%s: bid %d: reason %q, want %q", p.name, a.Value, why, want)
		}
		p.bids++
	case a.Phase == game.PhaseOffer && a.Value == game.Yes:
		if c, ok := strings.CutPrefix(why, "the hand is good enough for "); !ok {
			p.t.Errorf("%s: offer taken: reason %q", p.name, why)
		} else if _, known := g.R.ContractByName(c); !known {
			p.t.Errorf("%s: offer taken for %q, no contract", p.name, c)
		}
	}
	return a
}

// TestReasonWords: the reasons Simple gives, now put together only when
// asked, read as they always did: a bid names the call, a hand bid with
// " hand", an offer taken the contract.
func TestReasonWords(t *testing.T) {
	bids, hands := 0, 0
	for _, name := range rulesets.Names() {
		r, _ := rulesets.Open(name)
		ps := make([]game.Player, r.Hands)
		recs := make([]*recorder, r.Hands)
		for i := range ps {
			recs[i] = &recorder{t: t, name: name}
			ps[i] = recs[i]
		}
		g := game.New(r, ps)
		rng := rand.New(rand.NewPCG(1, 2))
		for range 200 {
			g.Deal(rng)
			if err := g.Run(); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
		}
		for _, rec := range recs {
			bids += rec.bids
			hands += rec.hands
		}
	}
	if bids == 0 || hands == 0 {
		t.Errorf("%d bids, %d hand bids checked: the test sees too little", bids, hands)
	}
}
