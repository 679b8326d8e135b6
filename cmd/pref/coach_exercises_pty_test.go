package main

import (
	"testing"
)

// TestExercisesFromTheFullScreenTutorial: the exercises from real deals
// are reachable from the full-screen tutorial, not only by pref tutorial
// --exercises (issue 27): the lesson's footer shows x; x opens the first
// exercise; a wrong answer may be tried once more, a second shows the
// answer and why; enter goes to the next; esc goes back to the lesson.
// Seen failing on the original code (no x in the footer).
func TestExercisesFromTheFullScreenTutorial(t *testing.T) {
	t.Parallel() // a process of its own in a terminal of its own
	_, s, send := startInTerminal(t, "tutorial", "austrian-1829", "--ascii", "--restart")
	at := s.waitFor(t, 0, "lesson 1 of")
	s.waitFor(t, 0, "x exercises")
	send("x")
	s.waitFor(t, at, "Exercise 1 of 3")
	at = s.waitFor(t, at, "enter to check") // the field and its keys, with the exercise
	send("zz\r")
	at = s.waitFor(t, at, "Think again, one more try")
	send("zz\r")
	at = s.waitFor(t, at, "The answer:")
	send("\r")
	at = s.waitFor(t, at, "Exercise 2 of 3")
	send("\x1b") // esc: back to the lesson
	s.waitFor(t, at, "lesson 1 of")
	send("q")
}
