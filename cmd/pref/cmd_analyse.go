package main

import (
	"fmt"

	"github.com/preference-rules/pref/internal/rulings"
	"github.com/preference-rules/pref/internal/safeio"
	"github.com/preference-rules/pref/internal/termtext"
	"github.com/preference-rules/pref/interpreter/record"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/rulesets"
	"github.com/spf13/cobra"
)

func analyseCmd() *cobra.Command {
	var name, dealRange string
	var options []string
	var q rulings.PositionQuery
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "analyse [RECORD] | --contract C --declarer SEAT --lead SEAT --hand SEAT=CARDS...",
		Short: "Double-dummy: what best play gives, for a position or a played deal trick by trick",
		Long: `Solve a position with every hand known: the tricks the declarer takes when
both sides play their best under the ruleset's rules of play (in a misère the
declarer takes as few as he can). Hands are given as --hand SEAT=CARDS (cards
as 7S or 7♠, separated by spaces or commas), every hand the same length, up to
a whole deal; a defender whose hand is not given has dropped out. --trick
CARDS gives the cards already played to the trick under way, from the
leader's (the hands without them). --cards adds, for each legal card of the
player to play, the declarer's tricks if it is played; --line a line of best
play to the end, trick by trick; --json prints {"declarer_tricks": N, "cards":
{...}, "line": [...]}.

In the all-pass game (a contract without a declarer, where each player takes
as few tricks as he can) --declarer names the player counted: the answer is
the fewest tricks that player can hold themselves to whatever the others do
(they play to give them the most; --json's declarer_tricks are that player's).
--talon CARDS gives the talon's cards still to be turned into the first
tricks, in order, where the contract turns them (talon_leads);
--dealer-sits-out says a fourth player dealt and sits out, where that lets a
turned card win its trick.

Given a game record instead, it replays each deal's card play and shows after
every trick what perfect play from there would give the declarer, and the
first card that cost its side a trick (in the all-pass game, after every
trick the fewest tricks each player can still hold themselves to, and the first
card that cost its player a trick). With --json: {"deals": [{"deal", "contract",
"declarer", "best": [as play began, after trick 1, ...], "first_cost"}]}, each
"best" by player's name. --deals N or N-M analyses only those deals of the
record (numbered from 1); a run solves at most 200 deals (each can take a
few tenths of a second), and a record with more needs --deals. At a
terminal a progress bar counts the deals solved (none with --json or when
standard error is not a terminal).

Example (the Kovalevskaya misère):
  pref analyse --ruleset sochi --contract misere --declarer Anton --lead Charlotte \
    --hand "Anton=7S 8S 9S 10S 8C 7D 8D 9D 8H 9H" \
    --hand "Brigitte=KS AS 10C JC QC AD 10H QH KH AH" \
    --hand "Charlotte=JS QS 7C 9C 10D JD QD KD 7H JH"`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 1 {
				return analyseRecord(cmd, args[0], dealRange, asJSON)
			}
			if dealRange != "" {
				return badInput(fmt.Errorf("--deals %s: chooses the deals of a RECORD; give one", dealRange))
			}
			r, _, err := rulings.OpenWithOptions(name, options)
			if err != nil {
				return err
			}
			if len(q.Seats) == 0 {
				q.Seats = defaultNames[:r.Hands]
			}
			a, err := rulings.AnalysePosition(r, q)
			if err != nil {
				return badInput(err)
			}
			out := termtext.NewWriter(cmd.OutOrStdout()) // names come from the record
			if asJSON {
				a.PrintJSON(out)
				return nil
			}
			a.Print(out)
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&name, "ruleset", rulesets.Default, "embedded ruleset name or path to a .yaml file")
	f.StringVar(&q.Contract, "contract", "", "the contract played (its name in the bid table)")
	f.StringVar(&q.Declarer, "declarer", "", "the declarer's seat (in the all-pass game, the player counted)")
	f.StringVar(&q.Trick, "trick", "", "the cards already played to the trick under way, from the leader's (a seat that played its last card: --hand SEAT=)")
	f.StringVar(&q.Talon, "talon", "", "the talon's cards still to be turned into tricks, in order (talon_leads)")
	f.BoolVar(&q.DealerSitsOut, "dealer-sits-out", false, "a fourth player dealt and sits out (a turned talon card may then win its trick)")
	f.StringVar(&q.Lead, "lead", "", "the seat to lead")
	f.StringArrayVar(&q.Hands, "hand", nil, "a hand: SEAT=CARDS (repeat for each seat in play)")
	f.StringSliceVar(&q.Seats, "seats", nil, "the seats in playing order (default Anton, Brigitte, Charlotte)")
	f.StringSliceVar(&options, "option", nil, "ruleset option, name=value")
	f.BoolVar(&q.PerCard, "cards", false, "also the value of each legal card of the player to play")
	f.BoolVar(&q.Line, "line", false, "also a line of best play to the end, trick by trick")
	f.BoolVar(&asJSON, "json", false, "print the answer as JSON")
	f.StringVar(&dealRange, "deals", "", fmt.Sprintf("with a RECORD: the deals to analyse, N or N-M (default all; at most %d a run)", rulings.MaxAnalysedDeals))
	_ = cmd.RegisterFlagCompletionFunc("ruleset", completeRulesets)
	return cmd
}

// readRecord reads a game record and opens its ruleset; any failure is
// bad input (exit 2).
func readRecord(path string) (*record.Record, *ruleset.Ruleset, error) {
	data, err := safeio.ReadFile(path, safeio.MaxFile)
	if err != nil {
		return nil, nil, badInput(err)
	}
	rec, r, err := rulings.ReadRecord(path, data)
	if err != nil {
		return nil, nil, badInput(err)
	}
	return rec, r, nil
}

// analyseRecord shows, for each deal of a record, what perfect play would
// have given after every trick, and the first card that cost a trick.
func analyseRecord(cmd *cobra.Command, path, dealRange string, asJSON bool) error {
	rec, r, err := readRecord(path)
	if err != nil {
		return err
	}
	deals, err := record.Replay(rec, r)
	if err != nil {
		return failed("%v", err)
	}
	from, to, err := rulings.DealSpan(dealRange, path, len(deals))
	if err != nil {
		return badInput(err)
	}
	deals = deals[from:to]
	var progress func(int)
	if len(deals) > 0 {
		progress = progressOn(cmd, len(deals), asJSON)
	}
	all := rulings.AnalyseDeals(deals, progress)
	if err := rulings.PrintDealAnalyses(termtext.NewWriter(cmd.OutOrStdout()), all, asJSON); err != nil {
		return failed("%v", err)
	}
	return nil
}
