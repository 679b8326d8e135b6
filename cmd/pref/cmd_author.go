package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/preference-rules/pref/internal/safeio"
	"github.com/preference-rules/pref/interpreter/lint"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/schema"
	"github.com/spf13/cobra"
)

// The commands for writing a house variant: pref new starts one, pref diff
// shows what it changes.

var validName = regexp.MustCompile(`^[a-z0-9][a-z0-9-]*$`)

func newCmd() *cobra.Command {
	var from, dir string
	var force bool
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
			name := args[0]
			if !validName.MatchString(name) {
				return badInput(fmt.Errorf("%q: a ruleset name is lower case letters, digits and hyphens, e.g. kitchen-rules", name))
			}
			if from == "" {
				return badInput(fmt.Errorf("--from: name the ruleset to start from (pref rulesets lists them)"))
			}
			base, err := openRuleset(from)
			if err != nil {
				return err
			}
			path := filepath.Join(dir, name+".yaml")
			extends := from
			if strings.ContainsAny(from, `/\`) || strings.HasSuffix(from, ".yaml") {
				if rel, err := filepath.Rel(dir, from); err == nil {
					extends = rel // relative to the new file, which is where pref looks
				}
			}
			if err := safeio.WriteFile(path, []byte(starter(name, extends, base)), 0o644, force); err != nil {
				if os.IsExist(err) {
					return badInput(fmt.Errorf("%s exists (--force overwrites it)", path))
				}
				return badInput(err)
			}
			// The schema is written only where there is nothing by its name
			// (Lstat: not even a symbolic link), --force or not: it is the
			// user's if it is there.
			schemaPath := filepath.Join(dir, "ruleset.schema.json")
			if _, err := os.Lstat(schemaPath); os.IsNotExist(err) {
				if err := safeio.WriteFile(schemaPath, []byte(schema.RulesetSchema()), 0o644, false); err != nil {
					return badInput(err)
				}
			}
			fmt.Fprintf(cmd.OutOrStdout(), "wrote %s (extends %s)\nnext: pref rules %s · pref diff %s %s · pref play --ruleset %s\n", path, extends, path, from, path, path)
			return nil
		},
	}
	cmd.Flags().StringVar(&from, "from", "", "the ruleset to start from: an embedded name or a path")
	cmd.Flags().StringVar(&dir, "dir", ".", "the directory to write NAME.yaml in")
	cmd.Flags().BoolVar(&force, "force", false, "overwrite an existing file")
	_ = cmd.RegisterFlagCompletionFunc("from", completeRulesets)
	return cmd
}

// starter is a new house variant's text: what it extends, its names, and
// commented examples drawn from the base, so each can be uncommented as
// it stands.
func starter(name, extends string, base *ruleset.Ruleset) string {
	var b strings.Builder
	fmt.Fprintf(&b, `# yaml-language-server: $schema=ruleset.schema.json
#
# %s: house rules on %s.
# Write here only what differs: pref merges this file onto %s (maps key
# by key; contracts and options by name; settlement rules by rule, a new
# one added at the end; any other list whole).
#   pref rules %s.yaml                 the rulebook
#   pref diff %s %s.yaml     what differs
#   pref play --ruleset %s.yaml
extends: %s
name: %s
title: %q
description: %q
`, name, base.Title, extends, name, extends, name, name, extends, name, name+" (house rules)", "House rules on "+base.Title+".")
	b.WriteString("\n# Examples of what tables change most: uncomment and edit.\n#\n")
	if len(base.Contracts) > 0 {
		c := &base.Contracts[len(base.Contracts)-1]
		vals := ""
		if len(base.ValueNames) > 0 {
			vals = fmt.Sprintf(", values: {%s: %d}", base.ValueNames[0], c.Values[0]+1)
		}
		fmt.Fprintf(&b, "# contracts:                        # change a contract by its name\n#   - {name: %s, tricks: %d%s}\n#\n", c.Name, c.Tricks, vals)
	}
	b.WriteString("# play:\n#   head: must                       # everybody must head the trick\n#   trump: may                       # a player out of the suit led need not trump\n#\n")
	if len(base.Options) > 0 {
		o := base.Options[0]
		fmt.Fprintf(&b, "# options:                          # change an option's default\n#   %s: {default: %v}\n#\n", o.Name, o.Default)
	}
	b.WriteString(`# settlement:                       # add a rule (or change one by its rule)
#   - rule: a bonus for four aces
#     when: played && made && declarer_aces == 4
#     pay:
#       - {from: defenders, to: declarer, amount: 10}
`)
	return b.String()
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
			a, err := openRuleset(args[0])
			if err != nil {
				return err
			}
			b, err := openRuleset(args[1])
			if err != nil {
				return err
			}
			changes := ruleset.Diff(a, b)
			for _, c := range changes {
				fmt.Fprintln(cmd.OutOrStdout(), c)
			}
			if len(changes) > 0 {
				return failed("%s differs from %s in %d place(s)", args[1], args[0], len(changes))
			}
			fmt.Fprintf(cmd.OutOrStdout(), "%s and %s are the same ruleset\n", args[0], args[1])
			return nil
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
		RunE: func(cmd *cobra.Command, args []string) error {
			warned := 0
			for _, a := range args {
				r, err := openRuleset(a)
				if err != nil {
					return err
				}
				for _, w := range lint.Run(r) {
					fmt.Fprintln(cmd.OutOrStdout(), lint.Format(a, w))
					warned++
				}
			}
			if warned > 0 {
				return failed("%d warning(s)", warned)
			}
			fmt.Fprintf(cmd.OutOrStdout(), "no warnings\n")
			return nil
		},
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
			r, _, err := openWithOptions(args[0], options)
			if err != nil {
				return err
			}
			text, err := r.YAML()
			if err != nil {
				return failed("%v", err)
			}
			_, err = fmt.Fprint(cmd.OutOrStdout(), text)
			return err
		},
	}
	cmd.Flags().StringSliceVar(&options, "option", nil, "ruleset option, name=value")
	return cmd
}
