package bot_test

import (
	"math/rand/v2"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/preference-rules/pref/interpreter/bot"
	"github.com/preference-rules/pref/interpreter/cards"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/rulesets"
)

// fast is a strong player on a small budget, for tests.
func fast(seed uint64) *bot.Strong {
	b := bot.NewStrong(seed)
	b.Samples, b.Budget, b.CardBudget = 3, 3*time.Millisecond, 3*time.Millisecond
	return b
}

// legalAnswer reports whether a is one of the actions offered: the same
// call, card or answer, or for a discard as many of the cards offered as
// asked, or for a pot offer a pass or more than the standing offer.
func legalAnswer(g *game.Game, legal []game.Action, a game.Action) bool {
	l := legal[0]
	if a.Phase != l.Phase || a.Seat != l.Seat {
		return false
	}
	switch a.Phase {
	case game.PhaseDiscard:
		return a.Cards.Count() == l.Value && a.Cards&^l.Cards == 0
	case game.PhasePotAuction:
		return a.Value == 0 || a.Value > g.PotOffer()
	}
	for _, l := range legal {
		if l == a || a.Concede && l.Concede && (a.Value == -1 || legalContract(legal, a.Value)) {
			return true // a concession may name the contract given up
		}
	}
	return false
}

func legalContract(legal []game.Action, ci int) bool {
	for _, l := range legal {
		if !l.Concede && l.Value == ci {
			return true
		}
	}
	return false
}

// The strong player, in every seat, answers every decision of deals of
// every embedded ruleset with one of the actions offered (checked before
// the deal applies it): 2 deals each, 100 with PREF_SOAK=1.
func TestStrongAnswersLegally(t *testing.T) {
	n := 2
	if os.Getenv("PREF_SOAK") != "" {
		n = 100
	}
	type variant struct {
		name    string
		options map[string]any
	}
	var variants []variant
	for _, name := range rulesets.Names() {
		variants = append(variants, variant{name, nil})
	}
	variants = append(variants, // house rules that open other decisions
		variant{"west-balkans", map[string]any{"contra-recontra": true, "refa": true}},
		variant{"west-balkans", map[string]any{"sans-atout-and-uno": true, "bid-one-more": true, "cooperation-binding": true}},
		variant{"sochi", map[string]any{"stalingrad": true, "all-pass-exit": "6-7-7", "senior-hold": true}})
	phases := map[game.Phase]int{}
	defer func() { t.Logf("decisions by phase: %v", phases) }()
	for _, v := range variants {
		name := v.name
		r, _ := rulesets.Open(name)
		if v.options != nil {
			var err error
			if r, err = r.With(v.options); err != nil {
				t.Fatal(err)
			}
		}
		for d := 0; d < n; d++ {
			players := make([]*bot.Strong, r.Hands)
			for i := range players {
				players[i] = fast(uint64(d*10 + i))
			}
			g := game.New(r, nil)
			rng := rand.New(rand.NewPCG(uint64(d), 11))
			g.Deal(rng)
			g.SetAllPassRun(rng.IntN(3))
			for !g.Over() {
				legal := g.Choices()
				phases[legal[0].Phase]++
				a := players[g.Chooser()].Choose(g, legal)
				if !legalAnswer(g, legal, a) {
					t.Fatalf("%s deal %d: %s answered %+v, not one of %+v", name, d, g.Phase(), a, legal)
				}
				if _, err := g.Apply(a); err != nil {
					t.Fatalf("%s deal %d: %v", name, d, err)
				}
			}
		}
	}
}

// The strong player completes deals of every embedded ruleset with legal
// cards only (the game refuses any other), beside simple players.
func TestStrongPlaysLegalCards(t *testing.T) {
	for _, name := range rulesets.Names() {
		r, _ := rulesets.Open(name)
		for seed := uint64(1); seed <= 3; seed++ {
			players := []game.Player{fast(seed), &bot.Simple{}, &bot.Simple{}}
			g := game.New(r, players)
			g.Deal(rand.New(rand.NewPCG(seed, 1)))
			if err := g.Run(); err != nil {
				t.Fatalf("%s seed %d: %v", name, seed, err)
			}
		}
	}
}

// A strong player's decisions depend on its seed alone: the same deal
// played twice with the same seeds goes the same way, every decision and
// card, however long each took (its budgets are counted in the solver's
// nodes, not in time).
func TestStrongDeterministic(t *testing.T) {
	for _, name := range []string{"sochi", "austrian-1829", "west-balkans"} {
		r, _ := rulesets.Open(name)
		for d := uint64(0); d < 3; d++ {
			var runs [2][]game.Action
			for k := range runs {
				players := []game.Player{fast(d), fast(d + 100), &bot.Simple{}}
				g := game.New(r, players)
				g.KeepHistory = true
				g.Deal(rand.New(rand.NewPCG(d, 21)))
				if err := g.Run(); err != nil {
					t.Fatal(err)
				}
				runs[k] = append(runs[k], g.History...)
			}
			if len(runs[0]) != len(runs[1]) {
				t.Fatalf("%s deal %d: %d actions, then %d", name, d, len(runs[0]), len(runs[1]))
			}
			for i := range runs[0] {
				if runs[0][i] != runs[1][i] {
					t.Fatalf("%s deal %d: action %d was %+v, then %+v", name, d, i, runs[0][i], runs[1][i])
				}
			}
		}
	}
}

