package verify_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/preference-rules/pref/interpreter/verify"
)

// A case's problems are sorted in among its unknown keys by the line and
// column they are found at, carried with each problem, not read back out
// of its text. Before, the place was parsed from "case.yaml:6:11: ...":
// a case whose path holds a colon ("deal:1/...") lost the place of every
// problem, which then came after the unknown key, out of file order.
func TestCaseMistakesInFileOrderWhateverThePath(t *testing.T) {
	data, err := os.ReadFile("testdata/three-mistakes-case.yaml")
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{"deal:1/three-mistakes-case.yaml", "a:99:1:case.yaml", "three-mistakes-case.yaml"} {
		_, err := verify.RunBytes(path, data)
		if err == nil {
			t.Fatalf("%s: accepted", path)
		}
		inOrder(t, err.Error(), []string{
			path + `:6:11: refused: bid "6-spadez" is not in the bid table`,
			path + `:7:9: refused: tricks: "Charlote" is not one of the seats`,
			path + `:9:3: unknown key "transfer" in expect: did you mean "transfers"?`,
		})
	}
}

// An error of another file, such as the ruleset the case names, has no
// place in the case: it comes after the case's own mistakes. Before, its
// line in the ruleset ("bad.yaml:1:10: ...") was read as a line of the
// case, and it came first, before a key misspelt at line 5 of the case.
func TestRulesetErrorIsNoPlaceInTheCase(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	ruleset := write("bad.yaml", "extends: sochi\n") // no name of its own
	path := write("case.yaml", "ruleset: bad.yaml\nseats: [A, B, C]\ncontract: {declarer: A, bid: 6-spades}\ntricks: {A: 6, B: 2, C: 2}\nexpekt: {}\n")
	_, err := verify.RunFile(path)
	if err == nil {
		t.Fatal("accepted")
	}
	inOrder(t, err.Error(), []string{
		path + `:5:1: unknown key "expekt" in the case`,
		ruleset + `:1:10: extends sochi: a ruleset that extends another needs a name of its own`,
	})
}
