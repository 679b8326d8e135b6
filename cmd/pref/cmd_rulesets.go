package main

import (
	"github.com/preference-rules/pref/internal/rulings"
	"github.com/spf13/cobra"
)

func rulesetsCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "rulesets",
		Short: "List the rulesets: the embedded ones, then your own (pref rulesets --help says where)",
		Long: `List the embedded rulesets with a one-line description each, then your own:
the NAME.yaml files of $PREF_RULESETS, or else of pref/rulesets in your
configuration directory ($XDG_CONFIG_HOME, ~/.config). Your rulesets are opened
by name like the embedded ones (--ruleset NAME, extends: NAME); any other
ruleset file by its path.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error { return rulings.ListRulesets(cmd.OutOrStdout()) },
	}
}

func validateCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "validate FILE...",
		Short: "Check ruleset files: schema, meaning and expressions, errors as file:line:col",
		Long: `Check ruleset files. Each problem is printed as file:line:col and what was
expected: YAML syntax, the JSON Schema (schema/ruleset.schema.json), then the
meaning (packets adding up to the pack, bids that exist, expressions that
compile with the right type). Embedded rulesets may be named instead of files.

Exit status 1 when a ruleset was read and is invalid; 2 when one cannot be
read at all (no such file or embedded name, not a regular file, larger than
2 MiB), even if others are invalid too: the check is incomplete.`,
		Args:              cobra.MinimumNArgs(1),
		ValidArgsFunction: completeRulesets,
		RunE: func(cmd *cobra.Command, args []string) error {
			return rulings.ValidateRequest{Names: args}.Run(cmd.OutOrStdout(), cmd.ErrOrStderr())
		},
	}
}

func schemaCmd() *cobra.Command {
	var q rulings.SchemaRequest
	cmd := &cobra.Command{
		Use:   "schema [ruleset|record]",
		Short: "Print the JSON Schema of a ruleset, or of a game record (for editors: yaml-language-server)",
		Long: `Print the JSON Schema of a ruleset (or of a game record). --write DIR writes
both, as ruleset.schema.json and record.schema.json, into DIR, so that a
file there can start with the modeline
  # yaml-language-server: $schema=ruleset.schema.json
Each is written atomically and never over an existing file without --force.`,
		Args:      cobra.MatchAll(cobra.MaximumNArgs(1), cobra.OnlyValidArgs),
		ValidArgs: []string{"ruleset", "record"},
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 1 {
				q.Which = args[0]
			}
			return q.Run(cmd.OutOrStdout())
		},
	}
	cmd.Flags().StringVar(&q.Dir, "write", "", "write ruleset.schema.json and record.schema.json into this directory")
	cmd.Flags().BoolVar(&q.Force, "force", false, "with --write: overwrite existing files")
	return cmd
}
