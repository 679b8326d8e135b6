package verify_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/preference-rules/pref/interpreter/verify"
)

// After a refused deal the replay goes on, but the table a later deal is
// played at (the all-pass run, the markings, the pot) is no longer the
// game's: a later refusal by the rules says so; a step written wrong
// whatever the table (a call no ladder has) does not.
func TestRefusalsAfterARefusedDeal(t *testing.T) {
	const caveat = "after deal 1 was refused, the table this deal was played at is not known for sure"
	res, err := verify.RunFile("testdata/three-mistakes-record.yaml")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range res.Problems {
		if strings.Contains(p, "6-spadez") && strings.Contains(p, caveat) {
			t.Errorf("a call written wrong blamed on the table: %s", p)
		}
	}
	data, err := os.ReadFile("testdata/three-mistakes-record.yaml")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "record.yaml")
	ruled := strings.Replace(string(data), "{Brigitte: 6-spadez}", "{Brigitte: 10-no-trump}", 1)
	if err := os.WriteFile(path, []byte(ruled), 0o644); err != nil {
		t.Fatal(err)
	}
	res, err = verify.RunFile(path)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, p := range res.Problems {
		found = found || strings.Contains(p, "deal 2") && strings.Contains(p, caveat)
	}
	if !found {
		t.Errorf("deal 2's refusal after deal 1's does not say the table is not known:\n%s", strings.Join(res.Problems, "\n"))
	}
}
