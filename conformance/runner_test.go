package conformance

import (
	"strings"
	"testing"
)

// The runner must report a wrong expectation, not pass it.
func TestWrongCasesFail(t *testing.T) {
	for file, want := range map[string]string{
		"testdata/wrong-amount.yaml": "Anton -> Brigitte 6",
		"testdata/wrong-error.yaml":  `expected an error containing "anything"`,
	} {
		res, err := RunFile(file)
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
	_, err := RunFile("testdata/unknown-key.yaml")
	if err == nil || !strings.Contains(err.Error(), "contrakt") {
		t.Fatalf("unknown key not reported: %v", err)
	}
}
