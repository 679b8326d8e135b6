package verify_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/preference-rules/pref/interpreter/verify"
)

// A record of a session under way states the markers of a named kind
// each player holds before the first deal (table: marks_of): the replay
// settles with them, and each deal's expect: marks_of is compared. The
// same record with the marker at another seat fails, and says why.
func TestRecordStatesMarkKinds(t *testing.T) {
	path := "testdata/double-rounds-record.yaml"
	res, err := verify.RunFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !res.Passed() {
		t.Fatalf("problems: %v", res.Problems)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	moved := strings.Replace(string(data), "marks_of: {double: {Charlotte: 1}}", "marks_of: {double: {Anton: 1}}", 1)
	dir := t.TempDir()
	rules, err := os.ReadFile("testdata/double-rounds.yaml")
	if err != nil {
		t.Fatal(err)
	}
	other := filepath.Join(dir, "double-rounds-moved.yaml") // beside its ruleset
	if err := os.WriteFile(filepath.Join(dir, "double-rounds.yaml"), rules, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(other, []byte(moved), 0o644); err != nil {
		t.Fatal(err)
	}
	res, err = verify.RunFile(other)
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Join(res.Problems, "\n")
	if !strings.Contains(got, "Charlotte pool 2; want") || !strings.Contains(got, "double of Charlotte: changed by 0, want -1") {
		t.Fatalf("the marker moved to Anton: %s", got)
	}
}
