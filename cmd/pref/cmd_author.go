package main

import (
	"github.com/preference-rules/pref/internal/rulings"
	"github.com/spf13/cobra"
)

// The commands for writing a house variant: pref new starts one, pref diff
// shows what it changes.

func newCmd() *cobra.Command {
	var q rulings.NewRequest
	cmd := &cobra.Command{
		Use:   "new NAME --from RULESET",
		Short: "Start a house variant: NAME.yaml extends RULESET and says only what differs",
		Long: `Write NAME.yaml, a ruleset that extends RULESET (an embedded name or a
path), with commented examples of the fields tables change most, and
ruleset.schema.json beside it, so that an editor with yaml-language-server
checks the file as you type. Then: pref rules NAME.yaml, pref diff RULESET
NAME.yaml, pref play --ruleset NAME.yaml. The file is written atomically and
never over an existing one without --force. docs/authoring.md walks
through it.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			q.Name = args[0]
			return q.Run(cmd.OutOrStdout())
		},
	}
	cmd.Flags().StringVar(&q.From, "from", "", "the ruleset to start from: an embedded name or a path")
	cmd.Flags().StringVar(&q.Dir, "dir", ".", "the directory to write NAME.yaml in")
	cmd.Flags().BoolVar(&q.Force, "force", false, "overwrite an existing file")
	_ = cmd.RegisterFlagCompletionFunc("from", completeRulesets)
	return cmd
}

func diffCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "diff A B",
		Short: "What ruleset B changes from ruleset A, in rule terms",
		Long: `Compare two rulesets (embedded names or paths) after extends is merged:
every field, contract, option and settlement rule that differs, as
"contract hearts: values.game: 40 -> 50" or "settlement rule \"a bonus\":
added". Exit status 0 when they are the same, 1 when they differ, 2 when
one cannot be read.`,
		Args:              cobra.ExactArgs(2),
		ValidArgsFunction: completeRulesets,
		RunE: func(cmd *cobra.Command, args []string) error {
			return rulings.Diff(cmd.OutOrStdout(), args[0], args[1])
		},
	}
}

func lintCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "lint RULESET...",
		Short: "Warn about rules that never apply, options that change nothing, payments that do not balance",
		Long: `Settle a sample of every outcome a ruleset allows (every contract, from the
hand or not, every defence, the declarer's tricks from none to all, each
option switched, events, markings, a run of all-pass deals) and warn about:
settlement rules that apply to none of them, options that change nothing
(nothing reads them, or the ruleset already sets what they set), outcomes
with a declarer where nothing is paid or written, and money that does not
balance. Exit status 0 without warnings, 1 with some, 2 when a ruleset
cannot be read.`,
		Args:              cobra.MinimumNArgs(1),
		ValidArgsFunction: completeRulesets,
		RunE:              func(cmd *cobra.Command, args []string) error { return rulings.Lint(cmd.OutOrStdout(), args) },
	}
}

func showCmd() *cobra.Command {
	var options []string
	cmd := &cobra.Command{
		Use:   "show RULESET",
		Short: "Print a ruleset whole: extends merged and options applied, as one YAML document",
		Long: `Print the ruleset pref runs: a house variant merged onto the ruleset it
extends (and that one onto its own base), with the fields of --option
switched on applied. What pref diff compares and pref lint samples.`,
		Args:              cobra.ExactArgs(1),
		ValidArgsFunction: completeRulesets,
		RunE: func(cmd *cobra.Command, args []string) error {
			return rulings.Show(cmd.OutOrStdout(), args[0], options)
		},
	}
	cmd.Flags().StringSliceVar(&options, "option", nil, "ruleset option, name=value")
	return cmd
}
