package ruleset_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
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

// A settlement rule of a house file whose name is a misspelling of one of
// its base's is a new rule, paid on top of the base's: loading notes it,
// naming both places (issue 24: a failed declarer paid twice and validate
// and lint both passed).
func TestTrustMisspeltRuleNoted(t *testing.T) {
	path := writeHouse(t, "typo.yaml", `name: typo
extends: sochi
settlement:
  - rule: failed, the game value per missing trick on the declarers mountain
    when: played && declared && !made
    pay:
      - {to: declarer, account: mountain, amount: game * undertricks * 2}
  - rule: a rule of its own, unlike any other
    when: played && made
    pay:
      - {to: declarer, account: pool, amount: 1}
`)
	r, err := rulesets.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	w := r.Warnings()
	if len(w) != 1 {
		t.Fatalf("want one warning, got %v", w)
	}
	text := w[0].Error()
	for _, want := range []string{path + ":4:5:", `"failed, the game value per missing trick on the declarers mountain"`, `close to "failed, the game value per missing trick on the declarer's mountain" (rulesets/sochi.yaml:317:5)`, "both apply"} {
		if !strings.Contains(text, want) {
			t.Errorf("the warning does not say %q:\n%s", want, text)
		}
	}
}

// A misspelt option in a house file is not a new option missing its
// description: the base has no option of that name, did you mean.
func TestTrustMisspeltOption(t *testing.T) {
	path := writeHouse(t, "opt.yaml", "name: opt\nextends: sochi\noptions:\n  stalingrat: {default: true}\n")
	_, err := rulesets.Open(path)
	if err == nil {
		t.Fatal("a misspelt option was accepted")
	}
	text := err.Error()
	if !strings.Contains(text, path+":4:3: option stalingrat: rulesets/sochi.yaml has no option of that name: did you mean stalingrad?") || strings.Contains(text, "missing properties") {
		t.Errorf("misspelt option: %v", err)
	}
}

// A mistake in a base is reported in the base, at its line, however many
// lines the extending file has (it was given the extending file's name).
func TestTrustBaseErrorInBase(t *testing.T) {
	full, err := rulesets.Open("sochi")
	if err != nil {
		t.Fatal(err)
	}
	text, err := full.YAML()
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(text, "\n")
	bad := -1
	for i, l := range lines {
		if strings.Contains(l, "amount: game * undertricks,") {
			lines[i] = strings.Replace(l, "game * undertricks,", "game * undertrix,", 1)
			bad = i + 1
			break
		}
	}
	if bad < 0 {
		t.Fatal("no line to spoil")
	}
	dir := t.TempDir()
	base := filepath.Join(dir, "base.yaml")
	if err := os.WriteFile(base, []byte(strings.Join(lines, "\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	top := filepath.Join(dir, "top.yaml")
	if err := os.WriteFile(top, []byte("name: top\nextends: base.yaml\nnotes: |\n"+strings.Repeat("  a line\n", bad+10)), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = rulesets.Open(top)
	if err == nil {
		t.Fatal("a base with an unknown name was accepted")
	}
	if want := fmt.Sprintf("%s:%d:", base, bad); !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), top+":") {
		t.Errorf("want the error at %s, got:\n%v", want, err)
	}
	if !strings.Contains(err.Error(), "game * undertrix") {
		t.Errorf("the base's line is not quoted:\n%v", err)
	}
}

// A file that is not a ruleset, extended or given directly, is refused by
// its path alone: none of its lines is quoted (it may be anything, a file
// of secrets, /proc/self/status); an empty one is not an empty base.
func TestTrustNotARuleset(t *testing.T) {
	dir := t.TempDir()
	secret := "AWS_SECRET_ACCESS_KEY: wJalrXUtnFEMI"
	files := map[string]string{
		"secrets.txt": secret + "\nName: x\nName: y\n",
		"notes.txt":   "some notes: about: " + secret + "\n  - [\n",
		"empty.txt":   "",
		"list.yaml":   "- " + secret + "\n",
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	targets := []string{"secrets.txt", "notes.txt", "empty.txt", "list.yaml"}
	if _, err := os.Stat("/proc/self/status"); err == nil {
		targets = append(targets, "/proc/self/status")
	}
	for _, target := range targets {
		house := filepath.Join(dir, "house.yaml")
		if err := os.WriteFile(house, []byte("name: house\nextends: "+target+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		check := func(how string, err error) {
			t.Helper()
			if err == nil {
				t.Errorf("%s %s: accepted", how, target)
				return
			}
			text := err.Error()
			if !strings.Contains(text, "is not a ruleset") && !strings.Contains(text, "not a ruleset:") {
				t.Errorf("%s %s: %v", how, target, err)
			}
			if strings.Contains(text, "wJalr") || strings.Contains(text, "Name:") || strings.Contains(text, "VmRSS") || strings.Contains(text, "Umask") {
				t.Errorf("%s %s: the error quotes the file:\n%v", how, target, err)
			}
		}
		_, err := rulesets.Open(house)
		check("extends", err)
		path := target
		if !filepath.IsAbs(path) {
			path = filepath.Join(dir, target)
		}
		_, err = ruleset.LoadFile(path)
		check("load", err)
	}
}
