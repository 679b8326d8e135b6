package ruleset_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/preference-rules/pref/interpreter/ruleset"
)

// BenchmarkLoad loads each embedded ruleset from its text: the cost of
// starting any command on it. (The embedded ones extend nothing but
// each other by name; rulesets.Open resolves those, so only the
// self-contained ones are measured here.)
func BenchmarkLoad(b *testing.B) {
	files, _ := filepath.Glob("../../rulesets/*.yaml")
	for _, p := range files {
		data, err := os.ReadFile(p)
		if err != nil {
			b.Fatal(err)
		}
		if strings.Contains(string(data), "\nextends:") {
			continue
		}
		b.Run(strings.TrimSuffix(filepath.Base(p), ".yaml"), func(b *testing.B) {
			for b.Loop() {
				if _, err := ruleset.Load(p, data); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
