package solve_test

import (
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/preference-rules/pref/interpreter/bot"
	"github.com/preference-rules/pref/interpreter/cards"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/interpreter/solve"
	"github.com/preference-rules/pref/rulesets"
)

// TestAgreesWithExhaustiveSearch: on 1,000 random endings of every
// embedded ruleset the solver's answer is plain minimax's; and of the
// rulesets whose cooperation rule 1 may bind the defenders, with it bound.
func TestAgreesWithExhaustiveSearch(t *testing.T) {
	type variant struct {
		name    string
		options map[string]any
	}
	var variants []variant
	for _, name := range rulesets.Names() {
		variants = append(variants, variant{name, nil})
	}
	variants = append(variants, variant{"west-balkans", map[string]any{"cooperation-binding": true}},
		variant{"austrian-modern", map[string]any{"cooperation-binding": true}})
	for _, v := range variants {
		name := v.name
		r, err := rulesets.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		if v.options != nil {
			if r, err = r.With(v.options); err != nil {
				t.Fatal(err)
			}
			name += " (cooperation binding)"
		}
		contracts := make([]int, len(r.Contracts))
		for i := range r.Contracts {
			contracts[i] = i
		}
		rng := rand.New(rand.NewPCG(1, uint64(len(name))))
		all := r.Deck.All().Cards()
		for n := 0; n < endings(); n++ {
			size := 2 + rng.IntN(3) // 2 to 4 cards each, and every fiftieth 5
			if n%50 == 0 {
				size = 5
			}
			rng.Shuffle(len(all), func(i, j int) { all[i], all[j] = all[j], all[i] })
			p := &solve.Position{R: r, Contract: contracts[rng.IntN(len(contracts))], Declarer: rng.IntN(r.Hands)}
			ct := &r.Contracts[p.Contract]
			k, out := dealEnding(rng, all, p, size, !ct.NoDeclarer)
			if ct.TalonLeads != ruleset.TalonNotTurned && rng.IntN(3) > 0 {
				// the talon's cards still to open tricks, one or two
				for i := 0; i < min(r.TalonSize, 1+rng.IntN(2), size); i++ {
					p.Talon = append(p.Talon, all[k])
					k++
				}
				p.TalonCompetes = rng.IntN(2) == 0
			}
			for {
				p.Leader = rng.IntN(r.Hands)
				if p.Hands[p.Leader] != 0 {
					break
				}
			}
			p.Cooperating = r.Play.Cooperation == ruleset.CooperationFirstRuleBinding && out < 0
			got, _, err := solve.Tricks(p)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			want, _ := solve.Exhaustive(p)
			if got != want {
				t.Fatalf("%s, %s, declarer %d, leader %d, hands %s / %s / %s, talon %v (competes %v): solver %d, exhaustive %d", name, ct.Name, p.Declarer, p.Leader,
					r.Deck.Format(p.Hands[0], false), r.Deck.Format(p.Hands[1], false), r.Deck.Format(p.Hands[2], false), p.Talon, p.TalonCompetes, got, want)
			}
		}
	}
}

// The Kovalevskaya misère (sochi): the declarer's hand looks safe, but the
// defenders, the third hand leading, catch it.
func TestKovalevskayaMisere(t *testing.T) {
	r, _ := rulesets.Open("sochi")
	misere, _ := r.ContractByName("misere")
	hand := func(s string) (m cards.Mask) {
		for _, f := range strings.Fields(s) {
			c, err := r.Deck.Parse(f)
			if err != nil {
				t.Fatal(err)
			}
			m |= c.Bit()
		}
		return m
	}
	p := &solve.Position{R: r, Contract: misere, Declarer: 0, Leader: 2}
	p.Hands[0] = hand("7S 8S 9S 10S 8C 7D 8D 9D 8H 9H")
	p.Hands[1] = hand("KS AS 10C JC QC AD 10H QH KH AH")
	p.Hands[2] = hand("JS QS 7C 9C 10D JD QD KD 7H JH")
	got, s, err := solve.Tricks(p)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("Kovalevskaya misère: the declarer takes %d trick(s) with best play (%d cards tried)", got, s.Nodes)
	if got < 1 {
		t.Errorf("the declarer escapes: %d tricks", got)
	}
}

