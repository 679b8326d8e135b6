package rulesets

import (
	"slices"
	"strings"
	"testing"

	"github.com/preference-rules/pref/interpreter/ruleset"
)

// TestSheetTargets: the rulesets played to a pool name the option that
// sets it (table.sheet.target, which pref play --to-pool sets); the others
// name none, and --to-pool refuses them.
func TestSheetTargets(t *testing.T) {
	want := map[string]string{"sochi": "pool-target", "leningrad": "pool-target", "rostov": "pool-target"}
	for _, name := range Names() {
		r, err := Open(name)
		if err != nil {
			t.Fatal(err)
		}
		o, ok, err := r.Target()
		switch {
		case err != nil:
			t.Errorf("%s: %v", name, err)
		case ok != (want[name] != ""):
			t.Errorf("%s: names a target %v, want %q", name, ok, want[name])
		case ok && o.Name != want[name]:
			t.Errorf("%s: target %s, want %s", name, o.Name, want[name])
		case ok && r.Sheet.Final == nil:
			t.Errorf("%s: a target, but no sheet that closes", name)
		}
	}
}

// TestSheetTargetMustBeAWholeNumberOption: a house variant's target that
// names no option, or an option that is no whole number, is refused at the
// field's line when the ruleset loads, as the ruleset's other names are.
func TestSheetTargetMustBeAWholeNumberOption(t *testing.T) {
	for _, c := range []struct{ target, want string }{
		{"pool-targt", `house.yaml:4:19: table.sheet.target: no option "pool-targt": did you mean "pool-target"?`},
		{"pool-help", `house.yaml:4:19: table.sheet.target: "pool-help" is no option of house that is a whole number`},
	} {
		src := "extends: sochi\nname: house\ntable:\n  sheet: {target: " + c.target + "}\n"
		_, err := ruleset.LoadWith("house.yaml", []byte(src), resolve)
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("target %s: %v, want %s", c.target, err, c.want)
		}
	}
	// an option set keeps the target
	r, err := Open("sochi")
	if err != nil {
		t.Fatal(err)
	}
	if r, err = r.With(map[string]any{"pool-target": 20}); err != nil {
		t.Fatal(err)
	}
	if o, ok, err := r.Target(); !ok || err != nil || o.Default != 20 {
		t.Errorf("sochi with pool-target=20: %v %v %v", o, ok, err)
	}
}

// TestStatingIsTheCompiledSection: Stating reads lines, not YAML; each
// embedded ruleset it names for ppn must have the section compiled, and
// every one that states it (not by extends) must be named.
func TestStatingIsTheCompiledSection(t *testing.T) {
	stating := Stating("ppn")
	if len(stating) != 1 {
		t.Fatalf("ppn: stated by %v, want one ruleset", stating)
	}
	for _, name := range Names() {
		r, err := Open(name)
		if err != nil {
			t.Fatal(err)
		}
		data, _ := Source(name)
		own := !strings.Contains(string(data), "\nextends:")
		if states := slices.Contains(stating, name); own && states != (r.Spec.PPN != nil) {
			t.Errorf("%s: Stating says %v, the compiled ruleset has ppn: %v", name, states, r.Spec.PPN != nil)
		}
	}
}

// TestDefaultIsEmbedded: the default ruleset, the one ruleset name Go code
// holds, is an embedded one and opens.
func TestDefaultIsEmbedded(t *testing.T) {
	if _, ok := Source(Default); !ok {
		t.Fatalf("Default %q is no embedded ruleset (%v)", Default, Names())
	}
	if _, err := Open(Default); err != nil {
		t.Fatal(err)
	}
}
