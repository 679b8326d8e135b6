package terminal

import (
	"fmt"
	"io"
	"slices"

	"github.com/preference-rules/pref/internal/app"
)

// Practice is the table screen's practice: one deal at a time, its seed in
// the title so that it can be dealt again (pref play --seed N); at its
// end, n deals a new one and a deals this one again, each at a fresh
// table, as pref play --seed N would.
type Practice struct {
	Seed    uint64                                  // the deal on screen
	Deal    func(seed uint64) (*app.Session, error) // one deal from seed, at a fresh table
	NewSeed func() uint64                           // a random seed, for the next deal
	Again   string                                  // the command that deals seed %d again
	// Ladder, when not nil, picks the computer players: simple, then
	// strong once the learner has won enough deals (app.Ladder); each
	// deal dealt afresh (n) counts, a deal played again (a) does not
	Ladder *PracticeLadder
	again  bool   // the deal on screen is one played again
	moved  string // what the deal just over did to the ladder
}

// PracticeFullScreen plays practice deals behind a full screen on in and
// out, the person at seat you, from pr.Seed on; then the last deal's
// standings stay on the terminal.
func PracticeFullScreen(in io.Reader, out io.Writer, title string, p *app.Printer, you string, pr *Practice) error {
	scr, err := NewPracticeScreen(title, p, you, pr)
	if err != nil {
		return err
	}
	return runScreen(in, out, scr, p)
}

// NewPracticeScreen is the table screen of practice pr's first deal.
func NewPracticeScreen(title string, p *app.Printer, you string, pr *Practice) (*Screen, error) {
	pr.climb(p)
	sess, err := pr.Deal(pr.Seed)
	if err != nil {
		return nil, err
	}
	scr := NewScreen(title, sess, p, you)
	scr.practice = pr
	if scr.done && scr.err == nil { // the deal ended without a decision of the person's
		scr.status = scr.practiceOver()
	}
	return scr, nil
}

// climb sets the computer players the ladder puts at the table.
func (pr *Practice) climb(p *app.Printer) {
	if pr.Ladder != nil {
		p.Bots = pr.Ladder.Bots()
	}
}

// practiceOver is the status at the end of a practice deal: the seed to
// deal it again and what the deal did to the ladder (counted once).
func (s *Screen) practiceOver() string {
	pr := s.practice
	if pr.Ladder != nil && !pr.again && pr.moved == "" {
		if you := slices.Index(s.p.Names, s.you); you >= 0 {
			if pr.moved = pr.Ladder.Record(s.sess.Game(), you); pr.moved != "" {
				pr.Ladder.Save()
			}
		}
	}
	again := fmt.Sprintf(pr.Again, pr.Seed)
	if pr.Ladder != nil && s.p.Bots != app.LadderRungs[0] { // the players of the rung the deal was played on
		again += " --bots " + s.p.Bots
	}
	text := fmt.Sprintf("The deal is over (seed %d: %s deals it again).", pr.Seed, again)
	if pr.moved != "" {
		text = pr.moved + " " + text
	}
	return text
}

// practiceKey is n (a new deal) or a (this deal again) at the end of a
// practice deal; false for any other key.
func (s *Screen) practiceKey(key string) bool {
	if s.practice == nil || !s.done || s.err != nil || (key != "n" && key != "a") {
		return false
	}
	s.practice.again, s.practice.moved = key == "a", ""
	if key == "n" {
		s.practice.Seed = s.practice.NewSeed()
	}
	s.practice.climb(s.p)
	s.hint = app.NewAdviser(s.p.Bots) // the hint is the kind of player at the table
	sess, err := s.practice.Deal(s.practice.Seed)
	if err != nil {
		s.err, s.status = err, fmt.Sprintf("The session stopped: %v. Press q to leave.", err)
		return true
	}
	s.sess = sess
	s.lines, s.pending, s.undo = nil, "", nil
	s.done, s.scroll, s.status, s.req, s.legal = false, 0, "", nil, nil
	s.advance()
	return true
}