// TestSpeed reports the median and worst time to solve whole deals of
// austrian-1829, west-balkans and sochi for each kind of contract (suit,
// no-trump, misère, and the all-pass game with its talon leading, counted
// for one player), a random contract of the kind, declarer and leader:
// with PREF_SOAK=1, 1,000 deals per ruleset and kind; otherwise 10 each,
// as a smoke test.
func TestSpeed(t *testing.T) {
	n := 10
	if os.Getenv("PREF_SOAK") != "" {
		n = 1000
	}
	kindOf := func(c *ruleset.Contract) string {
		switch {
		case c.NoDeclarer:
			return "all-pass"
		case c.Exact && c.Tricks == 0:
			return "misère"
		case c.Trumps == cards.NoSuit:
			return "no-trump"
		}
		return "suit"
	}
	for _, name := range []string{"austrian-1829", "west-balkans", "sochi"} {
		r, _ := rulesets.Open(name)
		for _, kind := range []string{"suit", "no-trump", "misère", "all-pass"} {
			var contracts []int
			for i := range r.Contracts {
				if kindOf(&r.Contracts[i]) == kind {
					contracts = append(contracts, i)
				}
			}
			if len(contracts) == 0 {
				continue
			}
			rng := rand.New(rand.NewPCG(7, 7))
			all := r.Deck.All().Cards()
			var times []time.Duration
			var nodes []int
			for d := 0; d < n; d++ {
				rng.Shuffle(len(all), func(i, j int) { all[i], all[j] = all[j], all[i] })
				p := &solve.Position{R: r, Contract: contracts[rng.IntN(len(contracts))], Declarer: rng.IntN(3), Leader: rng.IntN(3)}
				for s := 0; s < 3; s++ {
					for _, c := range all[s*r.HandSize : (s+1)*r.HandSize] {
						p.Hands[s] |= c.Bit()
					}
				}
				if r.Contracts[p.Contract].TalonLeads != ruleset.TalonNotTurned {
					p.Talon = all[3*r.HandSize : 3*r.HandSize+r.TalonSize]
				}
				start := time.Now()
				_, s, err := solve.Tricks(p)
				if err != nil {
					t.Fatal(err)
				}
				times = append(times, time.Since(start))
				nodes = append(nodes, s.Nodes)
			}
			slices.Sort(times)
			slices.Sort(nodes)
			t.Logf("%s, %s: %d whole deals, median %v, worst %v; cards tried: median %d, worst %d", name, kind, n, times[len(times)/2], times[len(times)-1], nodes[len(nodes)/2], nodes[len(nodes)-1])
		}
	}
}

// Replaying played deals: no card can improve its own side's best (the
// value before a card is the best over its cards), and after the last card
// the count is the tricks the declarer took. In the all-pass game (sochi
// passes out often, its talon leading the first two tricks) each card is
// weighed for its player, who can only lose by it, and at the end each
// player holds what he took.
func TestReplayPlayedDeals(t *testing.T) {
	for _, name := range []string{"austrian-1829", "sochi", "west-balkans"} {
		r, _ := rulesets.Open(name)
		players := []game.Player{&bot.Simple{}, &bot.Simple{}, &bot.Simple{}}
		g := game.New(r, players)
		rng := rand.New(rand.NewPCG(3, 3))
		checked, allPass := 0, 0
		for d := 0; d < 60 && checked < 8; d++ {
			g.Deal(rng)
			if err := g.Run(); err != nil {
				t.Fatal(err)
			}
			if g.Contract < 0 || g.NTricks == 0 {
				continue
			}
			ct := &r.Contracts[g.Contract]
			if g.Declarer < 0 {
				if allPass >= 3 {
					continue
				}
				allPass++
			}
			steps, err := solve.Replay(&g.State)
			if err != nil {
				t.Fatal(err)
			}
			checkNoCardHelpsItsOwnSide(t, name, d, g, ct, steps)
			if g.Declarer < 0 {
				checkAllPassEnd(t, name, d, g)
				continue
			}
			if last := steps[len(steps)-1]; last.After != g.Taken[g.Declarer] && !g.Stopped {
				t.Errorf("%s deal %d: after the last card %d, the declarer took %d", name, d, last.After, g.Taken[g.Declarer])
			}
			checked++
		}
		if name == "sochi" && allPass == 0 {
			t.Errorf("sochi: no all-pass deal replayed")
		}
	}
}

