package record_test

import (
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/preference-rules/pref/interpreter/record"
)

// refusedAt replays austrian-1829's made suit game with line old replaced
// by new, and returns the step refused.
func refusedAt(t *testing.T, old, new string) *record.StepError {
	t.Helper()
	path := "../../conformance/austrian-1829/record-suit-game-made.yaml"
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), old) {
		t.Fatalf("%s does not contain %q", path, old)
	}
	text := strings.Replace(string(data), old, new, 1)
	rec, err := record.Parse(path, []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	r, err := record.Open(path, rec)
	if err != nil {
		t.Fatal(err)
	}
	_, err = record.Replay(rec, r)
	var step *record.StepError
	if !errors.As(err, &step) {
		t.Fatalf("with %q: %v, want a StepError", new, err)
	}
	return step
}

// A card the rules refuse carries its trick and the card as data, and the
// caret stands under that card on the trick's line.
func TestRefusedCardCarriesItsTrickAndCard(t *testing.T) {
	step := refusedAt(t, "  - QC AH 10C", "  - QC AD 10C")
	if step.Trick != 3 || step.Card != "AD" {
		t.Fatalf("trick %d, card %q, want trick 3, card AD: %v", step.Trick, step.Card, step)
	}
	at := step.Positioned()
	if at.Line != 30 || at.Col != 8 {
		t.Fatalf("refusal at %d:%d, want 30:8 (AD):\n%v", at.Line, at.Col, at)
	}
}

// A refusal that is not the rules refusing a card keeps its caret at the
// start of the trick, whatever the words of the error say. Before, the
// card was cut out of the message after " played ": "Anton played it
// already" pointed the caret at the word "it" in a comment on the line.
func TestCaretIsNotReadFromTheWordsOfTheError(t *testing.T) {
	step := refusedAt(t, "  - QC AH 10C", "  - KC AH 10C  # it was led")
	if !strings.Contains(step.Error(), "Anton played it already") {
		t.Fatalf("not the refusal wanted: %v", step)
	}
	if step.Trick != 3 || step.Card != "" {
		t.Fatalf("trick %d, card %q, want trick 3 and no card the rules refused: %v", step.Trick, step.Card, step)
	}
	at := step.Positioned()
	if at.Line != 30 || at.Col != 5 {
		t.Fatalf("refusal at %d:%d, want 30:5 (the trick):\n%v", at.Line, at.Col, at)
	}
}
