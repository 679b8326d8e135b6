package main

import (
	"github.com/preference-rules/pref/internal/rulings"
	"github.com/spf13/cobra"
)

func verifyCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "verify FILE|DIR...",
		Short: "Run conformance cases and replay game records: one line per failure, then 'N passed, M failed'",
		Long: `Run outcome cases (the format of ../shared/case-format.md): each states a
contract, the defence and the tricks, and the payments expected. Replay game
records (docs/records.md; pref play --record writes them): every decision and
card is stepped through the rules, the first one a rule forbids is refused
with the deal, the trick, the player, the rule and the evidence, and each deal
is settled and compared with its expect: block. A file that deals hands is a
record; any other is a case. A directory means every .yaml file under it
(testdata directories excepted). Exit status 1 when any case or record fails
or cannot be parsed; 2 when a file cannot be read at all (missing, not a
regular file, larger than 2 MiB).`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return rulings.VerifyRequest{Paths: args}.Run(cmd.OutOrStdout())
		},
	}
}
