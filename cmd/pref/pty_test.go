package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/creack/pty"
)

// screenReader collects what the program draws on its terminal.
type screenReader struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

// copyFrom copies what the program draws into the buffer. It answers the
// terminal queries a real terminal answers: bubbletea asks
// for the background colour (OSC 11) and the cursor position (CSI 6n) when
// it starts, and waits five seconds for an answer that a bare
// pseudo-terminal never gives.
func (s *screenReader) copyFrom(tty io.ReadWriter) {
	b := make([]byte, 4096)
	for {
		n, err := tty.Read(b)
		s.mu.Lock()
		s.buf.Write(b[:n])
		s.mu.Unlock()
		if bytes.Contains(b[:n], []byte("\x1b]11;?")) {
			_, _ = tty.Write([]byte("\x1b]11;rgb:0000/0000/0000\x1b\\"))
		}
		if bytes.Contains(b[:n], []byte("\x1b[6n")) {
			_, _ = tty.Write([]byte("\x1b[1;1R"))
		}
		if err != nil {
			return
		}
	}
}

// waitFor waits until text appears on the screen after the last mark.
func (s *screenReader) waitFor(t *testing.T, from int, text string) int {
	t.Helper()
	for deadline := time.Now().Add(15 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		s.mu.Lock()
		b := s.buf.Bytes()[from:]
		i := bytes.Index(b, []byte(text))
		n := s.buf.Len()
		s.mu.Unlock()
		if i >= 0 {
			return n
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	t.Fatalf("%q never appeared on the screen; it shows:\n%s", text, s.buf.Bytes()[from:])
	return 0
}

// startInTerminal starts pref with args in a pseudo-terminal of 110 x 40.
// The program is this test binary under the name pref, which TestMain
// (testscript.Main) runs as pref's main: the same code, without a second
// build.
func startInTerminal(t *testing.T, args ...string) (*exec.Cmd, *screenReader, func(string)) {
	t.Helper()
	buildOnce.Do(func() {
		self, err := os.Executable()
		if err != nil {
			buildErr = err
			return
		}
		dir, err := os.MkdirTemp("", "pref-pty")
		if err != nil {
			buildErr = err
			return
		}
		builtBin = filepath.Join(dir, "pref")
		buildErr = os.Symlink(self, builtBin)
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	cmd := exec.Command(builtBin, args...)
	cmd.Env = append(cmd.Environ(), "TERM=xterm-256color", "XDG_CONFIG_HOME="+t.TempDir()) // the tutorial keeps its place there
	tty, err := pty.StartWithSize(cmd, &pty.Winsize{Rows: 40, Cols: 110})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); tty.Close() })
	s := &screenReader{}
	go s.copyFrom(tty)
	return cmd, s, func(keys string) { _, _ = tty.Write([]byte(keys)) }
}

var (
	buildOnce sync.Once
	builtBin  string
	buildErr  error
)

// TestRealProgramInATerminal plays through the real pref in a
// pseudo-terminal, as a person at a keyboard would: the full screen comes
// up, ? gives a hint, enter chooses, an illegal card is refused with its
// rule, q asks and a second q leaves.
func TestRealProgramInATerminal(t *testing.T) {
	t.Parallel() // a process of its own in a terminal of its own
	cmd, s, send := startInTerminal(t, "play", "--seed", "1", "--seat", "Anton", "--ascii")

	s.waitFor(t, 0, "Your call:")
	at := s.waitFor(t, 0, "enter choose") // the keys at the bottom
	send("?")
	at = s.waitFor(t, at, "hint: pass")
	send("\r") // pass
	at = s.waitFor(t, at, "Become declarer?")
	send("\r") // no: the cursor starts there, so a stray Enter takes on nothing
	at = s.waitFor(t, at, "Defend, or pass?")
	send("\r") // defend
	at = s.waitFor(t, at, "Your card")
	// the panel: the contract and its trumps, the defence, the trick
	s.waitFor(t, 0, "Contract: Charlotte plays spades, trumps spades")
	s.waitFor(t, 0, "Defence: Anton plays")
	s.waitFor(t, 0, "Tricks won: Anton 0")
	send("\x1b[D\r") // ← to 7D, which may not be played
	at = s.waitFor(t, at, "7D is not legal: you must follow suit")
	send("q")
	s.waitFor(t, at, "Press q again to leave")
	send("q")
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil && !strings.Contains(err.Error(), "exit status") {
			t.Fatalf("pref ended with %v", err)
		}
	case <-time.After(10 * time.Second):
		_ = cmd.Process.Kill()
		t.Fatal("q did not end the program")
	}
}

