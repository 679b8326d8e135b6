package main

import (
	"github.com/preference-rules/pref/internal/rulings"
	"github.com/spf13/cobra"
)

func importCmd() *cobra.Command {
	var q rulings.ImportRequest
	cmd := &cobra.Command{
		Use:   "import FILE.ppn [-o OUT.yaml]",
		Short: "Read a Portable Preferans Notation game of Serbian Preferans into a pref game record",
		Long: `Read a game in the Portable Preferans Notation (PPN, prefko's record of
Serbian Preferans; docs/records.md) and write it as a pref game record of the
ruleset serbian: the players in playing order, every deal's cards, the calls
rebuilt from each player's highest bid under serbian's rules, every decision
and trick, and each deal's summary as its expect: block. The tags Bula and
Refe set the options bula and refe; --option sets others.

Every deal is stepped through the rules: the leader and each trick's winner
PPN names must be serbian's. What PPN states beside the cards (the value, refa,
the summary, the results) is compared with pref's settlement and each
difference is reported; the record is written all the same, with PPN's summary
as each deal's expect:, so pref verify shows a difference in it too. How an ambiguity was resolved (an
auction the highest bids do not fix, an igra whose game was not named) is said
on stderr and in comments at the top of the record.

The record goes to standard output, or with -o to a file written atomically
(never over an existing file without --force). Exit status 1 when the rules
refuse a deal (nothing is written) or PPN's figures differ from pref's; 2 when
the file cannot be read or is not well-formed PPN (the deal and field named).`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			q.Path = args[0]
			return q.Run(cmd.OutOrStdout(), cmd.ErrOrStderr())
		},
	}
	f := cmd.Flags()
	f.StringVarP(&q.Output, "output", "o", "", "write the record to this file (atomically) instead of standard output")
	f.BoolVar(&q.Force, "force", false, "with -o: overwrite an existing file")
	f.StringSliceVar(&q.Options, "option", nil, "an option of serbian, name=value, beyond the tags Bula and Refe (see pref rules serbian)")
	return cmd
}

func exportCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "export RECORD.yaml",
		Short: "Write a game record of Serbian Preferans in the Portable Preferans Notation",
		Long: `Replay a game record of the ruleset serbian (docs/records.md) and print it
in the Portable Preferans Notation: the tags (Bula, Refe, the players, the
results as pref's final score; PrefOptions for serbian's other options), then
one line a deal with the cards, each player's highest bid, the main player,
the discard, the contract, who came, kontra or invitation, refa, the value, the
leader, every trick with its winner, and the summary from pref's settlement.
pref import reads it back into the same record.

Exit status 1 when the record breaks a rule (the step is named); 2 when the
file cannot be read, is not a record, or holds what PPN cannot write (another
ruleset, four players, a claim, an unfinished deal, a table stated before the
first deal, an invitation and a kontra in one deal).`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error { return rulings.Export(cmd.OutOrStdout(), args[0]) },
	}
}
