package main

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"pref": func() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) },
	})
}

// TestScripts runs the CLI as a user would: testdata/script/*.txtar.
func TestScripts(t *testing.T) {
	cases, err := filepath.Abs("../../conformance")
	if err != nil {
		t.Fatal(err)
	}
	testscript.Run(t, testscript.Params{
		Dir: "testdata/script",
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			// exits N ARGS...: run pref ARGS and require exit status N.
			"exits": func(ts *testscript.TestScript, neg bool, args []string) {
				if len(args) < 1 {
					ts.Fatalf("usage: exits CODE [ARGS...]")
				}
				want, err := strconv.Atoi(args[0])
				if err != nil {
					ts.Fatalf("exits: %v", err)
				}
				got := 0
				if err := ts.Exec("pref", args[1:]...); err != nil {
					var exit *exec.ExitError
					if !errors.As(err, &exit) {
						ts.Fatalf("pref: %v", err)
					}
					got = exit.ExitCode()
				}
				if got != want {
					ts.Fatalf("pref %s: exit status %d, want %d", strings.Join(args[1:], " "), got, want)
				}
			},
		},
		Setup: func(env *testscript.Env) error {
			env.Setenv("CASES", cases)
			return nil
		},
	})
}
