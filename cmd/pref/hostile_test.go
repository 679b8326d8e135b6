package main

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/preference-rules/pref/rulesets"
)

// callLimit is how long one command may take here. Every call below
// finishes in well under a second; the limit only has to tell a slow
// machine from a hang, an endless read or a runaway allocation.
const callLimit = 10 * time.Second

// call runs pref with args in-process, with empty standard input, under
// callLimit. A call that does not return in time fails the test and is
// left behind (its goroutine cannot be stopped): the test goes on, so one
// hang does not hide the others.
func call(t *testing.T, args ...string) (code int, stdout, stderr string, ok bool) {
	t.Helper()
	return callIn(t, "", args...)
}

// callIn is call with stdin as the standard input.
func callIn(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string, ok bool) {
	t.Helper()
	type result struct {
		code     int
		out, err string
	}
	done := make(chan result, 1)
	go func() {
		var out, errOut bytes.Buffer
		code := runIn(args, strings.NewReader(stdin), &out, &errOut)
		done <- result{code, out.String(), errOut.String()}
	}()
	select {
	case r := <-done:
		return r.code, r.out, r.err, true
	case <-time.After(callLimit):
		t.Errorf("pref %s: still running after %v (a hang)", show(args), callLimit)
		return 0, "", "", false
	}
}

// expect runs pref with args and requires exit status want; exit 3 (a bug)
// is reported as such whatever was wanted.
func expect(t *testing.T, want int, args ...string) (stdout, stderr string) {
	t.Helper()
	code, stdout, stderr, ok := call(t, args...)
	if !ok {
		return "", ""
	}
	switch {
	case code == exitInternal:
		t.Errorf("pref %s: internal error (exit 3), want %d:\n%s", show(args), want, clip(stderr))
	case code != want:
		t.Errorf("pref %s: exit %d, want %d:\n%s", show(args), code, want, clip(stderr))
	}
	return stdout, stderr
}

// show writes a command line short enough to read in a failure.
func show(args []string) string {
	var parts []string
	for _, a := range args {
		parts = append(parts, fmt.Sprintf("%q", clipN(a, 80)))
	}
	return strings.Join(parts, " ")
}

func clip(s string) string { return clipN(s, 600) }

func clipN(s string, n int) string {
	if len(s) > n {
		return s[:n] + fmt.Sprintf("...(%d bytes)", len(s))
	}
	return s
}

// hostile is a ruleset file pref must refuse, and why.
type hostile struct{ path, why string }

