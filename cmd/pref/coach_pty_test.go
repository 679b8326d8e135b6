package main

import (
	"bytes"
	"testing"
	"time"
)

// TestCoachedDealInATerminal: pref tutorial --coached in a real terminal
// (issue 27): the table screen with the coach; a wrong first call is
// explained and taken back with u; the hinted choices play the deal to
// its end, whose result is told in a sentence.
func TestCoachedDealInATerminal(t *testing.T) {
	t.Parallel() // a process of its own in a terminal of its own
	_, s, send := startInTerminal(t, "tutorial", "austrian-1829", "--coached", "--ascii")
	at := s.waitFor(t, 0, "Count your sure tricks")
	s.waitFor(t, 0, "a game to bid and make")
	send("\r") // the cursor starts on pass: this hand has a game
	s.waitFor(t, at, "u take it back · any other key: go on")
	at = s.waitFor(t, at, "Coach: I would call")
	send("u")
	at = s.waitFor(t, at, "taken back")
	for i := 0; i < 40; i++ {
		send("?")
		time.Sleep(30 * time.Millisecond)
		send("\r")
		time.Sleep(60 * time.Millisecond)
		s.mu.Lock()
		over := bytes.Contains(s.buf.Bytes()[at:], []byte("The deal is over"))
		s.mu.Unlock()
		if over {
			break
		}
	}
	s.waitFor(t, at, "so the game was made")
	s.waitFor(t, at, "n for the next coached deal")
	send("q")
}

// --coached plays at the table screen: without a terminal it is refused
// as a usage error, not played blind.
func TestCoachedNeedsATerminal(t *testing.T) {
	code, _, stderr, _ := call(t, "tutorial", "austrian-1829", "--coached")
	if code != 2 || !bytes.Contains([]byte(stderr), []byte("--coached plays at the table screen")) {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
}
