package ruleset_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/rulesets"
)

// writeHouse writes a house file into a fresh directory and returns its path.
func writeHouse(t *testing.T, name, src string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// An option a house file switches on by default is played on: the fields
// it sets are applied (issue 24: stalingrad shown on, 6 spades droppable;
// contra-recontra shown on, contra never callable), and switching it off
// again takes them away.
func TestTrustOptionOnByDefaultIsPlayed(t *testing.T) {
	stalingrad := writeHouse(t, "stalin.yaml", "name: stalin\nextends: sochi\noptions:\n  stalingrad: {default: true}\n")
	r, err := rulesets.Open(stalingrad)
	if err != nil {
		t.Fatal(err)
	}
	six, ok := r.ContractByName("6-spades")
	if !ok {
		t.Fatal("no 6-spades")
	}
	if o, _ := r.Option("stalingrad"); o.Default != true {
		t.Fatalf("stalingrad shown %v", o.Default)
	}
	if !r.Contracts[six].NoDrop {
		t.Error("stalingrad is on by default but 6 spades may be dropped")
	}
	off, err := r.With(map[string]any{"stalingrad": false})
	if err != nil {
		t.Fatal(err)
	}
	if off.Contracts[six].NoDrop {
		t.Error("stalingrad switched off, but 6 spades still may not be dropped")
	}
	if !r.Contracts[six].NoDrop {
		t.Error("With changed the ruleset it started from")
	}
	on, err := off.With(map[string]any{"stalingrad": true})
	if err != nil || !on.Contracts[six].NoDrop {
		t.Errorf("on again: %v, no_drop %v", err, err == nil && on.Contracts[six].NoDrop)
	}
	same, err := r.With(map[string]any{"stalingrad": true})
	if err != nil || !same.Contracts[six].NoDrop {
		t.Errorf("on as by default: %v", err)
	}

	contra := writeHouse(t, "contra.yaml", "name: contra\nextends: west-balkans\noptions:\n  contra-recontra: {default: true}\n")
	c, err := rulesets.Open(contra)
	if err != nil {
		t.Fatal(err)
	}
	if !c.Defence.Contra.On || c.Defence.Contra.TeamNeeds != 5 {
		t.Errorf("contra-recontra on by default: contra %+v", c.Defence.Contra)
	}
	base, err := rulesets.Open("west-balkans")
	if err != nil {
		t.Fatal(err)
	}
	if base.Defence.Contra.On {
		t.Error("west-balkans has contra on by default")
	}
}

// The same through Load, with a file of its own: an option on by default
// whose fields make the ruleset invalid is refused at the option.
func TestTrustOptionOnByDefaultInvalid(t *testing.T) {
	src, ok := rulesets.Source("sochi")
	if !ok {
		t.Fatal("no sochi")
	}
	house := "name: bad\nextends: sochi\noptions:\n  stalingrad: {default: true, sets: {contracts.6-spades.no_drop: perhaps}}\n"
	path := writeHouse(t, "bad.yaml", house)
	_, err := ruleset.LoadWith(path, []byte(house), func(from, base string) (string, []byte, error) { return "sochi", src, nil })
	if err == nil {
		t.Fatal("an option on by default with an invalid field was accepted")
	}
	t.Log(err)
}
