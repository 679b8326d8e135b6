package rulings

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRequestErrorsTellTheirKind: a request's error is a *Refused for
// input it cannot use (a front end's exit 2), a *Failure for a ruling
// against input it read (exit 1), so that a front end other than the
// command line can tell them apart the same way.
func TestRequestErrorsTellTheirKind(t *testing.T) {
	var out bytes.Buffer
	refusedErrs := map[string]error{
		"no such ruleset": (&SettleRequest{Statement: Statement{}}).Run(&out),
		"deals":           (&SimulateRequest{Simulation: Simulation{Name: "austrian-1829"}}).Run(&out),
		"missing file":    (&ExplainRequest{Path: filepath.Join(t.TempDir(), "none.yaml")}).Run(&out),
		"no cases":        VerifyRequest{Paths: []string{t.TempDir()}}.Run(&out),
	}
	for name, err := range refusedErrs {
		var r *Refused
		if !errors.As(err, &r) {
			t.Errorf("%s: %T %v, want a *Refused", name, err, err)
		}
	}
	bad := filepath.Join(t.TempDir(), "bad.yaml")
	if err := os.WriteFile(bad, []byte("name: x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	err := ValidateRequest{Names: []string{bad}}.Run(&out, &out)
	var f *Failure
	if !errors.As(err, &f) || !strings.Contains(err.Error(), "1 of 1 rulesets invalid") {
		t.Errorf("an invalid ruleset: %T %v, want a *Failure", err, err)
	}
	if err := Diff(&out, "austrian-1829", "austrian-1829"); err != nil {
		t.Errorf("a ruleset against itself: %v", err)
	}
	if err := Diff(&out, "austrian-1829", "sochi"); !errors.As(err, &f) {
		t.Errorf("two rulesets that differ: %T %v, want a *Failure", err, err)
	}
}

// TestOpenWithOptionsRefusesAnUnknownOption: the one door for a ruleset
// and its options names the flag in what it refuses.
func TestOpenWithOptionsRefusesAnUnknownOption(t *testing.T) {
	_, _, err := OpenWithOptions("austrian-1829", []string{"no-such-option=1"})
	var r *Refused
	if !errors.As(err, &r) || !strings.HasPrefix(err.Error(), "--option ") {
		t.Errorf("got %T %v, want a *Refused naming --option", err, err)
	}
	r2, opts, err := OpenWithOptions("austrian-1829", nil)
	if err != nil || r2 == nil || len(opts) != 0 {
		t.Errorf("no options: %v %v", opts, err)
	}
}
