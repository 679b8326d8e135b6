package rulings

import (
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/interpreter/simulate"
)

// MaxSessionLen bounds --session: a session's growth is kept deal by deal.
const MaxSessionLen = 1000

// MaxSweepDeals bounds a sweep's deals over all its cells, as --deals
// bounds one simulation's.
const MaxSweepDeals = 10_000_000

// writeCompared writes a comparison: the two reports and what changes deal
// by deal (Simulation.Print, Simulation.JSON), then each ruleset's
// measures side by side.
func (q *SimulateRequest) writeCompared(w io.Writer) error {
	s := &q.Simulation
	a, err := simulate.MeasuresOf(s.Report)
	if err != nil {
		return failedf("%v", err)
	}
	b, err := simulate.MeasuresOf(s.Compared)
	if err != nil {
		return failedf("%v", err)
	}
	if q.JSON {
		data, err := s.JSON()
		if err != nil {
			return failedf("%v", err)
		}
		var v map[string]json.RawMessage
		if err := json.Unmarshal(data, &v); err != nil {
			return failedf("%v", err)
		}
		if v["measures"], err = json.Marshal(map[string]*simulate.Measures{"ruleset": a, "compare": b}); err != nil {
			return failedf("%v", err)
		}
		return writeJSON(w, v)
	}
	s.Print(w)
	fmt.Fprintf(w, "\nWhat a rule changes, measured (sessions of %d deals, 95%% intervals):\n", a.SessionLen)
	names := []string{nameWith(s.Name, s.Options), nameWith(s.CompareName, s.CompareOptions)}
	return printMeasures(w, names, []*simulate.Measures{a, b})
}

// measureRows are the measures as rows of a table, a column per ruleset.
func measureRows(m *simulate.Measures) [][2]string {
	n := len(m.SeatAdvantage)
	rows := [][2]string{{"forehand's advantage", signed(m.Forehand)}}
	for i, s := range m.SeatAdvantage {
		rows = append(rows, [2]string{SeatWord(i, n) + " minus the table's mean", signed(s)})
	}
	return append(rows,
		[2]string{"seat spread (best seat minus worst)", signed(m.SeatSpread)},
		[2]string{"best player wins the session", m.BestPlayer + " " + pct(m.BestPlayerWins)},
		[2]string{"lead changes per session", plain(m.LeadChanges)},
		[2]string{"gap first to second at the end", plain(m.FinalGap)},
		[2]string{"decided by the auction", pct(m.DecidedByAuction)},
		[2]string{"  all passed, no card played", pct(m.PassedOut)},
		[2]string{"  declared, no card played", pct(m.NotPlayed)},
	)
}

// printMeasures prints the measures of several runs, a column each.
func printMeasures(out io.Writer, names []string, ms []*simulate.Measures) error {
	w := tabwriter.NewWriter(out, 0, 4, 2, ' ', 0)
	fmt.Fprintf(w, "  \t%s\n", strings.Join(names, "\t"))
	cols := make([][][2]string, len(ms))
	for i, m := range ms {
		cols[i] = measureRows(m)
	}
	for r := range cols[0] {
		fmt.Fprintf(w, "  %s", cols[0][r][0])
		for _, c := range cols {
			fmt.Fprintf(w, "\t%s", c[r][1])
		}
		fmt.Fprintln(w)
	}
	return w.Flush()
}

func signed(s simulate.Stat) string {
	return fmt.Sprintf("%+.2f [%+.2f, %+.2f]", s.Mean, s.Low, s.High)
}

func plain(s simulate.Stat) string {
	return fmt.Sprintf("%.2f [%.2f, %.2f]", s.Mean, s.Low, s.High)
}

// SweepCell is one combination of a sweep's values and what it measured.
type SweepCell struct {
	Options  []string // the swept options, name=value
	Rank     int      // 1 the best by the sweep's measure
	Seats    []simulate.Stat
	Measures *simulate.Measures
}

// Sweep is a sweep's report: its cells in the order of the grid.
type Sweep struct {
	Ruleset    string
	Options    []string `json:",omitempty"` // the options every cell shares (--option)
	Deals      int
	Seed       uint64
	Unit       string
	RankBy     string
	SessionLen int
	Cells      []SweepCell
}

