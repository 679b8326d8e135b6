package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/preference-rules/pref/internal/app"
	"github.com/preference-rules/pref/internal/rulings"
	"github.com/preference-rules/pref/internal/termtext"
	"github.com/preference-rules/pref/rulesets"
	"github.com/spf13/cobra"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

// Exit codes: the contract every command keeps, documented in the root
// command's help and in the README. Scripts and the tests rely on them.
const (
	exitOK       = 0
	exitFailed   = 1 // a verification or ruling failed: a case, a ruleset that is invalid, a deal the interpreter refused
	exitUsage    = 2 // bad input or usage: unknown command or flag, a value out of range, a file that cannot be read
	exitInternal = 3 // a bug in pref: a panic, never a verdict on the input
)

// failure carries an exit code up through cobra.
type failure struct {
	code int
	err  error
}

func (f *failure) Error() string { return f.err.Error() }
func (f *failure) Unwrap() error { return f.err }

func badInput(err error) error { return &failure{exitUsage, err} }

// exitError gives the errors of the layers below (internal/app's kinds of
// error, which its front ends pass on, and internal/rulings' requests')
// the exit code they stand for.
func exitError(err error) error {
	var (
		ruling *app.Failed
		input  *app.BadInput
		bug    *app.Panic
		usage  *rulings.Refused
		ruled  *rulings.Failure
		f      *failure
	)
	switch {
	case errors.As(err, &bug):
		return &panicked{bug.Value, bug.Stack}
	case errors.As(err, &ruling):
		return &failure{exitFailed, ruling.Err}
	case errors.As(err, &input):
		return &failure{exitUsage, input.Err}
	case errors.As(err, &f): // its code given already
		return err
	case errors.As(err, &usage):
		return &failure{exitUsage, usage.Err}
	case errors.As(err, &ruled):
		return &failure{exitFailed, ruled.Err}
	}
	return err
}

// panicked is a panic that ends in exit 3: caught by run, or caught where
// pref cannot let it unwind (inside the full screen's event loop, which
// would leave the terminal raw: app.Recovered) and carried back to run.
type panicked struct {
	value any
	stack []byte
}

func (p *panicked) Error() string { return fmt.Sprint(p.value) }

// run executes one command line and returns its exit status. A panic
// anywhere below is a bug in pref: it must not pass for bad input (Go's own
// exit status for a panic is 2) nor print a half-written result as if it
// were whole, so it ends here with exit 3 and a request to report it.
func run(args []string, stdout, stderr io.Writer) int {
	return runIn(args, os.Stdin, stdout, stderr)
}

// runIn is run with the standard input given: tests run commands that
// would otherwise read, or find a terminal on, the test's own stdin.
func runIn(args []string, stdin io.Reader, stdout, stderr io.Writer) (code int) {
	defer func() {
		if v := recover(); v != nil {
			code = internalError(stderr, &panicked{v, debug.Stack()})
		}
	}()
	root := newRoot()
	root.SetArgs(args)
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	err := exitError(root.Execute())
	if err == nil {
		return exitOK
	}
	var p *panicked
	if errors.As(err, &p) {
		return internalError(stderr, p)
	}
	if errors.Is(err, tea.ErrProgramPanic) {
		// bubbletea caught a panic in a screen and restored the terminal.
		return internalError(stderr, &panicked{value: err})
	}
	var f *failure
	if errors.As(err, &f) {
		if f.err != nil && f.err.Error() != "" {
			fmt.Fprintln(stderr, "pref:", termtext.Escape(f.err.Error())) // errors quote files
		}
		return f.code
	}
	// cobra's own errors: unknown command or flag, wrong arguments
	fmt.Fprintln(stderr, "pref:", termtext.Escape(err.Error()))
	fmt.Fprintln(stderr, "Run 'pref --help' for usage.")
	return exitUsage
}

// internalError reports a bug: the panic value always, the stack only with
// PREF_DEBUG set (a user filing the bug is asked for the command line,
// which reproduces it).
func internalError(stderr io.Writer, p *panicked) int {
	fmt.Fprintf(stderr, "pref: internal error: %s; this is a bug, please file it with the command line that caused it\n", termtext.Escape(fmt.Sprint(p.value)))
	if os.Getenv("PREF_DEBUG") != "" && len(p.stack) > 0 {
		stderr.Write(p.stack)
	}
	return exitInternal
}

func newRoot() *cobra.Command {
	root := &cobra.Command{
		Use:   "pref",
		Short: "Préférence in all its variants, run from YAML rulesets",
		Long: `pref runs every variant of the card game Préférence from a YAML ruleset:
one generic interpreter deals, bids, plays and settles any of them.

A ruleset is named by its embedded name (see 'pref rulesets') or given as a
path to a .yaml file: a house variant needs no code.

Exit status, the same for every command:
  0  ok
  1  a verification or ruling failed: a conformance case or a game record
     failed or is malformed (verify, explain), a PPN game the rules refuse
     or whose figures differ from pref's (import), a readable ruleset is
     invalid (validate), a ruleset could not settle a possible outcome
     (settle), the interpreter refused a deal or its settlement (play,
     tutorial, rules)
  2  bad input or usage: an unknown command, flag or ruleset, a value out of
     range, an outcome that cannot happen, an invalid ruleset given to any
     command but validate, a record or case naming a ruleset outside its
     folder, a file that is missing, is not a regular file or is larger
     than 2 MiB, a file to write that is not a regular file
  3  an internal error: a bug in pref, never a verdict on the input; please
     report it with the command line (PREF_DEBUG=1 prints the stack)`,
		SilenceUsage:  true,
		SilenceErrors: true,
		Version:       app.Version(),
	}
	root.AddCommand(rulesetsCmd(), rulesCmd(), tutorialCmd(), validateCmd(), verifyCmd(), explainCmd(), settleCmd(), playCmd(), schemaCmd(), newCmd(), diffCmd(), lintCmd(), showCmd(), analyseCmd(), simulateCmd(), matchCmd(), importCmd(), exportCmd())
	root.AddCommand(serveCmd())
	// cobra's completion command prints its help and exits 0 when the
	// shell is missing or unknown: that is bad usage like anywhere else.
	root.InitDefaultCompletionCmd()
	root.InitDefaultHelpCmd()
	for _, c := range root.Commands() {
		if c.Name() == "help" {
			// Likewise 'pref help nosuch', which cobra answers with
			// "Unknown help topic" and exit 0.
			help := c.Run
			c.Run = nil
			c.RunE = func(cmd *cobra.Command, args []string) error {
				if target, rest, err := root.Find(args); err != nil || target == nil || len(rest) > 0 {
					return badInput(fmt.Errorf("help: no command %q; see 'pref --help'", strings.Join(args, " ")))
				}
				help(cmd, args)
				return nil
			}
		}
		if c.Name() == "completion" {
			c.Args = cobra.ArbitraryArgs
			c.RunE = func(cmd *cobra.Command, args []string) error {
				if len(args) == 0 {
					return badInput(fmt.Errorf("completion: name a shell: bash, zsh, fish or powershell"))
				}
				return badInput(fmt.Errorf("completion: unknown shell %q: bash, zsh, fish or powershell", args[0]))
			}
		}
	}
	if testCommands != nil {
		testCommands(root)
	}
	return root
}

// testCommands, set only by tests, adds commands to the root: one that
// panics shows that run reports a bug as exit 3, whatever the bug.
var testCommands func(root *cobra.Command)

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
