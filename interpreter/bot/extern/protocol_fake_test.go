package extern

import (
	"bufio"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/preference-rules/pref/interpreter/bot"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/rulesets"
)

// fakeEnv, set in a child's environment, makes the test binary the fake
// program of the mode its first argument names instead of running tests.
const fakeEnv = "PREF_EXTERN_FAKE"

func TestMain(m *testing.M) {
	if os.Getenv(fakeEnv) == "1" && len(os.Args) > 1 {
		fakeProgram(os.Args[1])
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// fakeProgram speaks the protocol, misbehaving as mode says: at its
// second decision (late, garbage, too-long, bad-id, bad-word, stale, exit),
// or in the handshake (hello-wrong, hello-exit, hello-hang); word answers
// by word, good by id.
func fakeProgram(mode string) {
	if mode == "peek" {
		peekProgram()
		return
	}
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 1<<22)
	out := bufio.NewWriter(os.Stdout)
	say := func(s string) { out.WriteString(s + "\n"); out.Flush() }
	for in.Scan() {
		var m struct {
			Type  string
			N     int
			Legal []Legal
		}
		if err := json.Unmarshal(in.Bytes(), &m); err != nil {
			os.Exit(3)
		}
		switch m.Type {
		case "hello":
			switch mode {
			case "hello-wrong":
				say(`{"protocol":"pref/0","name":"old"}`)
			case "hello-exit":
				os.Exit(1)
			case "hello-hang":
				time.Sleep(time.Hour)
			default:
				say(`{"protocol":"pref/1","name":"fake ` + mode + `"}`)
			}
			continue
		case "decide":
		default:
			continue
		}
		if m.N == 2 {
			switch mode {
			case "late":
				time.Sleep(2 * time.Second)
			case "garbage":
				say("this is not json")
				continue
			case "too-long":
				say(`{"id":0,"pad":"` + strings.Repeat("x", MaxLine) + `"}`)
				continue
			case "bad-id":
				say(`{"id":999}`)
				continue
			case "bad-word":
				say(`{"word":"nonsense"}`)
				continue
			case "stale":
				say(`{"n":1,"id":0}`)
				continue
			case "exit":
				os.Exit(0)
			}
		}
		if mode == "word" {
			w, _ := json.Marshal(m.Legal[len(m.Legal)-1].Word)
			say(fmt.Sprintf(`{"n":%d,"word":%s}`, m.N, w))
			continue
		}
		say(fmt.Sprintf(`{"n":%d,"id":%d}`, m.N, len(m.Legal)-1))
	}
}

// startFake starts the test binary as the fake program of mode.
func startFake(t *testing.T, mode string, limit time.Duration, log func(string, ...any)) (*Program, error) {
	t.Helper()
	t.Setenv(fakeEnv, "1")
	cfg := Config{Command: []string{os.Args[0], mode}, Label: "exec:fake " + mode, TimeLimit: limit, Log: log}
	return Start(cfg, Hello{Ruleset: "sochi", Seats: []string{"A", "B", "C"}}, &bot.Simple{})
}

// playDeals plays deals of sochi with p in seat 0 and simple players in
// the others; every deal must end.
func playDeals(t *testing.T, p *Program, deals int) {
	t.Helper()
	r, err := rulesets.Open("sochi")
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for d := 0; d < deals; d++ {
		g := game.New(r, []game.Player{p, &bot.Simple{}, &bot.Simple{}})
		bot.FastCards(g)
		g.Deal(rng)
		if err := g.Run(); err != nil {
			t.Fatalf("deal %d: %v", d+1, err)
		}
		p.EndDeal(&g.State, 0, nil)
	}
}

// TestFakeProgramRefusals: a program that answers late, with a line that
// is not JSON, one too long, an id or a word not open, an answer to
// another decision, or exits, is refused once, counted under its kind and
// logged, the decision played by the simple player; the deals all end,
// and a late program holds pref no longer than its time limit. Programs
// that answer well by id or by word have nothing refused.
func TestFakeProgramRefusals(t *testing.T) {
	const limit = 400 * time.Millisecond
	cases := []struct {
		mode string
		kind func(*Counts) *int // the one count that must be 1; nil: none
		dies bool
	}{
		{"good", nil, false},
		{"word", nil, false},
		{"late", func(c *Counts) *int { return &c.Late }, true},
		{"garbage", func(c *Counts) *int { return &c.Malformed }, false},
		{"too-long", func(c *Counts) *int { return &c.Malformed }, false},
		{"stale", func(c *Counts) *int { return &c.Malformed }, false},
		{"bad-id", func(c *Counts) *int { return &c.Illegal }, false},
		{"bad-word", func(c *Counts) *int { return &c.Illegal }, false},
		{"exit", func(c *Counts) *int { return &c.Exited }, true},
	}
	for _, tc := range cases {
		t.Run(tc.mode, func(t *testing.T) {
			var logged []string
			p, err := startFake(t, tc.mode, limit, func(f string, a ...any) { logged = append(logged, fmt.Sprintf(f, a...)) })
			if err != nil {
				t.Fatal(err)
			}
			defer p.Close()
			start := time.Now()
			playDeals(t, p, 3)
			if took := time.Since(start); took > 4*limit+2*time.Second {
				t.Errorf("three deals took %v", took)
			}
			got := p.Counts()
			var want Counts
			if tc.kind != nil {
				*tc.kind(&want) = 1
			}
			sub := got.Substituted
			got.Substituted = 0
			if got != want {
				t.Errorf("counts %+v, want %+v", got, want)
			}
			switch {
			case tc.kind == nil && (sub != 0 || len(logged) != 0):
				t.Errorf("%d decisions substituted, logged %q; want none", sub, logged)
			case tc.kind != nil && !tc.dies && sub != 1:
				t.Errorf("%d decisions substituted, want 1", sub)
			case tc.dies && sub < 2: // the refused one, and the rest of the deals
				t.Errorf("%d decisions substituted, want the rest of the deals", sub)
			case tc.kind != nil && (len(logged) != 1 || !strings.Contains(logged[0], "exec:fake "+tc.mode) || !strings.Contains(logged[0], "decision 2")):
				t.Errorf("logged %q, want one line naming the program and decision 2", logged)
			}
			if p.Dead() != tc.dies {
				t.Errorf("stopped: %v, want %v", p.Dead(), tc.dies)
			}
		})
	}
}

// TestFakeProgramHandshake: a program that speaks another version, exits
// or never answers the hello is refused at the start, within the time
// limit, with an error that says why.
func TestFakeProgramHandshake(t *testing.T) {
	defer func(d time.Duration) { handshakeTime = d }(handshakeTime)
	for mode, want := range map[string]string{
		"hello-wrong": `speaks protocol "pref/0"`,
		"hello-exit":  "ended or closed its output",
		"hello-hang":  "no answer in time",
	} {
		// Only the program that never answers is held to a short limit:
		// on a loaded machine the others can take longer than it to start,
		// and would be refused as late, not for what they said.
		handshakeTime = 10 * time.Second
		if mode == "hello-hang" {
			handshakeTime = 300 * time.Millisecond
		}
		start := time.Now()
		_, err := startFake(t, mode, handshakeTime, nil)
		if err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "handshake") {
			t.Errorf("%s: error %v, want one saying %q", mode, err, want)
		}
		if took := time.Since(start); took > 3*time.Second {
			t.Errorf("%s: refused after %v", mode, took)
		}
	}
}