// In the all-pass game the strong player plays its cards by sampling too,
// each deal solved for itself (as few tricks as it can, the others giving
// it the most), the talon's cards still to be turned dealt with the unseen
// ones: on the same passed-out sochi deals it takes fewer tricks in the
// first seat than the simple player does there.
func TestStrongAllPassCards(t *testing.T) {
	r, _ := rulesets.Open("sochi")
	const deals = 80
	var tricks [2]int
	passed, sampled := 0, 0
	for d := uint64(0); d < deals; d++ {
		var taken [2]int
		allPass := true
		for k := range taken {
			var first game.Player = &bot.Simple{}
			strong := bot.NewStrong(d)
			strong.Samples, strong.CardBudget, strong.CardsOnly = 6, 10*time.Millisecond, true
			if k == 1 {
				first = strong
			}
			g := game.New(r, []game.Player{first, &bot.Simple{}, &bot.Simple{}})
			g.Deal(rand.New(rand.NewPCG(d, 77)))
			for !g.Over() {
				legal := g.Choices()
				a := g.Players[g.Chooser()].Choose(g, legal)
				if k == 1 && g.Chooser() == 0 && legal[0].Phase == game.PhasePlay && len(legal) > 1 && strings.Contains(strong.Reason(), "double-dummy") {
					sampled++
				}
				if _, err := g.Apply(a); err != nil {
					t.Fatal(err)
				}
			}
			allPass = allPass && g.Declarer < 0 && g.NTricks > 0
			taken[k] = g.Taken[0]
			if !allPass {
				// the strong player bids as the simple one does (CardsOnly):
				// a deal the simple players play out is not passed out with
				// the strong one either, so it is not played again (the cards
				// sampled are then the all-pass game's only)
				break
			}
		}
		if allPass {
			passed++
			tricks[0] += taken[0]
			tricks[1] += taken[1]
		}
	}
	t.Logf("%d passed-out deals: the first seat took %d tricks playing simple, %d playing strong (%d cards sampled)", passed, tricks[0], tricks[1], sampled)
	if passed < 20 || sampled == 0 || tricks[1] >= tricks[0] {
		t.Errorf("%d passed-out deals, %d cards sampled: simple took %d tricks, strong %d", passed, sampled, tricks[0], tricks[1])
	}
}

// The card play reads the auction as evidence: at the first card, the
// calls the simple players made (the declarer's, who took the talon,
// aside) are likelier with the hands really dealt than with the same
// cards dealt among those players at random.
func TestCardSamplesReadTheCalls(t *testing.T) {
	r, _ := rulesets.Open("sochi")
	b := bot.NewStrong(1)
	real, random, checked, likelier := 0.0, 0.0, 0, 0
	rng := rand.New(rand.NewPCG(9, 9))
	for d := uint64(0); d < 200 && checked < 40; d++ {
		g := game.New(r, []game.Player{&bot.Simple{}, &bot.Simple{}, &bot.Simple{}})
		g.Deal(rand.New(rand.NewPCG(d, 5)))
		for !g.Over() && g.Phase() != game.PhasePlay {
			if _, err := g.Apply(g.Players[g.Chooser()].Choose(g, g.Choices())); err != nil {
				t.Fatal(err)
			}
		}
		if g.Over() || len(g.Calls) < 3 {
			continue
		}
		checked++
		me := (max(g.Declarer, 0) + 1) % 3
		var none [game.MaxSeats]cards.Mask
		dealt := b.DealtAuctionOdds(g, me, g.Declarer, g.Hands, none)
		real += dealt
		// the other hands dealt afresh from the cards they hold together
		hands := g.Hands
		var theirs cards.Mask
		for s := 0; s < 3; s++ {
			if s != me && g.InPlay(s) {
				theirs |= g.Hands[s]
			}
		}
		both := theirs.Cards()
		rng.Shuffle(len(both), func(i, j int) { both[i], both[j] = both[j], both[i] })
		k := 0
		for s := 0; s < 3; s++ {
			if s == me || !g.InPlay(s) {
				continue
			}
			n := hands[s].Count()
			hands[s] = 0
			for range n {
				hands[s] |= both[k].Bit()
				k++
			}
		}
		shuffled := b.DealtAuctionOdds(g, me, g.Declarer, hands, none)
		random += shuffled
		if dealt > shuffled {
			likelier++
		}
	}
	t.Logf("%d deals: log-likelihood of the calls %.1f with the hands dealt, %.1f with hands dealt at random; the dealt hands likelier in %d", checked, real, random, likelier)
	if checked < 20 || real <= random || 2*likelier <= checked {
		t.Errorf("%d deals: the calls' log-likelihood %.1f with the real hands, %.1f with random ones, the real likelier in %d (want higher, in most deals)", checked, real, random, likelier)
	}
}
