package main

import (
	"bufio"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/preference-rules/pref/internal/safeio"
	"github.com/preference-rules/pref/internal/termtext"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/interpreter/table"
	"github.com/preference-rules/pref/tutorial"
	"github.com/spf13/cobra"
	"golang.org/x/term"
)

func tutorialCmd() *cobra.Command {
	var (
		seed                                     uint64
		plain, ascii, interactive, skip, restart bool
		options                                  []string
		botKind                                  string
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
the questions with their answers. --interactive asks even when piped.

After the cards, the guided deal says what perfect play would have given (every
hand known, as pref analyse shows it) and the first card that cost each side a
trick. At the full screen a deal of your own follows the lessons, against the
computer players of --bots (simple, or strong), whose choice is also the hint
(?), and ends with the same review of perfect play.`,
		Args:              cobra.MaximumNArgs(1),
		ValidArgsFunction: completeRulesets,
		RunE: func(cmd *cobra.Command, args []string) error {
			if botKind != "simple" && botKind != "strong" {
				return badInput(fmt.Errorf("--bots %q: simple or strong", botKind))
			}
			r, _, err := openWithOptions(rulesetArg(args), options)
			if err != nil {
				return err
			}
			out := cmd.OutOrStdout()
			plainOut := plainOutput(out, plain, ascii)
			fullScreen := !plain && !interactive && isTerminal(out) && isTerminalReader(cmd.InOrStdin())
			ask := interactive || (!plain && isTerminalReader(cmd.InOrStdin()))
			if fullScreen {
				pages, err := coursePages(r, ascii, plainOut)
				if err != nil {
					return err
				}
				w, err := tutorial.Walk(r, seed, defaultNames[:r.Hands], ascii)
				if err != nil {
					return failed("guided deal: %v", err)
				}
				start := 0
				if !restart {
					start = loadProgress(r.Name)
				}
				if skip {
					start = len(pages)
				}
				scr := newTutorialScreen(r, pages, w, start)
				scr.save = func(lesson int) { saveProgress(r.Name, lesson) }
				if _, err = tea.NewProgram(scr, tea.WithAltScreen(),
					tea.WithInput(cmd.InOrStdin()), tea.WithOutput(out)).Run(); err != nil || !scr.playNext {
					return err
				}
				// The first deal of one's own, at once: the seat of forehand.
				t, err := table.New(r, defaultNames[:r.Hands])
				if err != nil {
					return badInput(err)
				}
				p := &printer{w: out, r: r, ascii: ascii, bots: botKind, review: true}
				return playFullScreen(cmd, p, t, rand.New(rand.NewPCG(w.Seed+1, 0x9e3779b97f4a7c15)), 1, defaultNames[0])
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
	f.BoolVar(&restart, "restart", false, "at the full screen: start at the first lesson, not where you left off")
	f.StringSliceVar(&options, "option", nil, "ruleset option, name=value")
	f.StringVar(&botKind, "bots", "simple", "the computer players of the deal after the lessons, and the hint's source: simple, or strong")
	return cmd
}

func isTerminalReader(r io.Reader) bool {
	f, ok := r.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// coursePages renders the lessons one page each.
func coursePages(r *ruleset.Ruleset, ascii, plain bool) ([]tutorialPage, error) {
	pages, err := tutorial.CoursePages(r, ascii)
	if err != nil {
		return nil, failed("lessons: %v", err)
	}
	out := make([]tutorialPage, len(pages))
	for i, p := range pages {
		// The ruleset's text, shown, never obeyed (as in pref rules).
		text, err := tutorial.Render(termtext.Escape(p.Markdown), plain, 80)
		if err != nil {
			return nil, failed("rendering: %v", err)
		}
		out[i] = tutorialPage{Title: termtext.Escape(p.Title), Text: text}
	}
	return out, nil
}

// The lesson a learner reached is kept per ruleset in the user's
// configuration directory ($XDG_CONFIG_HOME/pref/tutorial/NAME), so that
// pref tutorial resumes there. Losing it costs only the place: errors are
// ignored.
func progressPath(name string) string {
	dir, err := os.UserConfigDir()
	if err != nil || name == "" || strings.ContainsAny(name, `/\`) {
		return ""
	}
	return filepath.Join(dir, "pref", "tutorial", name)
}

func loadProgress(name string) int {
	path := progressPath(name)
	if path == "" {
		return 0
	}
	data, err := safeio.ReadFile(path, 64)
	if err != nil {
		return 0
	}
	n, err := strconv.Atoi(strings.TrimSpace(string(data)))
	if err != nil || n < 0 {
		return 0
	}
	return n
}

func saveProgress(name string, lesson int) {
	path := progressPath(name)
	if path == "" || os.MkdirAll(filepath.Dir(path), 0o755) != nil {
		return
	}
	_ = safeio.WriteFile(path, []byte(strconv.Itoa(lesson)+"\n"), 0o644, true)
}