// sweepGrid reads the --sweep axes against r: each option named and each
// value one r accepts, none also given by --option; the grid bounded in
// cells and in deals over all cells.
func (q *SimulateRequest) sweepGrid(r *ruleset.Ruleset) ([][]string, error) {
	if len(q.Sweep) > simulate.MaxGridAxes { // before the options are read, each against the others
		return nil, fmt.Errorf("--sweep: %d options swept, at most %d", len(q.Sweep), simulate.MaxGridAxes)
	}
	var axes []simulate.Axis
	for _, s := range q.Sweep {
		a, err := simulate.ParseAxis(s)
		if err != nil {
			return nil, err
		}
		for _, o := range q.Options {
			if name, _, _ := strings.Cut(o, "="); strings.TrimSpace(name) == a.Option {
				return nil, fmt.Errorf("--sweep %s: the option is also given by --option %s", a.Option, o)
			}
		}
		for _, v := range a.Values {
			if _, err := r.ParseOptions([]string{a.Option + "=" + v}); err != nil {
				return nil, fmt.Errorf("--sweep %v", err)
			}
		}
		axes = append(axes, a)
	}
	grid, err := simulate.Grid(axes)
	if err != nil {
		return nil, err
	}
	if len(grid)*q.Deals > MaxSweepDeals {
		return nil, fmt.Errorf("--sweep: %d cells of %d deals is more than %d deals in all; play fewer deals or values", len(grid), q.Deals, MaxSweepDeals)
	}
	return grid, nil
}

// runSweep plays every cell of the sweep's grid on the same deals (the
// same seed) and ranks the cells by the measure RankBy.
func (q *SimulateRequest) runSweep(w io.Writer, base *ruleset.Ruleset, cfg simulate.Config, comparing bool) error {
	if comparing {
		return refusedf("--sweep compares the cells of its grid: it takes no --compare or --compare-option")
	}
	rm, err := simulate.RankMeasureNamed(cmp.Or(q.RankBy, simulate.RankMeasures[0].Name))
	if err != nil {
		return &Refused{err}
	}
	grid, err := q.sweepGrid(base)
	if err != nil {
		return &Refused{err}
	}
	cfg.KeepPerDeal = true
	sw := &Sweep{Ruleset: nameWith(q.Name, q.Options), Options: q.Options, Deals: q.Deals, Seed: q.Seed, RankBy: rm.Name}
	var ms []*simulate.Measures
	bar := progressBar(q.Progress, len(grid)*q.Deals, q.JSON) // one bar over all the cells
	for i, cell := range grid {
		r, _, err := OpenWithOptions(q.Name, append(slices.Clip(q.Options), cell...))
		if err != nil {
			return err
		}
		done := i * q.Deals
		var progress func(int)
		if bar != nil {
			progress = func(n int) { bar(done + n) }
		}
		rep, err := simulate.Run(r, cfg, progress)
		if err != nil {
			return failedf("%s: %v", strings.Join(cell, " "), err)
		}
		m, err := simulate.MeasuresOf(rep)
		if err != nil {
			return failedf("%v", err)
		}
		sw.Unit, sw.SessionLen = rep.Unit, m.SessionLen
		ms = append(ms, m)
		sw.Cells = append(sw.Cells, SweepCell{Options: cell, Seats: rep.Seats, Measures: m})
	}
	for i, rank := range simulate.Ranks(ms, rm) {
		sw.Cells[i].Rank = rank
	}
	if q.JSON {
		return writeJSON(w, sw)
	}
	return sw.Print(w, rm)
}

// Print writes the sweep as a table, the best cell by the measure first.
func (sw *Sweep) Print(out io.Writer, rm simulate.RankMeasure) error {
	fmt.Fprintf(out, "%s, %d deals a cell (seed %d), sessions of %d deals: results in %s, ranked by %s (%s)\n",
		sw.Ruleset, sw.Deals, sw.Seed, sw.SessionLen, sw.Unit, rm.Name, rm.Says)
	cells := slices.Clone(sw.Cells)
	slices.SortFunc(cells, func(a, b SweepCell) int { return cmp.Compare(a.Rank, b.Rank) })
	w := tabwriter.NewWriter(out, 0, 4, 2, ' ', 0)
	fmt.Fprintln(w, "  rank\toptions\tseat spread\tforehand\tbest wins\tlead changes\tfinal gap\tby auction")
	for _, c := range cells {
		m := c.Measures
		fmt.Fprintf(w, "  %d\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", c.Rank, strings.Join(c.Options, " "),
			signed(m.SeatSpread), signed(m.Forehand), pct(m.BestPlayerWins), plain(m.LeadChanges), plain(m.FinalGap), pct(m.DecidedByAuction))
	}
	return w.Flush()
}
