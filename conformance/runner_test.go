package conformance

import (
	"github.com/preference-rules/pref/interpreter/verify"

	"strings"
	"testing"
)

// The runner must report a wrong expectation, not pass it.
func TestWrongCasesFail(t *testing.T) {
	for file, want := range map[string]string{
		"testdata/wrong-amount.yaml": "Anton -> Brigitte 6",
		"testdata/wrong-error.yaml":  `expected an error containing "anything"`,
	} {
		res, err := verify.RunFile(file)
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		if res.Passed() {
			t.Errorf("%s passed; it is wrong on purpose", file)
			continue
		}
		if got := strings.Join(res.Problems, "\n"); !strings.Contains(got, want) {
			t.Errorf("%s: problems %q do not mention %q", file, got, want)
		}
	}
}

func TestUnreadableCaseIsAnError(t *testing.T) {
	_, err := verify.RunFile("testdata/unknown-key.yaml")
	if err == nil || !strings.Contains(err.Error(), "contrakt") {
		t.Fatalf("unknown key not reported: %v", err)
	}
}

// The score sheet as a concept: cases in the shared format's sheet form
// pass, and a wrong sheet is reported.
func TestSheetCases(t *testing.T) {
	for _, f := range []string{"testdata/sheet-made.yaml", "testdata/sheet-failed.yaml"} {
		res, err := verify.RunFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range res.Problems {
			t.Errorf("%s: %s", f, p)
		}
	}
	res, err := verify.RunFile("testdata/wrong-sheet.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if res.Passed() || !strings.Contains(strings.Join(res.Problems, " "), "want Anton pool 5") {
		t.Fatalf("a wrong sheet passed: %v", res.Problems)
	}
}
