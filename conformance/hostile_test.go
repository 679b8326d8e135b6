package conformance

import (
	"github.com/preference-rules/pref/interpreter/verify"

	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// within runs f and fails the test if it has not returned after d: a case
// file that blocks the runner is as bad as one that crashes it.
func within(t *testing.T, d time.Duration, what string, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() { defer close(done); f() }()
	select {
	case <-done:
	case <-time.After(d):
		t.Fatalf("%s: still running after %v", what, d)
	}
}

// A case that is not a regular file, or is too large, is refused at once
// with the reason, never read until the end of /dev/zero or a writer.
func TestRunFileRefusesSpecialAndHugeFiles(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo.yaml")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	big := filepath.Join(dir, "big.yaml")
	if err := os.WriteFile(big, []byte("# "+strings.Repeat("x", 3<<20)+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]string{
		"/dev/zero": "not a regular file",
		fifo:        "not a regular file",
		dir:         "not a regular file",
		big:         "larger than",
	} {
		within(t, 5*time.Second, path, func() {
			_, err := verify.RunFile(path)
			if err == nil || !strings.Contains(err.Error(), want) {
				t.Errorf("RunFile(%s) = %v, want an error containing %q", path, err, want)
			}
		})
	}
}

// Files refuses an argument, or a .yaml file found in a directory, that is
// a named pipe or a device: the runner would block on it.
func TestFilesRefusesSpecialFiles(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe.yaml")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{fifo}, {"/dev/null"}, {dir}} {
		within(t, 5*time.Second, strings.Join(args, " "), func() {
			files, err := verify.Files(args)
			if err == nil || !strings.Contains(err.Error(), "not a regular file") {
				t.Errorf("Files(%v) = %v, %v; want a not-a-regular-file error", args, files, err)
			}
		})
	}
	// A directory of ordinary cases, with other special files not named
	// .yaml, is walked as before.
	ok := t.TempDir()
	if err := os.WriteFile(filepath.Join(ok, "a.yaml"), []byte("ruleset: austrian-1829\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(ok, "notes"), 0o600); err != nil {
		t.Fatal(err)
	}
	files, err := verify.Files([]string{ok})
	if err != nil || len(files) != 1 {
		t.Fatalf("Files(%s) = %v, %v; want the one case", ok, files, err)
	}
}

// Values that no check downstream validates are refused by the case
// runner, naming the field: a case with such a value must not pass, nor
// print a figure computed from nonsense.
func TestCaseValuesOutOfRange(t *testing.T) {
	const outcome = `ruleset: austrian-1829
seats: [Anton, Brigitte, Charlotte]
contract: {declarer: Anton, bid: diamonds}
tricks: {Anton: 6, Brigitte: 2, Charlotte: 2}
expect:
  net: {Anton: "18"}
`
	const passed = `ruleset: sochi
seats: [Anton, Brigitte, Charlotte]
contract: {passed: true}
tricks: {Anton: 3, Brigitte: 3, Charlotte: 4}
expect:
  sheet: {Anton: {mountain: 3}}
`
	const refa = `ruleset: west-balkans
seats: [Ana, Boris, Ciril]
options: {refa: true}
contract: {passed: true}
expect:
  marks: {Ana: 1, Boris: 1, Ciril: 1}
`
	const sheet = `ruleset: sochi
seats: [Anton, Brigitte, Charlotte]
expect: {closed: false}
sheet:
  Anton: {pool: 12}
  Brigitte: {pool: 10}
`
	position := func(p string) string {
		return "ruleset: american-1909\nseats: [Alice, Bob, Carol]\nposition: " + p + "\nexpect: {legal: [QH]}\n"
	}
	for _, tc := range []struct{ name, text, want string }{
		{"negative all_pass_run", passed + "all_pass_run: -1\n", "all_pass_run: -1"},
		{"absurd all_pass_run", passed + "all_pass_run: 4611686018427387904\n", "all_pass_run: 4611686018427387904"},
		{"negative marks_given", refa + "marks_given: -3\n", "marks_given: -3"},
		{"negative marks", refa + "marks: {Boris: -2}\n", "marks: Boris holds -2"},
		{"pot beyond the limit", outcome + "pot: 1000000000001\n", "pot: amount 1000000000001: beyond"},
		{"pot finer than a millionth", outcome + "pot: 9.300000001\n", "pot: amount 9.300000001: finer than a millionth"},
		{"pot as a huge fraction", outcome + "pot: -9223372036854775807/1\n", "pot: amount -9223372036854775807: beyond"},
		{"tricks that wrap", strings.Replace(outcome, "{Anton: 6, Brigitte: 2, Charlotte: 2}", "{Anton: 6148914691236517214, Brigitte: 6148914691236517206, Charlotte: 6148914691236517206}", 1), "tricks: Anton took 6148914691236517214; a deal has 10"},
		{"negative run", strings.Replace(outcome, "bid: diamonds}", "bid: diamonds, run: -4}", 1), "contract: run: -4"},
		{"empty seat name", strings.Replace(outcome, "[Anton, Brigitte, Charlotte]", `[Anton, "", Charlotte]`, 1), "seats: seat 2 has no name"},
		{"sheet beyond the limit", sheet + "  Charlotte: {pool: 10000000000000}\n", "sheet: Charlotte pool: amount 10000000000000: beyond"},
		{"sheet finer than a millionth", sheet + "  Charlotte: {pool: \"0.0000001\"}\n", "sheet: Charlotte pool: amount 0.0000001: finer than a millionth"},
		{"card twice in the hand", position("{contract: hearts, hand: [QH, QH, 7D], trick: [10S]}"), "position: hand: QH twice"},
		{"card twice in the trick", position("{contract: hearts, hand: [QH], trick: [10S, 10S]}"), "position: trick: 10S twice"},
		{"card in hand and trick", position("{contract: hearts, hand: [QH, 10S], trick: [10S]}"), "position: 10S both in the hand and in the trick"},
		{"trick as large as the table", position("{contract: hearts, hand: [QH], trick: [10S, JS, QS]}"), "position: trick: 3 cards"},
		{"hand larger than a hand", position("{contract: hearts, hand: [QH, KH, AH, 7S, 8S, 9S, 10S, JS, QS, KS, AS], trick: []}"), "position: hand: 11 cards"},
		{"card not in the pack", position("{contract: hearts, hand: [QH, 6H], trick: [10S]}"), `position: hand: card "6H": unknown rank "6"`},
		{"card twice with seats", position("{contract: hearts, declarer: Alice, player: Carol, hand: [QH, QH], trick: [10S]}"), "position: hand: QH twice"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := verify.RunBytes(filepath.Join(t.TempDir(), "case.yaml"), []byte(tc.text))
			got := strings.Join(res.Problems, "\n")
			if err != nil {
				got = err.Error()
			}
			if res.Passed() && err == nil {
				t.Fatalf("passed; want it refused with %q", tc.want)
			}
			if !strings.Contains(got, tc.want) {
				t.Fatalf("refused with %q; want %q", got, tc.want)
			}
		})
	}
	// The controls pass as written: the refusals above come from the
	// values changed, not from a broken case.
	for _, text := range []string{outcome, refa, position("{contract: hearts, hand: [QH], trick: [10S]}")} {
		res, err := verify.RunBytes("control.yaml", []byte(text))
		if err != nil || !res.Passed() {
			t.Errorf("control case failed: %v %v\n%s", err, res.Problems, text)
		}
	}
}

// An integer option beyond the input limits is refused before the ruleset
// is compiled with it.
func TestCaseOptionOutOfRange(t *testing.T) {
	text := `ruleset: sochi
seats: [Anton, Brigitte, Charlotte]
options: {pool-target: 9223372036854775807}
contract: {declarer: Anton, bid: 6-spades}
tricks: {Anton: 7, Brigitte: 2, Charlotte: 1}
expect:
  sheet: {Anton: {pool: 2}}
`
	_, err := verify.RunBytes("case.yaml", []byte(text))
	if err == nil || !strings.Contains(err.Error(), `option "pool-target": 9223372036854775807 is beyond`) {
		t.Fatalf("got %v; want the option refused", err)
	}
}

// A figure on a sheet is read as written, not through a float: a case
// stating 9.0000000000000001 must not pass on 9, nor a sheet figure finer
// than a millionth be rounded into range.
func TestSheetFiguresAreExact(t *testing.T) {
	const made = `ruleset: sochi
seats: [Anton, Brigitte, Charlotte]
contract: {passed: true}
all_pass_run: 4
tricks: {Anton: 3, Brigitte: 3, Charlotte: 4}
expect:
  sheet: {Anton: {mountain: MOUNTAIN}, Brigitte: {mountain: 9}, Charlotte: {mountain: 12}}
`
	res, err := verify.RunBytes("case.yaml", []byte(strings.Replace(made, "MOUNTAIN", "9", 1)))
	if err != nil || !res.Passed() {
		t.Fatalf("the control case fails: %v %v", err, res.Problems)
	}
	res, err = verify.RunBytes("case.yaml", []byte(strings.Replace(made, "MOUNTAIN", "9.0000000000000001", 1)))
	if err != nil || res.Passed() {
		t.Fatalf("a sheet expectation of 9.0000000000000001 passed on 9 (%v)", err)
	}
	const closing = `ruleset: sochi
seats: [Anton, Brigitte, Charlotte]
sheet:
  Anton: {pool: 12}
  Brigitte: {pool: 10.0000000000000001}
  Charlotte: {pool: 8, whists: {Anton: 0.30000000000000001}}
expect:
  closed: false
`
	res, err = verify.RunBytes("case.yaml", []byte(closing))
	if err != nil || res.Passed() || !strings.Contains(strings.Join(res.Problems, " "), "finer than a millionth") {
		t.Fatalf("sheet figures finer than a millionth were accepted: %v %v", err, res.Problems)
	}
}
