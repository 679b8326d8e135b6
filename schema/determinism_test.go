package schema

import (
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// Of several unknown keys in one map the error names the first in the
// file, on every run: the validator lists them in Go's map order, which
// changes from run to run (a reviewer must be able to reproduce an error).
func TestSeveralUnknownKeysNamedInFileOrder(t *testing.T) {
	src := strings.Replace(valid, "play: {}", "play: {leader: declarer,\n  zrevoke: yes, arevoke: yes, mrevoke: yes, brevoke: yes}", 1)
	for range 30 {
		err := Validate("t.yaml", parse(t, src))
		if err == nil || !strings.Contains(err.Error(), `t.yaml:13:3: unknown key "zrevoke" in play`) {
			t.Fatalf("got %v", err)
		}
	}
}

// The defaults FillDefaults adds come in one order on every run, so that
// pref show prints the same text each time.
func TestFillDefaultsInOneOrder(t *testing.T) {
	var first string
	for range 30 {
		doc := parse(t, valid)
		FillDefaults(doc)
		out, err := yaml.Marshal(doc)
		if err != nil {
			t.Fatal(err)
		}
		if first == "" {
			first = string(out)
		} else if string(out) != first {
			t.Fatalf("two runs filled the defaults in different orders:\n%s\n---\n%s", first, out)
		}
	}
}