// checkNoCardHelpsItsOwnSide: no card of the replay moves the value in
// favour of the side that played it (the value before a card is the best
// over its cards).
func checkNoCardHelpsItsOwnSide(t *testing.T, name string, d int, g *game.Game, ct *ruleset.Contract, steps []solve.Step) {
	t.Helper()
	misere := ct.NoDeclarer || ct.Exact && ct.Tricks == 0
	for _, s := range steps {
		maximise := (s.Seat == s.Counted) != misere
		if maximise && s.After > s.Before || !maximise && s.After < s.Before {
			t.Fatalf("%s deal %d, trick %d: %s's %s moved the value %d -> %d in its own favour", name, d, s.Trick, g.SeatName(s.Seat), g.R.Deck.Name(s.Card), s.Before, s.After)
		}
	}
}

// checkAllPassEnd: at the end of an all-pass deal each seat holds, by the
// solver's count, the tricks it took.
func checkAllPassEnd(t *testing.T, name string, d int, g *game.Game) {
	t.Helper()
	end, err := solve.Holds(&g.State, g.NTricks)
	if err != nil {
		t.Fatal(err)
	}
	start, _ := solve.Holds(&g.State, 0)
	for seat := range end {
		if end[seat] != g.Taken[seat] {
			t.Errorf("%s deal %d (all pass): at the end seat %d holds %d, took %d", name, d, seat, end[seat], g.Taken[seat])
		}
	}
	t.Logf("%s deal %d, all passed: best play holds each to %v; they took %v", name, d, start, g.Taken[:3])
}

// The solver's trick winners are the game's: every trick of played deals,
// the all-pass game's talon-led tricks included, at tables of three (the
// talon's card only fixes the suit) and of four (the dealer sits out and
// the talon's card competes).
func TestTrickWinnersAsTheGamePlays(t *testing.T) {
	for _, name := range []string{"sochi", "leningrad", "austrian-1829", "west-balkans"} {
		r, _ := rulesets.Open(name)
		for _, table := range []int{r.Hands, r.TableMax} {
			if table == 0 {
				continue
			}
			g := game.New(r, []game.Player{&bot.Simple{}, &bot.Simple{}, &bot.Simple{}})
			g.TableSize = table
			rng := rand.New(rand.NewPCG(5, uint64(table)))
			talonTricks := 0
			for d := 0; d < 150; d++ {
				g.Deal(rng)
				if err := g.Run(); err != nil {
					t.Fatal(err)
				}
				if g.Contract < 0 {
					continue
				}
				ct := &r.Contracts[g.Contract]
				for i := 0; i < g.NTricks; i++ {
					tr := &g.Record[i]
					p := &solve.Position{R: r, Contract: g.Contract, Declarer: max(g.Declarer, 0), Leader: tr.Leader, TalonCompetes: ct.TalonCompetes(table > r.Hands)}
					for k := 0; k < tr.N; k++ {
						p.Trick = append(p.Trick, tr.Cards[k])
						p.TrickSeats = append(p.TrickSeats, int(tr.Seats[k]))
					}
					if tr.Seats[0] == game.TalonSeat {
						talonTricks++
					}
					w, err := solve.WinnerOf(p)
					if err != nil {
						t.Fatalf("%s deal %d trick %d: %v", name, d, i+1, err)
					}
					if w != tr.Winner {
						t.Fatalf("%s at a table of %d, deal %d, trick %d %v by %v: solver's winner %d, the game's %d", name, table, d, i+1, p.Trick, p.TrickSeats, w, tr.Winner)
					}
				}
			}
			t.Logf("%s at a table of %d: %d talon-led tricks", name, table, talonTricks)
			if ct := r.Contracts; name == "sochi" && talonTricks == 0 {
				t.Errorf("%s at a table of %d: no talon-led trick in 150 deals (%d contracts)", name, table, len(ct))
			}
		}
	}
}