// TestNoProgram: a command that does not exist is an error, not a panic.
func TestNoProgram(t *testing.T) {
	_, err := Start(Config{Command: []string{"/nonexistent/pref-player"}, Label: "exec:/nonexistent/pref-player"}, Hello{}, &bot.Simple{})
	if err == nil || !strings.Contains(err.Error(), "exec:/nonexistent/pref-player") {
		t.Errorf("error %v", err)
	}
}

// TestSplitCommand: quotes and backslashes as a shell reads them, no
// shell run; an unclosed quote or nothing is an error.
func TestSplitCommand(t *testing.T) {
	for in, want := range map[string]string{
		`python3 bot.py`:               `python3|bot.py`,
		`  node  'my bot.js'  --fast `: `node|my bot.js|--fast`,
		`a "b \"c\" d" e\ f`:           `a|b "c" d|e f`,
		`run '$HOME; rm -rf /' "*"`:    `run|$HOME; rm -rf /|*`,
		`x ''`:                         `x|`,
	} {
		got, err := SplitCommand(in)
		if err != nil || strings.Join(got, "|") != want {
			t.Errorf("SplitCommand(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, bad := range []string{"", "   ", `a 'b`, `a "b`} {
		if _, err := SplitCommand(bad); err == nil {
			t.Errorf("SplitCommand(%q): no error", bad)
		}
	}
}
