package ruleset

import (
	"os"
	"strings"
	"testing"
)

// The README documents every name a settlement expression may use.
func TestReadmeListsEveryVariable(t *testing.T) {
	data, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range Variables {
		if !strings.Contains(string(data), "| `"+v.Name+"` | "+v.Doc) {
			t.Errorf("README.md does not document %s as %q", v.Name, v.Doc)
		}
	}
}
