package rulings

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"runtime"
	"strings"
	"text/tabwriter"

	"github.com/preference-rules/pref/interpreter/bot/extern"
	"github.com/preference-rules/pref/interpreter/simulate"
)

// MaxWorkers bounds the workers of a simulation or a match: each worker
// holds a table and its players (a strong player its solver's tables), so
// a number far beyond the cores buys nothing and could exhaust memory; 256
// is many times the cores of any machine pref is run on.
const MaxWorkers = 256

// DefaultWorkers is one worker per core, within the bound.
func DefaultWorkers() int { return min(runtime.NumCPU(), MaxWorkers) }

// CheckWorkers refuses a --workers outside 1 to MaxWorkers.
func CheckWorkers(n int) error {
	if n < 1 || n > MaxWorkers {
		return fmt.Errorf("--workers %d: want 1 to %d", n, MaxWorkers)
	}
	return nil
}

// CheckPlayers refuses an outside program's kind (exec:COMMAND) whose
// command cannot be read, and more kinds of player than the ruleset has seats: the
// kinds beyond the seats would never play, and the report would name only
// those that did, as if the others had not been asked for.
func CheckPlayers(kinds []string, ruleset string, seats int) error {
	for _, k := range kinds {
		if line, ok := strings.CutPrefix(k, simulate.ExecPrefix); ok {
			if _, err := extern.SplitCommand(line); err != nil {
				return fmt.Errorf("--players %s: %v", k, err)
			}
		}
	}
	if len(kinds) > seats {
		return fmt.Errorf("--players %s: %d kinds for the %d seats of %s; give at most %d", strings.Join(kinds, ","), len(kinds), seats, ruleset, seats)
	}
	return nil
}

// Simulation is a simulation's report, and the second ruleset's on the
// same cards when one was compared, as a front end shows them.
type Simulation struct {
	Name    string   // the ruleset as it was named
	Options []string // its options, name=value
	Deals   int
	Seed    uint64
	Report  *simulate.Report
	// Compared is the second ruleset's report, nil without a comparison.
	Compared       *simulate.Report
	CompareName    string
	CompareOptions []string
}

// JSON is the simulation as data: {"ruleset": ...} and, with a
// comparison, "compare" and "difference" per seat.
func (s *Simulation) JSON() ([]byte, error) {
	v := map[string]any{"ruleset": s.Report}
	if s.Compared != nil {
		v["compare"] = s.Compared
		v["difference"] = simulate.SeatDifference(s.Report, s.Compared)
	}
	return json.MarshalIndent(v, "", "  ")
}

// Print writes the simulation as text: the report, and with a comparison
// the second report and what changes deal by deal.
func (s *Simulation) Print(out io.Writer) {
	a, b := s.Report, s.Compared
	fmt.Fprintf(out, "%s, %d deals (seed %d): results per deal in %s, 95%% intervals\n", nameWith(s.Name, s.Options), s.Deals, s.Seed, a.Unit)
	printReport(out, a)
	if b == nil {
		return
	}
	fmt.Fprintf(out, "\n%s on the same cards\n", nameWith(s.CompareName, s.CompareOptions))
	printReport(out, b)
	fmt.Fprintf(out, "\nWhat changes, deal by deal (%s minus %s):\n", nameWith(s.CompareName, s.CompareOptions), nameWith(s.Name, s.Options))
	w := tabwriter.NewWriter(out, 0, 4, 2, ' ', 0)
	for i, d := range simulate.SeatDifference(a, b) {
		fmt.Fprintf(w, "  %s\t%+.2f [%+.2f, %+.2f]\n", SeatWord(i, len(a.Seats)), d.Mean, d.Low, d.High)
	}
	w.Flush()
}

func printReport(out io.Writer, r *simulate.Report) {
	w := tabwriter.NewWriter(out, 0, 4, 2, ' ', 0)
	fmt.Fprintf(w, "  all passed\t%s\n", pct(r.AllPass))
	for i, s := range r.Seats {
		fmt.Fprintf(w, "  %s\t%+.2f [%+.2f, %+.2f]\n", SeatWord(i, len(r.Seats)), s.Mean, s.Low, s.High)
	}
	w.Flush()
	w = tabwriter.NewWriter(out, 0, 4, 2, ' ', 0)
	fmt.Fprintf(w, "  contract\tbid\tmade\tdeclarer's result\n")
	for _, c := range r.Contracts {
		fmt.Fprintf(w, "  %s\t%s\t%s\t%+.2f [%+.2f, %+.2f]\n", c.Name, pct(c.Share), pct(c.Made), c.Declarer.Mean, c.Declarer.Low, c.Declarer.High)
	}
	w.Flush()
	printGrowth(out, r)
}

