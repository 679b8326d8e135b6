package main

import (
	"fmt"

	"github.com/preference-rules/pref/internal/rulings"
	"github.com/preference-rules/pref/internal/safeio"
	"github.com/preference-rules/pref/internal/termtext"
	"github.com/preference-rules/pref/interpreter/record/ppn"
	"github.com/spf13/cobra"
)

func importCmd() *cobra.Command {
	var (
		out     string
		force   bool
		options []string
	)
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
			path := args[0]
			if out != "" {
				if err := checkTarget("-o", out, force); err != nil {
					return err
				}
			}
			base, err := ppn.Ruleset()
			if err != nil {
				return badInput(err)
			}
			opts, err := rulings.ParseOptions(base, options)
			if err != nil {
				return badInput(err)
			}
			data, err := safeio.ReadFile(path, safeio.MaxFile)
			if err != nil {
				return badInput(err)
			}
			im, err := rulings.ImportPPN(path, data, opts)
			if err != nil {
				return ruled(err)
			}
			text, err := rulings.ImportedText(path, im)
			if err != nil {
				return err
			}
			stderr := termtext.NewWriter(cmd.ErrOrStderr())
			for _, n := range im.Notes {
				fmt.Fprintf(stderr, "pref: note: %s\n", n)
			}
			for _, d := range im.Differences {
				fmt.Fprintf(stderr, "pref: PPN and pref differ: %s\n", d)
			}
			if out == "" {
				if _, err := cmd.OutOrStdout().Write(text); err != nil {
					return err
				}
			} else {
				if err := safeio.WriteFile(out, text, 0o644, force); err != nil {
					return badInput(fmt.Errorf("-o: %v", err))
				}
				fmt.Fprintf(stderr, "pref: %d deal(s) imported into %s (pref verify %s replays them)\n", len(im.Record.Deals), out, out)
			}
			if n := len(im.Differences); n > 0 {
				return failed("%d difference(s) between PPN's figures and pref's settlement", n)
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVarP(&out, "output", "o", "", "write the record to this file (atomically) instead of standard output")
	f.BoolVar(&force, "force", false, "with -o: overwrite an existing file")
	f.StringSliceVar(&options, "option", nil, "an option of serbian, name=value, beyond the tags Bula and Refe (see pref rules serbian)")
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
		RunE: func(cmd *cobra.Command, args []string) error {
			path := args[0]
			rec, r, err := readRecord(path)
			if err != nil {
				return err
			}
			text, err := rulings.ExportPPN(path, rec, r)
			if err != nil {
				return ruled(err)
			}
			_, err = cmd.OutOrStdout().Write(text)
			return err
		},
	}
}