// A line of best play keeps the value at every card: after each card of
// it, the declarer's tricks so far plus the best from there are the
// position's value; every card is legal; and played out, the line gives
// the declarer exactly that many tricks. Random endings of every embedded
// ruleset.
func TestLineKeepsTheValue(t *testing.T) {
	for _, name := range rulesets.Names() {
		r, _ := rulesets.Open(name)
		var contracts []int
		for i, c := range r.Contracts {
			if !c.NoDeclarer {
				contracts = append(contracts, i)
			}
		}
		rng := rand.New(rand.NewPCG(5, uint64(len(name))))
		all := r.Deck.All().Cards()
		for n := 0; n < 40; n++ {
			size := 2 + rng.IntN(4)
			rng.Shuffle(len(all), func(i, j int) { all[i], all[j] = all[j], all[i] })
			ci := contracts[rng.IntN(len(contracts))]
			p := &solve.Position{R: r, Contract: ci, Declarer: rng.IntN(r.Hands)}
			k, _ := dealEnding(rng, all, p, size, true)
			for p.Leader = rng.IntN(r.Hands); p.Hands[p.Leader] == 0; p.Leader = rng.IntN(r.Hands) {
			}
			want, _, err := solve.Tricks(p)
			if err != nil {
				t.Fatal(err)
			}
			line, _, err := solve.Line(p)
			if err != nil {
				t.Fatal(err)
			}
			trump := r.Contracts[ci].Trumps
			cur := *p
			seat, taken := p.Leader, 0
			var trick []cards.Card
			var seats []int
			for i, c := range line {
				play := r.Play.ForSeat(seat == p.Declarer, true)
				if !game.LegalMoves(play, trump, cur.Hands[seat], trick).Has(c) {
					t.Fatalf("%s: card %d of the line, %s, is not legal", name, i+1, r.Deck.Name(c))
				}
				cur.Hands[seat] &^= c.Bit()
				trick = append(trick, c)
				seats = append(seats, seat)
				inPlay := 0
				for s := 0; s < r.Hands; s++ {
					if p.Hands[s] != 0 {
						inPlay++
					}
				}
				next := (seat + 1) % r.Hands
				for p.Hands[next] == 0 {
					next = (next + 1) % r.Hands
				}
				if len(trick) == inPlay {
					w := 0
					for j := range trick {
						if trick[j].Suit() == trick[w].Suit() && trick[j].Rank() > trick[w].Rank() || trump != cards.NoSuit && trick[j].Suit() == trump && trick[w].Suit() != trump {
							w = j
						}
					}
					if seats[w] == p.Declarer {
						taken++
					}
					next, trick, seats = seats[w], nil, nil
				}
				seat = next
				if i == len(line)-1 {
					break
				}
				cur.Leader, cur.Trick, cur.TrickSeats = seat, trick, seats
				if len(trick) > 0 {
					cur.Leader = seats[0]
				}
				rest, _, err := solve.Tricks(&cur)
				if err != nil {
					t.Fatal(err)
				}
				if taken+rest != want {
					t.Fatalf("%s, %s: after card %d of the line the value is %d, not %d", name, r.Contracts[ci].Name, i+1, taken+rest, want)
				}
			}
			if taken != want {
				t.Fatalf("%s, %s: the line gives the declarer %d tricks, not %d", name, r.Contracts[ci].Name, taken, want)
			}
			if len(line) != k {
				t.Fatalf("%s: the line has %d cards, the hands %d", name, len(line), k)
			}
		}
	}
}

// A search over its budget answers ErrBudget.
func TestBudget(t *testing.T) {
	r, _ := rulesets.Open("sochi")
	all := r.Deck.All().Cards()
	p := &solve.Position{R: r, Contract: 0, Declarer: 0, Leader: 0, MaxNodes: 50}
	for s := 0; s < 3; s++ {
		for _, c := range all[s*10 : (s+1)*10] {
			p.Hands[s] |= c.Bit()
		}
	}
	if _, _, err := solve.Tricks(p); err != solve.ErrBudget {
		t.Fatalf("Tricks: %v, want ErrBudget", err)
	}
	if _, _, err := solve.Line(p); err != solve.ErrBudget {
		t.Fatalf("Line: %v, want ErrBudget", err)
	}
	p.MaxNodes = 0
	if _, _, err := solve.Line(p); err != nil {
		t.Fatal(err)
	}
}

