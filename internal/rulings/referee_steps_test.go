package rulings

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/preference-rules/pref/interpreter/record"
)

// The steps replayed from the cards as dealt end where the record's own
// replay ended: the same hands, tricks and takings, for every record of
// the conformance suite; a refused record ends with its fault.
func TestRefereeStepsEndWhereTheReplayEnds(t *testing.T) {
	files, _ := filepath.Glob("../../conformance/*/record-*.yaml")
	if len(files) == 0 {
		t.Fatal("no records found")
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		got, err := RefereeRecord(filepath.Base(f), data, false)
		if err != nil {
			t.Errorf("%s: %v", f, err)
			continue
		}
		if !refereeStepsAreWhole(t, f, got) {
			continue
		}
		last := got.At(got.Len() - 1)
		if strings.Contains(string(data), "\n  error:") {
			if last.Fault == "" || got.Fault == "" {
				t.Errorf("%s: no fault at the end: %+v", f, last)
			}
			continue
		}
		if last.Fault != "" || !last.Last {
			t.Errorf("%s: last step %+v", f, last)
		}
		refereeStepsEndAsReplayed(t, f, data)
		if got.Ruling == nil {
			t.Errorf("%s: no ruling: %s", f, got.Problem)
		}
	}
}

// refereeStepsAreWhole checks that the steps of record f are at least two,
// each a step with a state (a fault aside); false when there are too few
// to go on.
func refereeStepsAreWhole(t *testing.T, f string, got *Refereed) bool {
	t.Helper()
	if got.Len() < 2 {
		t.Errorf("%s: %d steps", f, got.Len())
		return false
	}
	for k := 0; k < got.Len(); k++ {
		if st := got.At(k); st.Words == "No such step." || st.State == nil && st.Kind != "fault" {
			t.Errorf("%s: step %d of %d: %+v", f, k, got.Len(), st)
		}
	}
	return true
}

// refereeStepsEndAsReplayed checks that each deal's steps of record f
// (data) end at the state its replay ends at.
func refereeStepsEndAsReplayed(t *testing.T, f string, data []byte) {
	t.Helper()
	rec, err := record.Parse(f, data)
	if err != nil {
		t.Fatal(err)
	}
	r, err := record.Open(f, rec)
	if err != nil {
		t.Fatal(err)
	}
	res, _ := record.Replay(rec, r)
	for _, d := range res {
		steps := DealSteps(d)
		end := steps[len(steps)-1].State
		if end.Hands != d.State.Hands || end.Taken != d.State.Taken || end.NTricks != d.State.NTricks || end.Over() != d.State.Over() {
			t.Errorf("%s deal %d: the steps end at hands %v taken %v, the replay at %v %v", f, d.Index+1, end.Hands, end.Taken, d.State.Hands, d.State.Taken)
		}
	}
}

// A record's ruleset named as a path is refused: a page must not make
// pref read a file.
func TestRefereeRefusesARulesetPath(t *testing.T) {
	data := []byte("ruleset: ../../rulesets/sochi.yaml\nseats: [A, B, C]\ndeals:\n  - hands: {A: \"7S\"}\n")
	_, err := RefereeRecord("x.yaml", data, false)
	if err == nil || !strings.Contains(err.Error(), "never a file") {
		t.Fatalf("got %v", err)
	}
}
