package main

import (
	"bufio"
	"fmt"
	tea "github.com/charmbracelet/bubbletea"
	"io"
	"os"
	"strings"

	"github.com/preference-rules/pref/tutorial"
	"github.com/spf13/cobra"
	"golang.org/x/term"
)

func tutorialCmd() *cobra.Command {
	var (
		seed                            uint64
		plain, ascii, interactive, skip bool
		options                         []string
	)
	cmd := &cobra.Command{
		Use:   "tutorial [RULESET]",
		Short: "Learn a ruleset: its lessons, then a guided deal with questions",
		Long: `Learn the rules of a ruleset (embedded, or a house variant's .yaml file):
the lessons generated from it, then a real deal walked through step by step,
with questions - which cards may this player play, who wins this trick, what
does the declarer win - checked by the interpreter, the rule quoted when an
answer is wrong, and a score at the end.

At a terminal the questions are asked (answer, then Enter; cards as 7S or
7♠, several separated by spaces). Piped, or with --plain, it prints a handout:
the questions with their answers. --interactive asks even when piped.`,
		Args:              cobra.MaximumNArgs(1),
		ValidArgsFunction: completeRulesets,
		RunE: func(cmd *cobra.Command, args []string) error {
			r, _, err := openWithOptions(rulesetArg(args), options)
			if err != nil {
				return err
			}
			out := cmd.OutOrStdout()
			plainOut := plainOutput(out, plain, ascii)
			fullScreen := !plain && !interactive && isTerminal(out) && isTerminalReader(cmd.InOrStdin())
			ask := interactive || (!plain && isTerminalReader(cmd.InOrStdin()))
			if fullScreen {
				lessons, err := renderedCourse(r, ascii, plainOut, 80)
				if err != nil {
					return err
				}
				w, err := tutorial.Walk(r, seed, defaultNames[:r.Hands], ascii)
				if err != nil {
					return failed("guided deal: %v", err)
				}
				_, err = tea.NewProgram(newTutorialScreen(r, lessons, w), tea.WithAltScreen(),
					tea.WithInput(cmd.InOrStdin()), tea.WithOutput(out)).Run()
				return err
			}
			if !skip {
				text, err := renderedCourse(r, ascii, plainOut, 80)
				if err != nil {
					return err
				}
				fmt.Fprint(out, text)
			}
			names := defaultNames[:r.Hands]
			w, err := tutorial.Walk(r, seed, names, ascii)
			if err != nil {
				return failed("guided deal: %v", err)
			}
			fmt.Fprintf(out, "\nA guided deal (seed %d)\n====================\n", w.Seed)
			in := bufio.NewScanner(cmd.InOrStdin())
			right, asked := 0, 0
			for _, s := range w.Steps {
				if s.Text != "" {
					fmt.Fprintf(out, "\n%s\n", s.Text)
				}
				q := s.Quiz
				if q == nil {
					continue
				}
				fmt.Fprintf(out, "\nQuestion: %s\n", q.Question)
				if ask && in.Scan() {
					asked++
					answer := strings.TrimSpace(in.Text())
					if !isTerminalReader(cmd.InOrStdin()) {
						fmt.Fprintf(out, "> %s\n", answer)
					}
					if q.Check(r, answer) {
						right++
						fmt.Fprintf(out, "Right: %s.\n", q.Shown)
						continue
					}
					fmt.Fprintf(out, "Not quite: the answer is %s. The rule: %s.\n", q.Shown, q.Why)
					continue
				}
				ask = false // no (more) answers: the rest is a handout
				fmt.Fprintf(out, "Answer: %s. The rule: %s.\n", q.Shown, q.Why)
			}
			if asked > 0 {
				fmt.Fprintf(out, "\nScore: %d of %d.\n", right, asked)
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.Uint64Var(&seed, "seed", 1, "the deal to walk through: a random seed, 0 to 2^64-1")
	f.BoolVar(&plain, "plain", false, "plain text, and the questions shown with their answers")
	f.BoolVar(&ascii, "ascii", false, "suits as letters (C S D H)")
	f.BoolVar(&interactive, "interactive", false, "ask the questions even when input is not a terminal")
	f.BoolVar(&skip, "skip-lessons", false, "go straight to the guided deal")
	f.StringSliceVar(&options, "option", nil, "ruleset option, name=value")
	return cmd
}

func isTerminalReader(r io.Reader) bool {
	f, ok := r.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}
