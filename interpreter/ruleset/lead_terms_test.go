package ruleset_test

import (
	"slices"
	"testing"

	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/rulesets"
)

// TestLeadRuleWordsFollowTheTerms: a lead rule pref words names its suit
// in the table's words in force: piki at a terms=russian table, whether
// the house variant sets russian by default or With selects it, and
// spades again when With switches back (the ruleset With started from
// keeps its own); a rule with its own words keeps them. Before, pref
// worded the rule before the words set was applied, and a russian table
// read "spades".
func TestLeadRuleWordsFollowTheTerms(t *testing.T) {
	const (
		english = "the leader may not lead a card of spades to the first trick (unless holding nothing else)"
		russian = "the leader may not lead a card of piki to the first trick (unless holding nothing else)"
		written = "no spade to the first trick"
	)
	house, err := rulesets.Open(writeHouse(t, "lead-terms.yaml", `extends: sochi
name: lead-terms
options:
  terms: {default: russian}
play:
  lead:
    - {trick: 1, may_not: S}
    - {trick: 1, by: declarer, may_not: S, words: "`+written+`"}
`))
	if err != nil {
		t.Fatal(err)
	}
	en, err := house.With(map[string]any{"terms": "english"})
	if err != nil {
		t.Fatal(err)
	}
	ru, err := en.With(map[string]any{"terms": "russian"})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		what string
		r    *ruleset.Ruleset
		want []string
	}{
		{"russian by default", house, []string{russian, written}},
		{"With terms=english", en, []string{english, written}},
		{"With terms=russian again", ru, []string{russian, written}},
		{"the ruleset With started from, after With", house, []string{russian, written}},
	} {
		var got []string
		for _, l := range c.r.Play.Lead {
			got = append(got, l.Words)
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: the lead rules say %q, want %q", c.what, got, c.want)
		}
	}
}
