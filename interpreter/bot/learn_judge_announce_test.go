package bot_test

import (
	"math/rand/v2"
	"testing"

	"github.com/preference-rules/pref/interpreter/bot"
	"github.com/preference-rules/pref/interpreter/cards"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/rulesets"
)

// overbidder is a learner who bids call at its first turn (when open),
// and otherwise takes the simple player's advice; the advice it was given
// at the announcement is kept.
type overbidder struct {
	bot.Simple
	call      int
	announced int // the contract the advice announced, -1 before
	legal     []int
	hand      cards.Mask
}

func (p *overbidder) Choose(g *game.Game, legal []game.Action) game.Action {
	if legal[0].Phase == game.PhaseAuction {
		for _, a := range legal {
			if a.Value == p.call {
				return a
			}
		}
	}
	a := p.Simple.Choose(g, legal)
	if a.Phase == game.PhaseAnnounce {
		p.announced, p.hand, p.legal = a.Value, g.Hands[a.Seat], nil
		for _, l := range legal {
			if !l.Concede {
				p.legal = append(p.legal, l.Value)
			}
		}
	}
	return a
}

// ratedEnough reports whether the simple player's own count of hand
// reaches what contract ci needs once the talon is in the hand: a suit
// contract all its tricks, a no-trump one all but half a trick (as the
// simple player bids them).
func ratedEnough(r *ruleset.Ruleset, hand cards.Mask, ci int) bool {
	ct := &r.Contracts[ci]
	j := bot.Judge(r, hand, ct.Trumps)
	if ct.Trumps == cards.NoSuit {
		return j.Half() >= 2*ct.Tricks-1
	}
	return j.Half() >= 2*ct.Tricks
}

// TestAnnounceNeverRaisesBeyondItsCount: issue 27, "in one sochi deal the
// simple player's hint raised a 9-no-trump bid to 10-hearts on a hand
// that perfect play rated at 6 tricks". A declarer who bid a no-trump
// contract and may announce any contract at least as high asks for advice
// at the announcement: the advice is a contract the simple player's own
// count rates as made, or, when none is, one of the fewest tricks open
// (the bid itself), never a higher one.
func TestAnnounceNeverRaisesBeyondItsCount(t *testing.T) {
	checked := 0
	for _, name := range rulesets.Names() {
		r, _ := rulesets.Open(name)
		if !r.Exchange.AtLeastBid {
			continue
		}
		for call, c := range r.Ladder {
			ct := &r.Contracts[c.Contract]
			if ct.Trumps != cards.NoSuit || ct.Exact || c.Hand {
				continue
			}
			for d := uint64(0); d < 40; d++ {
				p := &overbidder{call: call, announced: -1}
				ps := make([]game.Player, r.Hands)
				for i := range ps {
					ps[i] = &bot.Simple{}
				}
				seat := int(d) % r.Hands
				ps[seat] = p
				g := game.New(r, ps)
				g.Deal(rand.New(rand.NewPCG(d, 27)))
				if err := g.Run(); err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				if p.announced < 0 || len(p.legal) < 2 {
					continue
				}
				checked++
				fewest := r.HandSize
				for _, ci := range p.legal {
					if !r.Contracts[ci].Exact {
						fewest = min(fewest, r.Contracts[ci].Tricks)
					}
				}
				got := &r.Contracts[p.announced]
				if got.Tricks > fewest && !ratedEnough(r, p.hand, p.announced) {
					t.Errorf("%s deal %d: bid %s, the advice announces %s on a hand it counts at %d half tricks (%s)",
						name, d, r.CallName(c), got.Name, bot.Judge(r, p.hand, got.Trumps).Half(), r.Deck.Format(p.hand, false))
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("no announcement after a no-trump bid was checked")
	}
}
