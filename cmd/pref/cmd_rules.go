package main

import (
	"fmt"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/preference-rules/pref/internal/app"
	"github.com/preference-rules/pref/internal/rulings"
	"github.com/preference-rules/pref/internal/terminal"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/spf13/cobra"
)

func rulesCmd() *cobra.Command {
	var q app.RulesRequest
	cmd := &cobra.Command{
		Use:   "rules [RULESET]",
		Short: "Print the whole rulebook of a ruleset, generated from the ruleset itself",
		Long: `Print the rulebook of a ruleset: the cards, the deal, the bids, the auction,
the exchange, the defence, the play, special contracts, settlement and options,
generated from the ruleset (an embedded name or a house variant's .yaml file).

On a terminal it is rendered with colours; piped, with NO_COLOR set or with
--plain it is plain text. --markdown prints the markdown itself. --detail
gives each settlement condition and amount as written (for authors). --glossary
prints instead each term the rulebook uses, defined in one sentence.`,
		Args:              cobra.MaximumNArgs(1),
		ValidArgsFunction: completeRulesets,
		RunE: func(cmd *cobra.Command, args []string) error {
			out := cmd.OutOrStdout()
			q.Ruleset, q.Plain = rulings.RulesetArg(args), terminal.Plain(out, q.Plain, q.ASCII)
			return q.Run(out, func(r *ruleset.Ruleset) error { return showRulebook(cmd, r, &q) })
		},
	}
	f := cmd.Flags()
	f.BoolVar(&q.Markdown, "markdown", false, "print the raw markdown")
	f.BoolVar(&q.Glossary, "glossary", false, "print the terms the rulebook uses, each defined")
	f.BoolVar(&q.Detail, "detail", false, "for authors: every condition and amount as the ruleset writes it, beside its words")
	f.BoolVar(&q.Plain, "plain", false, "plain text, no colours or escape codes")
	f.BoolVar(&q.ASCII, "ascii", false, "suits as letters (C S D H) instead of symbols; implies --plain")
	f.IntVar(&q.Width, "width", 80, "wrap text at this width (20 to 1000)")
	f.StringSliceVar(&q.Options, "option", nil, "the rulebook with these options in force, name=value")
	return cmd
}

// showRulebook shows r's rulebook rendered: in a pager at a terminal,
// else printed.
func showRulebook(cmd *cobra.Command, r *ruleset.Ruleset, q *app.RulesRequest) error {
	out := cmd.OutOrStdout()
	text, err := terminal.RenderedRulebook(r, q.ASCII, q.Plain, q.Width, q.Detail)
	if err != nil {
		return err
	}
	if !q.Plain && terminal.IsTerminalReader(cmd.InOrStdin()) {
		_, err = tea.NewProgram(&terminal.Pager{Text: text}, tea.WithAltScreen(),
			tea.WithInput(cmd.InOrStdin()), tea.WithOutput(out)).Run()
		return err
	}
	_, err = fmt.Fprint(out, text)
	return err
}
