package record_test

import (
	"testing"

	"github.com/preference-rules/pref/interpreter/record"
)

// A refused step says what of the deal it is (its part, and the key it is
// written at) as data, set where it is refused: a reader that names the
// parts of a deal in words of its own (PPN's fields) reads these, never the
// words of Where. A claim refused after a trick is the claim, whatever the
// trick its words name; a card the rules refuse is a card, not the trick.
func TestRefusedStepSaysItsPart(t *testing.T) {
	const rest = "  - AD 7D 9H\n  - JC 8S 7H\n  - KS 10H JS\n  - 9C 9D QH\n  - KD JH 10D\n  - 8C QS 10S\n  - KH QD JD\n"
	for _, tc := range []struct {
		name, old, new string
		part           record.Part
		key            string
		action, trick  int
		where          string
	}{
		{"dealer", "dealer: Charlotte", "dealer: Zora", record.PartKey, "dealer", 0, 0, "dealer"},
		{"hands", `8D KC QC 9C 8C"`, `8D KC QC 9C 9C"`, record.PartKey, "hands", 0, 0, "hands"},
		{"action", "{Brigitte: pass}", "{Charlotte: pass}", record.PartAction, "", 2, 0, "action 2 (Charlotte: pass)"},
		{"trick as written", "  - QC AH 10C", "  - QC AH", record.PartTrick, "", 0, 3, "trick 3"},
		{"card refused", "  - QC AH 10C", "  - QC AD 10C", record.PartCard, "", 0, 3, ""},
		{"claim after a trick", rest, "claim: {Anton: 9, Brigitte: 0, Charlotte: 0}\n", record.PartKey, "claim", 0, 3, "after trick 3"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			step := refusedAt(t, tc.old, tc.new)
			if step.Part != tc.part || step.Key != tc.key || step.Action != tc.action || step.Trick != tc.trick || step.Where != tc.where {
				t.Fatalf("part %d, key %q, action %d, trick %d, where %q; want part %d, key %q, action %d, trick %d, where %q: %v",
					step.Part, step.Key, step.Action, step.Trick, step.Where, tc.part, tc.key, tc.action, tc.trick, tc.where, step)
			}
			// the claim is said where it was before it carried its key:
			// at the trick it follows (line 30), not at claim:
			if at := step.Positioned(); tc.key == "claim" && (at.Line != 30 || at.Col != 5) {
				t.Fatalf("claim refused at %d:%d, want 30:5 (trick 3):\n%v", at.Line, at.Col, at)
			}
		})
	}
}
