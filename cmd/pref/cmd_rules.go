package main

import (
	"fmt"
	"io"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/preference-rules/pref/internal/terminal"
	"github.com/preference-rules/pref/internal/termtext"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/rulesets"
	"github.com/preference-rules/pref/tutorial"
	"github.com/spf13/cobra"
)

func rulesCmd() *cobra.Command {
	var markdown, plain, ascii, glossary, detail bool
	var width int
	var options []string
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
			if width < minWidth || width > maxWidth {
				// The renderer allocates per column: a huge width runs
				// out of memory, a tiny one cannot wrap a word.
				return badInput(fmt.Errorf("--width %d: want %d to %d", width, minWidth, maxWidth))
			}
			r, _, err := openWithOptions(rulesetArg(args), options)
			if err != nil {
				return err
			}
			out := cmd.OutOrStdout()
			plain = terminal.Plain(out, plain, ascii)
			if glossary {
				return printGlossary(out, r, ascii, markdown, plain, width)
			}
			if markdown {
				md, err := tutorial.RulebookFor(r, ascii, detail)
				if err != nil {
					return failed("rulebook: %v", err)
				}
				_, err = fmt.Fprint(out, termtext.Escape(md)) // ruleset text, shown, never obeyed
				return err
			}
			text, err := terminal.RenderedRulebook(r, ascii, plain, width, detail)
			if err != nil {
				return err
			}
			if !plain && terminal.IsTerminalReader(cmd.InOrStdin()) {
				_, err = tea.NewProgram(&terminal.Pager{Text: text}, tea.WithAltScreen(),
					tea.WithInput(cmd.InOrStdin()), tea.WithOutput(out)).Run()
				return err
			}
			_, err = fmt.Fprint(out, text)
			return err
		},
	}
	f := cmd.Flags()
	f.BoolVar(&markdown, "markdown", false, "print the raw markdown")
	f.BoolVar(&glossary, "glossary", false, "print the terms the rulebook uses, each defined")
	f.BoolVar(&detail, "detail", false, "for authors: every condition and amount as the ruleset writes it, beside its words")
	f.BoolVar(&plain, "plain", false, "plain text, no colours or escape codes")
	f.BoolVar(&ascii, "ascii", false, "suits as letters (C S D H) instead of symbols; implies --plain")
	f.IntVar(&width, "width", 80, "wrap text at this width (20 to 1000)")
	f.StringSliceVar(&options, "option", nil, "the rulebook with these options in force, name=value")
	return cmd
}

// The widths pref rules wraps at.
const minWidth, maxWidth = 20, 1000

// rulesetArg is the optional RULESET argument, rulesets.Default by default.
func rulesetArg(args []string) string {
	if len(args) == 1 {
		return args[0]
	}
	return rulesets.Default
}

// printGlossary prints r's glossary: the markdown itself, or rendered.
func printGlossary(out io.Writer, r *ruleset.Ruleset, ascii, markdown, plain bool, width int) error {
	md, err := tutorial.GlossaryMarkdown(r, ascii)
	if err != nil {
		return failed("glossary: %v", err)
	}
	if !markdown {
		if md, err = tutorial.Render(md, plain, width); err != nil {
			return failed("glossary: %v", err)
		}
	}
	_, err = fmt.Fprint(out, termtext.Escape(md)) // ruleset text, shown, never obeyed
	return err
}
