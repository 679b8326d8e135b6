package rulings

import (
	"errors"
	"fmt"
	"io"

	"github.com/preference-rules/pref/internal/safeio"
	"github.com/preference-rules/pref/interpreter/verify"
	"github.com/preference-rules/pref/rulesets"
)

// Tally counts the files of a verification run by verdict.
type Tally struct {
	Passed int
	Failed int // read and wrong: a case or record that fails or cannot be parsed
	// Unreadable files could not be read at all (missing, not a regular
	// file, too large) or name a ruleset outside their folder: bad input.
	Unreadable int
}

// Verify runs each outcome case and replays each game record of files,
// writing one line to out per failure, and tallies the verdicts.
func Verify(out io.Writer, files []string) Tally {
	var t Tally
	for _, f := range files {
		// Read here, not in RunFile, to tell a file that cannot be
		// read at all (bad input, like a missing one) from a case
		// that was read and is wrong (a failure).
		data, err := safeio.ReadFile(f, safeio.MaxFile)
		if err != nil {
			t.Unreadable++
			fmt.Fprintf(out, "FAIL %s: cannot be read: %v\n", f, err)
			continue
		}
		res, err := verify.RunBytes(f, data)
		switch {
		case errors.Is(err, rulesets.ErrOutside):
			// a case that names a file outside its folder is
			// bad input, like one that cannot be read
			t.Unreadable++
			fmt.Fprintf(out, "FAIL %s: cannot be read: %v\n", f, err)
		case err != nil:
			t.Failed++
			fmt.Fprintf(out, "FAIL %s: cannot be read: %v\n", f, err)
		case !res.Passed():
			t.Failed++
			for _, p := range res.Problems {
				fmt.Fprintf(out, "FAIL %s: %s: %s\n", f, res.Title, p)
			}
		default:
			t.Passed++
		}
	}
	return t
}
