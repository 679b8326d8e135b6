package settle

import (
	"strings"
	"testing"

	"github.com/preference-rules/pref/interpreter/deal"
	"github.com/preference-rules/pref/interpreter/money"
	"github.com/preference-rules/pref/interpreter/ruleset"
)

// A small ruleset with the concepts settlement must handle: contracts that
// stop early, an option, an event, a define and a fraction of the pot.
const testRuleset = `
name: settle-test
title: Settle test
description: contracts that stop early, options, events, fractions.
players: {hands: 3, table_max: 4}
cards:
  suits: [{id: C, name: clubs}, {id: S, name: spades}, {id: D, name: diamonds}, {id: H, name: hearts}]
  ranks: ["7", "8", "9", "10", J, Q, K, A]
deal:
  packets: [{to: hands, cards: 10}, {to: talon, cards: 2}]
contracts:
  - {name: hearts, trumps: H, tricks: 6, values: {game: 40}}
  - {name: misere, tricks: 0, exact: true, stop_when_lost: true, no_drop: true, values: {game: 10}}
  - {name: slam, tricks: 10, stop_when_lost: true, values: {game: 20}}
auction:
  ladder: [hearts, misere, slam]
exchange: {talon: take}
defence: {choices: [play, drop], each_needs: 2, declarer_concedes: before-defence}
play: {leader: declarer}
options:
  double: {default: false, description: double everything}
events:
  four-aces: {description: the declarer held four aces}
define:
  stake: "game * (double ? 2 : 1)"
settlement:
  - rule: made
    when: played && made
    pay:
      - {from: pot, to: declarer, amount: pot / 3}
      - {from: defenders, to: declarer, where: from.played, amount: stake}
  - rule: failed
    when: played && !made
    pay:
      - {from: declarer, to: defenders, where: to.played, amount: stake * undertricks}
  - rule: four aces
    when: four_aces && made
    pay:
      - {from: defenders, to: declarer, amount: 10}
  - rule: conceded
    when: conceded
    pay:
      - {from: declarer, to: defenders, amount: 3}
  - rule: a negative amount is a mistake of the ruleset
    when: played && overtricks == 4
    pay:
      - {from: declarer, to: pot, amount: -1}
`

func load(t *testing.T) *ruleset.Ruleset {
	t.Helper()
	r, err := ruleset.Load("settle-test.yaml", []byte(testRuleset))
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func outcome(r *ruleset.Ruleset, contract string, tricks ...int) *deal.Outcome {
	ci, _ := r.ContractByName(contract)
	return &deal.Outcome{
		Seats: []string{"A", "B", "C"}, Dealer: 2, Declarer: 0, Contract: ci,
		Defence: []deal.Choice{deal.NoChoice, deal.Play, deal.Play}, Tricks: tricks, Pot: money.Int(100),
	}
}

func pairs(t *testing.T, r *ruleset.Ruleset, o *deal.Outcome) string {
	t.Helper()
	l, err := New(r).Settle(o, true)
	if err != nil {
		t.Fatal(err)
	}
	if err := netsAgree(l); err != nil {
		t.Fatal(err)
	}
	return strings.Join(SortedPairs(l.PairNet()), "; ")
}

func TestSettle(t *testing.T) {
	r := load(t)
	tests := []struct {
		name string
		o    func() *deal.Outcome
		want string
	}{
		{"made: an exact third of the pot", func() *deal.Outcome { return outcome(r, "hearts", 6, 2, 2) },
			"B -> A 40; C -> A 40; pot -> A 100/3"},
		{"failed by two", func() *deal.Outcome { return outcome(r, "hearts", 4, 3, 3) },
			"A -> B 80; A -> C 80"},
		{"option doubles the define", func() *deal.Outcome {
			o := outcome(r, "hearts", 4, 3, 3)
			o.Options = map[string]any{"double": true}
			return o
		}, "A -> B 160; A -> C 160"},
		{"event", func() *deal.Outcome {
			o := outcome(r, "hearts", 6, 2, 2)
			o.Events = map[string]bool{"four-aces": true}
			return o
		}, "B -> A 50; C -> A 50; pot -> A 100/3"},
		{"misère lost at the first trick: play stopped", func() *deal.Outcome { return outcome(r, "misere", 1, 0, 0) },
			"A -> B 10; A -> C 10"},
		{"slam lost at the first trick: play stopped", func() *deal.Outcome { return outcome(r, "slam", 0, 1, 0) },
			"A -> B 200; A -> C 200"},
		{"conceded: nobody was asked to defend", func() *deal.Outcome {
			o := outcome(r, "hearts", 0, 0, 0)
			o.Conceded, o.Defence = true, []deal.Choice{deal.NoChoice, deal.NoChoice, deal.NoChoice}
			return o
		}, "A -> B 3; A -> C 3"},
		{"four seats: the dealer sits out and is never a defender", func() *deal.Outcome {
			o := outcome(r, "hearts", 6, 2, 2)
			o.Seats, o.Dealer = []string{"A", "B", "C", "D"}, 3
			o.Defence, o.Tricks = append(o.Defence, deal.NoChoice), append(o.Tricks, 0)
			return o
		}, "B -> A 40; C -> A 40; pot -> A 100/3"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := pairs(t, r, tt.o()); got != tt.want {
				t.Errorf("got  %s\nwant %s", got, tt.want)
			}
		})
	}
}

