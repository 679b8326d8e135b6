package game_test

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/interpreter/money"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/interpreter/settle"
)

// FuzzAnyValidRulesetPlays: every ruleset the loader accepts can be dealt,
// played and settled without a panic, with cards conserved, legal play and
// balanced settlements. A house variant must never crash the interpreter.
func FuzzAnyValidRulesetPlays(f *testing.F) {
	files, _ := filepath.Glob("../../rulesets/*.yaml")
	for _, p := range files {
		data, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data, uint64(1))
	}
	f.Add([]byte(houseVariant), uint64(2))
	f.Add([]byte(tinyVariant), uint64(3))
	f.Fuzz(func(t *testing.T, data []byte, seed uint64) {
		r, err := ruleset.Load("fuzz.yaml", data)
		if err != nil {
			return
		}
		g := game.New(r, bots(r.Hands))
		s := settle.New(r)
		rng := rand.New(rand.NewPCG(seed, 1))
		for i := 0; i < 20; i++ {
			g.Deal(rng)
			checkDeal(t, r, g)
			if err := g.Run(); err != nil {
				t.Fatalf("deal %d: %v", i, err)
			}
			checkPlay(t, r, g)
			o := g.Outcome(names(r.Hands))
			o.Pot = money.Int(30)
			l, err := s.Settle(o, true)
			if err != nil {
				continue // a ruleset may refuse to settle (a negative amount): an error, not a crash
			}
			if !l.Balanced() {
				t.Fatalf("unbalanced: %v", l.Net())
			}
		}
	})
}

// tinyVariant is at the edges of the format: two hands, a 12-card pack, no
// talon, a contract needing no trick.
const tinyVariant = `
name: tiny
title: Tiny
description: two players, twelve cards.
players: {hands: 2}
cards:
  suits: [{id: S, name: spades}, {id: H, name: hearts}]
  ranks: [Q, K, A, "7", "8", "9"]
deal:
  packets: [{to: hands, cards: 6}]
contracts:
  - {name: nothing, tricks: 0, exact: true, stop_when_lost: true}
  - {name: hearts, trumps: H, tricks: 4}
auction:
  ladder: [nothing, hearts]
  all_pass: {offers: [{seat: dealer, forced: true}]}
exchange: {talon: none}
defence: {choices: [play]}
play: {leader: forehand, head: must}
settlement:
  - rule: r
    when: played
    pay: [{from: defenders, to: declarer, amount: declarer.tricks + 1}]
`

// TestMutatedRulesetsNeverCrash is the fuzz target's deterministic cousin,
// run with every go test: seeded byte mutations of each shipped ruleset,
// 100 each (a few seconds), or 1000 with PREF_SOAK=1 (about two minutes).
// Whatever loads must deal, play and settle with the invariants; whatever
// does not load must be an error, never a panic.
func TestMutatedRulesetsNeverCrash(t *testing.T) {
	files, _ := filepath.Glob("../../rulesets/*.yaml")
	mutations := 100
	if os.Getenv("PREF_SOAK") != "" {
		mutations = 1000
	}
	const alphabet = "0123456789abcdefgh: -[]{}\n&*!'\""
	for fi, p := range files {
		t.Run(filepath.Base(p), func(t *testing.T) {
			t.Parallel() // each ruleset with its own seeded mutations
			checkMutations(t, p, rand.New(rand.NewPCG(1, uint64(fi))), mutations, alphabet)
		})
	}
}

func checkMutations(t *testing.T, p string, rng *rand.Rand, mutations int, alphabet string) {
	base, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	loaded := 0
	for i := 0; i < mutations; i++ {
		data := append([]byte(nil), base...)
		for k := 0; k < 1+rng.IntN(3); k++ {
			data[rng.IntN(len(data))] = alphabet[rng.IntN(len(alphabet))]
		}
		r, err := ruleset.Load("mutated.yaml", data)
		if err != nil {
			continue
		}
		loaded++
		g := game.New(r, bots(r.Hands))
		s := settle.New(r)
		for d := 0; d < 5; d++ {
			g.Deal(rng)
			checkDeal(t, r, g)
			if err := g.Run(); err != nil {
				t.Fatalf("%s mutated: %v\n%s", p, err, data)
			}
			checkPlay(t, r, g)
			_, _ = s.Settle(g.Outcome(names(r.Hands)), true)
		}
	}
	if loaded == 0 {
		t.Errorf("%s: no mutation loaded; the test exercises nothing", p)
	}
}
