package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/preference-rules/pref/internal/rulings"
	"github.com/preference-rules/pref/rulesets"
)

// TestRulingDocument: pref explain --ruling writes the facts, each rule
// applied with its source, the arithmetic, the result, and digests of the
// ruleset's text and the record that anyone can recompute; --json the
// same as data. (There was no --ruling before.)
func TestRulingDocument(t *testing.T) {
	path := filepath.Join("..", "..", "conformance", "austrian-1829", "record-suit-game-made.yaml")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	text, _ := rulesets.Source("austrian-1829")
	hexsum := func(b []byte) string { h := sha256.Sum256(b); return hex.EncodeToString(h[:]) }
	var out, errOut bytes.Buffer
	if code := run([]string{"explain", "--ruling", path}, &out, &errOut); code != exitOK {
		t.Fatalf("exit %d\n%s", code, errOut.String())
	}
	md := out.String()
	for _, want := range []string{
		"## The facts", "Trick 1: Anton KC, Brigitte 7C, Charlotte AC",
		"## The rules applied", `Source: 003, "Settling", fourth bullet`,
		"Brigitte -> Anton 24", "trick_value 4 = per_trick * factor = 4 * 1",
		"## The result", "Anton +24, Brigitte -36, Charlotte +12",
		"ruleset text: sha256 " + hexsum(text), "record: sha256 " + hexsum(data),
	} {
		if !strings.Contains(md, want) {
			t.Errorf("the ruling does not say %q:\n%s", want, md)
		}
	}
	out.Reset()
	if code := run([]string{"explain", "--ruling", "--json", path}, &out, &errOut); code != exitOK {
		t.Fatalf("--json: exit %d\n%s", code, errOut.String())
	}
	var doc rulings.Ruling
	if err := json.Unmarshal(out.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	inputs := hexsum([]byte("pref ruling 1\nruleset " + hexsum(text) + "\noptions null\nrecord " + hexsum(data) + "\n"))
	if doc.Digest.Inputs != inputs || len(doc.Applied) != 1 || doc.Applied[0].Source == "" {
		t.Errorf("the JSON ruling: digest %s (want %s), rules applied %+v", doc.Digest.Inputs, inputs, doc.Applied)
	}
}
