package rulings

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/preference-rules/pref/rulesets"
)

// TestRulingDigestIncludesBase: the ruling document of a case played by a
// house file digests the house file's text followed by the text of the
// ruleset it extends, so that a changed base changes the digest. Before,
// only the house file's text was digested: the same digest for rulings
// under different bases.
func TestRulingDigestIncludesBase(t *testing.T) {
	dir := t.TempDir()
	house := "extends: austrian-1829\nname: house\ntitle: House rules\n"
	if err := os.WriteFile(filepath.Join(dir, "house.yaml"), []byte(house), 0o644); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join("..", "..", "conformance", "austrian-1829", "anton-diamonds.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	caseFile := filepath.Join(dir, "case.yaml")
	data = []byte(strings.Replace(string(data), "ruleset: austrian-1829\n", "ruleset: house.yaml\n", 1))
	if err := os.WriteFile(caseFile, data, 0o644); err != nil {
		t.Fatal(err)
	}
	deals, err := Explain(caseFile, data, false)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := NewRuling(caseFile, data, deals)
	if err != nil {
		t.Fatal(err)
	}
	base, ok := rulesets.Source("austrian-1829")
	if !ok {
		t.Fatal("no embedded austrian-1829")
	}
	want := hexSum(append([]byte(house+"\n--- extends austrian-1829\n"), base...))
	if doc.Digest.Ruleset != want {
		t.Errorf("ruleset digest %s, want %s (the house file and the ruleset it extends); the house file alone is %s",
			doc.Digest.Ruleset, want, hexSum([]byte(house)))
	}
	// an embedded ruleset that extends none digests its own text alone
	plain, err := rulesetText(caseFile, "austrian-1829")
	if err != nil || string(plain) != string(base) {
		t.Errorf("an embedded ruleset's text is not its own alone: %v", err)
	}
}

func hexSum(b []byte) string {
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}
