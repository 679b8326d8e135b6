package main

import (
	"fmt"

	"github.com/preference-rules/pref/conformance"
	"github.com/spf13/cobra"
)

func verifyCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "verify FILE|DIR...",
		Short: "Run conformance cases: one line per failing case, then 'N passed, M failed'",
		Long: `Run outcome cases (the format of ../shared/case-format.md): each states a
contract, the defence and the tricks, and the payments expected. A directory
means every .yaml file under it (testdata directories excepted). Exit status
1 when any case fails or cannot be read.`,
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
			passed, failedN := 0, 0
			for _, f := range files {
				res, err := conformance.RunFile(f)
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
			fmt.Fprintf(out, "%d passed, %d failed\n", passed, failedN)
			if failedN > 0 {
				return &failure{exitFailed, fmt.Errorf("")}
			}
			return nil
		},
	}
}
