package main

import (
	"errors"
	"fmt"

	"github.com/preference-rules/pref/internal/safeio"
	"github.com/preference-rules/pref/internal/termtext"
	"github.com/preference-rules/pref/interpreter/verify"
	"github.com/preference-rules/pref/rulesets"
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
			files, err := verify.Files(args)
			if err != nil {
				return badInput(err)
			}
			if len(files) == 0 {
				return badInput(fmt.Errorf("no case files in %v", args))
			}
			out := termtext.NewWriter(cmd.OutOrStdout()) // titles and problems quote the files
			passed, failedN, unreadable := 0, 0, 0
			for _, f := range files {
				// Read here, not in RunFile, to tell a file that cannot be
				// read at all (bad input, like a missing one) from a case
				// that was read and is wrong (a failure).
				data, err := safeio.ReadFile(f, safeio.MaxFile)
				if err != nil {
					unreadable++
					fmt.Fprintf(out, "FAIL %s: cannot be read: %v\n", f, err)
					continue
				}
				res, err := verify.RunBytes(f, data)
				switch {
				case errors.Is(err, rulesets.ErrOutside):
					// a case that names a file outside its folder is
					// bad input, like one that cannot be read
					unreadable++
					fmt.Fprintf(out, "FAIL %s: cannot be read: %v\n", f, err)
				case err != nil:
					failedN++
					fmt.Fprintf(out, "FAIL %s: cannot be read: %v\n", f, err)
				case !res.Passed():
					failedN++
					for _, p := range res.Problems {
						fmt.Fprintf(out, "FAIL %s: %s: %s\n", f, res.Title, p)
					}
				default:
					passed++
				}
			}
			fmt.Fprintf(out, "%d passed, %d failed\n", passed, failedN+unreadable)
			if unreadable > 0 {
				return badInput(fmt.Errorf("%d case files could not be read", unreadable))
			}
			if failedN > 0 {
				return &failure{exitFailed, fmt.Errorf("")}
			}
			return nil
		},
	}
}
