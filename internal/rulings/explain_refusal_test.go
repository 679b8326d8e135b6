package rulings

import (
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/preference-rules/pref/interpreter/record"
)

// refusedSession is sochi's three-deal session record with deal 1's sheet
// figure wrong (Anton's mountain 6, settled 5) and deal 3 refused at
// trick 3 (Anton plays QC holding spades), a refusal its expect: names.
func refusedSession(t *testing.T) []byte {
	t.Helper()
	data, err := os.ReadFile("../../conformance/sochi/record-session-run-ends-declared.yaml")
	if err != nil {
		t.Fatal(err)
	}
	s := string(data)
	for _, r := range [][2]string{
		{"          mountain: 5\n        Brigitte:\n          mountain: 3", "          mountain: 6\n        Brigitte:\n          mountain: 3"},
		{"      - 7S 8S KS", "      - 7S QC KS"},
	} {
		if !strings.Contains(s, r[0]) {
			t.Fatalf("the session record has changed: no %q", r[0])
		}
		s = strings.Replace(s, r[0], r[1], 1)
	}
	last := strings.LastIndex(s, "    expect:")
	return []byte(s[:last] + "    expect:\n      error: 'must follow spades'\n")
}

// TestExplainBlamesTheFigureNotTheExpectedRefusal: a record whose last
// deal is refused as its expect: says, but whose first deal's figures are
// wrong, fails for the wrong figure, told with deal 1 next to the settled
// one; the refusal is told as the record expects it. Before, the
// explanation failed with the expected refusal and said nothing of the
// figure.
func TestExplainBlamesTheFigureNotTheExpectedRefusal(t *testing.T) {
	deals, err := Explain("session.yaml", refusedSession(t), false)
	var f *Failure
	if !errors.As(err, &f) {
		t.Fatalf("err %v, want a *Failure", err)
	}
	var step *record.StepError
	if errors.As(err, &step) {
		t.Errorf("the failure is the expected refusal: %v", err)
	}
	if !strings.Contains(err.Error(), "deal 1: sheet: got Anton mountain 5") {
		t.Errorf("the failure does not name deal 1's figure: %v", err)
	}
	if len(deals) != 3 {
		t.Fatalf("%d deals explained, want 3", len(deals))
	}
	if got := strings.Join(deals[0].Expectation, "; "); !strings.Contains(got, "want Anton mountain 6") {
		t.Errorf("deal 1's expectation %q does not say the figure written", got)
	}
	if !strings.HasSuffix(deals[2].Fault, ", as the record's expect: says") {
		t.Errorf("deal 3's fault %q is not told as expected", deals[2].Fault)
	}
	if len(deals[2].Expectation) > 0 {
		t.Errorf("deal 3 carries another deal's expectation: %q", deals[2].Expectation)
	}
}

// TestExplainRefusalAsExpected: the same record with deal 1's figure
// right passes, the refusal told as expected; with deal 3's expect: naming
// another refusal it fails with the refusal.
func TestExplainRefusalAsExpected(t *testing.T) {
	right := strings.Replace(string(refusedSession(t)), "mountain: 6", "mountain: 5", 1)
	if _, err := Explain("session.yaml", []byte(right), false); err != nil {
		t.Errorf("every figure right, the refusal expected: %v", err)
	}
	other := strings.Replace(right, "must follow spades", "must trump", 1)
	_, err := Explain("session.yaml", []byte(other), false)
	var step *record.StepError
	if !errors.As(err, &step) || step.Deal != 3 {
		t.Errorf("a refusal other than the one expected: err %v, want deal 3's refusal", err)
	}
}
