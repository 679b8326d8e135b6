package rulings

import (
	"io"

	"github.com/preference-rules/pref/internal/termtext"
)

// SettleRequest is pref settle: a stated outcome settled against its
// ruleset (Case.Ruleset, with Options in force) and told in words, with
// the arithmetic on request, or as JSON.
type SettleRequest struct {
	Statement
	Options    []string // name=value
	Arithmetic bool
	JSON       bool
}

// Run settles the statement and writes it to w.
func (q *SettleRequest) Run(w io.Writer) error {
	r, opts, err := OpenWithOptions(q.Case.Ruleset, q.Options)
	if err != nil {
		return err
	}
	settled, err := Settle(r, opts, q.Statement)
	if err != nil {
		return ruledErr(err)
	}
	if q.JSON {
		return ruledErr(settled.writeJSON(w))
	}
	// the words of contracts and accounts come from the ruleset
	settled.Arithmetic = q.Arithmetic
	return ruledErr(settled.Print(termtext.NewWriter(w)))
}

// writeJSON writes a settlement's sentences and arithmetic as JSON,
// nothing if a total does not fit.
func (s *Settlement) writeJSON(w io.Writer) error {
	told, err := s.Told()
	if err != nil {
		return err
	}
	return writeJSON(w, told)
}
