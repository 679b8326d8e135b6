package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/preference-rules/pref/rulesets"
	"github.com/spf13/cobra"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

// Exit codes.
const (
	exitOK     = 0
	exitFailed = 1 // a case or a check failed
	exitUsage  = 2 // bad input or usage
)

// failure carries an exit code up through cobra.
type failure struct {
	code int
	err  error
}

func (f *failure) Error() string { return f.err.Error() }

func failed(format string, args ...any) error {
	return &failure{exitFailed, fmt.Errorf(format, args...)}
}

func badInput(err error) error { return &failure{exitUsage, err} }

func run(args []string, stdout, stderr io.Writer) int {
	root := newRoot()
	root.SetArgs(args)
	root.SetOut(stdout)
	root.SetErr(stderr)
	err := root.Execute()
	if err == nil {
		return exitOK
	}
	var f *failure
	if errors.As(err, &f) {
		if f.err != nil && f.err.Error() != "" {
			fmt.Fprintln(stderr, "pref:", f.err)
		}
		return f.code
	}
	// cobra's own errors: unknown command or flag, wrong arguments
	fmt.Fprintln(stderr, "pref:", err)
	fmt.Fprintln(stderr, "Run 'pref --help' for usage.")
	return exitUsage
}

func newRoot() *cobra.Command {
	root := &cobra.Command{
		Use:   "pref",
		Short: "Préférence in all its variants, run from YAML rulesets",
		Long: `pref runs every variant of the card game Préférence from a YAML ruleset:
one generic interpreter deals, bids, plays and settles any of them.

A ruleset is named by its embedded name (see 'pref rulesets') or given as a
path to a .yaml file: a house variant needs no code.`,
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.AddCommand(rulesetsCmd(), rulesCmd(), tutorialCmd(), validateCmd(), verifyCmd(), settleCmd(), playCmd(), schemaCmd())
	return root
}

// completeRulesets offers the embedded ruleset names and .yaml files.
func completeRulesets(cmd *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	var out []string
	for _, n := range rulesets.Names() {
		if strings.HasPrefix(n, toComplete) {
			out = append(out, n)
		}
	}
	return out, cobra.ShellCompDirectiveDefault
}
