package app

import (
	"bytes"
	"math/rand/v2"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// pref play's --bots seats an outside program: with the Python reference
// player (examples/random-player) as every second computer player, a
// session of serbian deals is played to the end, the program's calls
// printed as its own, none refused, and the program ended with the
// session. Skipped without python3.
func TestPlaySeatsAnOutsideProgram(t *testing.T) {
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 is not on the PATH")
	}
	script, err := filepath.Abs("../../examples/random-player/random_player.py")
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	p, tb := printer(t, "serbian", &out)
	p.Bots = "simple,exec:'" + python + "' '" + script + "' 5"
	if err := CheckBots(p.Bots); err != nil {
		t.Fatal(err)
	}
	s := NewSession(p, tb, rand.New(rand.NewPCG(3, 3)), 4, nil, "")
	if _, err := s.Next(); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	text := out.String()
	if !strings.Contains(text, "an outside program's call") || strings.Contains(text, "(pref:") {
		t.Errorf("the program's calls not printed as its own, or refused:\n%s", text)
	}
	if len(s.progs.byName) != 1 || s.progs.byName["Brigitte"] == nil {
		t.Errorf("programs running: %v (want Brigitte's alone: the second computer player)", s.progs.byName)
	}
	prog := s.progs.byName["Brigitte"]
	if c := prog.Counts(); c.Refused() != 0 {
		t.Errorf("refusals: %+v", c)
	}
	s.Close()
	if len(s.progs.byName) != 0 {
		t.Errorf("programs left running after Close: %v", s.progs.byName)
	}
}

// --bots refuses a kind no player is made of, and a command that cannot
// be split; it takes a list, a command with a comma in double quotes.
func TestCheckBots(t *testing.T) {
	for spec, ok := range map[string]bool{
		"simple": true, "strong": true, "strong,simple": true, `exec:python3 x.py`: true,
		`simple,"exec:node a,b.js"`: true, "clever": false, "simple,": false, "exec:'open": false, "": false,
	} {
		if err := CheckBots(spec); (err == nil) != ok {
			t.Errorf("CheckBots(%q): %v, want ok %v", spec, err, ok)
		}
	}
}
