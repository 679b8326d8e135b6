package main

import (
	"fmt"
	"io"

	"github.com/preference-rules/pref/internal/rulings"
	"github.com/preference-rules/pref/internal/terminal"
	"github.com/preference-rules/pref/interpreter/bot/extern"
	"github.com/preference-rules/pref/interpreter/simulate"
	"github.com/preference-rules/pref/rulesets"
	"github.com/spf13/cobra"
)

func simulateCmd() *cobra.Command {
	var q rulings.SimulateRequest
	s := &q.Simulation
	cmd := &cobra.Command{
		Use:   "simulate --ruleset R --deals N [--compare R2]",
		Short: "Play many deals with the computer players and report what the rules give, with 95% intervals",
		Long: `Play N deals of a ruleset with the computer players, on all cores, and report
how often all pass, what each seat wins per deal (money, or for a score sheet
the final score were it closed now), and for each contract how often it is bid,
how often it is made and what its declarer wins; each with a 95% confidence
interval. The deals are played in sessions of --session deals (20) at one table
(the pot or the sheet carried over); the cards depend only on --seed, so the
report is the same whatever --workers.

--compare R2 plays a second ruleset (or the same one with --compare-option) on
the same cards and reports the difference per seat, deal by deal, and the
measures game designers use for both (forehand's and each seat's advantage, how
often the best player wins a session, lead changes, how close sessions end, the
deals the auction decides): what a house rule changes. --sweep OPTION=v1,v2,...
(repeatable) plays every cell of the grid of option values on the same cards and
ranks the cells by --rank-by (seat balance by default).`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			q.Progress = progressTo(cmd)
			return q.Run(cmd.OutOrStdout())
		},
	}
	f := cmd.Flags()
	f.StringVar(&s.Name, "ruleset", rulesets.Default, "embedded ruleset name or path to a .yaml file")
	f.StringSliceVar(&s.Options, "option", nil, "ruleset option, name=value")
	f.IntVar(&s.Deals, "deals", 1000, "deals to play")
	f.IntVar(&q.Workers, "workers", rulings.DefaultWorkers(), fmt.Sprintf("parallel workers, 1 to %d (the report is the same for any number)", rulings.MaxWorkers))
	f.Uint64Var(&s.Seed, "seed", 1, "random seed")
	f.StringVar(&s.CompareName, "compare", "", "a second ruleset played on the same cards")
	f.StringSliceVar(&s.CompareOptions, "compare-option", nil, "an option of the compared ruleset, name=value")
	f.StringVar(&q.Bots, "bots", "simple", "the computer players: simple, strong (far slower: every decision weighed by playing it out), or strong-cards (the strong player's cards, the rest simple's)")
	f.BoolVar(&q.JSON, "json", false, "print the report as JSON")
	f.IntVar(&q.SessionLen, "session", 20, fmt.Sprintf("deals a session (the pot or the sheet carried over), 1 to %d (0: 20): what the session measures of --compare and --sweep count", rulings.MaxSessionLen))
	f.StringArrayVar(&q.Sweep, "sweep", nil, fmt.Sprintf("OPTION=v1,v2,...: play every combination of the swept values on the same cards and rank them (repeatable; at most %d combinations)", simulate.MaxGridCells))
	f.StringVar(&q.RankBy, "rank-by", simulate.RankMeasures[0].Name, "the measure --sweep ranks by: "+simulate.RankMeasuresHelp())
	_ = cmd.RegisterFlagCompletionFunc("ruleset", completeRulesets)
	return cmd
}

// progressTo is where a command draws a progress bar: its standard error
// when that is a terminal, else nowhere (nil).
func progressTo(cmd *cobra.Command) io.Writer {
	if errOut := cmd.ErrOrStderr(); terminal.IsTerminal(errOut) {
		return errOut
	}
	return nil
}

func matchCmd() *cobra.Command {
	var q rulings.MatchRequest
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
and settling it by the ruleset's own rules), strong-cards (the strong
player's cards, the rest simple's), strong-timed (the strong player keeping
to its budgets on the clock too: less search on a loaded machine, choices that
depend on the load), strong-cpu (the same in CPU time: choices that depend on
the machine) and exec:COMMAND (an outside program in any
language speaking pref's line protocol on its standard input and output, see
docs/protocol.md; the command is split like a shell's words, no shell is run;
an answer late, malformed or not open is refused, logged on standard error and
counted in the report, and the simple player makes that decision).
exec-sees-talon:COMMAND is such a program also shown the talon at its calls in
the auction, sight no seat has: only to measure a program that looks at the
talon by design; pref play and pref serve refuse it.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			q.Progress = progressTo(cmd)
			return q.Run(cmd.OutOrStdout(), cmd.ErrOrStderr())
		},
	}
	f := cmd.Flags()
	f.StringVar(&q.Ruleset, "ruleset", rulesets.Default, "embedded ruleset name or path to a .yaml file")
	f.StringSliceVar(&q.Options, "option", nil, "ruleset option, name=value")
	f.StringSliceVar(&q.Players, "players", []string{"strong", "simple"}, "the kinds of player, the first rotated through the seats")
	f.IntVar(&q.Deals, "deals", 100, "deals to play")
	f.IntVar(&q.Workers, "workers", rulings.DefaultWorkers(), fmt.Sprintf("parallel workers, 1 to %d", rulings.MaxWorkers))
	f.Uint64Var(&q.Seed, "seed", 1, "random seed")
	f.BoolVar(&q.JSON, "json", false, "print the report as JSON")
	f.DurationVar(&q.TimeLimit, "time-limit", extern.DefaultTimeLimit, "an outside program's (exec:) time for each decision; a late program is stopped and restarted for the next deal")
	return cmd
}
