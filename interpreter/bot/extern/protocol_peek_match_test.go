package extern_test

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/preference-rules/pref/interpreter/bot/extern"
	"github.com/preference-rules/pref/interpreter/simulate"
	"github.com/preference-rules/pref/rulesets"
)

// TestSeesTalonOnlyInMatchAndByName: the talon is shown to an outside
// program while bidding only where pref match seats it under the kind
// that says so (exec-sees-talon:); a table (pref play, pref serve: their
// --bots) refuses that kind, and a program seated as exec: is never shown
// it. The fake program answers an id not open to any call of the auction
// without the talon and to any other decision with it.
func TestSeesTalonOnlyInMatchAndByName(t *testing.T) {
	t.Setenv("PREF_EXTERN_FAKE", "1")
	r, err := rulesets.Open("serbian")
	if err != nil {
		t.Fatal(err)
	}
	command := "'" + os.Args[0] + "' peek"
	if _, err := extern.ParseBots("simple," + extern.SeesTalonPrefix + command); err == nil || !strings.Contains(err.Error(), "only in pref match") {
		t.Errorf("a table's --bots with %s: error %v (want refused)", extern.SeesTalonPrefix, err)
	}
	opt := simulate.MatchOptions{TimeLimit: 5 * time.Second}
	rep, err := simulate.MatchWith(r, []string{simulate.SeesTalonPrefix + command, "simple"}, 4, 1, 1, nil, opt)
	if err != nil {
		t.Fatal(err)
	}
	if c := rep.Entrants[0].Refusals; c == nil || c.Refused() != 0 || c.Substituted != 0 {
		t.Errorf("seated as %s, the program was refused: %+v (want never: shown the talon at every call and only there)", simulate.SeesTalonPrefix, c)
	}
	rep, err = simulate.MatchWith(r, []string{simulate.ExecPrefix + command, "simple"}, 4, 1, 1, nil, opt)
	if err != nil {
		t.Fatal(err)
	}
	if c := rep.Entrants[0].Refusals; c == nil || c.Illegal == 0 {
		t.Errorf("seated as %s, the program was refused %+v (want refusals: never shown the talon)", simulate.ExecPrefix, c)
	}
}
