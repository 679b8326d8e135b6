package main

import (
	"bufio"
	"fmt"
	"strings"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/preference-rules/pref/internal/rulings"
	"github.com/preference-rules/pref/internal/terminal"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/tutorial"
	"github.com/spf13/cobra"
)

// tutorialFlags are pref tutorial's flags as given.
type tutorialFlags struct {
	seed                                     uint64
	plain, ascii, interactive, skip, restart bool
	coached                                  bool
	options                                  []string
	botKind                                  string
}

func tutorialCmd() *cobra.Command {
	var tf tutorialFlags
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
the questions with their answers. --interactive asks even when piped.

After the cards, the guided deal says what perfect play would have given (every
hand known, as pref analyse shows it) and the first card that cost each side a
trick. At the full screen coached deals of your own follow (p at the end of the
guided deal, c at any lesson, or --coached to go straight there): you make
every decision at the table, a coach says what to look at before it and after
it agrees, or says what it would do and why (u takes your choice back), and
the result is told in a sentence. The deals are picked from seeds for this
ruleset: a game to bid and make, then (n) a defence to join.`,
		Args:              cobra.MaximumNArgs(1),
		ValidArgsFunction: completeRulesets,
		RunE:              func(cmd *cobra.Command, args []string) error { return runTutorial(cmd, args, &tf) },
	}
	f := cmd.Flags()
	f.Uint64Var(&tf.seed, "seed", 1, "the deal to walk through: a random seed, 0 to 2^64-1")
	f.BoolVar(&tf.plain, "plain", false, "plain text, and the questions shown with their answers")
	f.BoolVar(&tf.ascii, "ascii", false, "suits as letters (C S D H)")
	f.BoolVar(&tf.interactive, "interactive", false, "ask the questions even when input is not a terminal")
	f.BoolVar(&tf.skip, "skip-lessons", false, "go straight to the guided deal")
	f.BoolVar(&tf.restart, "restart", false, "at the full screen: start at the first lesson, not where you left off")
	f.BoolVar(&tf.coached, "coached", false, "go straight to the coached deals (at a terminal)")
	f.StringSliceVar(&tf.options, "option", nil, "ruleset option, name=value")
	f.StringVar(&tf.botKind, "bots", "simple", "simple, or strong (checked; the coached deals are played against the simple players, whose judgement the coach teaches)")
	return cmd
}

// runTutorial teaches at the full screen when both ends are a terminal;
// else it prints the lessons and walks the guided deal in plain text,
// asking its questions when there is someone to answer.
func runTutorial(cmd *cobra.Command, args []string, tf *tutorialFlags) error {
	if tf.botKind != "simple" && tf.botKind != "strong" {
		return badInput(fmt.Errorf("--bots %q: simple or strong", tf.botKind))
	}
	r, _, err := rulings.OpenWithOptions(rulesetArg(args), tf.options)
	if err != nil {
		return err
	}
	out := cmd.OutOrStdout()
	plainOut := terminal.Plain(out, tf.plain, tf.ascii)
	atTerminal := terminal.IsTerminal(out) && terminal.IsTerminalReader(cmd.InOrStdin())
	if tf.coached {
		if !atTerminal || tf.plain {
			return badInput(fmt.Errorf("--coached plays at the table screen: run it at a terminal, without --plain"))
		}
		return coachedDeals(cmd, tf, r)
	}
	if !tf.plain && !tf.interactive && atTerminal {
		return tutorialFullScreen(cmd, tf, r, plainOut)
	}
	ask := tf.interactive || (!tf.plain && terminal.IsTerminalReader(cmd.InOrStdin()))
	if !tf.skip {
		text, err := terminal.RenderedCourse(r, tf.ascii, plainOut, 80)
		if err != nil {
			return err
		}
		fmt.Fprint(out, text)
	}
	return guidedDeal(cmd, tf, r, ask)
}

// tutorialFullScreen pages through the lessons where the learner left off
// and walks the guided deal at the full screen; on p at its end (or c at
// a lesson) the coached deals follow at once.
func tutorialFullScreen(cmd *cobra.Command, tf *tutorialFlags, r *ruleset.Ruleset, plainOut bool) error {
	out := cmd.OutOrStdout()
	pages, err := terminal.CoursePages(r, tf.ascii, plainOut)
	if err != nil {
		return err
	}
	w, err := tutorial.Walk(r, tf.seed, rulings.DefaultNames[:r.Hands], tf.ascii)
	if err != nil {
		return failed("guided deal: %v", err)
	}
	start := 0
	if !tf.restart {
		start = terminal.LoadProgress(r.Name)
	}
	if tf.skip {
		start = len(pages)
	}
	scr := terminal.NewTutorialScreen(r, pages, w, start)
	scr.Save = func(lesson int) { terminal.SaveProgress(r.Name, lesson) }
	if _, err = tea.NewProgram(scr, tea.WithAltScreen(),
		tea.WithInput(cmd.InOrStdin()), tea.WithOutput(out)).Run(); err != nil || !scr.PlayNext() {
		return err
	}
	return coachedDeals(cmd, tf, r)
}

// coachedDeals plays the ruleset's coached deals at the table screen, a
// coach beside the learner.
func coachedDeals(cmd *cobra.Command, tf *tutorialFlags, r *ruleset.Ruleset) error {
	p := newPrinter(cmd.OutOrStdout(), r, tf.ascii, "simple", false)
	deals, err := terminal.CoachedDeals(r, rulings.DefaultNames[:r.Hands], p)
	if err != nil {
		return err
	}
	return terminal.CoachedFullScreen(cmd.InOrStdin(), cmd.OutOrStdout(), r.Title, p, deals)
}

// guidedDeal walks a real deal step by step in plain text: each question
// asked while answers come (ask), then shown with its answer, a handout.
func guidedDeal(cmd *cobra.Command, tf *tutorialFlags, r *ruleset.Ruleset, ask bool) error {
	out := cmd.OutOrStdout()
	names := rulings.DefaultNames[:r.Hands]
	w, err := tutorial.Walk(r, tf.seed, names, tf.ascii)
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
			if answerQuiz(cmd, r, q, strings.TrimSpace(in.Text())) {
				right++
			}
			continue
		}
		ask = false // no (more) answers: the rest is a handout
		fmt.Fprintf(out, "Answer: %s. The rule: %s.\n", q.Shown, q.Why)
	}
	if asked > 0 {
		fmt.Fprintf(out, "\nScore: %d of %d.\n", right, asked)
	}
	return nil
}

// answerQuiz checks the learner's answer to q and says whether it is
// right; piped answers are echoed so that the transcript reads.
func answerQuiz(cmd *cobra.Command, r *ruleset.Ruleset, q *tutorial.Quiz, answer string) bool {
	out := cmd.OutOrStdout()
	if !terminal.IsTerminalReader(cmd.InOrStdin()) {
		fmt.Fprintf(out, "> %s\n", answer)
	}
	if q.Check(r, answer) {
		fmt.Fprintf(out, "Right: %s.\n", q.Shown)
		return true
	}
	fmt.Fprintf(out, "Not quite: the answer is %s. The rule: %s.\n", q.Shown, q.Why)
	return false
}
