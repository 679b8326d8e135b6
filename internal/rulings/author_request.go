package rulings

import (
	"fmt"
	"io"

	"github.com/preference-rules/pref/interpreter/lint"
	"github.com/preference-rules/pref/interpreter/ruleset"
)

// The commands for writing a house variant: pref new starts one, pref
// diff shows what it changes, pref lint what it does in vain, pref show
// the whole of it.

// NewRequest is pref new: NAME.yaml written in Dir, extending From.
type NewRequest struct {
	Name, From, Dir string
	Force           bool
}

// Run writes the variant (WriteVariant) and says what to do next on w.
func (q NewRequest) Run(w io.Writer) error {
	if err := CheckVariantName(q.Name); err != nil {
		return &Refused{err}
	}
	if q.From == "" {
		return refusedf("--from: name the ruleset to start from (pref rulesets lists them)")
	}
	base, err := OpenRuleset(q.From)
	if err != nil {
		return err
	}
	path, extends, err := WriteVariant(q.Dir, q.Name, q.From, base, q.Force)
	if err != nil {
		return &Refused{err}
	}
	fmt.Fprintf(w, "wrote %s (extends %s)\nnext: pref rules %s · pref diff %s %s · pref play --ruleset %s\n", path, extends, path, q.From, path, path)
	return nil
}

// Diff is pref diff: each change of ruleset b from ruleset a on a line of
// w; a *Failure when there is any.
func Diff(w io.Writer, a, b string) error {
	ra, err := OpenRuleset(a)
	if err != nil {
		return err
	}
	rb, err := OpenRuleset(b)
	if err != nil {
		return err
	}
	changes := ruleset.Diff(ra, rb)
	for _, c := range changes {
		fmt.Fprintln(w, c)
	}
	if len(changes) > 0 {
		return failedf("%s differs from %s in %d place(s)", b, a, len(changes))
	}
	fmt.Fprintf(w, "%s and %s are the same ruleset\n", a, b)
	return nil
}

// Lint is pref lint: the warnings of each ruleset named, a line each on
// w; a *Failure when there is any.
func Lint(w io.Writer, names []string) error {
	warned := 0
	for _, a := range names {
		r, err := OpenRuleset(a)
		if err != nil {
			return err
		}
		for _, warning := range lint.Run(r) {
			fmt.Fprintln(w, lint.Format(a, warning))
			warned++
		}
	}
	if warned > 0 {
		return failedf("%d warning(s)", warned)
	}
	fmt.Fprintf(w, "no warnings\n")
	return nil
}

// Show is pref show: a ruleset whole, extends merged and options
// applied, as one YAML document on w.
func Show(w io.Writer, name string, options []string) error {
	r, _, err := OpenWithOptions(name, options)
	if err != nil {
		return err
	}
	text, err := r.YAML()
	if err != nil {
		return failedf("%v", err)
	}
	_, err = fmt.Fprint(w, text)
	return err
}
