package lint_test

import (
	"strings"
	"testing"
)

// leadLint is a house variant with rules of the lead: rule 2 can never
// change a lead (after rule 1 a leader of the first trick holds only
// trumps or none), rule 3 narrows the leads of the other tricks.
const leadLint = `extends: sochi
name: lead-lint
play:
  lead:
    - {trick: 1, must: trump}
    - {trick: 1, by: declarer, may_not: trump}
    - {by: defenders, may_not: trump}
`

// Lint says which rule of the lead can never change a lead, at its line in
// the house file, and says nothing of the ones that can.
func TestLintLeadRules(t *testing.T) {
	path := write(t, "lead-lint.yaml", leadLint)
	var lead []string
	for _, w := range lintFile(t, path) {
		if strings.Contains(w, "lead rule") {
			lead = append(lead, w)
		}
	}
	want := path + ":6:7: warning: lead rule 2 never changes a lead: rule 1 before it already decides the same cards"
	if len(lead) != 1 || !strings.HasPrefix(lead[0], want) {
		t.Fatalf("lead warnings %q; want one starting %q", lead, want)
	}
}

// A rule on trumps in a ruleset whose contracts have none never applies.
func TestLintLeadRuleWithoutTrumps(t *testing.T) {
	path := write(t, "no-trumps.yaml", `name: lead-no-trumps
title: Lead rules without trumps
description: a pack game whose contracts have no trumps.
players: {hands: 3}
cards:
  suits: [{id: S, name: spades}, {id: C, name: clubs}, {id: D, name: diamonds}, {id: H, name: hearts}]
  ranks: ["7", "8", "9", "10", J, Q, K, A]
deal:
  packets: [{to: hands, cards: 10}, {to: talon, cards: 2}]
contracts:
  - {name: six, tricks: 6, values: {game: 2}}
  - {name: seven, tricks: 7, values: {game: 4}}
auction: {ladder: [six, seven]}
exchange: {talon: take}
defence: {choices: [play, drop]}
play:
  leader: forehand
  lead:
    - {trick: 1, must: trump}
settlement:
  - rule: made
    when: played && made
    pay:
      - {from: defenders, to: declarer, amount: game}
  - rule: failed
    when: played && !made
    pay:
      - {from: declarer, to: defenders, amount: game}
`)
	want := path + ":19:7: warning: lead rule 1 never applies: no contract has trumps"
	found := false
	for _, w := range lintFile(t, path) {
		found = found || strings.HasPrefix(w, want)
	}
	if !found {
		t.Fatalf("no warning %q", want)
	}
}
