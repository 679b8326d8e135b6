package main

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/preference-rules/pref/internal/rulings"
	"github.com/preference-rules/pref/internal/terminal"
	"github.com/preference-rules/pref/interpreter/bot/extern"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/interpreter/simulate"
	"github.com/preference-rules/pref/rulesets"
	"github.com/spf13/cobra"
)

func simulateCmd() *cobra.Command {
	var s rulings.Simulation
	var botKind string
	var workers int
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
			if s.Deals < 1 || s.Deals > 10_000_000 {
				return badInput(fmt.Errorf("--deals %d: want 1 to 10000000", s.Deals))
			}
			if err := rulings.CheckWorkers(workers); err != nil {
				return badInput(err)
			}
			r, _, err := openWithOptions(s.Name, s.Options)
			if err != nil {
				return err
			}
			comparing := s.CompareName != "" || len(s.CompareOptions) > 0
			// a comparison is deal by deal: only then are the deals' results kept
			if botKind != "simple" && botKind != "strong" && botKind != "strong-cards" {
				return badInput(fmt.Errorf("--bots %q: simple, strong or strong-cards", botKind))
			}
			cfg := simulate.Config{Deals: s.Deals, Workers: workers, Seed: s.Seed, KeepPerDeal: comparing, Bots: botKind}
			progress := progressOn(cmd, s.Deals, asJSON)
			if s.Report, err = simulate.Run(r, cfg, progress); err != nil {
				return failed("%v", err)
			}
			if comparing {
				if err := compareOn(&s, r, cfg, progress); err != nil {
					return err
				}
			}
			out := cmd.OutOrStdout()
			if asJSON {
				data, err := s.JSON()
				if err != nil {
					return failed("%v", err)
				}
				fmt.Fprintln(out, string(data))
				return nil
			}
			s.Print(out)
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&s.Name, "ruleset", rulesets.Default, "embedded ruleset name or path to a .yaml file")
	f.StringSliceVar(&s.Options, "option", nil, "ruleset option, name=value")
	f.IntVar(&s.Deals, "deals", 1000, "deals to play")
	f.IntVar(&workers, "workers", rulings.DefaultWorkers(), fmt.Sprintf("parallel workers, 1 to %d (the report is the same for any number)", rulings.MaxWorkers))
	f.Uint64Var(&s.Seed, "seed", 1, "random seed")
	f.StringVar(&s.CompareName, "compare", "", "a second ruleset played on the same cards")
	f.StringSliceVar(&s.CompareOptions, "compare-option", nil, "an option of the compared ruleset, name=value")
	f.StringVar(&botKind, "bots", "simple", "the computer players: simple, strong (far slower: every decision weighed by playing it out), or strong-cards (the strong player's cards, the rest simple's)")
	f.BoolVar(&asJSON, "json", false, "print the report as JSON")
	_ = cmd.RegisterFlagCompletionFunc("ruleset", completeRulesets)
	return cmd
}

// compareOn plays the compared ruleset (the same one with
// --compare-option when --compare names none) on the cards of s.
func compareOn(s *rulings.Simulation, r *ruleset.Ruleset, cfg simulate.Config, progress func(int)) error {
	if s.CompareName == "" {
		s.CompareName = s.Name
	}
	r2, _, err := openWithOptions(s.CompareName, s.CompareOptions)
	if err != nil {
		return err
	}
	if r2.Hands != r.Hands {
		return badInput(fmt.Errorf("--compare %s deals %d hands, %s %d: the same cards cannot be played", s.CompareName, r2.Hands, s.Name, r.Hands))
	}
	if s.Compared, err = simulate.Run(r2, cfg, progress); err != nil {
		return failed("%v", err)
	}
	return nil
}

// progressOn is a progress bar of deals on the command's standard error
// when that is a terminal and the output is not JSON; else nil.
func progressOn(cmd *cobra.Command, deals int, asJSON bool) func(int) {
	if errOut := cmd.ErrOrStderr(); terminal.IsTerminal(errOut) && !asJSON {
		return rulings.ProgressBar(errOut, deals)
	}
	return nil
}

func matchCmd() *cobra.Command {
	var name string
	var options, players []string
	var deals, workers int
	var seed uint64
	var asJSON bool
	var timeLimit time.Duration
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
depend on the load) and exec:COMMAND (an outside program in any
language speaking pref's line protocol on its standard input and output, see
docs/protocol.md; the command is split like a shell's words, no shell is run;
an answer late, malformed or not open is refused, logged on standard error and
counted in the report, and the simple player makes that decision).`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if deals < 1 || deals > 1_000_000 {
				return badInput(fmt.Errorf("--deals %d: want 1 to 1000000", deals))
			}
			if err := rulings.CheckWorkers(workers); err != nil {
				return badInput(err)
			}
			r, _, err := openWithOptions(name, options)
			if err != nil {
				return err
			}
			if err := rulings.CheckPlayers(players, r.Name, r.Hands); err != nil {
				return badInput(err)
			}
			if timeLimit <= 0 || timeLimit > 10*time.Minute {
				return badInput(fmt.Errorf("--time-limit %v: want more than 0 and at most 10m", timeLimit))
			}
			opt := simulate.MatchOptions{TimeLimit: timeLimit, Log: cmd.ErrOrStderr(), Stderr: cmd.ErrOrStderr()}
			rep, err := simulate.MatchWith(r, players, deals, workers, seed, progressOn(cmd, deals, asJSON), opt)
			if err != nil {
				return badInput(err)
			}
			out := cmd.OutOrStdout()
			if asJSON {
				data, _ := json.MarshalIndent(rep, "", "  ")
				fmt.Fprintln(out, string(data))
				return nil
			}
			return rulings.PrintMatch(out, r.Name, r.Hands, deals, seed, rep)
		},
	}
	f := cmd.Flags()
	f.StringVar(&name, "ruleset", rulesets.Default, "embedded ruleset name or path to a .yaml file")
	f.StringSliceVar(&options, "option", nil, "ruleset option, name=value")
	f.StringSliceVar(&players, "players", []string{"strong", "simple"}, "the kinds of player, the first rotated through the seats")
	f.IntVar(&deals, "deals", 100, "deals to play")
	f.IntVar(&workers, "workers", rulings.DefaultWorkers(), fmt.Sprintf("parallel workers, 1 to %d", rulings.MaxWorkers))
	f.Uint64Var(&seed, "seed", 1, "random seed")
	f.BoolVar(&asJSON, "json", false, "print the report as JSON")
	f.DurationVar(&timeLimit, "time-limit", extern.DefaultTimeLimit, "an outside program's (exec:) time for each decision; a late program is stopped and restarted for the next deal")
	return cmd
}
