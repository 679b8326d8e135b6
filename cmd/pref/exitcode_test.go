package main

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/preference-rules/pref/internal/app"
	"github.com/spf13/cobra"
)

// A panic anywhere in a command is a bug: exit 3 with a request to report
// it, never Go's exit status 2 (bad input) and never a crash; the stack
// only with PREF_DEBUG set. A panic caught in a goroutine of pref's own
// and returned as an error ends the same way.
func TestPanicIsAnInternalError(t *testing.T) {
	testCommands = func(root *cobra.Command) {
		root.AddCommand(&cobra.Command{
			Use: "boom",
			RunE: func(cmd *cobra.Command, args []string) error {
				i := len(args) + 2
				return fmt.Errorf("%d", []int{1}[i]) // a real runtime panic: index out of range
			},
		}, &cobra.Command{
			Use: "boom-in-goroutine",
			RunE: func(cmd *cobra.Command, args []string) (err error) {
				done := make(chan error)
				go func() {
					defer func() {
						if v := recover(); v != nil {
							done <- app.Recovered(v)
						}
					}()
					panic(errors.New("kaput"))
				}()
				return <-done
			},
		})
	}
	defer func() { testCommands = nil }()
	for _, tc := range []struct {
		args  []string
		value string
	}{
		{[]string{"boom"}, "runtime error: index out of range"},
		{[]string{"boom-in-goroutine"}, "kaput"},
	} {
		for _, debug := range []string{"", "1"} {
			t.Setenv("PREF_DEBUG", debug)
			var out, errOut bytes.Buffer
			code := run(tc.args, &out, &errOut)
			if code != exitInternal {
				t.Errorf("%v: exit %d, want %d", tc.args, code, exitInternal)
			}
			want := "pref: internal error: " + tc.value
			if !strings.HasPrefix(errOut.String(), want) || !strings.Contains(errOut.String(), "this is a bug, please file it with the command line") {
				t.Errorf("%v: stderr %q, want it to start %q and ask for a report", tc.args, errOut.String(), want)
			}
			if stack := strings.Contains(errOut.String(), "goroutine "); stack != (debug != "") {
				t.Errorf("%v with PREF_DEBUG=%q: stack printed %v", tc.args, debug, stack)
			}
		}
	}
}
