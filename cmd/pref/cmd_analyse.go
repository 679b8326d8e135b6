package main

import (
	"fmt"

	"github.com/preference-rules/pref/internal/rulings"
	"github.com/preference-rules/pref/rulesets"
	"github.com/spf13/cobra"
)

func analyseCmd() *cobra.Command {
	var q rulings.AnalyseRequest
	p := &q.Position
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
				q.Record = args[0]
			}
			q.Progress = progressTo(cmd)
			return q.Run(cmd.OutOrStdout())
		},
	}
	f := cmd.Flags()
	f.StringVar(&q.Ruleset, "ruleset", rulesets.Default, "embedded ruleset name or path to a .yaml file")
	f.StringVar(&p.Contract, "contract", "", "the contract played (its name in the bid table)")
	f.StringVar(&p.Declarer, "declarer", "", "the declarer's seat (in the all-pass game, the player counted)")
	f.StringVar(&p.Trick, "trick", "", "the cards already played to the trick under way, from the leader's (a seat that played its last card: --hand SEAT=)")
	f.StringVar(&p.Talon, "talon", "", "the talon's cards still to be turned into tricks, in order (talon_leads)")
	f.BoolVar(&p.DealerSitsOut, "dealer-sits-out", false, "a fourth player dealt and sits out (a turned talon card may then win its trick)")
	f.StringVar(&p.Lead, "lead", "", "the seat to lead")
	f.StringArrayVar(&p.Hands, "hand", nil, "a hand: SEAT=CARDS (repeat for each seat in play)")
	f.StringSliceVar(&p.Seats, "seats", nil, "the seats in playing order (default Anton, Brigitte, Charlotte)")
	f.StringSliceVar(&q.Options, "option", nil, "ruleset option, name=value")
	f.BoolVar(&p.PerCard, "cards", false, "also the value of each legal card of the player to play")
	f.BoolVar(&p.Line, "line", false, "also a line of best play to the end, trick by trick")
	f.BoolVar(&q.JSON, "json", false, "print the answer as JSON")
	f.StringVar(&q.Deals, "deals", "", fmt.Sprintf("with a RECORD: the deals to analyse, N or N-M (default all; at most %d a run)", rulings.MaxAnalysedDeals))
	_ = cmd.RegisterFlagCompletionFunc("ruleset", completeRulesets)
	return cmd
}
