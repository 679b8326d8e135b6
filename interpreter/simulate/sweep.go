package simulate

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"
)

// MaxGridCells bounds a sweep's grid: each cell is a whole simulation, so
// a grid beyond a few dozen cells is a day's computing asked for by a
// typing slip (three options of five values are 125).
const MaxGridCells = 64

// MaxGridAxes bounds the options a sweep names: a grid of MaxGridCells
// cells has at most 6 options of two values or more, and more names than
// this are a slip (an option fixed for every cell is an --option).
const MaxGridAxes = 16

// Axis is one option swept and its values, in the order given.
type Axis struct {
	Option string
	Values []string
}

// ParseAxis reads OPTION=v1,v2,...: an option and at least one value, none
// empty nor given twice.
func ParseAxis(s string) (Axis, error) {
	name, list, ok := strings.Cut(s, "=")
	name = strings.TrimSpace(name)
	if !ok || name == "" || strings.TrimSpace(list) == "" {
		return Axis{}, fmt.Errorf("--sweep %q: want OPTION=v1,v2 (the values separated by commas)", s)
	}
	a := Axis{Option: name}
	for _, v := range strings.Split(list, ",") {
		v = strings.TrimSpace(v)
		if v == "" {
			return Axis{}, fmt.Errorf("--sweep %s: an empty value in %q", name, list)
		}
		if slices.Contains(a.Values, v) {
			return Axis{}, fmt.Errorf("--sweep %s: the value %s is given twice", name, v)
		}
		a.Values = append(a.Values, v)
		if len(a.Values) > MaxGridCells {
			return Axis{}, fmt.Errorf("--sweep %s: more than %d values; a sweep runs at most %d simulations", name, MaxGridCells, MaxGridCells)
		}
	}
	return a, nil
}

// Grid is every combination of the axes' values as name=value options, in
// order: the first axis slowest, the last fastest (as nested loops read).
// A grid of more than MaxGridCells cells, or an option swept twice, is
// refused.
func Grid(axes []Axis) ([][]string, error) {
	if len(axes) > MaxGridAxes {
		return nil, fmt.Errorf("--sweep: %d options swept, at most %d", len(axes), MaxGridAxes)
	}
	cells := 1
	for i, a := range axes {
		for _, b := range axes[:i] {
			if b.Option == a.Option {
				return nil, fmt.Errorf("--sweep %s: the option is swept twice", a.Option)
			}
		}
		cells *= len(a.Values)
		if cells > MaxGridCells {
			return nil, fmt.Errorf("--sweep: the grid has more than %d cells (each a whole simulation); sweep fewer options or values", MaxGridCells)
		}
	}
	grid := [][]string{nil}
	for _, a := range axes {
		var next [][]string
		for _, cell := range grid {
			for _, v := range a.Values {
				next = append(next, append(slices.Clip(cell), a.Option+"="+v))
			}
		}
		grid = next
	}
	return grid, nil
}

// A RankMeasure is a measure a sweep's cells are ranked by, the better
// first.
type RankMeasure struct {
	Name, Says string
	key        func(*Measures) float64 // lower ranks first
}

// RankMeasures are the measures a sweep ranks by; the first is the default.
var RankMeasures = []RankMeasure{
	{"seat-balance", "the best seat's mean minus the worst seat's, lowest first", func(m *Measures) float64 { return m.SeatSpread.Mean }},
	{"forehand", "the first player's advantage, nearest 0 first", func(m *Measures) float64 { return math.Abs(m.Forehand.Mean) }},
	{"best-player-wins", "the share of sessions the best player wins, highest first", func(m *Measures) float64 { return -m.BestPlayerWins.Mean }},
	{"lead-changes", "changes of the lead per session, most first", func(m *Measures) float64 { return -m.LeadChanges.Mean }},
	{"final-gap", "the gap between first and second at a session's end, closest first", func(m *Measures) float64 { return m.FinalGap.Mean }},
	{"decided-by-auction", "the share of deals with no card played, lowest first", func(m *Measures) float64 { return m.DecidedByAuction.Mean }},
}

// RankMeasureNamed is the measure named name, or an error listing them.
func RankMeasureNamed(name string) (RankMeasure, error) {
	var names []string
	for _, rm := range RankMeasures {
		if rm.Name == name {
			return rm, nil
		}
		names = append(names, rm.Name)
	}
	return RankMeasure{}, fmt.Errorf("--rank-by %q: one of %s", name, strings.Join(names, ", "))
}

// Ranks are the places of the measures by rm, 1 the best; equal values
// share the order of the grid (a stable sort).
func Ranks(ms []*Measures, rm RankMeasure) []int {
	order := make([]int, len(ms))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(rm.key(ms[a]), rm.key(ms[b])) })
	ranks := make([]int, len(ms))
	for place, i := range order {
		ranks[i] = place + 1
	}
	return ranks
}

// RankMeasuresHelp names the measures and what each ranks first.
func RankMeasuresHelp() string {
	var parts []string
	for _, rm := range RankMeasures {
		parts = append(parts, rm.Name+" ("+rm.Says+")")
	}
	return strings.Join(parts, "; ")
}
