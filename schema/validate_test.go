package schema

import (
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

func parse(t *testing.T, src string) *yaml.Node {
	t.Helper()
	var n yaml.Node
	if err := yaml.Unmarshal([]byte(src), &n); err != nil {
		t.Fatal(err)
	}
	return &n
}

const valid = `name: t
title: T
description: d
source: 1829-05-01
players: {hands: 3}
cards: {suits: [{id: C, name: clubs}], ranks: ["7", "8"]}
deal: {packets: [{to: hands, cards: 1}]}
contracts: [{name: c, tricks: 1}]
auction: {ladder: [c]}
exchange: {talon: none}
defence: {choices: [play]}
play: {}
settlement: [{rule: r, when: true, pay: [{from: pot, to: declarer, amount: 1}]}]
`

// yaml.v3 makes an unquoted date a time.Time, which the validator rejects:
// validation must see it as the string it is in a string field.
func TestUnquotedDateIsAString(t *testing.T) {
	if err := Validate("t.yaml", parse(t, valid)); err != nil {
		t.Fatal(err)
	}
}

func TestUnknownKeyPointsAtTheKey(t *testing.T) {
	src := strings.Replace(valid, "play: {}", "play: {leader: declarer,\n  revoke: yes}", 1)
	err := Validate("t.yaml", parse(t, src))
	if err == nil || !strings.Contains(err.Error(), `t.yaml:13:3: unknown key "revoke" in play (allowed: cooperation, head, lead, leader, trump)`) {
		t.Fatalf("got %v", err)
	}
}

func TestSeveralErrorsSortedByPosition(t *testing.T) {
	src := strings.Replace(valid, "players: {hands: 3}", "players: {hands: 9}", 1)
	src = strings.Replace(src, "talon: none", "talon: maybe", 1)
	err := Validate("t.yaml", parse(t, src))
	list, ok := err.(List)
	if !ok || len(list) != 2 || list[0].Line != 5 || list[1].Line != 10 {
		t.Fatalf("want two errors at lines 5 and 10, got %v", err)
	}
}

func TestNearest(t *testing.T) {
	names := []string{"played", "made", "each_needs", "head", "sochi", "failed_defenders"}
	for name, want := range map[string]string{
		"playd": "played", "each_need": "each_needs", "haed": "head", "sochy": "sochi",
		"failed_defender": "failed_defenders", "made": "", "xyz": "", "p": "",
	} {
		if got := Nearest(name, names); got != want {
			t.Errorf("Nearest(%q) = %q, want %q", name, got, want)
		}
	}
}
