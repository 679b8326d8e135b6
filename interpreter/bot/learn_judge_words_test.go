package bot_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/preference-rules/pref/interpreter/bot"
	"github.com/preference-rules/pref/interpreter/cards"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/rulesets"
)

// TestJudgeCountsInWords: a hand counted in counting words, in the
// ruleset's suit names: the aces and a king beside its ace sure, a third
// queen beside them and the trumps beyond the third likely (issue 27).
func TestJudgeCountsInWords(t *testing.T) {
	r, _ := rulesets.Open("sochi")
	var hand cards.Mask
	for _, c := range strings.Fields("AH KH QH AS JS 10S 9S 8S KD 7C") {
		card, err := r.Deck.Parse(c)
		if err != nil {
			t.Fatal(err)
		}
		hand |= card.Bit()
	}
	spades, _ := r.Deck.SuitByID("S")
	j := bot.Judge(r, hand, spades)
	if j.Sure != 6 || j.Likely != 1+4 || j.Tricks() != 5 {
		t.Errorf("count %+v: want 6 sure half tricks (A-K of hearts, A of spades), 5 likely (Q of hearts, 5 spades)", j)
	}
	want := "A-K of hearts, A of spades: 3 sure tricks; Q of hearts may bring half a trick more; " +
		"5 spades as trumps may bring 2 more; the talon may add 1; 6 and a half in all, 6 are needed"
	ci, _ := r.ContractByName("6-spades")
	if got := bot.CountWords(r, hand, ci, false); got != want {
		t.Errorf("words:\n got %q\nwant %q", got, want)
	}
}

// countChecker asks a Simple player and checks that each bid's and each
// pass's reason says the count of the hand it was made on.
type countChecker struct {
	b            bot.Simple
	t            *testing.T
	bids, passes int
	name         string
}

func (p *countChecker) Choose(g *game.Game, legal []game.Action) game.Action {
	hand := g.Hands[legal[0].Seat]
	a := p.b.Choose(g, legal)
	if a.Phase != game.PhaseAuction {
		return a
	}
	why := p.b.Counted()
	if plain := p.b.Reason(); !strings.HasPrefix(why, plain) || strings.Contains(plain, " are needed") {
		p.t.Errorf("%s: Reason %q says the count (or Counted %q does not begin with it)", p.name, plain, why)
	}
	if a.Value == game.Pass {
		if strings.HasPrefix(why, "too few sure tricks") && len(legal) > 1 {
			p.passes++
			if !strings.Contains(why, " are needed for ") || !strings.Contains(why, " in all, ") {
				p.t.Errorf("%s: a pass without its count: %q", p.name, why)
			}
		}
		return a
	}
	call := g.R.Ladder[a.Value]
	if head := "expects enough tricks for " + g.R.CallName(call) + ": "; strings.HasPrefix(why, head) {
		p.bids++
		if want := head + bot.CountWords(g.R, hand, call.Contract, call.Hand); why != want {
			p.t.Errorf("%s: bid reason\n got %q\nwant %q", p.name, why, want)
		}
	}
	return a
}

// TestReasonsCountTheHand: the simple player's bids and passes, asked
// with Counted, say the count they rest on, the one bot.Judge and the
// lesson give, in every embedded ruleset; Reason, which a table's log of
// the others' decisions shows, names no card.
func TestReasonsCountTheHand(t *testing.T) {
	for _, name := range rulesets.Names() {
		r, _ := rulesets.Open(name)
		ps := make([]game.Player, r.Hands)
		c := &countChecker{t: t, name: name}
		for i := range ps {
			ps[i] = c
		}
		g := game.New(r, ps)
		rng := rand.New(rand.NewPCG(3, 27))
		for range 60 {
			g.Deal(rng)
			if err := g.Run(); err != nil {
				t.Fatal(err)
			}
		}
		if c.bids == 0 || c.passes == 0 {
			t.Errorf("%s: %d bids, %d passes checked", name, c.bids, c.passes)
		}
	}
}
