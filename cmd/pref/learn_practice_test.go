package main

import (
	"regexp"
	"testing"
	"time"
)

// seedShown is the seed in the table screen's title.
var seedShown = regexp.MustCompile(`seed ([0-9]+)`)

// shownSeed waits for a seed in the title drawn after mark from.
func shownSeed(t *testing.T, s *screenReader, from int) string {
	t.Helper()
	for deadline := time.Now().Add(15 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		s.mu.Lock()
		m := seedShown.FindSubmatch(s.buf.Bytes()[from:])
		s.mu.Unlock()
		if m != nil {
			return string(m[1])
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	t.Fatalf("no seed on the screen:\n%s", s.buf.Bytes()[from:])
	return ""
}

// playToTheEnd takes the advised choice until the deal is over and the
// practice keys are offered.
func playToTheEnd(t *testing.T, s *screenReader, from int, send func(string)) int {
	t.Helper()
	for i := 0; i < 40; i++ {
		s.mu.Lock()
		over := regexp.MustCompile(`n next deal`).Match(s.buf.Bytes()[from:])
		s.mu.Unlock()
		if over {
			break
		}
		send("?")
		time.Sleep(30 * time.Millisecond)
		send("\r")
		time.Sleep(90 * time.Millisecond)
	}
	return s.waitFor(t, from, "a play this deal again")
}

// Practice at a terminal (issue 27): pref play --seat Anton without
// --seed deals a random deal each launch and shows its seed; at the end of
// the deal a plays it again and n deals a new one.
func TestPracticeInATerminal(t *testing.T) {
	t.Parallel()
	_, s, send := startInTerminal(t, "play", "--seat", "Anton", "--ascii")
	first := shownSeed(t, s, 0)
	_, s2, send2 := startInTerminal(t, "play", "--seat", "Anton", "--ascii")
	if second := shownSeed(t, s2, 0); second == first {
		t.Errorf("two launches dealt the same seed %s", first)
	}
	send2("q")
	at := playToTheEnd(t, s, 0, send)
	s.waitFor(t, 0, "--seed "+first+" deals it again")
	send("a")
	at = s.waitFor(t, at, "enter choose") // a deal under way again
	at = playToTheEnd(t, s, at, send)
	send("n")
	if next := shownSeed(t, s, at); next == first {
		t.Errorf("n dealt seed %s again", next)
	}
	send("q")
	send("q")
}
