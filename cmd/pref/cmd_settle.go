package main

import (
	"github.com/preference-rules/pref/internal/rulings"
	"github.com/preference-rules/pref/rulesets"
	"github.com/spf13/cobra"
)

func settleCmd() *cobra.Command {
	var q rulings.SettleRequest
	s := &q.Statement
	cmd := &cobra.Command{
		Use:   "settle --ruleset NAME --declarer NAME --bid CONTRACT --tricks N,N,N",
		Short: "Settle a stated outcome: every payment in plain words, the arithmetic on request",
		Long: `Settle a deal from its outcome alone: the contract, who dropped out and the
tricks. Says what happened, who pays whom what and for what, what each
score-sheet entry means for the final score, and each player's result.
--arithmetic follows each sentence with the arithmetic and the rule of its
figures; --json gives both.

Seats are in playing order, forehand first; the dealer is the last seat
unless --dealer names another (with four seats the dealer sits out). For a
ruleset kept on a score sheet each entry is said with what it means;
when all pass and the all-pass game is played, give --passed and
the tricks (talon=N for tricks the talon won).

Contras, recontras and markings held before the deal are stated with
--contra, --recontra and --marks; a contra the ruleset would not have
offered is refused with its rule. The markings a deal gives or uses up
are said after the sheet.`,
		Example: `  pref settle --ruleset austrian-1829 --seats Anton,Brigitte,Charlotte \
      --declarer Anton --bid diamonds --tricks 6,2,2
  pref settle --ruleset austrian-1829 --declarer Anton --bid spades --drop Brigitte --tricks Anton=7,Charlotte=3
  pref settle --ruleset sochi --declarer Anton --bid 6-spades --tricks 7,2,1
  pref settle --ruleset leningrad --passed --all-pass-run 1 --tricks 5,3,2
  pref settle --ruleset west-balkans --option contra-recontra=true --declarer Anton --bid spades \
      --contra Brigitte --recontra Anton --tricks 7,2,1
  pref settle --ruleset west-balkans --option refa=true --passed`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error { return q.Run(cmd.OutOrStdout()) },
	}
	f := cmd.Flags()
	f.StringVar(&s.Case.Ruleset, "ruleset", rulesets.Default, "embedded ruleset name or path to a .yaml file")
	f.StringSliceVar(&s.Case.Seats, "seats", []string{"Anton", "Brigitte", "Charlotte"}, "player names in playing order, forehand first")
	f.StringVar(&s.Case.Dealer, "dealer", "", "the dealer (default: the last seat)")
	f.StringVar(&s.Case.Contract.Declarer, "declarer", "", "who declared")
	f.StringVar(&s.Case.Contract.Bid, "bid", "", "the contract played, a name from the ruleset's bid table")
	f.BoolVar(&s.Case.Contract.Hand, "hand", false, "played from the hand (talon unused)")
	f.BoolVar(&s.Case.Contract.Forced, "forced", false, "the declarer was forced after everyone passed")
	f.BoolVar(&s.Case.Contract.Conceded, "conceded", false, "the declarer gave up before play")
	f.BoolVar(&s.Case.Contract.Passed, "passed", false, "everyone passed and nobody declared")
	f.StringSliceVar(&s.Drops, "drop", nil, "defenders who dropped out")
	f.StringSliceVar(&s.Halves, "half", nil, "a defender who took half without play (the other dropped out)")
	f.StringVar(&s.Tricks, "tricks", "", "tricks per seat: N,N,N in seat order, or Name=N,...")
	f.StringVar(&s.Case.Pot, "pot", "", "the pot before settlement: at most ±10^12, to a millionth")
	f.StringSliceVar(&q.Options, "option", nil, "ruleset option, name=value (e.g. hand-doubles=true)")
	f.StringSliceVar(&s.Case.Events, "event", nil, "an event the ruleset knows (e.g. four-aces)")
	f.StringArrayVar(&s.Contras, "contra", nil, "a defender called contra: NAME, or NAME=CALL for how far the chain went (contra, recontra, subcontra, mortcontra)")
	f.StringArrayVar(&s.Recontras, "recontra", nil, "the declarer answered NAME's contra with recontra (NAME a defender, or the declarer when one defender called contra)")
	f.StringSliceVar(&s.Marks, "marks", nil, "markings held before the deal: Name=N,... (refa and the like)")
	f.IntVar(&s.Case.MarksGiven, "marks-given", 0, "markings handed out earlier in the session (0 to 1000)")
	f.StringSliceVar(&s.Case.Talon, "talon", nil, "the talon's cards, e.g. 7H,7C (rules that read the talon)")
	f.BoolVar(&s.Case.Open, "open", false, "the lone defender chose open play (score-sheet rulesets)")
	f.IntVar(&s.Case.AllPassRun, "all-pass-run", 0, "all-pass deals immediately before this one (0 to 1000)")
	f.StringSliceVar(&s.Sheet, "sheet", nil, "the score sheet before the deal: Name.account=N or Name.account.Other=N (e.g. Anton.pool=16,Anton.mountain=5)")
	f.BoolVar(&q.Arithmetic, "arithmetic", false, "follow each sentence with the arithmetic and the rule of its figures")
	f.BoolVar(&q.JSON, "json", false, "print the sentences and the arithmetic as JSON")
	_ = cmd.RegisterFlagCompletionFunc("ruleset", completeRulesets)
	return cmd
}
