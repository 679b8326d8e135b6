package terminal

import (
	"fmt"
	"io"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/preference-rules/pref/internal/app"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/interpreter/table"
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
	review    string // the better card where one cost a trick, and its line
	Lesson    string // what the deal teaches, for the title
	// deal deals the coached deal afresh: a decision that ended the deal
	// (booked, beyond Restore) is taken back by playing the deal again
	// up to it
	deal func() (*app.Session, error)
	more []CoachedDeal // the coached deals still to come (n)
}

// CoachedDeal is a coached deal to play: the learner at seat You, the
// session Deal makes (dealt afresh on each call), Lesson what it teaches.
type CoachedDeal struct {
	Lesson, You string
	Teaches     app.Lesson
	Deal        func() (*app.Session, error)
}

var styleCoach = lipgloss.NewStyle().Bold(true)

// NewCoachedScreen is the table screen of the first of deals (printed by
// p) with a coach beside the learner; n at the end of one deals the next.
func NewCoachedScreen(title string, p *app.Printer, deals []CoachedDeal) (*Screen, error) {
	if len(deals) == 0 {
		return nil, fmt.Errorf("no coached deal")
	}
	d := deals[0]
	sess, err := d.Deal()
	if err != nil {
		return nil, err
	}
	scr := &Screen{title: title, height: 30, width: 80, sess: sess, p: p, you: d.You, hint: app.NewAdviser("simple"),
		coach: &coaching{coach: app.NewCoach(p), Lesson: d.Lesson, deal: d.Deal, more: deals[1:]}}
	scr.start()
	return scr, nil
}

// CoachedFullScreen plays the coached deals behind a full screen on in
// and out (see NewCoachedScreen).
func CoachedFullScreen(in io.Reader, out io.Writer, title string, p *app.Printer, deals []CoachedDeal) error {
	scr, err := NewCoachedScreen(title, p, deals)
	if err != nil {
		return err
	}
	return runScreen(in, out, scr, p)
}

// nextCoached is n at the end of a coached deal: the next one, at a
// fresh table; false when there is none (or the deal is not over).
func (s *Screen) nextCoached(key string) bool {
	if s.coach == nil || !s.done || s.err != nil || key != "n" || len(s.coach.more) == 0 {
		return false
	}
	d := s.coach.more[0]
	sess, err := d.Deal()
	if err != nil {
		s.err, s.status = err, fmt.Sprintf("The session stopped: %v. Press q to leave.", err)
		return true
	}
	s.coach = &coaching{coach: app.NewCoach(s.p), Lesson: d.Lesson, deal: d.Deal, more: s.coach.more[1:]}
	s.sess, s.you = sess, d.You
	s.lines, s.pending, s.undo = nil, "", nil
	s.done, s.scroll, s.status, s.req, s.legal = false, 0, "", nil, nil
	s.advance()
	return true
}

// coachBefore is what the coach says before the decision now on screen.
func (s *Screen) coachBefore() {
	if s.coach == nil || s.laid != 0 {
		return
	}
	s.coach.before = s.coach.coach.Before(s.sess.Game(), s.legal)
}

// coachAgain is the coach's word before a decision taken back and asked
// again (u): said again, and the word on the decision taken back kept.
func (s *Screen) coachAgain() {
	if s.coach == nil || s.legal == nil {
		return
	}
	s.coach.before = s.coach.coach.Again(s.sess.Game(), s.legal)
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
	s.coach.review = ""
	if s.err == nil {
		s.coach.review = s.sess.BetterCards(s.p.Names, s.p.Card)
	}
	s.status = "The deal is over: press q to leave."
	if len(s.coach.more) > 0 {
		s.status = fmt.Sprintf("The deal is over: n for the next coached deal (%s), q to leave.", s.coach.more[0].Lesson)
	}
}

// coachLines are the coach's lines above the question, in at most room
// lines: the result, the word on the last decision, the better card of
// the review, what to look at, each whole or not at all, in that order of
// need. The result and the word the learner must answer (u or go on)
// are always shown.
func (s *Screen) coachLines(room int) []string {
	if s.coach == nil {
		return nil
	}
	var out []string
	c := s.coach
	for _, text := range []string{c.result, c.after, c.review, c.before} {
		if text == "" {
			continue
		}
		lines := s.wrap(text)
		if c.reviewing && text == c.after { // the offer, when it fits: the footer makes it too
			if offered := s.wrap(text + " Press u to take it back, any other key to go on."); len(out)+len(offered) <= room {
				lines = offered
			}
		} else if len(out)+len(lines) > room && text != c.result { // the result is always told
			continue
		}
		for _, l := range lines {
			out = append(out, styleCoach.Render(l))
		}
	}
	return out
}

// coachFooter is the footer while the coach waits on its word.
func (s *Screen) coachFooter() ([]string, bool) {
	switch {
	case s.coach == nil:
		return nil, false
	case s.coach.reviewing:
		return []string{"u take it back", "any other key: go on", "q leave"}, true
	case s.done && len(s.coach.more) > 0 && s.err == nil:
		return []string{"n next coached deal", "PgUp/PgDn scroll", "q leave"}, true
	}
	return nil, false
}

// coachTitle adds what the deal teaches to the title.
func (s *Screen) coachTitle(title string) string {
	if s.coach == nil || s.coach.Lesson == "" {
		return title
	}
	full := fmt.Sprintf("%s · coached: %s", title, s.coach.Lesson)
	w := max(20, s.width)
	if ansi.StringWidth(full) <= w {
		return full
	}
	return ansi.Truncate("Coached: "+s.coach.Lesson, w, "…") // what the deal teaches before the ruleset's name
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

// CoachedDeals are the coached deals of r, one per lesson the ruleset
// has a deal for, each picked from seeds by the simple players' play
// (app.PickCoachedDeal) and dealt at a fresh table of names, printed by
// p. A lesson no deal teaches (a hand to drop where nobody may drop out)
// is left out. The first is played on the first game's fewer rules, as
// its title says; the full rules follow.
func CoachedDeals(r *ruleset.Ruleset, names []string, p *app.Printer) ([]CoachedDeal, error) {
	p.Review = true // each deal ends with the review: the costly card, the better one and the line it wins
	var out []CoachedDeal
	lessons, err := app.CoachedLessons(r, names)
	if err != nil {
		return nil, &app.Failed{Err: fmt.Errorf("coached deal: %v", err)}
	}
	for _, d := range lessons {
		rules, lesson, l := d.Rules(r), d.Title, d.Lesson
		out = append(out, CoachedDeal{Lesson: lesson, You: d.Seat, Teaches: l, Deal: func() (*app.Session, error) {
			t, err := table.New(rules, names)
			if err != nil {
				return nil, &app.BadInput{Err: err}
			}
			p.Ruleset = rules // the calls are named as this deal's rules list them
			return app.NewSession(p, t, app.DealRand(d.Seed), 1, nil, d.Seat), nil
		}})
	}
	return out, nil
}
