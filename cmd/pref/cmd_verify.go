package main

import (
	"fmt"

	"github.com/preference-rules/pref/conformance"
	"github.com/preference-rules/pref/internal/safeio"
	"github.com/spf13/cobra"
)

func verifyCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "verify FILE|DIR...",
		Short: "Run conformance cases: one line per failing case, then 'N passed, M failed'",
		Long: `Run outcome cases (the format of ../shared/case-format.md): each states a
contract, the defence and the tricks, and the payments expected. A directory
means every .yaml file under it (testdata directories excepted). Exit status
1 when any case fails or cannot be parsed; 2 when a file cannot be read at all
(missing, not a regular file, larger than 2 MiB).`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			files, err := conformance.Files(args)
			if err != nil {
				return badInput(err)
			}
			if len(files) == 0 {
				return badInput(fmt.Errorf("no case files in %v", args))
			}
			out := cmd.OutOrStdout()
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
				res, err := conformance.RunBytes(f, data)
				switch {
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
