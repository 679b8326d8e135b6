package rulings

import (
	"fmt"
	"io"

	"github.com/preference-rules/pref/internal/safeio"
	"github.com/preference-rules/pref/internal/termtext"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/interpreter/verify"
	"github.com/preference-rules/pref/rulesets"
	"github.com/preference-rules/pref/schema"
)

// Validation counts the rulesets of a validation run that failed.
type Validation struct {
	Invalid    int // read and invalid
	Unreadable int // not read at all: the check is incomplete
}

// Validate checks rulesets given by name or path: each valid one is said
// on out with the notes of ValidateNotes on errOut, each problem of an
// invalid or unreadable one on errOut as file:line:col. An outcome case or
// a game record given for a ruleset stops the run with an error naming
// the command that checks it.
func Validate(out, errOut io.Writer, names []string) (Validation, error) {
	var v Validation
	for _, a := range names {
		if err := notRuleset(a); err != nil {
			return v, err
		}
		r, err := rulesets.Open(a)
		if err != nil {
			if rulesets.Unreadable(err) {
				v.Unreadable++
			} else {
				v.Invalid++
			}
			printInvalid(errOut, a, err)
			continue
		}
		fmt.Fprintf(out, "%s: ok (%s: %d contracts, %d settlement rules)\n", r.File, termtext.Escape(r.Title), len(r.Contracts), len(r.Rules))
		ValidateNotes(errOut, r)
	}
	return v, nil
}

// notRuleset refuses a file that is an outcome case or a game record.
func notRuleset(a string) error {
	// (a text too large for a ruleset is not read whole to sniff it:
	// loading refuses it at once)
	if data, err := safeio.ReadFile(a, safeio.MaxFile); err == nil && !ruleset.TooManyNodes(data) {
		switch verify.Kind(data) {
		case "case":
			return fmt.Errorf("%s is an outcome case, not a ruleset: pref verify %s checks it", a, a)
		case "record":
			return fmt.Errorf("%s is a game record, not a ruleset: pref verify %s replays it", a, a)
		}
	}
	return nil
}

// printInvalid writes why ruleset a could not be opened: a schema error
// names its file and place itself, any other is prefixed with a.
func printInvalid(w io.Writer, a string, err error) {
	if _, ok := err.(*schema.Error); !ok {
		if _, ok := err.(schema.List); !ok {
			fmt.Fprintf(w, "%s: %s\n", a, termtext.Escape(err.Error()))
			return
		}
	}
	fmt.Fprintln(w, termtext.Escape(err.Error()))
}
