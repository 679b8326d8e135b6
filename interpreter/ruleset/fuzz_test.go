package ruleset

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzLoad: whatever the bytes, Load returns a ruleset or an error; it never
// panics or hangs. Seeded with the shipped rulesets and the test ruleset.
func FuzzLoad(f *testing.F) {
	files, _ := filepath.Glob("../../rulesets/*.yaml")
	files = append(files, "testdata/minimal.yaml")
	for _, p := range files {
		data, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte("a: &x [*x]"))
	f.Add([]byte("settlement: [{rule: r, when: '1 /', pay: []}]"))
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := Load("fuzz.yaml", data)
		if err == nil && r == nil {
			t.Fatal("no ruleset and no error")
		}
	})
}