// hostileFiles writes the hostile rulesets into dir: each is built from an
// embedded ruleset with one thing made hostile, so that what is refused is
// that thing and not some accident of a file written by hand.
func hostileFiles(t *testing.T, dir string) (unreadable map[string]string, invalid map[string]hostile) {
	t.Helper()
	src, ok := rulesets.Source("austrian-1829")
	if !ok {
		t.Fatal("no embedded austrian-1829")
	}
	base := string(src)
	edit := func(old, new string) string {
		t.Helper()
		if !strings.Contains(base, old) {
			t.Fatalf("austrian-1829 no longer contains %q: update the hostile test", old)
		}
		return strings.Replace(base, old, new, 1)
	}
	write := func(name, text string) string {
		t.Helper()
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	fifo := filepath.Join(dir, "fifo.yaml")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	sub := filepath.Join(dir, "directory.yaml")
	if err := os.Mkdir(sub, 0o700); err != nil {
		t.Fatal(err)
	}
	garbage := make([]byte, 64<<10)
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range garbage {
		garbage[i] = byte(rng.Uint32())
	}
	var options strings.Builder
	options.WriteString("options:\n")
	for i := range 400 {
		fmt.Fprintf(&options, "  opt-%d:\n    default: false\n    description: option %d\n    sets: {play.head: must}\n", i, i)
	}
	// Files pref must refuse to read at all: too large, or not files.
	unreadable = map[string]string{
		"3 MB ruleset": write("big.yaml", base+"# "+strings.Repeat("padding ", 3<<20/8)+"\n"),
		"/dev/zero":    "/dev/zero",
		"a FIFO":       fifo,
		"a directory":  sub,
	}
	// Files pref reads and must find invalid, quickly, each for the
	// reason given (so that the test keeps testing the limit it names).
	invalid = map[string]hostile{
		"binary garbage":        {write("garbage.yaml", string(garbage)), "YAML"},
		"10,000 nested lists":   {write("nested.yaml", "name: x\nnotes: "+strings.Repeat("[", 10000)+strings.Repeat("]", 10000)+"\n"), ""},
		"500,000 parentheses":   {write("parens.yaml", edit("  stake: game * factor ", "  stake: "+strings.Repeat("(", 500000)+"game"+strings.Repeat(")", 500000)+" ")), "longer than 2000"},
		"reduce doubling":       {write("reduce.yaml", edit("define:\n", "define:\n  doubling: 'reduce(1..40, #acc + #acc, \"ab\")'\n")), "not part of a ruleset's expressions"},
		"400 options with sets": {write("options.yaml", edit("options:\n", options.String())), "more than 64"},
		"per_trick near 2^62":   {write("pertrick.yaml", edit("values: {game: 30, per_trick: 3}", "values: {game: 30, per_trick: 6148914691236517206}")), "per_trick: 6148914691236517206 is beyond"},
		"ante of MaxInt64":      {write("ante.yaml", edit("ante: {each: 240,", "ante: {each: 9223372036854775807,")), "ante.each: 9223372036854775807 is beyond"},
	}
	return unreadable, invalid
}

// TestHostileInput runs every command on hostile files and garbage
// arguments under a time limit: each must end with its documented exit
// status, never exit 3 (a bug), never hang, never run out of memory.
func TestHostileInput(t *testing.T) {
	dir := t.TempDir()
	unreadable, invalid := hostileFiles(t, dir)
	// A case names a ruleset beside it by its own name: one outside its
	// folder is refused unread (rulesets.OpenFrom).
	caseFor := func(name, ruleset string) string {
		if filepath.Dir(ruleset) == dir {
			ruleset = filepath.Base(ruleset)
		}
		p := filepath.Join(dir, "case-"+strings.NewReplacer(" ", "-", "/", "-", ",", "").Replace(name)+".yml")
		text := fmt.Sprintf("ruleset: %s\nseats: [Anton, Brigitte, Charlotte]\ncontract: {declarer: Anton, bid: diamonds}\ntricks: {Anton: 6, Brigitte: 2, Charlotte: 2}\nexpect:\n  net: {Anton: \"18\"}\n", ruleset)
		if err := os.WriteFile(p, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	// Commands that use a ruleset without verifying it: any ruleset that
	// cannot be used is bad input.
	uses := func(f string) [][]string {
		return [][]string{
			{"rules", f, "--plain"},
			{"tutorial", f, "--plain", "--skip-lessons"},
			{"settle", "--ruleset", f, "--declarer", "Anton", "--bid", "diamonds", "--tricks", "6,2,2"},
			{"play", "--ruleset", f},
		}
	}
	for name, f := range unreadable {
		t.Run(name, func(t *testing.T) {
			expect(t, exitUsage, "validate", f)
			expect(t, exitUsage, "validate", "austrian-1829", f)
			expect(t, exitUsage, "verify", f)
			expect(t, exitUsage, "explain", f)
			for _, args := range uses(f) {
				expect(t, exitUsage, args...)
			}
			// Named by a case, the file makes that case fail; one
			// outside the case's folder is refused, bad input.
			if filepath.Dir(f) == dir {
				expect(t, exitFailed, "verify", caseFor(name, f))
			} else {
				expect(t, exitUsage, "verify", caseFor(name, f))
			}
		})
	}
	for name, h := range invalid {
		f := h.path
		t.Run(name, func(t *testing.T) {
			if _, stderr := expect(t, exitFailed, "validate", f); !strings.Contains(stderr, h.why) {
				t.Errorf("validate %s: %s; want the reason %q", name, clip(stderr), h.why)
			}
			expect(t, exitFailed, "verify", f) // not a case either
			for _, args := range uses(f) {
				expect(t, exitUsage, args...)
			}
			expect(t, exitFailed, "verify", caseFor(name, f))
		})
	}
	// A directory holding a FIFO named like a case is refused, not read.
	expect(t, exitUsage, "verify", dir)

	t.Run("command lines", func(t *testing.T) {
		for _, tc := range []struct {
			want int
			args string
		}{
			// 2^62 a trick: the figure overflows; the ruling fails and no
			// figure is printed.
			{exitFailed, "settle --ruleset sochi --passed --all-pass-run 62 --option geometric-progression=true,all-pass-steps=0 --tricks 5,3,2"},
			// Trick counts whose sum wraps around to 10.
			{exitUsage, "settle --declarer Anton --bid diamonds --tricks 6148914691236517214,6148914691236517206,6148914691236517206"},
			{exitUsage, "settle --declarer Anton --bid diamonds --tricks 9223372036854775807,9223372036854775807,12"},
			{exitUsage, "settle --ruleset austrian-1829-pot-tenth --declarer Anton --bid hearts --tricks 6,2,2 --pot 9223372036854775807"},
			// Finer than a millionth: printed back it would be rounded.
			{exitUsage, "settle --pot 9.300000001 --declarer Anton --bid diamonds --tricks 6,2,2"},
			{exitUsage, "settle --pot=-9223372036854775808/1 --declarer Anton --bid diamonds --tricks 6,2,2"},
			{exitUsage, "settle --pot=-9223372036854775807/1 --declarer Anton --bid diamonds --tricks 6,2,2"},
			{exitUsage, "settle --pot 1/0 --declarer Anton --bid diamonds --tricks 6,2,2"},
			{exitUsage, "settle --pot 1/3000000 --declarer Anton --bid diamonds --tricks 6,2,2"},
			{exitUsage, "settle --ruleset sochi --passed --all-pass-run -1 --tricks 5,3,2"},
			{exitUsage, "settle --ruleset sochi --passed --all-pass-run 9223372036854775807 --tricks 5,3,2"},
			{exitUsage, "settle --ruleset sochi --option pool-target=9223372036854775807 --declarer Anton --bid 6-spades --tricks 7,2,1"},
			{exitUsage, "settle --ruleset west-balkans --option refa-rounds=-9223372036854775807 --passed"},
			{exitUsage, "settle --seats Anton,,Charlotte --declarer Anton --bid diamonds --tricks 6,2,2"},
			{exitUsage, "settle --seats pot,Brigitte,Charlotte --declarer Brigitte --bid diamonds --tricks 2,6,2"},
			{exitUsage, "settle --declarer Anton --bid diamonds --tricks Anton=6,Anton=2,Charlotte=2"},
			{exitUsage, "settle --declarer Anton --bid diamonds --tricks -6,8,8"},
			// The same seat twice: the later count must not silently win.
			{exitUsage, "settle --declarer Anton --bid diamonds --tricks Anton=6,Brigitte=2,Charlotte=2,Anton=6"},
			{exitUsage, "settle --declarer Anton --bid diamonds --tricks 6,Anton=2,2"},
			{exitUsage, "settle --declarer Anton --bid diamonds --drop Brigitte --half Brigitte --tricks Anton=7,Charlotte=3"},
			{exitUsage, "settle --declarer Anton --bid diamonds --tricks 6,2,2 --event nosuch"},
			{exitUsage, "analyse --ruleset sochi --contract all-pass --declarer Anton --lead Anton --hand Anton=7S"},
			{exitUsage, "analyse --ruleset sochi --contract misere --declarer Anton --lead Anton --hand Anton=7S"},
			{exitUsage, "analyse --ruleset sochi --contract all-pass --declarer Anton --lead Anton --hand Anton=7S --hand Brigitte=8S,9S --hand Charlotte=10S"},
			{exitUsage, "analyse --ruleset sochi --contract all-pass --declarer Anton --lead Anton --hand Anton=7S --hand Brigitte=8S --hand Charlotte=9S --talon 7S,7S"},
			{exitUsage, "analyse --ruleset sochi --contract 6-spades --declarer Anton --lead Anton --hand Anton=7S --hand Brigitte=8S --talon 9S"},
			{exitUsage, "analyse --ruleset sochi --contract misere --declarer Anton --lead Anton --hand Anton=7S,8S,9S,10S,JS,QS,KS,AS,7C,8C,9C --hand Brigitte=7H"},
			{exitUsage, "analyse --ruleset austrian-1829 --contract all-pass --declarer Anton --lead Anton --hand Anton=7S"},
			{exitUsage, "analyse /dev/zero"},
			{exitUsage, "analyse --ruleset sochi --contract misere --declarer Anton --lead Charlotte --hand Anton=7S,8S --hand Brigitte=KS,AS --hand Charlotte=JS --trick JS"},
			{exitUsage, "analyse --ruleset sochi --contract misere --declarer Anton --lead Charlotte --hand Anton=7S,8S --hand Brigitte=KS,AS --hand Charlotte=JS --trick QS,QS"},
			{exitUsage, "analyse --ruleset sochi --contract misere --declarer Anton --lead Charlotte --hand Anton=7S --hand Brigitte=KS --trick QS,8S,AS"},
			{exitOK, "analyse --ruleset sochi --contract all-pass --declarer Anton --lead Anton --hand Anton=7S --hand Brigitte=8S --hand Charlotte=9S --talon 10S,JS"},
			{exitUsage, "play --players Anton,Anton,Anton"},
			{exitUsage, "play --players Anton,,Charlotte"},
			{exitUsage, "play --players ,,"},
			{exitUsage, "play --players A,B,C,D,E,F,G"},
			{exitUsage, "play --deals -1"},
			{exitUsage, "play --deals 2147483647"},
			{exitUsage, "play --ruleset sochi --to-pool 2147483647"},
			{exitUsage, "play --ruleset sochi --to-pool -1"},
			{exitUsage, "play --seed 18446744073709551616"},
			{exitUsage, "play --ruleset sochi --option pool-target=1000000000001"},
			{exitUsage, "rules --width 2147483647"},
			{exitUsage, "rules --width -1"},
			{exitUsage, "rules --width 0"},
			{exitUsage, "tutorial --seed -1"},
			{exitOK, "play --seed 18446744073709551615"},
			{exitOK, "tutorial --plain --skip-lessons --seed 18446744073709551615"},
			{exitOK, "rules --width 20 --plain"},
			{exitOK, "rules --width 1000 --plain"},
		} {
			stdout, _ := expect(t, tc.want, strings.Fields(tc.args)...)
			// A failed ruling prints no figure: only a settlement
			// computed whole may be shown.
			if tc.want == exitFailed && stdout != "" {
				t.Errorf("pref %s: exit 1 but printed\n%s", tc.args, clip(stdout))
			}
		}
	})

	// A player or pupil answering with garbage, or with one endless line,
	// is asked again or replaced by the computer player: the session ends.
	t.Run("garbage answers", func(t *testing.T) {
		for _, stdin := range []string{"\xff\xfe\x00\n?\n\n", strings.Repeat("y", 1<<20), strings.Repeat("?\n", 2000), strings.Repeat("nonsense\n", 5000)} {
			for _, args := range [][]string{
				{"play", "--seat", "Anton", "--plain"},
				{"play", "--seat", "Anton", "--plain", "--ruleset", "sochi"},
				{"tutorial", "--interactive", "--skip-lessons"},
			} {
				code, _, stderr, ok := callIn(t, stdin, args...)
				if ok && code != exitOK {
					t.Errorf("pref %s with %d bytes of garbage input: exit %d\n%s", show(args), len(stdin), code, clip(stderr))
				}
			}
		}
	})

	t.Run("garbage arguments", func(t *testing.T) {
		long := strings.Repeat("x", 1<<20)
		garbage := []string{"", "-", "--", "---", "\x00", "\xff\xfe", "--=", "-=-", "--tricks", "--ruleset=", "=", long, "--" + long, "%s%n", "../../../../../../dev/zero", "/dev/zero", dir}
		commands := []string{"rulesets", "rules", "tutorial", "validate", "verify", "explain", "settle", "play", "schema", "completion"}
		for _, c := range commands {
			for _, g := range garbage {
				code, _, stderr, ok := call(t, c, g)
				if !ok {
					continue
				}
				if code == exitInternal {
					t.Errorf("pref %s: internal error (exit 3):\n%s", show([]string{c, g}), clip(stderr))
					continue
				}
				// Every garbage argument is bad usage, except where the
				// argument is ignored ("--" ends the flags and a command
				// taking no arguments sees none) or names a file that
				// validate or verify reads and finds wrong.
				if code != exitUsage && !acceptable(c, g, code) {
					t.Errorf("pref %s: exit %d, want %d:\n%s", show([]string{c, g}), code, exitUsage, clip(stderr))
				}
			}
		}
	})
}

// acceptable lists the garbage arguments that are not bad usage, with the
// status each must then have.
func acceptable(command, arg string, code int) bool {
	switch {
	case arg == "--" && command != "validate" && command != "verify" && command != "explain" && command != "completion":
		// "--" only ends the flags: the command runs with no arguments.
		return code == exitOK
	}
	return false
}