// endings is how many random endings of each ruleset the solver is
// compared on: 1,000, or with PREF_SOAK=1 10,000.
func endings() int {
	if os.Getenv("PREF_SOAK") != "" {
		return 10000
	}
	return 1000
}

// The cards the solver lets a player play are the game's, card by card
// through played deals, where cooperation rule 1 binds the defenders too
// (west-balkans and austrian-modern with cooperation-binding, whose simple
// defenders would often overtake each other).
func TestLegalAsTheGamePlays(t *testing.T) {
	for _, v := range []struct {
		name    string
		options map[string]any
	}{{"west-balkans", map[string]any{"cooperation-binding": true}}, {"austrian-modern", map[string]any{"cooperation-binding": true}}, {"sochi", nil}} {
		r, _ := rulesets.Open(v.name)
		if v.options != nil {
			r, _ = r.With(v.options)
		}
		g := game.New(r, []game.Player{&bot.Simple{}, &bot.Simple{}, &bot.Simple{}})
		checked, restricted := 0, 0
		for d := uint64(0); d < 150; d++ {
			g.Deal(rand.New(rand.NewPCG(d, 13)))
			for !g.Over() {
				legal := g.Choices()
				if legal[0].Phase == game.PhasePlay && g.Declarer >= 0 {
					seat := g.ToAct()
					tr := g.CurrentTrick()
					p := &solve.Position{R: r, Contract: g.Contract, Declarer: g.Declarer, Leader: tr.Leader, Cooperating: g.CooperationBinds()}
					for s := 0; s < r.Hands; s++ {
						if g.InPlay(s) {
							p.Hands[s] = g.Hands[s]
						}
					}
					if tr.N == 0 {
						p.Leader = seat
					}
					for k := 0; k < tr.N; k++ {
						p.Trick = append(p.Trick, tr.Cards[k])
						p.TrickSeats = append(p.TrickSeats, int(tr.Seats[k]))
					}
					got, err := solve.LegalOf(p, seat)
					if err != nil {
						t.Fatalf("%s deal %d: %v", v.name, d, err)
					}
					if want := g.Legal(seat); got != want {
						t.Fatalf("%s deal %d, trick %d: the solver lets %s play %s, the game %s", v.name, d, g.NTricks+1, g.SeatName(seat), r.Deck.Format(got, false), r.Deck.Format(want, false))
					}
					checked++
					if p.Cooperating && g.Legal(seat) != solve.LegalMovesOf(r, g.Contract, g.Declarer, seat, g.Hands[seat], p.Trick) {
						restricted++
					}
				}
				if _, err := g.Apply(g.Players[g.Chooser()].Choose(g, legal)); err != nil {
					t.Fatal(err)
				}
			}
		}
		t.Logf("%s: %d cards checked, %d of them restricted by the binding rule", v.name, checked, restricted)
		if v.options != nil && restricted == 0 {
			t.Errorf("%s: the binding rule never restricted a card", v.name)
		}
	}
}

// dealEnding deals size cards to each hand of p from all (shuffled), one
// time in four leaving a defender of a three-hand ruleset out of play
// where drop allows it. It returns how many cards it dealt and the seat
// left out (-1: none).
func dealEnding(rng *rand.Rand, all []cards.Card, p *solve.Position, size int, drop bool) (int, int) {
	out := -1
	if p.R.Hands == 3 && drop && rng.IntN(4) == 0 {
		out = (p.Declarer + 1 + rng.IntN(2)) % 3 // a defender dropped out
	}
	k := 0
	for s := 0; s < p.R.Hands; s++ {
		if s == out {
			continue
		}
		for i := 0; i < size; i++ {
			p.Hands[s] |= all[k].Bit()
			k++
		}
	}
	return k, out
}