// printGrowth charts the pot (or the spread of a sheet's standings) after
// each deal of a session, averaged over the sessions: a trend reads better
// as bars than as a column of figures.
func printGrowth(out io.Writer, r *simulate.Report) {
	if len(r.Growth) < 2 {
		return
	}
	what := "the pot"
	if r.GrowthOf == "spread" {
		what = "the spread of the standings (highest minus lowest)"
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, g := range r.Growth {
		lo, hi = min(lo, g.Mean), max(hi, g.Mean)
	}
	// The bars run from the lowest mean to the highest, so that a slow
	// trend shows; the header says where they start.
	fmt.Fprintf(out, "  %s after each deal of a session, mean of %d sessions (bars from %.1f to %.1f):\n", what, r.Growth[0].N, lo, hi)
	const width = 40
	for i, g := range r.Growth {
		n := 1
		if hi > lo {
			n += int(math.Round((g.Mean - lo) / (hi - lo) * (width - 1)))
		}
		fmt.Fprintf(out, "  %3d %10.1f [%9.1f, %9.1f] |%s\n", i+1, g.Mean, g.Low, g.High, strings.Repeat("#", n))
	}
}

// PrintMatch writes a match's report as text: each kind's result per
// deal, the difference of two kinds, the all-pass and made shares.
func PrintMatch(out io.Writer, ruleset string, hands, deals int, seed uint64, rep *simulate.MatchReport) error {
	fmt.Fprintf(out, "%s, %d deals x %d rotations (seed %d): result per deal in %s, 95%% intervals\n", ruleset, deals, hands, seed, rep.Unit)
	w := tabwriter.NewWriter(out, 0, 4, 2, ' ', 0)
	for _, e := range rep.Entrants {
		fmt.Fprintf(w, "  %s\t%+.2f [%+.2f, %+.2f]\n", e.Name, e.Result.Mean, e.Result.Low, e.Result.High)
	}
	if d := rep.Difference; d != nil {
		fmt.Fprintf(w, "  %s - %s\t%+.2f [%+.2f, %+.2f]\n", rep.Entrants[0].Name, rep.Entrants[1].Name, d.Mean, d.Low, d.High)
	}
	fmt.Fprintf(w, "  all passed\t%s\n", pct(rep.AllPass))
	fmt.Fprintf(w, "  contracts made\t%s\n", pct(rep.Made))
	for _, e := range rep.Entrants {
		if c := e.Refusals; c != nil {
			fmt.Fprintf(w, "  %s refused\t%d late, %d malformed, %d illegal, %d exits, %d failed starts; %d decisions played by the simple player\n",
				e.Name, c.Late, c.Malformed, c.Illegal, c.Exited, c.Failed, c.Substituted)
		}
	}
	return w.Flush()
}

func pct(s simulate.Stat) string {
	return fmt.Sprintf("%.1f%% [%.1f, %.1f]", 100*s.Mean, 100*s.Low, 100*s.High)
}

// SeatWord is pref simulate's word for seat i of n: forehand, middlehand,
// the dealer (who sits last), seat N between.
func SeatWord(i, n int) string {
	switch {
	case i == n-1:
		return "dealer"
	case i == 0:
		return "forehand"
	case i == 1:
		return "middlehand"
	}
	return fmt.Sprintf("seat %d", i+1)
}

func nameWith(name string, options []string) string {
	if len(options) == 0 {
		return name
	}
	return name + " (" + strings.Join(options, ", ") + ")"
}

func bar(done, total, width int) string {
	full := done * width / max(1, total)
	return "[" + strings.Repeat("#", full) + strings.Repeat(".", width-full) + "]"
}

// ProgressBar draws a progress bar of deals played on w, a terminal:
// redrawn whenever the percentage moves (a run reports a few hundred times
// or, for a match, once a deal), a new line at the end.
func ProgressBar(w io.Writer, deals int) func(done int) {
	shown := -1 // the percentage last drawn
	return func(done int) {
		if pct := done * 100 / deals; pct != shown || done == deals {
			shown = pct
			fmt.Fprintf(w, "\r%s %d/%d deals", bar(done, deals, 30), done, deals)
			if done == deals {
				fmt.Fprintln(w)
			}
		}
	}
}
