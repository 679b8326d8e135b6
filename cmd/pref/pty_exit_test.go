package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// negativeRuleset loads and deals, but every payment it settles comes out
// negative: the interpreter refuses the settlement of every deal.
const negativeRuleset = `name: negative
title: Negative payments
description: every payment is negative, on purpose
players: {hands: 3}
cards:
  suits: [{id: C, name: clubs}, {id: S, name: spades}, {id: D, name: diamonds}, {id: H, name: hearts}]
  ranks: ["7", "8", "9", "10", J, Q, K, A]
deal:
  packets:
    - {to: hands, cards: 3}
    - {to: talon, cards: 2}
    - {to: hands, cards: 4}
    - {to: hands, cards: 3}
contracts:
  - {name: diamonds, trumps: D, tricks: 6}
auction:
  ladder: [diamonds]
exchange:
  talon: take
defence:
  choices: [play]
settlement:
  - rule: everybody is paid less than nothing
    when: "true"
    pay:
      - {from: pot, to: players, amount: to.tricks - 100}
play:
  leader: declarer
`

// A session at the full screen that the interpreter stops (here: a
// settlement it refuses) ends with exit 1 once the player leaves, not 0:
// the screen closing normally must not hide the failure.
func TestFullScreenSessionFailureExits1(t *testing.T) {
	t.Parallel() // a process of its own in a terminal of its own
	file := filepath.Join(t.TempDir(), "negative.yaml")
	if err := os.WriteFile(file, []byte(negativeRuleset), 0o600); err != nil {
		t.Fatal(err)
	}
	cmd, s, send := startInTerminal(t, "play", "--seed", "1", "--seat", "Anton", "--ascii", "--ruleset", file)
	s.waitFor(t, 0, "enter choose")
	// Take the computer player's advice at every prompt until the deal
	// is over and its settlement refused.
	for deadline := time.Now().Add(30 * time.Second); ; {
		s.mu.Lock()
		stopped := bytes.Contains(s.buf.Bytes(), []byte("The session stopped"))
		s.mu.Unlock()
		if stopped {
			break
		}
		if time.Now().After(deadline) {
			s.waitFor(t, 0, "The session stopped") // fails, showing the screen
		}
		send("?\r")
		time.Sleep(50 * time.Millisecond)
	}
	send("q")
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		var exit *exec.ExitError
		if !errors.As(err, &exit) || exit.ExitCode() != exitFailed {
			t.Fatalf("pref ended with %v; want exit status %d", err, exitFailed)
		}
	case <-time.After(10 * time.Second):
		_ = cmd.Process.Kill()
		t.Fatal("q did not end the program")
	}
}
