package main

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/preference-rules/pref/rulesets"
)

// updating reports -update, the flag the teatest golden files already
// define: rewrite the golden playthroughs (then read every diff before
// committing).
func updating() bool {
	f := flag.Lookup("update")
	return f != nil && f.Value.String() == "true"
}

// TestGoldenPlaythroughs replays one whole deal of every embedded ruleset,
// conformance/<ruleset>/record-suit-game-made.yaml, and compares pref
// explain's account of it (the calls, the contract, every trick and why it
// was won, the settlement with its arithmetic) with a golden file in
// testdata/golden, as OpenSpiel keeps a playthrough per game. A change in
// any rule the deal meets shows as a diff to read.
func TestGoldenPlaythroughs(t *testing.T) {
	for _, name := range rulesets.Names() {
		t.Run(name, func(t *testing.T) {
			rec := filepath.Join("..", "..", "conformance", name, "record-suit-game-made.yaml")
			var out, errOut bytes.Buffer
			if code := run([]string{"explain", "--all", rec}, &out, &errOut); code != exitOK {
				t.Fatalf("pref explain %s: exit %d\n%s", rec, code, errOut.String())
			}
			golden := filepath.Join("testdata", "golden", name+".explain")
			if updating() {
				if err := os.WriteFile(golden, out.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (go test ./cmd/pref -run TestGoldenPlaythroughs -update writes it; read it before committing)", err)
			}
			if !bytes.Equal(out.Bytes(), want) {
				t.Errorf("pref explain %s differs from %s:\n--- got\n%s\n--- want\n%s", rec, golden, out.String(), want)
			}
		})
	}
}
