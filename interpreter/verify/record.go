package verify

import (
	"bytes"
	"fmt"
	"reflect"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/preference-rules/pref/interpreter/record"
	"github.com/preference-rules/pref/schema"
	"gopkg.in/yaml.v3"
)

// runRecord replays a game record and compares each deal that states an
// expect: block with its settlement. A step a rule forbids is a problem of
// the record (it fails verification), naming the deal, the step and the
// rule with its evidence. Every mistake of the record is said in one run,
// in file order: each deal's expect: block that cannot be read and each
// deal's first refused step at its line and column, with the line and a
// caret (a refused deal passes on unbooked, so the deals after it are
// still replayed; their settlements, at a table no longer the game's, are
// not compared).
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
	var found mistakes
	expects := readExpects(path, data, rec, &found)
	deals, refused := record.ReplayEach(rec, r)
	for _, step := range refused {
		refusal(step, expects[step.Deal-1], &found)
	}
	kinds := r.MarkKindNames()
	for _, d := range deals {
		if e := expects[d.Index]; e != nil && !d.After && compareDeal(d, e, &rec.Deals[d.Index].Expect, kinds, &found) {
			res.Ledger = d.Ledger
		}
	}
	res.Problems = found.sorted()
	return res, nil
}

// readExpects reads each deal's expect: block, a key no block has said
// at its place (each of them), a block that cannot be read at the block.
func readExpects(path string, data []byte, rec *record.Record, found *mistakes) []*Expect {
	lines := strings.Split(string(data), "\n")
	expects := make([]*Expect, len(rec.Deals))
	for i := range rec.Deals {
		n := &rec.Deals[i].Expect
		if n.Kind == 0 {
			continue
		}
		if bad := unknownKeys(n, expectKeys()); len(bad) > 0 {
			for _, k := range bad {
				msg := fmt.Sprintf("deal %d: expect: unknown key %q", i+1, k.Value)
				if near := schema.Nearest(k.Value, expectKeys()); near != "" {
					msg += fmt.Sprintf(": did you mean %q?", near)
				}
				found.add(k.Line, k.Column, sourced(&schema.Error{File: path, Line: k.Line, Col: k.Column, Msg: msg}, lines).Error())
			}
			continue
		}
		e, err := readExpect(n)
		if err != nil {
			found.add(n.Line, n.Column, sourced(&schema.Error{File: path, Line: n.Line, Col: n.Column, Msg: fmt.Sprintf("deal %d: expect: %v", i+1, err)}, lines).Error())
			continue
		}
		expects[i] = e
	}
	return expects
}

// refusal says a refused step: at its place in the file, or, where the
// deal expects a refusal (expect: {error: ...}), only a refusal other
// than the one expected.
func refusal(step *record.StepError, e *Expect, found *mistakes) {
	at := step.Positioned()
	switch {
	case e != nil && e.Error != "":
		if !refusalExpected(step, e) {
			found.add(at.Line, at.Col, fmt.Sprintf("expected a refusal containing %q, got: %v", e.Error, step))
		}
	case at.Line == 0:
		found.add(0, 0, step.Error())
	default:
		found.add(at.Line, at.Col, at.Error())
	}
}

// compareDeal compares a settled deal with its expect: block (written at
// n); false when there was no settlement to compare.
func compareDeal(d record.DealResult, e *Expect, n *yaml.Node, kinds []string, found *mistakes) bool {
	switch {
	case e.Error != "":
		found.add(n.Line, n.Column, fmt.Sprintf("deal %d: expected a refusal containing %q, but the deal replays and settles", d.Index+1, e.Error))
		return false
	case d.Unfinished:
		found.add(n.Line, n.Column, fmt.Sprintf("deal %d: an unfinished deal settles nothing: expect can only be a refusal (error:)", d.Index+1))
		return false
	}
	c := Case{Seats: d.Seats, Expect: *e, kindNames: kinds}
	for _, p := range c.compare(d.Ledger, nil) {
		found.add(n.Line, n.Column, fmt.Sprintf("deal %d: %s", d.Index+1, p))
	}
	return true
}

// readExpect reads a deal's expect: block as an outcome case's.
func readExpect(n *yaml.Node) (*Expect, error) {
	var buf bytes.Buffer
	if err := yaml.NewEncoder(&buf).Encode(n); err != nil {
		return nil, err
	}
	dec := yaml.NewDecoder(&buf)
	dec.KnownFields(true)
	e := &Expect{}
	if err := dec.Decode(e); err != nil {
		return nil, err
	}
	return e, nil
}

// expectKeys are the keys an expect: block may write (Expect's).
var expectKeys = sync.OnceValue(func() []string { return keysOf(reflect.TypeOf(Expect{})) }) // read by reflection once, asked per expect block

// unknownKeys are the keys of mapping n that are not among keys, in file
// order: each said at its place, where a decoder stops at the first and
// counts its line from the block.
func unknownKeys(n *yaml.Node, keys []string) []*yaml.Node {
	if n.Kind != yaml.MappingNode {
		return nil
	}
	var bad []*yaml.Node
	for i := 0; i+1 < len(n.Content); i += 2 {
		if k := n.Content[i]; !slices.Contains(keys, k.Value) {
			bad = append(bad, k)
		}
	}
	return bad
}

// sourced is e with the line of the file it names, for the caret.
func sourced(e *schema.Error, lines []string) *schema.Error {
	if e.Line > 0 && e.Line <= len(lines) {
		e.Source = strings.TrimRight(lines[e.Line-1], "\r")
	}
	return e
}

// mistakes are a document's problems with where they are written, said
// in file order (a problem of no place last, in the order found).
type mistakes []mistake

type mistake struct {
	line, col int
	text      string
}

func (m *mistakes) add(line, col int, text string) { *m = append(*m, mistake{line, col, text}) }

func (m mistakes) sorted() []string {
	sort.SliceStable(m, func(i, j int) bool {
		if (m[i].line == 0) != (m[j].line == 0) {
			return m[j].line == 0 // a problem of no place after the placed ones
		}
		if m[i].line != m[j].line {
			return m[i].line < m[j].line
		}
		return m[i].col < m[j].col
	})
	var out []string
	for _, x := range m {
		out = append(out, x.text)
	}
	return out
}

// refusalExpected reports whether e expects step's refusal: its error:
// names words the refusal contains.
func refusalExpected(step *record.StepError, e *Expect) bool {
	return e != nil && e.Error != "" && strings.Contains(step.Error(), e.Error)
}

// RefusalExpected reports whether the deal of rec that step refused
// expects that refusal (expect: {error: ...}), as pref verify reads it: a
// block that cannot be read expects none.
func RefusalExpected(rec *record.Record, step *record.StepError) bool {
	i := step.Deal - 1
	if i < 0 || i >= len(rec.Deals) || rec.Deals[i].Expect.Kind == 0 {
		return false
	}
	e, err := readExpect(&rec.Deals[i].Expect)
	return err == nil && refusalExpected(step, e)
}
