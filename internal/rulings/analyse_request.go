package rulings

import (
	"io"

	"github.com/preference-rules/pref/internal/termtext"
	"github.com/preference-rules/pref/interpreter/record"
)

// AnalyseRequest is pref analyse: a position solved double-dummy (its
// ruleset, options and Position), or each deal of a game record (Record,
// the deals chosen by Deals) shown trick by trick as best play saw it.
type AnalyseRequest struct {
	Ruleset  string
	Options  []string // name=value
	Position PositionQuery
	Record   string // a game record's path, instead of a position
	Deals    string // with a record: N or N-M
	JSON     bool
	// Progress is where a progress bar of the deals solved is drawn (a
	// terminal), nil for none.
	Progress io.Writer
}

// Run analyses the position or the record and writes the answer to w.
func (q *AnalyseRequest) Run(w io.Writer) error {
	if q.Record != "" {
		return q.runRecord(w)
	}
	if q.Deals != "" {
		return refusedf("--deals %s: chooses the deals of a RECORD; give one", q.Deals)
	}
	r, _, err := OpenWithOptions(q.Ruleset, q.Options)
	if err != nil {
		return err
	}
	if len(q.Position.Seats) == 0 {
		q.Position.Seats = DefaultNames[:r.Hands]
	}
	a, err := AnalysePosition(r, q.Position)
	if err != nil {
		return &Refused{err}
	}
	out := termtext.NewWriter(w) // names come from the record
	if q.JSON {
		a.PrintJSON(out)
		return nil
	}
	a.Print(out)
	return nil
}

// runRecord shows, for each deal of a record, what perfect play would
// have given after every trick, and the first card that cost a trick.
func (q *AnalyseRequest) runRecord(w io.Writer) error {
	rec, r, err := ReadRecordFile(q.Record)
	if err != nil {
		return err
	}
	deals, err := record.Replay(rec, r)
	if err != nil {
		return failedf("%v", err)
	}
	from, to, err := DealSpan(q.Deals, q.Record, len(deals))
	if err != nil {
		return &Refused{err}
	}
	deals = deals[from:to]
	var progress func(int)
	if len(deals) > 0 {
		progress = progressBar(q.Progress, len(deals), q.JSON)
	}
	all := AnalyseDeals(deals, progress)
	if err := PrintDealAnalyses(termtext.NewWriter(w), all, q.JSON); err != nil {
		return failedf("%v", err)
	}
	return nil
}
