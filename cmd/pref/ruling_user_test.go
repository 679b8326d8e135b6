package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/preference-rules/pref/rulesets"
)

// TestRulingOfAUserRuleset: a record naming one of the user's rulesets
// by its name (in PREF_RULESETS) gets its ruling document, the digest
// taken of that file's text; pref verify opens such a record, so the
// ruling must too (it looked only beside the record, and failed).
func TestRulingOfAUserRuleset(t *testing.T) {
	dir := t.TempDir()
	users := filepath.Join(dir, "rulesets")
	if err := os.Mkdir(users, 0o755); err != nil {
		t.Fatal(err)
	}
	house := []byte("extends: austrian-1829\nname: ourhouse\ntitle: Our house rules\n")
	if err := os.WriteFile(filepath.Join(users, "ourhouse.yaml"), house, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PREF_RULESETS", users)
	record, err := os.ReadFile(filepath.Join("..", "..", "conformance", "austrian-1829", "record-suit-game-made.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Replace(string(record), "ruleset: austrian-1829", "ruleset: ourhouse", 1)
	if text == string(record) {
		t.Fatal("the record does not name austrian-1829 as expected")
	}
	path := filepath.Join(dir, "deal.yaml")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errOut bytes.Buffer
	if code := run([]string{"explain", "--ruling", path}, &out, &errOut); code != exitOK {
		t.Fatalf("exit %d\n%s", code, errOut.String())
	}
	// the house file's text, then the text of the ruleset it extends
	base, _ := rulesets.Source("austrian-1829")
	sum := sha256.Sum256(append(append(house, "\n--- extends austrian-1829\n"...), base...))
	if want := "ruleset text: sha256 " + hex.EncodeToString(sum[:]); !strings.Contains(out.String(), want) {
		t.Errorf("the ruling does not say %q:\n%s", want, out.String())
	}
}
