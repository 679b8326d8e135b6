package rulings

import (
	"bytes"
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/preference-rules/pref/interpreter/record"
	"github.com/preference-rules/pref/interpreter/record/ppn"
	"github.com/preference-rules/pref/interpreter/ruleset"
)

// ImportPPN reads a PPN game from path's data, opts being options of
// PPN's ruleset, into a game record whose source names the file. A deal
// the rules refuse is a *Failure; text that is not well-formed PPN, bad
// input.
func ImportPPN(path string, data []byte, opts map[string]any) (*ppn.Imported, error) {
	im, err := ppn.Import(data, opts)
	if err != nil {
		var pe *ppn.Error
		if errors.As(err, &pe) && pe.Rules {
			return nil, &Failure{fmt.Errorf("%s: %v", path, err)}
		}
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	im.Record.Source = strings.Replace(im.Record.Source, ppn.SourceName, ppn.SourceName+" ("+filepath.Base(path)+")", 1)
	return im, nil
}

// ImportedText is an imported game's record as pref writes it, with a
// comment at its top for each note and difference of the import from
// path. Its only error is the record's marshalling.
func ImportedText(path string, im *ppn.Imported) ([]byte, error) {
	yml, err := record.Marshal(im.Record)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if len(im.Notes) > 0 || len(im.Differences) > 0 {
		fmt.Fprintf(&b, "# Imported from %s.\n", filepath.Base(path))
		for _, n := range im.Notes {
			fmt.Fprintf(&b, "# note: %s\n", n)
		}
		for _, d := range im.Differences {
			fmt.Fprintf(&b, "# PPN and pref differ: %s\n", d)
		}
	}
	b.Write(yml)
	return b.Bytes(), nil
}

// ExportPPN writes a game record read from path in PPN. A step of the
// record a rule refuses is a *Failure; what PPN cannot write, bad input.
func ExportPPN(path string, rec *record.Record, r *ruleset.Ruleset) ([]byte, error) {
	f, err := ppn.FromRecord(rec, r)
	var step *record.StepError
	switch {
	case errors.As(err, &step):
		return nil, &Failure{fmt.Errorf("%s: %v", path, step)}
	case err != nil:
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return f.Format(), nil
}
