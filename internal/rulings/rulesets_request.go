package rulings

import (
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/preference-rules/pref/internal/termtext"
	"github.com/preference-rules/pref/rulesets"
	"github.com/preference-rules/pref/schema"
)

// ListRulesets is pref rulesets: the embedded rulesets with a line of
// description each, then the user's own, written to w.
func ListRulesets(out io.Writer) error {
	w := tabwriter.NewWriter(termtext.NewWriter(out), 0, 4, 2, ' ', 0) // descriptions come from ruleset files
	for _, name := range rulesets.Names() {
		desc, err := rulesets.Description(name)
		if err != nil {
			return failedf("%v", err)
		}
		fmt.Fprintf(w, "%s\t%s\n", name, desc)
	}
	if mine := rulesets.UserNames(); len(mine) > 0 {
		fmt.Fprintf(w, "\nyours (%s):\t\n", rulesets.UserDir())
		for _, name := range mine {
			desc := "(invalid: pref validate " + name + " says why)"
			if r, err := rulesets.Open(name); err == nil {
				desc = r.Description
			}
			fmt.Fprintf(w, "%s\t%s\n", name, desc)
		}
	}
	return w.Flush()
}

// ValidateRequest is pref validate: each ruleset of Names checked.
type ValidateRequest struct{ Names []string }

// Run validates the rulesets (Validate), then fails when one could not be
// read (refused: the check is incomplete) or is invalid (a *Failure).
func (q ValidateRequest) Run(out, errOut io.Writer) error {
	v, err := Validate(out, errOut, q.Names)
	if err != nil {
		return &Refused{err}
	}
	switch {
	case v.Unreadable > 0:
		return refusedf("%d of %d rulesets could not be read", v.Unreadable, len(q.Names))
	case v.Invalid > 0:
		return failedf("%d of %d rulesets invalid", v.Invalid, len(q.Names))
	}
	return nil
}

// SchemaRequest is pref schema: the JSON Schema of a ruleset, or of a
// record (Which "record"), printed; or with Dir both written there.
type SchemaRequest struct {
	Which string
	Dir   string
	Force bool
}

// Run prints the schema, or writes both into Dir.
func (q SchemaRequest) Run(w io.Writer) error {
	if q.Dir != "" {
		return refused(WriteSchemas(w, q.Dir, q.Force))
	}
	text := schema.RulesetSchema()
	if q.Which == "record" {
		text = schema.RecordSchema()
	}
	_, err := fmt.Fprint(w, text)
	return err
}
