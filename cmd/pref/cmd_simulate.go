package main

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"runtime"
	"strings"
	"text/tabwriter"

	"github.com/preference-rules/pref/interpreter/simulate"
	"github.com/preference-rules/pref/rulesets"
	"github.com/spf13/cobra"
)

func simulateCmd() *cobra.Command {
	var name, compare, botKind string
	var options, compareOptions []string
	var deals, workers int
	var seed uint64
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "simulate --ruleset R --deals N [--compare R2]",
		Short: "Play many deals with the computer players and report what the rules give, with 95% intervals",
		Long: `Play N deals of a ruleset with the computer players, on all cores, and report
how often all pass, what each seat wins per deal (money, or for a score sheet
the final score were it closed now), and for each contract how often it is bid,
how often it is made and what its declarer wins; each with a 95% confidence
interval. The deals are played in sessions of 20 at one table (the pot or the
sheet carried over); the cards depend only on --seed, so the report is the same
whatever --workers.

--compare R2 plays a second ruleset (or the same one with --compare-option) on
the same cards and reports the difference per seat, deal by deal: what a house
rule changes.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if deals < 1 || deals > 10_000_000 {
				return badInput(fmt.Errorf("--deals %d: want 1 to 10000000", deals))
			}
			if err := checkWorkers(workers); err != nil {
				return err
			}
			r, _, err := openWithOptions(name, options)
			if err != nil {
				return err
			}
			comparing := compare != "" || len(compareOptions) > 0
			// a comparison is deal by deal: only then are the deals' results kept
			if botKind != "simple" && botKind != "strong" && botKind != "strong-cards" {
				return badInput(fmt.Errorf("--bots %q: simple, strong or strong-cards", botKind))
			}
			cfg := simulate.Config{Deals: deals, Workers: workers, Seed: seed, KeepPerDeal: comparing, Bots: botKind}
			var progress func(int)
			errOut := cmd.ErrOrStderr()
			if isTerminal(errOut) && !asJSON {
				progress = progressBar(errOut, deals)
			}
			a, err := simulate.Run(r, cfg, progress)
			if err != nil {
				return failed("%v", err)
			}
			var b *simulate.Report
			if comparing {
				if compare == "" {
					compare = name
				}
				r2, _, err := openWithOptions(compare, compareOptions)
				if err != nil {
					return err
				}
				if r2.Hands != r.Hands {
					return badInput(fmt.Errorf("--compare %s deals %d hands, %s %d: the same cards cannot be played", compare, r2.Hands, name, r.Hands))
				}
				if b, err = simulate.Run(r2, cfg, progress); err != nil {
					return failed("%v", err)
				}
			}
			out := cmd.OutOrStdout()
			if asJSON {
				v := map[string]any{"ruleset": a}
				if b != nil {
					v["compare"] = b
					v["difference"] = simulate.SeatDifference(a, b)
				}
				data, err := json.MarshalIndent(v, "", "  ")
				if err != nil {
					return failed("%v", err)
				}
				fmt.Fprintln(out, string(data))
				return nil
			}
			fmt.Fprintf(out, "%s, %d deals (seed %d): results per deal in %s, 95%% intervals\n", nameWith(name, options), deals, seed, a.Unit)
			printReport(out, a)
			if b != nil {
				fmt.Fprintf(out, "\n%s on the same cards\n", nameWith(compare, compareOptions))
				printReport(out, b)
				fmt.Fprintf(out, "\nWhat changes, deal by deal (%s minus %s):\n", nameWith(compare, compareOptions), nameWith(name, options))
				w := tabwriter.NewWriter(out, 0, 4, 2, ' ', 0)
				for i, d := range simulate.SeatDifference(a, b) {
					fmt.Fprintf(w, "  %s\t%+.2f [%+.2f, %+.2f]\n", seatWord(i, len(a.Seats)), d.Mean, d.Low, d.High)
				}
				w.Flush()
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&name, "ruleset", rulesets.Default, "embedded ruleset name or path to a .yaml file")
	f.StringSliceVar(&options, "option", nil, "ruleset option, name=value")
	f.IntVar(&deals, "deals", 1000, "deals to play")
	f.IntVar(&workers, "workers", defaultWorkers(), fmt.Sprintf("parallel workers, 1 to %d (the report is the same for any number)", maxWorkers))
	f.Uint64Var(&seed, "seed", 1, "random seed")
	f.StringVar(&compare, "compare", "", "a second ruleset played on the same cards")
	f.StringSliceVar(&compareOptions, "compare-option", nil, "an option of the compared ruleset, name=value")
	f.StringVar(&botKind, "bots", "simple", "the computer players: simple, strong (far slower: every decision weighed by playing it out), or strong-cards (the strong player's cards, the rest simple's)")
	f.BoolVar(&asJSON, "json", false, "print the report as JSON")
	_ = cmd.RegisterFlagCompletionFunc("ruleset", completeRulesets)
	return cmd
}

func printReport(out io.Writer, r *simulate.Report) {
	w := tabwriter.NewWriter(out, 0, 4, 2, ' ', 0)
	fmt.Fprintf(w, "  all passed\t%s\n", pct(r.AllPass))
	for i, s := range r.Seats {
		fmt.Fprintf(w, "  %s\t%+.2f [%+.2f, %+.2f]\n", seatWord(i, len(r.Seats)), s.Mean, s.Low, s.High)
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

func pct(s simulate.Stat) string {
	return fmt.Sprintf("%.1f%% [%.1f, %.1f]", 100*s.Mean, 100*s.Low, 100*s.High)
}

func seatWord(i, n int) string {
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

func matchCmd() *cobra.Command {
	var name string
	var options, players []string
	var deals, workers int
	var seed uint64
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "match --ruleset R --players strong,simple --deals N",
		Short: "Duplicate: players of different kinds on the same cards, rotated through the seats",
		Long: `Play every deal once for each rotation of the players through the seats (the
first kind in each seat in turn, the others in the remaining seats), each time
on the same cards at a fresh table, and report each kind's mean result per deal
with a 95% interval (money, or for a score sheet the deal's entries valued as the
final conversion values them), the share of all-pass deals and of contracts made.
With two kinds, the difference of their results deal by deal follows, with its
interval: the duplicate comparison.
Kinds: simple (the rule-following bot), strong (cards played by sampling the
unseen hands and solving each sample double-dummy; the auction, the exchange,
the defence and the rest weighed by playing each option out over such samples
and settling it by the ruleset's own rules) and strong-cards (the strong
player's cards, the rest simple's).`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if deals < 1 || deals > 1_000_000 {
				return badInput(fmt.Errorf("--deals %d: want 1 to 1000000", deals))
			}
			if err := checkWorkers(workers); err != nil {
				return err
			}
			r, _, err := openWithOptions(name, options)
			if err != nil {
				return err
			}
			if err := checkPlayers(players, r.Name, r.Hands); err != nil {
				return err
			}
			var progress func(int)
			if errOut := cmd.ErrOrStderr(); isTerminal(errOut) && !asJSON {
				progress = progressBar(errOut, deals)
			}
			rep, err := simulate.Match(r, players, deals, workers, seed, progress)
			if err != nil {
				return badInput(err)
			}
			out := cmd.OutOrStdout()
			if asJSON {
				data, _ := json.MarshalIndent(rep, "", "  ")
				fmt.Fprintln(out, string(data))
				return nil
			}
			fmt.Fprintf(out, "%s, %d deals x %d rotations (seed %d): result per deal in %s, 95%% intervals\n", r.Name, deals, r.Hands, seed, rep.Unit)
			w := tabwriter.NewWriter(out, 0, 4, 2, ' ', 0)
			for _, e := range rep.Entrants {
				fmt.Fprintf(w, "  %s\t%+.2f [%+.2f, %+.2f]\n", e.Name, e.Result.Mean, e.Result.Low, e.Result.High)
			}
			if d := rep.Difference; d != nil {
				fmt.Fprintf(w, "  %s - %s\t%+.2f [%+.2f, %+.2f]\n", rep.Entrants[0].Name, rep.Entrants[1].Name, d.Mean, d.Low, d.High)
			}
			fmt.Fprintf(w, "  all passed\t%s\n", pct(rep.AllPass))
			fmt.Fprintf(w, "  contracts made\t%s\n", pct(rep.Made))
			return w.Flush()
		},
	}
	f := cmd.Flags()
	f.StringVar(&name, "ruleset", rulesets.Default, "embedded ruleset name or path to a .yaml file")
	f.StringSliceVar(&options, "option", nil, "ruleset option, name=value")
	f.StringSliceVar(&players, "players", []string{"strong", "simple"}, "the kinds of player, the first rotated through the seats")
	f.IntVar(&deals, "deals", 100, "deals to play")
	f.IntVar(&workers, "workers", defaultWorkers(), fmt.Sprintf("parallel workers, 1 to %d", maxWorkers))
	f.Uint64Var(&seed, "seed", 1, "random seed")
	f.BoolVar(&asJSON, "json", false, "print the report as JSON")
	return cmd
}

// maxWorkers bounds --workers of simulate and match: each worker holds a
// table and its players (a strong player its solver's tables), so a number
// far beyond the cores buys nothing and could exhaust memory; 256 is many
// times the cores of any machine pref is run on.
const maxWorkers = 256

// defaultWorkers is one worker per core, within the bound.
func defaultWorkers() int { return min(runtime.NumCPU(), maxWorkers) }

// checkWorkers refuses a --workers outside 1 to maxWorkers (exit 2).
func checkWorkers(n int) error {
	if n < 1 || n > maxWorkers {
		return badInput(fmt.Errorf("--workers %d: want 1 to %d", n, maxWorkers))
	}
	return nil
}

// checkPlayers refuses more kinds of player than the ruleset has seats: the
// kinds beyond the seats would never play, and the report would name only
// those that did, as if the others had not been asked for.
func checkPlayers(kinds []string, ruleset string, seats int) error {
	if len(kinds) > seats {
		return badInput(fmt.Errorf("--players %s: %d kinds for the %d seats of %s; give at most %d", strings.Join(kinds, ","), len(kinds), seats, ruleset, seats))
	}
	return nil
}

// progressBar draws a progress bar of deals played on w, a terminal: redrawn
// whenever the percentage moves (a run reports a few hundred times or, for
// a match, once a deal), a new line at the end.
func progressBar(w io.Writer, deals int) func(done int) {
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
