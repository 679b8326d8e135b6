package rulings

import (
	"fmt"
	"github.com/preference-rules/pref/interpreter/deal"
	"io"

	"github.com/preference-rules/pref/internal/safeio"
	"github.com/preference-rules/pref/internal/termtext"
	"github.com/preference-rules/pref/interpreter/record/ppn"
)

// ImportRequest is pref import: a PPN game (Path) read into a game record
// of PPN's ruleset with Options beyond its tags, written to Output (a
// file, atomically, over an existing one only with Force) or to the
// standard output.
type ImportRequest struct {
	Path    string
	Output  string // -o; "" for the standard output
	Force   bool
	Options []string // name=value
}

// Run imports the game: the record to w or Output, each note and
// difference from PPN's figures said on errOut. Differences are a
// *Failure, after the record is written.
func (q *ImportRequest) Run(w, errOut io.Writer) error {
	if q.Output != "" {
		if err := CheckTarget("-o", q.Output, q.Force); err != nil {
			return &Refused{err}
		}
	}
	im, text, err := q.read()
	if err != nil {
		return err
	}
	stderr := termtext.NewWriter(errOut)
	for _, n := range im.Notes {
		fmt.Fprintf(stderr, "pref: note: %s\n", n)
	}
	for _, d := range im.Differences {
		fmt.Fprintf(stderr, "pref: PPN and pref differ: %s\n", d)
	}
	if q.Output == "" {
		if _, err := w.Write(text); err != nil {
			return err
		}
	} else {
		if err := safeio.WriteFile(q.Output, text, 0o644, q.Force); err != nil {
			return refusedf("-o: %v", err)
		}
		n, pronoun := len(im.Record.Deals), "them"
		if n == 1 {
			pronoun = "it"
		}
		fmt.Fprintf(stderr, "pref: %s imported into %s (pref verify %s replays %s)\n", deal.Count(n, "deal"), q.Output, q.Output, pronoun)
	}
	if n := len(im.Differences); n > 0 {
		return failedf("%d difference(s) between PPN's figures and pref's settlement", n)
	}
	return nil
}

// read imports the file with the options and gives the record's text.
func (q *ImportRequest) read() (*ppn.Imported, []byte, error) {
	base, err := ppn.Ruleset()
	if err != nil {
		return nil, nil, &Refused{err}
	}
	opts, err := ParseOptions(base, q.Options)
	if err != nil {
		return nil, nil, &Refused{err}
	}
	data, err := readInput(q.Path)
	if err != nil {
		return nil, nil, err
	}
	im, err := ImportPPN(q.Path, data, opts)
	if err != nil {
		return nil, nil, ruledErr(err)
	}
	text, err := ImportedText(q.Path, im)
	return im, text, err // an error marshalling, passed on as it is
}

// Export is pref export: a game record of PPN's ruleset written to w in
// PPN.
func Export(w io.Writer, path string) error {
	rec, r, err := ReadRecordFile(path)
	if err != nil {
		return err
	}
	text, err := ExportPPN(path, rec, r)
	if err != nil {
		return ruledErr(err)
	}
	_, err = w.Write(text)
	return err
}
