package record_test

import (
	"os"
	"strings"
	"testing"

	"github.com/preference-rules/pref/interpreter/record"
)

// replayEdited replays conformance/austrian-1829's made suit game with one
// line of it replaced, and returns the refusal.
func replayEdited(t *testing.T, old, new string) string {
	t.Helper()
	path := "../../conformance/austrian-1829/record-suit-game-made.yaml"
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	if !strings.Contains(text, old) {
		t.Fatalf("%s does not contain %q", path, old)
	}
	text = strings.Replace(text, old, new, 1)
	rec, err := record.Parse(path, []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	r, err := record.Open(path, rec)
	if err != nil {
		t.Fatal(err)
	}
	_, err = record.Replay(rec, r)
	if err == nil {
		t.Fatalf("the record with %q for %q replays without an error", new, old)
	}
	return err.Error()
}

// TestRulingErrorsNameTheCause: a refused record names what is wrong with
// it, not a consequence. Before, a trick written out of the order of play
// was "Charlotte does not hold 8H", a player not at the table was "out of
// turn", and a card played twice was "does not hold" without saying where
// it went.
func TestRulingErrorsNameTheCause(t *testing.T) {
	cases := []struct {
		name, old, new string
		want, not      []string
	}{
		{"trick out of order", "  - AS 8H 7S", "  - 8H 7S AS",
			[]string{"trick 2", "out of the order of play", "Charlotte took trick 1 and leads trick 2", `"AS 8H 7S"`}, []string{"does not hold"}},
		{"player not at the table", "{Brigitte: pass}", "{Dora: pass}",
			[]string{"Dora is not at the table", "Anton, Brigitte, Charlotte"}, []string{"out of turn"}},
		{"card played twice", "  - QC AH 10C", "  - KC AH 10C",
			[]string{"trick 3", "KC", "Anton played it already, to trick 1"}, []string{"does not hold"}},
		{"card of another player", "  - QC AH 10C", "  - AD AH 10C",
			[]string{"trick 3", "AD is Brigitte's card", "Anton took trick 2 and leads trick 3"}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := replayEdited(t, c.old, c.new)
			for _, w := range c.want {
				if !strings.Contains(got, w) {
					t.Errorf("error %q does not say %q", got, w)
				}
			}
			for _, w := range c.not {
				if strings.Contains(got, w) {
					t.Errorf("error %q still says %q", got, w)
				}
			}
		})
	}
}
