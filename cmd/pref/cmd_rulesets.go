package main

import (
	"fmt"
	"text/tabwriter"

	"github.com/preference-rules/pref/internal/rulings"
	"github.com/preference-rules/pref/internal/termtext"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/rulesets"
	"github.com/preference-rules/pref/schema"
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
		RunE: func(cmd *cobra.Command, args []string) error {
			w := tabwriter.NewWriter(termtext.NewWriter(cmd.OutOrStdout()), 0, 4, 2, ' ', 0) // descriptions come from ruleset files
			for _, name := range rulesets.Names() {
				desc, err := rulesets.Description(name)
				if err != nil {
					return failed("%v", err)
				}
				fmt.Fprintf(w, "%s\t%s\n", name, desc)
			}
			if mine := rulesets.UserNames(); len(mine) > 0 {
				fmt.Fprintf(w, "\nyours (%s):\t\n", rulesets.UserDir())
				for _, name := range mine {
					desc := "(invalid: pref validate " + name + " says why)"
					if r, err := rulesets.Open(name); err == nil {
						desc = r.Description
					}
					fmt.Fprintf(w, "%s\t%s\n", name, desc)
				}
			}
			return w.Flush()
		},
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
			v, err := rulings.Validate(cmd.OutOrStdout(), cmd.ErrOrStderr(), args)
			if err != nil {
				return badInput(err)
			}
			switch {
			case v.Unreadable > 0:
				return badInput(fmt.Errorf("%d of %d rulesets could not be read", v.Unreadable, len(args)))
			case v.Invalid > 0:
				return failed("%d of %d rulesets invalid", v.Invalid, len(args))
			}
			return nil
		},
	}
}

func schemaCmd() *cobra.Command {
	var dir string
	var force bool
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
			if dir != "" {
				if err := rulings.WriteSchemas(cmd.OutOrStdout(), dir, force); err != nil {
					return badInput(err)
				}
				return nil
			}
			text := schema.RulesetSchema()
			if len(args) == 1 && args[0] == "record" {
				text = schema.RecordSchema()
			}
			_, err := fmt.Fprint(cmd.OutOrStdout(), text)
			return err
		},
	}
	cmd.Flags().StringVar(&dir, "write", "", "write ruleset.schema.json and record.schema.json into this directory")
	cmd.Flags().BoolVar(&force, "force", false, "with --write: overwrite existing files")
	return cmd
}

// openWithOptions loads a ruleset named on the command line with the
// options given as name=value in force; failure is bad input.
func openWithOptions(name string, options []string) (*ruleset.Ruleset, map[string]any, error) {
	r, err := openRuleset(name)
	if err != nil {
		return nil, nil, err
	}
	opts, err := parseOptions(r, options)
	if err != nil {
		return nil, nil, badInput(err)
	}
	if r, err = r.With(opts); err != nil {
		return nil, nil, badInput(err)
	}
	return r, opts, nil
}

// parseOptions reads --option name=value pairs by the one reader every
// door into pref shares (ruleset.ParseOptions): the same words, bound and
// refusal of an option given twice for every command.
func parseOptions(r *ruleset.Ruleset, opts []string) (map[string]any, error) {
	out, err := r.ParseOptions(opts)
	if err != nil {
		return nil, fmt.Errorf("--option %v", err)
	}
	return out, nil
}

// openRuleset loads a ruleset named on the command line; failure is bad input.
func openRuleset(name string) (*ruleset.Ruleset, error) {
	r, err := rulesets.Open(name)
	if err != nil {
		return nil, badInput(err)
	}
	return r, nil
}
