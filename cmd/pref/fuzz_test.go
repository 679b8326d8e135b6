package main

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

// fuzzCommands are the commands FuzzCLIArgs runs: those that finish
// quickly whatever their arguments (play and tutorial deal and play, and
// may read standard input).
var fuzzCommands = []string{"settle", "validate", "verify", "rules", "rulesets", "schema", "analyse"}

// FuzzCLIArgs runs pref with an argument vector built from the input: a
// command chosen by cmd, then the lines of args. Whatever the arguments,
// pref ends within the time limit with a documented status and never with
// exit 3 (a bug) or a panic.
func FuzzCLIArgs(f *testing.F) {
	seeds := []struct {
		cmd  string
		args string
	}{
		{"settle", "--declarer\nAnton\n--bid\ndiamonds\n--tricks\n6,2,2"},
		{"settle", "--ruleset\nsochi\n--declarer\nAnton\n--bid\n6-spades\n--tricks\n7,2,1"},
		{"settle", "--ruleset\nleningrad\n--passed\n--all-pass-run\n1\n--seats\nA,B,C,D\n--tricks\nA=4,B=3,C=2,talon=1"},
		{"settle", "--ruleset\nsochi\n--passed\n--all-pass-run\n62\n--option\ngeometric-progression=true,all-pass-steps=0\n--tricks\n5,3,2"},
		{"settle", "--declarer\nAnton\n--bid\ndiamonds\n--tricks\n6148914691236517214,6148914691236517206,6148914691236517206"},
		{"settle", "--declarer\nAnton\n--bid\ndiamonds\n--tricks\n9223372036854775807,9223372036854775807,12"},
		{"settle", "--ruleset\naustrian-1829-pot-tenth\n--declarer\nAnton\n--bid\nhearts\n--tricks\n6,2,2\n--pot\n9223372036854775807"},
		{"settle", "--pot\n9.300000001\n--declarer\nAnton\n--bid\ndiamonds\n--tricks\n6,2,2"},
		{"settle", "--pot=-9223372036854775808/1\n--declarer\nAnton\n--bid\ndiamonds\n--tricks\n6,2,2"},
		{"settle", "--ruleset\naustrian-1829-pot-tenth\n--declarer\nAnton\n--bid\nhearts\n--tricks\n6,2,2\n--pot\n999999999999.999999"},
		{"settle", "--ruleset\nwest-balkans\n--declarer\nAna\n--seats\nAna,Boris,Ciril\n--bid\nspades\n--drop\nBoris\n--tricks\nAna=6,Ciril=4"},
		{"settle", "--ruleset\naustrian-modern\n--option\ninvitation=true,must-head=true\n--declarer\nAnton\n--bid\nspades\n--tricks\n6,2,2"},
		{"validate", "austrian-1829\nsochi\nwest-balkans"},
		{"validate", "nosuch.yaml"},
		{"validate", "/dev/zero"},
		{"verify", "/dev/zero"},
		{"verify", "nowhere"},
		{"rules", "austrian-1829\n--width\n2147483647"},
		{"rules", "sochi\n--markdown\n--ascii"},
		{"rules", "west-balkans\n--option\nrefa=true\n--plain\n--width\n20"},
		{"rulesets", ""},
		{"schema", ""},
		{"settle", "--help"},
		{"analyse", "--ruleset\nsochi\n--contract\nall-pass\n--declarer\nAnton\n--lead\nAnton\n--hand\nAnton=7S 8H\n--hand\nBrigitte=QS 9H\n--hand\nCharlotte=KS 10H\n--talon\nAS\n--cards"},
		{"analyse", "--ruleset\nsochi\n--contract\nmisere\n--declarer\nAnton\n--lead\nCharlotte\n--hand\nAnton=7S 8S\n--hand\nBrigitte=KS AS\n--hand\nCharlotte=JS QS\n--json"},
		{"analyse", "--ruleset\nsochi\n--contract\nmisere\n--declarer\nAnton\n--lead\nCharlotte\n--hand\nAnton=7S 8S\n--hand\nBrigitte=KS AS\n--hand\nCharlotte=JS\n--trick\nQS\n--cards"},
	}
	for _, s := range seeds {
		for i, c := range fuzzCommands {
			if c == s.cmd {
				f.Add(uint8(i), s.args)
			}
		}
	}
	f.Fuzz(func(t *testing.T, cmd uint8, args string) {
		argv := []string{fuzzCommands[int(cmd)%len(fuzzCommands)]}
		if args != "" {
			argv = append(argv, strings.Split(args, "\n")...)
		}
		for _, a := range argv {
			// Paths elsewhere on the machine are for the hostile test:
			// "verify /" would walk the whole file system, which is slow
			// but not wrong.
			if strings.ContainsAny(a, `/\`) && a != "/dev/zero" || strings.Contains(a, "..") {
				t.Skip()
			}
		}
		done := make(chan int, 1)
		var out, errOut bytes.Buffer
		go func() { done <- runIn(argv, strings.NewReader(""), &out, &errOut) }()
		select {
		case code := <-done:
			switch code {
			case exitOK, exitFailed, exitUsage:
			default:
				t.Fatalf("pref %q: exit %d\n%s", argv, code, errOut.String())
			}
		case <-time.After(20 * time.Second):
			t.Fatalf("pref %q: still running after 20s", argv)
		}
	})
}
