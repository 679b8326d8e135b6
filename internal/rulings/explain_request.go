package rulings

import (
	"errors"
	"io"

	"github.com/preference-rules/pref/internal/termtext"
)

// ExplainRequest is pref explain: every ruling of a game record or an
// outcome case told (All: the settlement rules that did not apply too),
// or a ruling document written (Ruling), in words or as JSON.
type ExplainRequest struct {
	Path              string
	All, JSON, Ruling bool
	// Arithmetic: each sentence followed by the rule that applied, its
	// condition and its arithmetic (All implies it).
	Arithmetic bool
}

// Run reads the file, explains it and writes the explanation to w.
func (q *ExplainRequest) Run(w io.Writer) error {
	data, err := readInput(q.Path)
	if err != nil {
		return err
	}
	deals, err := ExplainWith(q.Path, data, ExplainOptions{All: q.All, Arithmetic: q.Arithmetic})
	var failed *Failure
	if err != nil && (!errors.As(err, &failed) || len(deals) == 0) {
		return ruledErr(err)
	}
	// what was ruled before a refusal, or against a wrong
	// expectation, is shown with it
	out := termtext.NewWriter(w)
	if q.Ruling {
		doc, derr := NewRuling(q.Path, data, deals)
		if derr != nil {
			return &Refused{derr}
		}
		PrintRuling(out, doc, q.JSON)
		return ruledErr(err)
	}
	PrintExplained(out, deals, q.JSON)
	return ruledErr(err)
}
