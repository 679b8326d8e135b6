package verify_test

import (
	"strings"
	"testing"

	"github.com/preference-rules/pref/interpreter/verify"
)

// inOrder checks that text says each of want, in that order.
func inOrder(t *testing.T, text string, want []string) {
	t.Helper()
	last := -1
	for _, w := range want {
		i := strings.Index(text, w)
		if i < 0 {
			t.Fatalf("missing %q in:\n%s", w, text)
		}
		if i < last {
			t.Fatalf("%q out of file order in:\n%s", w, text)
		}
		last = i
	}
}

// A record with a mistake in each of three deals says all three in one
// run, in file order, each at its line and column with the line and a
// caret under the card, the call or the key. Before, the run stopped at
// the first refused deal (the expect: key was said only once the cards
// were right, at a line counted from the block).
func TestRecordMistakesInOneRun(t *testing.T) {
	path := "testdata/three-mistakes-record.yaml"
	res, err := verify.RunFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Problems) != 3 {
		t.Fatalf("%d problems, want 3:\n%s", len(res.Problems), strings.Join(res.Problems, "\n"))
	}
	inOrder(t, strings.Join(res.Problems, "\n"), []string{
		path + ":22:15: deal 1, trick 2: Brigitte played 7D but must follow hearts and holds 9H 7H\n          - 8H JH 7D 10H\n                  ^",
		path + `:47:9: deal 2, action 1 (Brigitte: 6-spadez): "6-spadez" is no call of the ladder`,
		"\n          - {Brigitte: 6-spadez}\n            ^",
		path + `:96:7: deal 3: expect: unknown key "transfer": did you mean "transfers"?` + "\n          transfer: []\n          ^",
	})
}

// An outcome case with three mistakes, one an unknown key, says all three
// in one run, in file order, each at its place; the unknown key still
// makes the case unreadable (an error), as ever.
func TestCaseMistakesInOneRun(t *testing.T) {
	path := "testdata/three-mistakes-case.yaml"
	_, err := verify.RunFile(path)
	if err == nil {
		t.Fatal("accepted")
	}
	inOrder(t, err.Error(), []string{
		path + `:6:11: refused: bid "6-spadez" is not in the bid table`,
		path + `:7:9: refused: tricks: "Charlote" is not one of the seats`,
		path + `:9:3: unknown key "transfer" in expect: did you mean "transfers"?`,
	})
}
