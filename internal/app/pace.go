package app

import "github.com/preference-rules/pref/interpreter/game"

// NextOrBreak is Next for a front end that pauses between deals (the web
// table shows the settlement until the person asks for the next deal): it
// returns the person's next decision; or, once the deal under way is
// settled and booked, nil with between true, the next deal not begun (the
// next call begins it). Nil and false: the session is over.
func (s *Session) NextOrBreak() (legal []game.Action, between bool, err error) {
	if s.over {
		return nil, false, nil
	}
	if !s.inDeal {
		if err := s.startDeal(); err != nil {
			s.over = true
			return nil, false, err
		}
		if !s.inDeal {
			return nil, false, nil // the session has run its course
		}
	}
	for !s.g.Over() {
		if legal, err := s.step(); legal != nil || err != nil {
			return legal, false, err
		}
	}
	if err := s.finishDeal(); err != nil {
		s.over = true
		return nil, false, err
	}
	return nil, true, nil
}
