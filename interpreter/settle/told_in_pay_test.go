package settle

import (
	"testing"

	"github.com/preference-rules/pref/interpreter/ruleset"
)

// A ruleset whose first rule holds only on the pot as it stood before the
// deal (pot_after moves as the rules pay): its payment's reason must be
// the one it was paid for, though the rule no longer holds once paid.
const potAfterRuleset = `
name: pot-after-words
title: Pot after
description: a rule that holds on the pot before it pays into it.
players: {hands: 3}
cards:
  suits: [{id: C, name: clubs}, {id: S, name: spades}, {id: D, name: diamonds}, {id: H, name: hearts}]
  ranks: ["7", "8", "9", "10", J, Q, K, A]
deal:
  packets: [{to: hands, cards: 10}, {to: talon, cards: 2}]
contracts:
  - {name: hearts, trumps: H, tricks: 6, values: {game: 40}}
auction:
  ladder: [hearts]
exchange: {talon: take}
defence: {choices: [play, drop], each_needs: 2}
play: {leader: declarer}
define:
  stake: game
amount_words:
  stake: {name: the game's value}
settlement:
  - rule: the declarer feeds a pot of 100
    when: played && pot_after == 100
    pay:
      - {from: declarer, to: pot, amount: stake}
  - rule: made
    when: played && made
    pay:
      - {from: defenders, to: declarer, where: from.played, amount: stake}
`

// TestToldAsPaid: the reasons of an explained settlement are noted as
// each payment is made, not by walking the rules again afterwards: a
// rule that holds on pot_after before it pays keeps its reason (walked
// afterwards, it no longer held, the reasons no longer matched the
// payments and all were dropped; seen failing so).
func TestToldAsPaid(t *testing.T) {
	r, err := ruleset.Load("pot-after.yaml", []byte(potAfterRuleset))
	if err != nil {
		t.Fatal(err)
	}
	l, err := New(r).Settle(outcome(r, "hearts", 6, 2, 2), true)
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Transfers) != 3 || l.Told == nil || len(l.Told.Whys) != 3 {
		var whys []Why
		if l.Told != nil {
			whys = l.Told.Whys
		}
		t.Fatalf("%d transfers, reasons %+v: want one reason each", len(l.Transfers), whys)
	}
	for i, why := range l.Told.Whys {
		if why.Named != "the game's value" {
			t.Errorf("payment %d (%+v): named %q, want the game's value", i, l.Transfers[i], why.Named)
		}
	}
}
