package ruleset_test

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/preference-rules/pref/interpreter/cards"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/rulesets"
)

// A house variant says only what differs from its base: maps merge,
// contracts and options by name, settlement rules by rule; other lists are
// replaced whole.
func TestExtendsMerges(t *testing.T) {
	dir := t.TempDir()
	house := filepath.Join(dir, "house.yaml")
	src := `extends: austrian-1829
name: house
title: House
contracts:
  - {name: hearts, values: {game: 50}}
  - {name: no-trumps, tricks: 6, number: 5, values: {game: 60, per_trick: 6}}
auction:
  ladder: [clubs, spades, diamonds, hearts, no-trumps]
play:
  head: must
options:
  hand-doubles: {default: true}
settlement:
  - rule: "both defenders dropped out, the declarer wins the game from the pot"
    when: declared && !played && !conceded && !hand
  - rule: a bonus
    when: played && made
    pay:
      - {from: defenders, to: declarer, amount: 1}
`
	if err := os.WriteFile(house, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	base, err := rulesets.Open("austrian-1829")
	if err != nil {
		t.Fatal(err)
	}
	r, err := rulesets.Open(house)
	if err != nil {
		t.Fatal(err)
	}
	if r.Name != "house" || r.Title != "House" || r.Description != base.Description {
		t.Errorf("name %q title %q description %q: the house's own, else the base's", r.Name, r.Title, r.Description)
	}
	contractsMergedByName(t, r, base)
	if !r.Play.MustHead || !r.Play.MustTrump {
		t.Errorf("play merged key by key: head %v, trump %v", r.Play.MustHead, r.Play.MustTrump)
	}
	if o, _ := r.Option("hand-doubles"); o.Default != true || o.Description == "" {
		t.Errorf("option merged: %+v", o)
	}
	rulesMergedByRule(t, r, base)
	if len(r.Ladder) != 5 {
		t.Errorf("the ladder is replaced whole: %d calls", len(r.Ladder))
	}
}

// contractsMergedByName checks TestExtendsMerges' contracts: hearts keeps
// the base's fields but the value the house gives; no-trumps is added.
func contractsMergedByName(t *testing.T, r, base *ruleset.Ruleset) {
	t.Helper()
	hearts, _ := r.ContractByName("hearts")
	ct := r.Contracts[hearts]
	if ct.Trumps != cards.Suit(3) || ct.Tricks != 6 || ct.Values[indexOf(r.ValueNames, "game")] != 50 || ct.Values[indexOf(r.ValueNames, "per_trick")] != 4 {
		t.Errorf("hearts merged: trumps %v tricks %d values %v (names %v)", ct.Trumps, ct.Tricks, ct.Values, r.ValueNames)
	}
	if len(r.Contracts) != len(base.Contracts)+1 || r.Contracts[len(r.Contracts)-1].Name != "no-trumps" {
		t.Errorf("a new contract is added at the end: %d contracts", len(r.Contracts))
	}
}

// rulesMergedByRule checks TestExtendsMerges' settlement: the first rule
// takes the house's condition and keeps its payments; a bonus is added.
func rulesMergedByRule(t *testing.T, r, base *ruleset.Ruleset) {
	t.Helper()
	if len(r.Rules) != len(base.Rules)+1 || r.Rules[0].WhenSrc != "declared && !played && !conceded && !hand" || r.Rules[len(r.Rules)-1].Name != "a bonus" {
		t.Errorf("rules merged by rule: %d rules, first when %q", len(r.Rules), r.Rules[0].WhenSrc)
	}
	if len(r.Rules[0].Pay) != len(base.Rules[0].Pay) {
		t.Errorf("a rule's payments kept when only its condition changes")
	}
}

func indexOf(s []string, v string) int {
	for i, x := range s {
		if x == v {
			return i
		}
	}
	return -1
}

// Bases that cannot be found, cycles and a house without a name of its own
// are errors that say so, at the extends line.
func TestExtendsErrors(t *testing.T) {
	dir := t.TempDir()
	write := func(name, src string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	write("b.yaml", "extends: a.yaml\nname: b\n")
	for path, want := range map[string]string{
		write("missing.yaml", "extends: nowhere\nname: m\n"):                "missing.yaml:1:10: extends nowhere: no embedded ruleset of that name",
		write("a.yaml", "extends: b.yaml\nname: a\n"):                       "a cycle",
		write("noname.yaml", "extends: sochi\ntitle: x\n"):                  "needs a name of its own",
		write("list.yaml", "extends: [sochi]\nname: l\n"):                   "extends",
		write("typo.yaml", "extends: sochi\nname: t\nplay: {haed: must}\n"): "haed",
	} {
		_, err := ruleset.LoadFile(path)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want an error containing %q", filepath.Base(path), err, want)
		}
	}
}

// "Defenders must head the trick": a house rule by role, written as YAML
// alone. A defender following suit must beat the best card; the declarer
// need not.
func TestHeadByRole(t *testing.T) {
	path := filepath.Join(t.TempDir(), "heads.yaml")
	if err := os.WriteFile(path, []byte("extends: austrian-modern\nname: heads\nplay: {head: defenders}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r, err := rulesets.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	diamonds, _ := r.ContractByName("diamonds")
	card := func(s string) cards.Card { c, _ := r.Deck.Parse(s); return c }
	hand := card("AS").Bit() | card("7S").Bit() | card("KH").Bit()
	trick := []cards.Card{card("10S"), card("JS")}
	for _, tc := range []struct {
		declarer int
		want     string
	}{
		{0, "AS"},    // Anton declares; Charlotte, a defender, must head with the ace
		{2, "AS 7S"}, // Charlotte declares: she need not head
	} {
		g := game.New(r, nil)
		if err := g.SetPosition(tc.declarer, diamonds, 2, hand, trick); err != nil {
			t.Fatal(err)
		}
		if got := r.Deck.Format(g.Legal(2), false); got != tc.want {
			t.Errorf("declarer seat %d: legal %s, want %s", tc.declarer, got, tc.want)
		}
	}
}

// The normalized document (every default written out) is the same ruleset:
// compiled, it plays and scores as the file does.
func TestNormalizedIsTheSameRuleset(t *testing.T) {
	// testdata/minimal.yaml leaves out every field it can: its defaults are
	// the ones exercised
	for _, name := range append(rulesets.Names(), filepath.Join("testdata", "minimal.yaml")) {
		r, err := rulesets.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		text, err := r.YAML()
		if err != nil {
			t.Fatal(err)
		}
		n, err := ruleset.Load(filepath.Base(name)+"-normalized.yaml", []byte(text))
		if err != nil {
			t.Fatalf("%s normalized does not load: %v", name, err)
		}
		same := reflect.DeepEqual(r.Play, n.Play) && reflect.DeepEqual(r.Auction, n.Auction) &&
			reflect.DeepEqual(r.Exchange, n.Exchange) && reflect.DeepEqual(r.Defence, n.Defence) &&
			reflect.DeepEqual(r.Contracts, n.Contracts) && reflect.DeepEqual(r.Ladder, n.Ladder) &&
			reflect.DeepEqual(r.Deck, n.Deck) && reflect.DeepEqual(r.Ante, n.Ante) && len(r.Rules) == len(n.Rules)
		if !same {
			t.Errorf("%s: the normalized document compiles to another ruleset", name)
		}
		if d := ruleset.Diff(r, n); len(d) != 0 {
			t.Errorf("%s: diff against its own normalized form: %v", name, d)
		}
	}
}
