package ppn

import (
	"testing"

	"github.com/preference-rules/pref/interpreter/record"
)

// The PPN field a refused step is said at comes from what the step is
// (its part of the deal, its key), carried from where the record refused
// it, never from the words of its Where. Before, any Where that began
// with "trick" was taken for a trick as written: a claim refused at a
// trick, or a key named "tricks...", was said at PPN's throws.
func TestFieldOfReadsThePartNotTheWords(t *testing.T) {
	for _, tc := range []struct {
		step record.StepError
		want string
	}{
		{record.StepError{Where: "dealer", Part: record.PartKey, Key: "dealer"}, "deal order"},
		{record.StepError{Where: "hands", Part: record.PartKey, Key: "hands"}, "cards"},
		{record.StepError{Where: "trick 2", Part: record.PartTrick, Trick: 2}, "throws, trick 2"},
		{record.StepError{Where: "", Part: record.PartCard, Trick: 3, Card: "7D"}, ""},
		{record.StepError{Where: "after trick 4", Part: record.PartKey, Key: "claim", Trick: 4}, "after trick 4"},
		{record.StepError{Where: "action 2 (trick: 7S)", Part: record.PartAction, Action: 2}, "action 2 (trick: 7S)"},
		{record.StepError{Where: "settlement"}, "settlement"},
		// words that begin like a trick, of steps that are none
		{record.StepError{Where: "trick 4, claimed", Part: record.PartKey, Key: "claim", Trick: 4}, "trick 4, claimed"},
		{record.StepError{Where: "tricks_claimed", Part: record.PartKey, Key: "tricks_claimed"}, "tricks_claimed"},
		{record.StepError{Where: "trick 5", Part: record.PartCard, Trick: 5, Card: "AS"}, "trick 5"},
	} {
		if got := fieldOf(&tc.step); got != tc.want {
			t.Errorf("%+v: field %q, want %q", tc.step, got, tc.want)
		}
	}
}
