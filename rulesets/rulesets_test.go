package rulesets

import (
	"testing"

	"github.com/preference-rules/pref/interpreter/ruleset"
)

// TestDescriptionsAreTheCompiledOnes: pref rulesets reads each description
// from the file's header without compiling it; it must be the description
// the compiled ruleset has (an extending ruleset's inherited one included).
func TestDescriptionsAreTheCompiledOnes(t *testing.T) {
	for _, name := range Names() {
		r, err := Open(name)
		if err != nil {
			t.Fatal(err)
		}
		got, err := Description(name)
		if err != nil {
			t.Fatal(err)
		}
		if got != r.Description || got == "" {
			t.Errorf("%s: header gives %q, compiled %q", name, got, r.Description)
		}
	}
}

// TestEmbeddedOptionsAllValid: Open loads the embedded rulesets without
// proving at every start that each value of each option gives a valid
// ruleset (ruleset.LoadTrusted); this test is that proof, with the full
// check a user's file gets.
func TestEmbeddedOptionsAllValid(t *testing.T) {
	for _, name := range Names() {
		data, _ := Source(name)
		if _, err := ruleset.LoadWith("rulesets/"+name+".yaml", data, resolve); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// BenchmarkOpen is the load of each embedded ruleset as a command pays it
// (compiled once per process: the cache is bypassed here).
func BenchmarkOpen(b *testing.B) {
	for _, name := range Names() {
		data, _ := Source(name)
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				if _, err := ruleset.LoadTrusted("rulesets/"+name+".yaml", data, resolve); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
