package game_test

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/preference-rules/pref/internal/ledgercheck"
	"github.com/preference-rules/pref/interpreter/deal"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/interpreter/money"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/interpreter/settle"
)

// houseVariant is written the way a user would write one: YAML only, no Go.
// It changes what the 1829 rules fix: suit order (spades lowest), the deal
// (5 - talon - 5), trick values, a no-trump contract, hand bids on the
// ladder, raises of exactly one step, must-head play, a fractional payment.
const houseVariant = `
name: kitchen-table
title: Kitchen-table Préférence
description: A house variant written as YAML only.
players: {hands: 3}
cards:
  suits:
    - {id: S, name: spades, symbol: "♠"}
    - {id: C, name: clubs, symbol: "♣"}
    - {id: D, name: diamonds, symbol: "♦"}
    - {id: H, name: hearts, symbol: "♥"}
  ranks: ["7", "8", "9", "10", J, Q, K, A]
deal:
  packets:
    - {to: hands, cards: 5}
    - {to: talon, cards: 2}
    - {to: hands, cards: 5}
contracts:
  - {name: spades, trumps: S, tricks: 6, values: {per_trick: 5}}
  - {name: clubs, trumps: C, tricks: 6, values: {per_trick: 6}}
  - {name: diamonds, trumps: D, tricks: 6, values: {per_trick: 7}}
  - {name: hearts, trumps: H, tricks: 6, values: {per_trick: 8}}
  - {name: no-trumps, tricks: 7, values: {per_trick: 10}}
auction:
  ladder: [spades, clubs, diamonds, hearts, no-trumps, spades hand, hearts hand]
  raise: one-more
exchange:
  talon: show-and-take
defence:
  choices: [play, drop]
  each_needs: 3
play:
  leader: forehand
  head: must
settlement:
  - rule: declarer made, a third of the pot and the trick values
    when: played && made
    pay:
      - {from: pot, to: declarer, amount: pot / 3}
      - {from: defenders, to: declarer, where: from.played, amount: declarer.tricks * per_trick}
  - rule: declarer failed, pays every defender who played
    when: played && !made
    pay:
      - {from: declarer, to: defenders, where: to.played, amount: (to.tricks + undertricks) * per_trick}
  - rule: nobody defends
    when: declared && !played
    pay:
      - {from: pot, to: declarer, amount: 1}
`

func TestHouseVariantFromYAMLOnly(t *testing.T) {
	path := filepath.Join(t.TempDir(), "kitchen-table.yaml")
	if err := os.WriteFile(path, []byte(houseVariant), 0o644); err != nil {
		t.Fatal(err)
	}
	r, err := ruleset.LoadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if r.Deck.SuitIDs[0] != "S" || r.Contracts[4].Trumps != 255 || !r.Play.MustHead || r.Play.DeclarerLeads {
		t.Fatalf("variant compiled wrongly: %+v %+v", r.Deck, r.Play)
	}

	// Played through the same engine with the same invariants.
	g := game.New(r, bots(3))
	s := settle.New(r)
	rng := rand.New(rand.NewPCG(3, 5))
	played, hand := 0, 0
	for i := 0; i < 2000; i++ {
		g.Deal(rng)
		checkDeal(t, r, g)
		if err := g.Run(); err != nil {
			t.Fatal(err)
		}
		checkPlay(t, r, g)
		if g.NTricks > 0 {
			played++
		}
		if g.Hand {
			hand++
		}
		o := g.Outcome(names(3))
		o.Pot = money.Int(90)
		l, err := s.Settle(o, false)
		if err != nil {
			t.Fatal(err)
		}
		if err := ledgercheck.Nets(l); err != nil {
			t.Fatal(err)
		}
	}

	t.Logf("%d of 2000 deals played, %d from the hand", played, hand)
	if played < 100 {
		t.Fatalf("only %d of 2000 deals played: the variant is not exercised", played)
	}

	// A stated outcome, settled by the variant's own rules:
	// hearts made 7-3-0 with a pot of 100: pot/3 = 100/3 exactly, and each
	// defender who played pays 7 tricks x 8 = 56.
	hearts, _ := r.ContractByName("hearts")
	o := &deal.Outcome{
		Seats: []string{"A", "B", "C"}, Dealer: 2, Declarer: 0, Contract: hearts,
		Defence: []deal.Choice{deal.NoChoice, deal.Play, deal.Play},
		Tricks:  []int{7, 3, 0}, Pot: money.Int(100),
	}
	l, err := s.Settle(o, false)
	if err != nil {
		t.Fatal(err)
	}
	got := settle.SortedPairs(l.PairNet())
	want := []string{"B -> A 56", "C -> A 56", "pot -> A 100/3"}
	if len(got) != len(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("got %v, want %v", got, want)
		}
	}
}