func TestRefusals(t *testing.T) {
	r := load(t)
	tests := []struct {
		name string
		o    func() *deal.Outcome
		want string
	}{
		{"tricks short", func() *deal.Outcome { return outcome(r, "hearts", 6, 2, 1) }, "tricks add up to 9"},
		{"misère played on after it was lost", func() *deal.Outcome { return outcome(r, "misere", 2, 0, 0) }, "tricks add up to 2"},
		{"slam stopped before it was lost", func() *deal.Outcome { return outcome(r, "slam", 3, 0, 0) }, "tricks add up to 3"},
		{"drop out of a no-drop contract", func() *deal.Outcome {
			o := outcome(r, "misere", 0, 5, 5)
			o.Defence[1], o.Tricks = deal.Drop, []int{0, 0, 10}
			return o
		}, "defenders may not drop out of misere"},
		{"a negative amount", func() *deal.Outcome { return outcome(r, "hearts", 10, 0, 0) }, "must not be negative"},
		{"a player seated twice", func() *deal.Outcome {
			o := outcome(r, "hearts", 6, 2, 2)
			o.Seats = []string{"A", "B", "A"}
			return o
		}, "A sits at the table twice"},
		{"the sitting-out dealer declares", func() *deal.Outcome {
			o := outcome(r, "hearts", 6, 2, 2)
			o.Seats, o.Dealer, o.Declarer = []string{"A", "B", "C", "D"}, 3, 3
			o.Defence, o.Tricks = []deal.Choice{deal.Play, deal.Play, deal.Play, deal.NoChoice}, []int{2, 2, 6, 0}
			return o
		}, "the declarer must be a player holding a hand"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := New(r).Settle(tt.o(), false)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("got %v, want an error containing %q", err, tt.want)
			}
		})
	}
}

func TestExplain(t *testing.T) {
	r := load(t)
	l, err := New(r).Settle(outcome(r, "hearts", 4, 3, 3), true)
	if err != nil {
		t.Fatal(err)
	}
	if got := l.Transfers[0].Explain; got != "stake * undertricks = 40 * 2" {
		t.Errorf("explanation %q", got)
	}
}

// A define, an event's condition or an amount that fails at settlement
// (an overflow, a division by zero) stops the settlement with an error
// naming it: never a value silently left at zero (the audit's pot-tenth
// "no payments").
func TestRuntimeErrorsAreErrors(t *testing.T) {
	for name, edit := range map[string][2]string{
		"define overflows":       {`stake: "game * (double ? 2 : 1)"`, `stake: "game * 9223372036854775807"`},
		"define divides by zero": {`stake: "game * (double ? 2 : 1)"`, `stake: "game % (game - 40)"`},
		"amount overflows":       {"amount: pot / 3}", "amount: pot / 3 + 9223372036854775807 * 2}"},
		"condition fails":        {"when: four_aces && made", "when: four_aces || 7 % (game - 40) == 1"},
	} {
		t.Run(name, func(t *testing.T) {
			src := strings.Replace(testRuleset, edit[0], edit[1], 1)
			if src == testRuleset {
				t.Fatalf("the test ruleset has no %q", edit[0])
			}
			r, err := ruleset.Load("settle-test.yaml", []byte(src))
			if err != nil {
				t.Fatal(err)
			}
			l, err := New(r).Settle(outcome(r, "hearts", 8, 1, 1), true)
			if err == nil {
				t.Fatalf("settled %v; want an error", l.Transfers)
			}
			if !strings.Contains(err.Error(), "define stake") && !strings.Contains(err.Error(), "rule ") {
				t.Errorf("error %q names neither the define nor the rule", err)
			}
		})
	}
}
