package main

import (
	"github.com/preference-rules/pref/internal/rulings"
	"github.com/spf13/cobra"
)

func explainCmd() *cobra.Command {
	var q rulings.ExplainRequest
	cmd := &cobra.Command{
		Use:   "explain RECORD|CASE",
		Short: "Tell every ruling of a game record or an outcome case, with the rule and the arithmetic",
		Long: `Read a game record (docs/records.md) and tell, deal by deal, what a referee
would read aloud: the calls and who won the auction, the exchange and the
contract, each defender's choice, each trick's winner and why, the contract's
result, and each payment or score-sheet entry in a sentence (who pays whom,
how much and why), then each player's result. --arithmetic follows the
sentences with the settlement rule whose condition held and its arithmetic.
For an outcome case, the settlement part. --all lists the settlement rules
that did not apply, or wrote nothing, as well (and implies --arithmetic);
--json prints the same as data. --ruling writes a ruling document
(Markdown, or JSON with --json): the facts, each rule applied with its source
passage, the arithmetic, the result, and sha256 digests of the ruleset's text,
the options and the record, so that anyone can reproduce it. Exit status 1
when the record breaks a rule (the deal is told up to the fault, then the
fault) or an outcome case's expect: differs from the settlement, 2 when the
file cannot be read.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			q.Path = args[0]
			return q.Run(cmd.OutOrStdout())
		},
	}
	cmd.Flags().BoolVar(&q.All, "all", false, "also list the settlement rules that did not apply")
	cmd.Flags().BoolVar(&q.Arithmetic, "arithmetic", false, "follow the sentences with each rule that applied, its condition and its arithmetic (--all implies it)")
	cmd.Flags().BoolVar(&q.JSON, "json", false, "print the explanation as JSON")
	cmd.Flags().BoolVar(&q.Ruling, "ruling", false, "write a ruling document: facts, rules with their sources, arithmetic, result and digests (Markdown; JSON with --json)")
	return cmd
}
