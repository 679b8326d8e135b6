package verify

import (
	"bytes"
	"errors"
	"fmt"
	"strings"

	"github.com/preference-rules/pref/interpreter/record"
	"github.com/preference-rules/pref/schema"
	"gopkg.in/yaml.v3"
)

// runRecord replays a game record and compares each deal that states an
// expect: block with its settlement. A step a rule forbids is a problem of
// the record (it fails verification), naming the deal, the step and the
// rule with its evidence.
func runRecord(path string, data []byte) (Result, error) {
	rec, err := record.Parse(path, data)
	if err != nil {
		return Result{File: path}, err
	}
	res := Result{File: path, Title: rec.Title}
	if res.Title == "" {
		res.Title = "game record"
	}
	r, err := record.Open(path, rec)
	if err != nil {
		return res, err
	}
	expects := make([]*Expect, len(rec.Deals))
	for i := range rec.Deals {
		n := &rec.Deals[i].Expect
		if n.Kind == 0 {
			continue
		}
		var buf bytes.Buffer
		if err := yaml.NewEncoder(&buf).Encode(n); err != nil {
			return res, err
		}
		dec := yaml.NewDecoder(&buf)
		dec.KnownFields(true)
		expects[i] = &Expect{}
		if err := dec.Decode(expects[i]); err != nil {
			return res, &schema.Error{File: path, Line: n.Line, Col: n.Column, Msg: "expect: " + err.Error()}
		}
	}
	deals, err := record.Replay(rec, r)
	var step *record.StepError
	if errors.As(err, &step) {
		// A record of an illegal move says so: expect: {error: ...} on the
		// deal refused.
		if e := expects[step.Deal-1]; e != nil && e.Error != "" {
			if !strings.Contains(step.Error(), e.Error) {
				res.Problems = []string{fmt.Sprintf("expected a refusal containing %q, got: %v", e.Error, step)}
			}
			return res, nil
		}
		res.Problems = []string{step.Error()}
		return res, nil
	}
	if err != nil {
		return res, err
	}
	for _, d := range deals {
		e := expects[d.Index]
		if e == nil {
			continue
		}
		if e.Error != "" {
			res.Problems = append(res.Problems, fmt.Sprintf("deal %d: expected a refusal containing %q, but the deal replays and settles", d.Index+1, e.Error))
			continue
		}
		if d.Unfinished {
			res.Problems = append(res.Problems, fmt.Sprintf("deal %d: an unfinished deal settles nothing: expect can only be a refusal (error:)", d.Index+1))
			continue
		}
		c := Case{Seats: d.Seats, Expect: *e}
		for _, p := range c.compare(d.Ledger, nil) {
			res.Problems = append(res.Problems, fmt.Sprintf("deal %d: %s", d.Index+1, p))
		}
		res.Ledger = d.Ledger
	}
	return res, nil
}
