package rulings

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/preference-rules/pref/internal/safeio"
	"github.com/preference-rules/pref/interpreter/record"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/rulesets"
)

// A request (SettleRequest, AnalyseRequest, ...) is one command of a front
// end: the flags as given, checked and run here, so that the command line
// and a web server run the same code. Its Run tells three kinds of error
// apart: a *Failure (a ruling against input that was read: exit 1 on the
// command line), a *Refused (input that could not be used: exit 2), and
// any other, an error writing the output, passed on as it is.

// Refused is input a request could not use: a flag out of bounds, a file
// that cannot be read, a ruleset that cannot be opened.
type Refused struct{ Err error }

func (r *Refused) Error() string { return r.Err.Error() }
func (r *Refused) Unwrap() error { return r.Err }

func refusedf(format string, args ...any) error {
	return &Refused{fmt.Errorf(format, args...)}
}

func failedf(format string, args ...any) error {
	return &Failure{fmt.Errorf(format, args...)}
}

// ruledErr is an error of this package's functions as a request returns
// it: a *Failure as it is, any other refused (what they cannot use is
// their input).
func ruledErr(err error) error {
	var f *Failure
	if err == nil || errors.As(err, &f) {
		return err
	}
	return &Refused{err}
}

// refused is err, if any, as input that could not be used.
func refused(err error) error {
	if err == nil {
		return nil
	}
	return &Refused{err}
}

// OpenRuleset opens a ruleset named by its embedded name or path; what
// cannot be opened is refused.
func OpenRuleset(name string) (*ruleset.Ruleset, error) {
	r, err := rulesets.Open(name)
	if err != nil {
		return nil, &Refused{err}
	}
	return r, nil
}

// OpenWithOptions opens a ruleset with the options given as name=value in
// force, and returns the options read; what cannot be used is refused.
func OpenWithOptions(name string, options []string) (*ruleset.Ruleset, map[string]any, error) {
	r, err := OpenRuleset(name)
	if err != nil {
		return nil, nil, err
	}
	opts, err := ParseOptions(r, options)
	if err != nil {
		return nil, nil, &Refused{err}
	}
	if r, err = r.With(opts); err != nil {
		return nil, nil, &Refused{err}
	}
	return r, opts, nil
}

// ParseOptions reads --option name=value pairs by the one reader every
// door into pref shares (ruleset.ParseOptions): the same words, bound and
// refusal of an option given twice for every command.
func ParseOptions(r *ruleset.Ruleset, opts []string) (map[string]any, error) {
	out, err := r.ParseOptions(opts)
	if err != nil {
		return nil, fmt.Errorf("--option %v", err)
	}
	return out, nil
}

// RulesetArg is a command's optional RULESET argument, rulesets.Default
// when none is given.
func RulesetArg(args []string) string {
	if len(args) == 1 {
		return args[0]
	}
	return rulesets.Default
}

// writeJSON writes v indented, with a newline: every --json of pref.
func writeJSON(w io.Writer, v any) error {
	out, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(out, '\n'))
	return err
}

// DefaultNames are the players' names when none are given, the first
// Hands of them seated.
var DefaultNames = []string{"Anton", "Brigitte", "Charlotte", "Dora"}

// ReadRecordFile reads a game record from a file and opens its ruleset;
// what cannot be read or opened is refused.
func ReadRecordFile(path string) (*record.Record, *ruleset.Ruleset, error) {
	data, err := readInput(path)
	if err != nil {
		return nil, nil, err
	}
	rec, r, err := ReadRecord(path, data)
	if err != nil {
		return nil, nil, &Refused{err}
	}
	return rec, r, nil
}

// readInput reads a file a request is given, within pref's bound on
// input (safeio.MaxFile); what cannot be read is refused.
func readInput(path string) ([]byte, error) {
	data, err := safeio.ReadFile(path, safeio.MaxFile)
	if err != nil {
		return nil, &Refused{err}
	}
	return data, nil
}

// progressBar is a progress bar of deals drawn on to (a terminal), or nil
// without one, or when the output is JSON (to be read by a program).
func progressBar(to io.Writer, deals int, asJSON bool) func(int) {
	if to == nil || asJSON {
		return nil
	}
	return ProgressBar(to, deals)
}
