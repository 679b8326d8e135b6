package main

import (
	tea "github.com/charmbracelet/bubbletea"
	"github.com/preference-rules/pref/internal/app"
	"github.com/preference-rules/pref/internal/rulings"
	"github.com/preference-rules/pref/internal/terminal"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/spf13/cobra"
)

func tutorialCmd() *cobra.Command {
	var q app.TutorialRequest
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
ruleset: a game to bid and make, on the first game's fewer rules (games in a
trump suit only, none from the hand), then (n) on the full rules a clear pass,
a defence to join and a hand to drop. x at a lesson, or at the end of the
guided deal, asks the exercises of --exercises at the full screen.`,
		Args:              cobra.MaximumNArgs(1),
		ValidArgsFunction: completeRulesets,
		RunE:              func(cmd *cobra.Command, args []string) error { return runTutorial(cmd, args, &q) },
	}
	f := cmd.Flags()
	f.Uint64Var(&q.Seed, "seed", 1, "the deal to walk through: a random seed, 0 to 2^64-1")
	f.BoolVar(&q.Plain, "plain", false, "plain text, and the questions shown with their answers")
	f.BoolVar(&q.ASCII, "ascii", false, "suits as letters (C S D H)")
	f.BoolVar(&q.Interactive, "interactive", false, "ask the questions even when input is not a terminal")
	f.BoolVar(&q.Skip, "skip-lessons", false, "go straight to the guided deal")
	f.BoolVar(&q.Restart, "restart", false, "at the full screen: start at the first lesson, not where you left off")
	f.BoolVar(&q.Coached, "coached", false, "go straight to the coached deals (at a terminal)")
	f.BoolVar(&q.Exercises, "exercises", false, "exercises from real deals (from --seed), checked by the analyser: what to lead, the card that cost a trick, whether to defend")
	f.StringSliceVar(&q.Options, "option", nil, "ruleset option, name=value")
	f.StringVar(&q.Bots, "bots", "simple", "simple, or strong (checked; the coached deals are played against the simple players, whose judgement the coach teaches)")
	return cmd
}

// runTutorial teaches as app.TutorialRequest says: at the full screen
// when both ends are a terminal; else it prints the lessons and walks the
// guided deal in plain text.
func runTutorial(cmd *cobra.Command, args []string, q *app.TutorialRequest) error {
	in, out := cmd.InOrStdin(), cmd.OutOrStdout()
	q.Ruleset, q.InTerminal, q.OutTerminal = rulings.RulesetArg(args), terminal.IsTerminalReader(in), terminal.IsTerminal(out)
	r, mode, err := q.Open()
	if err != nil {
		return err
	}
	plainOut := terminal.Plain(out, q.Plain, q.ASCII)
	switch mode {
	case app.TutorialExercises:
		return app.Exercises(in, out, r, rulings.DefaultNames[:r.Hands], q.Seed, q.ASCII || plainOut, !q.InTerminal, terminal.Width(out))
	case app.TutorialCoached:
		return coachedDeals(cmd, r, q.ASCII)
	case app.TutorialFullScreen:
		return tutorialFullScreen(cmd, q, r, plainOut)
	}
	return q.Handout(out, in, r, func() (string, error) { return terminal.RenderedCourse(r, q.ASCII, plainOut, 80) })
}

// tutorialFullScreen pages through the lessons where the learner left off
// and walks the guided deal at the full screen; on p at its end (or c at
// a lesson) the coached deals follow at once.
func tutorialFullScreen(cmd *cobra.Command, q *app.TutorialRequest, r *ruleset.Ruleset, plainOut bool) error {
	pages, err := terminal.CoursePages(r, q.ASCII, plainOut)
	if err != nil {
		return err
	}
	w, err := q.Walk(r)
	if err != nil {
		return err
	}
	start := q.FirstLesson(func() int { return terminal.LoadProgress(r.Name) }, len(pages))
	scr := terminal.NewTutorialScreen(r, pages, w, start)
	scr.Save = func(lesson int) { terminal.SaveProgress(r.Name, lesson) }
	scr.OfferExercises(rulings.DefaultNames[:r.Hands], q.Seed, &app.Printer{Ruleset: r, ASCII: q.ASCII || plainOut}) // x: as --exercises asks them
	if _, err = tea.NewProgram(scr, tea.WithAltScreen(),
		tea.WithInput(cmd.InOrStdin()), tea.WithOutput(cmd.OutOrStdout())).Run(); err != nil || !scr.PlayNext() {
		return err
	}
	return coachedDeals(cmd, r, q.ASCII)
}

// coachedDeals plays the ruleset's coached deals at the table screen, a
// coach beside the learner.
func coachedDeals(cmd *cobra.Command, r *ruleset.Ruleset, ascii bool) error {
	p := newPrinter(cmd.OutOrStdout(), r, ascii, "simple", false)
	deals, err := terminal.CoachedDeals(r, rulings.DefaultNames[:r.Hands], p)
	if err != nil {
		return err
	}
	return terminal.CoachedFullScreen(cmd.InOrStdin(), cmd.OutOrStdout(), r.Title, p, deals)
}
