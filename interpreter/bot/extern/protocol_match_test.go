package extern_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/preference-rules/pref/internal/rulings"
	"github.com/preference-rules/pref/interpreter/simulate"
	"github.com/preference-rules/pref/rulesets"
)

// TestPythonRandomPlayer: the reference engine in examples/random-player
// (Python 3, standard library only) plays duplicate deals of serbian
// through the protocol, every answer accepted. Skipped without python3.
func TestPythonRandomPlayer(t *testing.T) {
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 is not on the PATH: the Python reference player is not run (install python3 to run it)")
	}
	script, err := filepath.Abs("../../../examples/random-player/random_player.py")
	if err != nil {
		t.Fatal(err)
	}
	kind := "exec:'" + python + "' '" + script + "' 5"
	for _, name := range []string{"serbian"} {
		r, err := rulesets.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		var log bytes.Buffer
		rep, err := simulate.MatchWith(r, []string{"simple", kind}, 6, 1, 1, nil, simulate.MatchOptions{Log: &log, Stderr: &log})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if len(rep.Entrants) != 2 || rep.Entrants[1].Refusals == nil {
			t.Fatalf("%s: entrants %+v", name, rep.Entrants)
		}
		if c := *rep.Entrants[1].Refusals; c.Refused() != 0 || c.Substituted != 0 || log.Len() != 0 {
			t.Errorf("%s: the random player's answers were refused: %+v\n%s", name, c, log.String())
		}
		if rep.Entrants[0].Refusals != nil {
			t.Errorf("%s: the simple player has refusals", name)
		}
	}
}

// TestMatchCountsRefusals: pref match with a program that answers an id
// not open once in its life (the test binary as the fake program) counts
// the refusal in the report, prints it, and logs it; a program that does
// not speak the protocol refuses the match before any deal.
func TestMatchCountsRefusals(t *testing.T) {
	t.Setenv("PREF_EXTERN_FAKE", "1")
	r, err := rulesets.Open("sochi")
	if err != nil {
		t.Fatal(err)
	}
	kind := "exec:'" + os.Args[0] + "' bad-id"
	var log bytes.Buffer
	start := time.Now()
	rep, err := simulate.MatchWith(r, []string{kind, "simple"}, 3, 1, 1, nil, simulate.MatchOptions{Log: &log, TimeLimit: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	c := rep.Entrants[0].Refusals
	// one program per seat the kind sits in, each refusing its second decision
	if c == nil || c.Illegal < 1 || c.Illegal != c.Substituted || c.Late+c.Malformed+c.Exited+c.Failed != 0 {
		t.Fatalf("refusals %+v", c)
	}
	if n := strings.Count(log.String(), "is not among the"); n != c.Illegal {
		t.Errorf("logged %d refusals, counted %d:\n%s", n, c.Illegal, log.String())
	}
	var out bytes.Buffer
	if err := rulings.PrintMatch(&out, r.Name, r.Hands, 3, 1, rep); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), kind+" refused") || !strings.Contains(out.String(), "illegal") {
		t.Errorf("the report does not show the refusals:\n%s", out.String())
	}
	if took := time.Since(start); took > 20*time.Second {
		t.Errorf("the match took %v", took)
	}
	_, err = simulate.MatchWith(r, []string{"exec:'" + os.Args[0] + "' hello-wrong", "simple"}, 3, 1, 1, nil, simulate.MatchOptions{})
	if err == nil || !strings.Contains(err.Error(), "handshake") {
		t.Errorf("a program speaking another protocol: error %v", err)
	}
}
