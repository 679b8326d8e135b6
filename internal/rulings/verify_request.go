package rulings

import (
	"errors"
	"fmt"
	"io"

	"github.com/preference-rules/pref/internal/termtext"
	"github.com/preference-rules/pref/interpreter/verify"
)

// VerifyRequest is pref verify: the outcome cases and game records of
// Paths (files, or folders of .yaml files) run and tallied.
type VerifyRequest struct{ Paths []string }

// Run verifies every file, writes one line per failure and the tally to
// w. A failed file is a *Failure with no words (the lines said it).
func (q VerifyRequest) Run(w io.Writer) error {
	files, err := verify.Files(q.Paths)
	if err != nil {
		return &Refused{err}
	}
	if len(files) == 0 {
		return refusedf("no case files in %v", q.Paths)
	}
	out := termtext.NewWriter(w) // titles and problems quote the files
	t := Verify(out, files)
	fmt.Fprintf(out, "%d passed, %d failed\n", t.Passed, t.Failed+t.Unreadable)
	if t.Unreadable > 0 {
		return refusedf("%d case files could not be read", t.Unreadable)
	}
	if t.Failed > 0 {
		return &Failure{errors.New("")}
	}
	return nil
}
