package app

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/preference-rules/pref/internal/rulings"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/tutorial"
)

// TutorialRequest is pref tutorial: a ruleset's lessons, then a guided
// deal with questions, and at the full screen the coached deals. Open
// checks it and says how it is given (TutorialMode); the front end shows
// the lessons its own way.
type TutorialRequest struct {
	Ruleset string
	Options []string // name=value
	Seed    uint64   // the guided deal's
	// Plain: plain text, the questions shown with their answers;
	// Interactive: the questions asked even when input is not a terminal.
	Plain, ASCII, Interactive bool
	Skip, Restart, Coached    bool // --skip-lessons, --restart, --coached
	Exercises                 bool // --exercises
	Bots                      string
	// InTerminal and OutTerminal: whether keys can be read and a screen
	// drawn where the tutorial runs.
	InTerminal, OutTerminal bool
}

// TutorialMode is how the tutorial is given.
type TutorialMode int

const (
	TutorialHandout    TutorialMode = iota // the lessons printed, then the guided deal (Handout)
	TutorialFullScreen                     // the lessons paged at the full screen from FirstLesson, then the guided deal there
	TutorialCoached                        // straight to the coached deals at the table screen
	TutorialExercises                      // exercises from real deals, in plain text (Exercises)
)

// Open checks the request and opens its ruleset: at the full screen when
// both ends are a terminal, else in plain text.
func (q *TutorialRequest) Open() (*ruleset.Ruleset, TutorialMode, error) {
	if err := checkBots(q.Bots); err != nil {
		return nil, 0, err
	}
	r, _, err := rulings.OpenWithOptions(q.Ruleset, q.Options)
	if err != nil {
		return nil, 0, err
	}
	atTerminal := q.OutTerminal && q.InTerminal
	if q.Exercises {
		return r, TutorialExercises, nil
	}
	if q.Coached {
		if !atTerminal || q.Plain {
			return nil, 0, badInput("--coached plays at the table screen: run it at a terminal, without --plain")
		}
		return r, TutorialCoached, nil
	}
	if !q.Plain && !q.Interactive && atTerminal {
		return r, TutorialFullScreen, nil
	}
	return r, TutorialHandout, nil
}

// Walk is the guided deal of r, its players the default names.
func (q *TutorialRequest) Walk(r *ruleset.Ruleset) (*tutorial.Walkthrough, error) {
	w, err := tutorial.Walk(r, q.Seed, rulings.DefaultNames[:r.Hands], q.ASCII)
	if err != nil {
		return nil, failed("guided deal: %v", err)
	}
	return w, nil
}

// FirstLesson is the lesson of lessons the full screen opens at: where
// the learner left off (saved), the first with Restart, past the last
// with Skip.
func (q *TutorialRequest) FirstLesson(saved func() int, lessons int) int {
	start := 0
	if !q.Restart {
		start = saved()
	}
	if q.Skip {
		start = lessons
	}
	return start
}

// Handout is the tutorial in plain text on out: the lessons (course, the
// front end's rendering of them) unless Skip, then the guided deal.
func (q *TutorialRequest) Handout(out io.Writer, in io.Reader, r *ruleset.Ruleset, course func() (string, error)) error {
	if !q.Skip {
		text, err := course()
		if err != nil {
			return err
		}
		fmt.Fprint(out, text)
	}
	return q.GuidedDeal(out, in, r)
}

// GuidedDeal walks a real deal step by step in plain text on out: each
// question asked while answers come from in (with Interactive, or at a
// terminal without Plain), then shown with its answer, a handout.
func (q *TutorialRequest) GuidedDeal(out io.Writer, in io.Reader, r *ruleset.Ruleset) error {
	ask := q.Interactive || (!q.Plain && q.InTerminal)
	w, err := q.Walk(r)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "\nA guided deal (seed %d)\n====================\n", w.Seed)
	answers := bufio.NewScanner(in)
	right, asked := 0, 0
	for _, s := range w.Steps {
		if s.Text != "" {
			fmt.Fprintf(out, "\n%s\n", s.Text)
		}
		quiz := s.Quiz
		if quiz == nil {
			continue
		}
		fmt.Fprintf(out, "\nQuestion: %s\n", quiz.Question)
		if ask && answers.Scan() {
			asked++
			if q.answer(out, r, quiz, strings.TrimSpace(answers.Text())) {
				right++
			}
			continue
		}
		ask = false // no (more) answers: the rest is a handout
		fmt.Fprintf(out, "Answer: %s. The rule: %s.\n", quiz.Shown, quiz.Why)
	}
	if asked > 0 {
		fmt.Fprintf(out, "\nScore: %d of %d.\n", right, asked)
	}
	return nil
}

// answer checks the learner's answer to quiz and says whether it is
// right; piped answers are echoed so that the transcript reads.
func (q *TutorialRequest) answer(out io.Writer, r *ruleset.Ruleset, quiz *tutorial.Quiz, answer string) bool {
	if !q.InTerminal {
		fmt.Fprintf(out, "> %s\n", answer)
	}
	if quiz.Check(r, answer) {
		fmt.Fprintf(out, "Right: %s.\n", quiz.Shown)
		return true
	}
	fmt.Fprintf(out, "Not quite: the answer is %s. The rule: %s.\n", quiz.Shown, quiz.Why)
	return false
}
