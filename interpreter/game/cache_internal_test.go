package game

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/preference-rules/pref/interpreter/cards"
	"github.com/preference-rules/pref/interpreter/deal"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/rulesets"
)

// first takes the first action offered (the lowest card, pass, play...),
// so that deals reach every phase in every ruleset without a bot.
type first struct{}

func (first) Choose(g *Game, legal []Action) Action {
	a := legal[0]
	if a.Phase == PhaseDiscard {
		a.Cards = 0
		for m := a.Cards | g.Hands[a.Seat]; a.Cards.Count() < a.Value; m &= m - 1 {
			a.Cards |= m.Lowest().Bit()
		}
	}
	return a
}

// scratch is the cards seat may play now, worked out from the ruleset and
// the deal alone, as before the card play kept what the contract fixes
// (startPlay) and the cards open to the seat to play (nextCard).
func (g *State) scratch(seat int) cards.Mask {
	if g.trick.N == 0 {
		return g.Hands[seat]
	}
	l := deal.Legal(g.R.Play.ForSeat(seat == g.Declarer, g.Declarer >= 0), g.Trump, g.Hands[seat], g.trick.Cards[0].Suit(), g.winner)
	if g.R.Play.Cooperation == ruleset.CooperationFirstRuleBinding && g.Declarer >= 0 {
		l &^= g.overtakes(seat, l)
	}
	return l
}

// randomly takes any action offered, so that deals reach every phase of
// every ruleset.
type randomly struct{ rng *rand.Rand }

func (p randomly) Choose(g *Game, legal []Action) Action {
	a := legal[p.rng.IntN(len(legal))]
	if a.Phase == PhaseDiscard {
		a = first{}.Choose(g, legal)
	}
	return a
}

// playVariants is every embedded ruleset, and rules of play no embedded
// one has by default: heading binding only the defenders, or only the
// declarer (vienna-pot's must head, narrowed), the first cooperation rule
// binding (an option of austrian-modern).
func playVariants(t *testing.T) map[string]*ruleset.Ruleset {
	out := map[string]*ruleset.Ruleset{}
	for _, name := range rulesets.Names() {
		r, err := rulesets.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		out[name] = r
	}
	src, _ := rulesets.Source("vienna-pot")
	for _, v := range []struct{ name, from, to string }{
		{"head: defenders", "head: must ", "head: defenders "},
		{"head: declarer", "head: must ", "head: declarer "},
	} {
		text := strings.Replace(string(src), v.from, v.to, 1)
		if text == string(src) {
			t.Fatalf("vienna-pot has no %q", v.from)
		}
		r, err := ruleset.Load("vienna-pot.yaml", []byte(text))
		if err != nil {
			t.Fatalf("vienna-pot, %s: %v", v.name, err)
		}
		out["vienna-pot, "+v.name] = r
	}
	r, err := out["austrian-modern"].With(map[string]any{"cooperation-binding": true})
	if err != nil {
		t.Fatal(err)
	}
	out["austrian-modern, cooperation-binding"] = r
	return out
}

// TestPlayKeptAsWorkedOut: at every card of 500 deals of every embedded
// ruleset (and the rules of play none has), the cards the deal keeps open
// for the seat to play, and those Legal gives any seat, are what the rules
// give from scratch, before the card and after it; the seats kept in play
// are InPlay's.
func TestPlayKeptAsWorkedOut(t *testing.T) {
	for name, r := range playVariants(t) {
		rng := rand.New(rand.NewPCG(7, 8))
		p := randomly{rng}
		g := New(r, []Player{p, p, p})
		cardsChecked := 0
		for range 500 {
			g.Deal(rng)
			for !g.Over() {
				if g.phase == PhasePlay {
					for s := 0; s < g.Seats(); s++ {
						if g.inPlay[s] != g.InPlay(s) {
							t.Fatalf("%s: seat %d kept in play %v, InPlay %v", name, s, g.inPlay[s], g.InPlay(s))
						}
						if got, want := g.Legal(s), g.scratch(s); got != want {
							t.Fatalf("%s: seat %d may play %s, from scratch %s", name, s, r.Deck.Format(got, false), r.Deck.Format(want, false))
						}
					}
					cardsChecked++
				}
				if _, err := g.Take(p.Choose(g, g.Choices())); err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				if g.started { // after the card, the last one too
					for s := 0; s < g.Seats(); s++ {
						if got, want := g.Legal(s), g.scratch(s); got != want {
							t.Fatalf("%s: after a card, seat %d may play %s, from scratch %s", name, s, r.Deck.Format(got, false), r.Deck.Format(want, false))
						}
					}
				}
			}
		}
		if cardsChecked < 500 {
			t.Errorf("%s: %d cards checked", name, cardsChecked)
		}
	}
}

// TestOfferedCallsAreOpen: at every call of 300 deals of every embedded
// ruleset, the calls offered are exactly those the deal accepts (each call
// of the ladder tried on a copy).
func TestOfferedCallsAreOpen(t *testing.T) {
	for _, name := range rulesets.Names() {
		r, _ := rulesets.Open(name)
		g := New(r, []Player{first{}, first{}, first{}})
		rng := rand.New(rand.NewPCG(9, 10))
		calls := 0
		for range 300 {
			g.Deal(rng)
			for !g.Over() {
				if g.phase == PhaseAuction {
					offered := map[int]bool{}
					for _, a := range g.Choices() {
						offered[a.Value] = true
					}
					for c := Pass; c < len(r.Ladder); c++ {
						_, err := g.State.Clone().Apply(Action{Phase: PhaseAuction, Seat: g.toAct, Value: c})
						if (err == nil) != offered[c] {
							t.Fatalf("%s: call %d offered %v, accepted %v", name, c, offered[c], err == nil)
						}
					}
					calls++
				}
				legal := g.Choices()
				a := legal[rng.IntN(len(legal))] // any call, to raise the bidding
				if a.Phase == PhaseDiscard {
					a = first{}.Choose(g, legal)
				}
				if _, err := g.Take(a); err != nil {
					t.Fatalf("%s: %v", name, err)
				}
			}
		}
		if calls == 0 {
			t.Errorf("%s: no call checked", name)
		}
	}
}
