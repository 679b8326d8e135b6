package conformance

import (
	"github.com/preference-rules/pref/interpreter/verify"

	"testing"
)

// TestCases runs every case under this directory: each must pass.
func TestCases(t *testing.T) {
	files, err := verify.Files([]string{"."})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 10 {
		t.Fatalf("found only %d case files", len(files))
	}
	for _, f := range files {
		t.Run(f, func(t *testing.T) {
			res, err := verify.RunFile(f)
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range res.Problems {
				t.Error(p)
			}
		})
	}
}
