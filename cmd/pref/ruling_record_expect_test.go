package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRulingExplainRecordExpectation: a game record's deal may carry an
// expect: block; pref explain checks it as pref verify does, and a wrong
// figure fails the explanation (exit 1), shown next to the settled one.
// Before, pref explain of such a record exited 0 and said nothing of it.
func TestRulingExplainRecordExpectation(t *testing.T) {
	right := filepath.Join("..", "..", "conformance", "austrian-1829", "record-anne-preference-5-4-1.yaml")
	data, err := os.ReadFile(right)
	if err != nil {
		t.Fatal(err)
	}
	wrong := strings.Replace(string(data), "{from: Anne, to: Berti, amount: 16}", "{from: Anne, to: Berti, amount: 17}", 1)
	if wrong == string(data) {
		t.Fatal("the record's expect: has changed: pick another figure")
	}
	path := filepath.Join(t.TempDir(), "wrong.yaml")
	if err := os.WriteFile(path, []byte(wrong), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errOut bytes.Buffer
	if code := run([]string{"explain", path}, &out, &errOut); code != exitFailed {
		t.Fatalf("pref explain of a record with a wrong expect: exit %d, want %d\n%s%s", code, exitFailed, out.String(), errOut.String())
	}
	for _, want := range []string{"The expect: is wrong:", "got Anne -> Berti 16", "want Anne -> Berti 17"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("pref explain does not say %q:\n%s", want, out.String())
		}
	}
	if deals := explainJSON(t, path, exitFailed); len(deals) != 1 || len(deals[0].Expectation) != 1 {
		t.Errorf("--json does not carry the expectation that differs: %+v", deals)
	}
	var ok, okErr bytes.Buffer
	if code := run([]string{"explain", right}, &ok, &okErr); code != exitOK {
		t.Errorf("pref explain of the record as written: exit %d\n%s", code, okErr.String())
	}
}
