package rulings

import (
	"bytes"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/preference-rules/pref/interpreter/record"
)

// TestDealSpan: --deals is N or N-M within the record, and no more than
// MaxAnalysedDeals a run.
func TestDealSpan(t *testing.T) {
	for _, c := range []struct {
		spec     string
		n        int
		from, to int
		bad      string
	}{
		{"", 5, 0, 5, ""},
		{"2", 5, 1, 2, ""},
		{"2-4", 5, 1, 4, ""},
		{" 2 - 4 ", 5, 1, 4, ""},
		{"0", 5, 0, 0, "want N or N-M"},
		{"4-2", 5, 0, 0, "want N or N-M"},
		{"6", 5, 0, 0, "want N or N-M"},
		{"", MaxAnalysedDeals + 1, 0, 0, "choose them with --deals"},
	} {
		from, to, err := DealSpan(c.spec, "r.yaml", c.n)
		if c.bad != "" {
			if err == nil || !strings.Contains(err.Error(), c.bad) {
				t.Errorf("DealSpan(%q, %d): %v, want an error with %q", c.spec, c.n, err, c.bad)
			}
			continue
		}
		if err != nil || from != c.from || to != c.to {
			t.Errorf("DealSpan(%q, %d) = %d, %d, %v; want %d, %d", c.spec, c.n, from, to, err, c.from, c.to)
		}
	}
}

// TestParseTricksAndSheet: the flag texts of a stated outcome, and an
// entry given twice refused rather than silently replaced.
func TestParseTricksAndSheet(t *testing.T) {
	seats := []string{"A", "B", "C"}
	got, err := ParseTricks("6,2,2", seats)
	if err != nil || got["A"] != 6 || got["B"] != 2 || got["C"] != 2 {
		t.Errorf("ParseTricks(6,2,2) = %v, %v", got, err)
	}
	if _, err := ParseTricks("A=6,A=4", seats); err == nil || !strings.Contains(err.Error(), "A is given twice") {
		t.Errorf("ParseTricks(A=6,A=4): %v", err)
	}
	sheet, err := ParseSheet([]string{"A.pool=16", "B.whists.A=3"})
	if err != nil || sheet["A"]["pool"].Text != "16" || sheet["B"]["whists"].Against["A"] != "3" {
		t.Errorf("ParseSheet = %v, %v", sheet, err)
	}
	if _, err := ParseSheet([]string{"A.pool=1", "A.pool.B=3"}); err == nil || !strings.Contains(err.Error(), "as a figure and against a player") {
		t.Errorf("ParseSheet figure and against: %v", err)
	}
}

// TestExplainFailures: a record that breaks a rule is a Failure wrapping
// the step (the deals before it, here none, are returned with it); a file that is neither a
// record nor a case is not a Failure (bad input).
func TestExplainFailures(t *testing.T) {
	path := "../../conformance/austrian-1829/record-illegal-follow-suit.yaml"
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	// the record expects its refusal (expect: error), as pref verify
	// rules it; without the expectation the refusal is a failure
	data = data[:bytes.Index(data, []byte("\nexpect:"))+1]
	_, err = Explain(path, data, false)
	var f *Failure
	var step *record.StepError
	if !errors.As(err, &f) || !errors.As(err, &step) {
		t.Fatalf("Explain(%s): %v, want a Failure wrapping a StepError", path, err)
	}
	if _, err := Explain("x.yaml", []byte("ruleset: [\n"), false); err == nil || errors.As(err, &f) {
		t.Errorf("Explain of broken YAML: %v, want bad input, not a Failure", err)
	}
}
