package terminal

import (
	"fmt"
	"io"

	"github.com/charmbracelet/lipgloss"
	"github.com/preference-rules/pref/internal/app"
	"github.com/preference-rules/pref/interpreter/game"
)

// The coached deal: the table screen with a coach beside the learner.
// Before a decision the coach may say what to look at; after it, it
// agrees, or says what it would do and why and offers to take the
// decision back (u); any other key goes on. At the end it says the result
// in a sentence.

// coaching is the coach at the screen and what it says now.
type coaching struct {
	coach     *app.Coach
	before    string // what to look at, for the decision on screen
	after     string // the word on the last decision
	reviewing bool   // the coach disagreed: u takes back, any other key goes on
	result    string // the deal's result, once it is over
	Lesson    string // what the deal teaches, for the title
	// deal deals the coached deal afresh: a decision that ended the deal
	// (booked, beyond Restore) is taken back by playing the deal again
	// up to it
	deal func() (*app.Session, error)
}

var styleCoach = lipgloss.NewStyle().Bold(true)

// NewCoachedScreen is the table screen of the session deal makes (one
// deal, the learner at seat you, printed by p) with a coach beside the
// learner; lesson says what the deal teaches.
func NewCoachedScreen(title string, p *app.Printer, you, lesson string, deal func() (*app.Session, error)) (*Screen, error) {
	sess, err := deal()
	if err != nil {
		return nil, err
	}
	scr := &Screen{title: title, height: 30, width: 80, sess: sess, p: p, you: you, hint: app.NewAdviser("simple"),
		coach: &coaching{coach: app.NewCoach(p), Lesson: lesson, deal: deal}}
	scr.start()
	return scr, nil
}

// CoachedFullScreen plays the coached deal behind a full screen on in and
// out (see NewCoachedScreen).
func CoachedFullScreen(in io.Reader, out io.Writer, title string, p *app.Printer, you, lesson string, deal func() (*app.Session, error)) error {
	scr, err := NewCoachedScreen(title, p, you, lesson, deal)
	if err != nil {
		return err
	}
	return runScreen(in, out, scr, p)
}

// coachBefore is what the coach says before the decision now on screen.
func (s *Screen) coachBefore() {
	if s.coach == nil || s.laid != 0 {
		return
	}
	s.coach.before = s.coach.coach.Before(s.sess.Game(), s.legal)
}

// coachJudge is the coach's word on action a, before it is taken.
func (s *Screen) coachJudge(a game.Action) app.Verdict {
	if s.coach == nil {
		return app.Verdict{Agree: true}
	}
	return s.coach.coach.Judge(s.sess.Game(), s.legal, a)
}

// coachAfter shows the coach's word on the decision just taken; when it
// disagrees and the decision can still be taken back, it offers to.
func (s *Screen) coachAfter(v app.Verdict) {
	if s.coach == nil {
		return
	}
	c := s.coach
	c.after, c.reviewing = v.Say, false
	if !v.Agree && len(s.undo) > 0 {
		c.after += " Press u to take it back, any other key to go on."
		c.reviewing = true
	}
}

// coachKey handles a key while the coach waits on its word: u takes the
// decision back, any other key goes on (and does nothing else).
func (s *Screen) coachKey(key string) bool {
	if s.coach == nil || !s.coach.reviewing || key == "q" || key == "pgup" || key == "pgdown" {
		return false // q asks to leave, the page keys scroll: the word stays
	}
	s.coach.reviewing = false
	if key == "u" {
		if s.done {
			s.replay()
		} else {
			s.back()
		}
		s.coach.after = "Coach: taken back. Try again."
		return true
	}
	s.coach.after = ""
	return true
}

// coachOver is the end of the coached deal: the result in a sentence.
func (s *Screen) coachOver() {
	if s.coach == nil {
		return
	}
	s.coach.before, s.coach.reviewing = "", false
	s.coach.result = s.coach.coach.Result(s.sess, s.you)
	s.status = "The deal is over: press q to leave."
}

// coachLines are the coach's lines above the question.
func (s *Screen) coachLines() []string {
	if s.coach == nil {
		return nil
	}
	var out []string
	for _, text := range []string{s.coach.result, s.coach.after, s.coach.before} {
		if text == "" {
			continue
		}
		for _, l := range s.wrap(text) {
			out = append(out, styleCoach.Render(l))
		}
	}
	return out
}

// coachFooter is the footer while the coach waits on its word.
func (s *Screen) coachFooter() ([]string, bool) {
	if s.coach == nil || !s.coach.reviewing {
		return nil, false
	}
	return []string{"u take it back", "any other key: go on", "q leave"}, true
}

// coachTitle adds what the deal teaches to the title.
func (s *Screen) coachTitle(title string) string {
	if s.coach == nil || s.coach.Lesson == "" {
		return title
	}
	return fmt.Sprintf("%s · coached: %s", title, s.coach.Lesson)
}

// replay takes back the decision that ended the deal: the deal is dealt
// afresh and the learner's decisions before it are taken again (the
// computer players decide as they did), up to that decision.
func (s *Screen) replay() {
	sess, err := s.coach.deal()
	if err != nil {
		s.err, s.status = err, fmt.Sprintf("The session stopped: %v. Press q to leave.", err)
		return
	}
	taken := s.undo[:len(s.undo)-1]
	s.sess, s.undo = sess, nil
	s.lines, s.pending, s.scroll, s.status = nil, "", 0, ""
	s.done, s.req, s.legal, s.coach.result = false, nil, nil, ""
	for _, u := range taken {
		if legal, err := sess.Next(); err != nil || legal == nil {
			s.err = fmt.Errorf("the coached deal went otherwise when played again")
			return
		}
		point := undoPoint{snap: sess.Snapshot(), lines: len(s.lines), action: u.action}
		if err := sess.Take(u.action); err != nil {
			s.err = fmt.Errorf("the coached deal went otherwise when played again: %v", err)
			return
		}
		s.undo = append(s.undo, point)
	}
	s.advance()
}
