package verify

import (
	"fmt"
	"maps"
	"slices"

	"github.com/preference-rules/pref/interpreter/settle"
)

// Markers of the ruleset's named kinds in a case: marks_of before the
// deal, and the change expected (expect: marks_of), kind by kind.

// kindMarks reads marks_of: what each seat holds of each named kind at
// the start of the deal.
func (s *statement) kindMarks() error {
	if len(s.c.MarksOf) == 0 {
		return nil
	}
	o := s.o
	o.KindMarks = make([][]int, len(s.r.MarkKinds))
	for k := range o.KindMarks {
		o.KindMarks[k] = make([]int, len(s.c.Seats))
	}
	for _, kind := range slices.Sorted(maps.Keys(s.c.MarksOf)) {
		k := s.r.MarkKind(kind)
		if k == 0 {
			return fmt.Errorf("marks_of: %q is no kind the ruleset names in markings (%v)", kind, s.r.MarkKindNames())
		}
		for _, name := range slices.Sorted(maps.Keys(s.c.MarksOf[kind])) {
			i, err := s.find("marks_of: "+kind+":", name)
			if err != nil {
				return err
			}
			m := s.c.MarksOf[kind][name]
			if m < 0 || m > MaxCount {
				return fmt.Errorf("marks_of: %s: %s holds %d; want 0 to %d", kind, name, m, MaxCount)
			}
			o.KindMarks[k-1][i] = m
		}
	}
	return nil
}

// compareKindMarks compares each seat's change of markers of each named
// kind the case expects.
func (c *Case) compareKindMarks(l *settle.Ledger) []string {
	var problems []string
	for _, kind := range slices.Sorted(maps.Keys(c.Expect.MarksOf)) {
		k := slices.Index(c.kindNames, kind) + 1
		if k == 0 {
			problems = append(problems, fmt.Sprintf("expect: marks_of: %q is no kind the ruleset names", kind))
			continue
		}
		net := make([]int, len(c.Seats))
		for _, m := range l.KindMarks {
			if m.Kind == k && m.Seat >= 0 && m.Seat < len(net) {
				net[m.Seat] += m.Delta
			}
		}
		want := c.Expect.MarksOf[kind]
		for i, seat := range c.Seats {
			if net[i] != want[seat] {
				problems = append(problems, fmt.Sprintf("%s of %s: changed by %d, want %d", kind, seat, net[i], want[seat]))
			}
		}
		for _, name := range slices.Sorted(maps.Keys(want)) {
			if _, ok := c.party(name); !ok {
				problems = append(problems, fmt.Sprintf("expect: marks_of: %s: %q is no seat", kind, name))
			}
		}
	}
	return problems
}