// TestRealTutorialInATerminal: the full-screen tutorial in a pseudo-terminal,
// through the lessons to a question answered wrongly, the rule quoted.
func TestRealTutorialInATerminal(t *testing.T) {
	t.Parallel() // a process of its own in a terminal of its own
	_, s, send := startInTerminal(t, "tutorial", "austrian-1829", "--ascii", "--restart")
	at := s.waitFor(t, 0, "lesson 1 of")
	for i := 0; i < 200; i++ {
		send("1") // a lesson's question is answered to go on (a choice; a second miss shows the answer)
		send("\r")
		time.Sleep(60 * time.Millisecond)
		s.mu.Lock()
		asked := bytes.Contains(s.buf.Bytes()[at:], []byte("type your answer"))
		s.mu.Unlock()
		if asked {
			break
		}
	}
	at = s.waitFor(t, at, "type your answer")
	send("ah\r")
	s.waitFor(t, at, "Not quite: the answer is JH")
	send("\x03") // ctrl+c
}

// TestNoColourKeepsTheCursor: with NO_COLOR the full screen writes no
// colour codes, but the cursor is still in reverse video and the legal
// cards still in bold (no-color.org asks only that colour be dropped).
func TestNoColourKeepsTheCursor(t *testing.T) {
	t.Setenv("NO_COLOR", "1")
	_, s, send := startInTerminal(t, "play", "--seed", "1", "--seat", "Anton", "--ascii")
	s.waitFor(t, 0, "enter choose")
	time.Sleep(200 * time.Millisecond)
	send("q")
	s.mu.Lock()
	screen := s.buf.String()
	s.mu.Unlock()
	if !strings.Contains(screen, "\x1b[7m") {
		t.Errorf("no reverse video on the screen with NO_COLOR:\n%q", screen)
	}
	for _, colour := range []string{"\x1b[32m", "\x1b[92m", "\x1b[31m", "\x1b[91m", "\x1b[38;5;", "\x1b[38;2;", ";32m", ";92m", ";31m", ";91m"} {
		if strings.Contains(screen, colour) {
			t.Errorf("colour code %q on the screen with NO_COLOR", colour)
		}
	}
}

// TestRealTableScreen: in a real terminal the panel shows a declarer his
// contract, trumps, last trick and tricks won in mid-deal, and the sochi
// call row shows every call up to the highest.
func TestRealTableScreen(t *testing.T) {
	t.Parallel() // a process of its own in a terminal of its own
	_, s, send := startInTerminal(t, "play", "--seed", "23", "--seat", "Anton", "--ascii")
	at := s.waitFor(t, 0, "enter choose")
	for i := 0; i < 14; i++ { // the advised choice: Anton bids, takes the talon, plays
		send("?")
		time.Sleep(40 * time.Millisecond)
		send("\r")
		time.Sleep(80 * time.Millisecond)
	}
	for _, want := range []string{"Contract: Anton plays spades, trumps spades", "Defence: Brigitte plays", "Last trick (", "Tricks won: Anton "} {
		s.waitFor(t, at, want)
	}
	send("q")
	s.waitFor(t, at, "Press q again")
	send("q")

	_, s, send = startInTerminal(t, "play", "--ruleset", "sochi", "--seed", "2", "--seat", "Anton", "--ascii")
	for _, want := range []string{"Your call:", "6-spades", "8-spades", "9-no-trump", "10-no-trump"} {
		s.waitFor(t, 0, want)
	}
	send("q")
	send("q")
}

// TestSimulateProgressInATerminal: at a terminal pref simulate draws its
// progress bar as the blocks of sessions come in, many times a run, and
// ends at the whole count.
func TestSimulateProgressInATerminal(t *testing.T) {
	t.Parallel()
	progressDraws(t, 60000, "results per deal", "simulate", "--ruleset", "austrian-1829", "--deals", "60000", "--workers", "2")
}

// progressDraws runs pref with args in a terminal to its end (the
// progress bar full and then text last on the screen) and requires the bar
// for deals deals drawn ten times at least.
func progressDraws(t *testing.T, deals int, last string, args ...string) {
	t.Helper()
	cmd, s, _ := startInTerminal(t, args...)
	total := fmt.Sprintf("/%d deals", deals)
	s.waitFor(t, 0, fmt.Sprint(deals)+total)
	s.waitFor(t, 0, last)
	_ = cmd.Wait()
	s.mu.Lock()
	draws := bytes.Count(s.buf.Bytes(), []byte(total))
	s.mu.Unlock()
	if draws < 10 {
		t.Errorf("the progress bar was drawn %d times", draws)
	}
}

// TestMatchProgressInATerminal: pref match draws its progress bar as deals
// end (a match of strong players runs for minutes), none when piped.
func TestMatchProgressInATerminal(t *testing.T) {
	t.Parallel()
	progressDraws(t, 30, "strong-cards - simple", "match", "--ruleset", "austrian-1829", "--players", "strong-cards,simple", "--deals", "30", "--workers", "2")
	var out bytes.Buffer
	if code := run([]string{"match", "--ruleset", "austrian-1829", "--players", "simple", "--deals", "5"}, &out, &out); code != exitOK || strings.Contains(out.String(), "deals\r") || strings.Contains(out.String(), "/5 deals") {
		t.Errorf("piped: exit %d, a progress bar in:\n%s", code, out.String())
	}
}
