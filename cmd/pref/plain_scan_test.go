package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/rulesets"
)

// The "done when" of issue 26: no output a player reads by default shows
// an expression, an internal variable name or an option name inside a
// sentence, for every ruleset and every option value. The arithmetic,
// the JSON and the authors' detail (--arithmetic, --json, --detail) are
// the places for those and are not scanned.

// leakScanner finds engine words in lines a player reads.
type leakScanner struct {
	operators  *regexp.Regexp // an expression's operators
	member     *regexp.Regexp // a party's field: to.credited
	identifier *regexp.Regexp // a name written as code: trick_value
	names      map[string]bool
	options    []string       // option names a sentence must not contain
	option     *regexp.Regexp // any of them as a word of its own (compiled once: the scans read thousands of lines)
}

// newLeakScanner knows r's names: its defines, the interpreter's
// variables, its options and the contracts' value names.
func newLeakScanner(r *ruleset.Ruleset) *leakScanner {
	s := &leakScanner{
		operators:  regexp.MustCompile(` \* |[^=]==[^=]|!=|&&|\|\||[a-z_)] \? |>=|<=`),
		identifier: regexp.MustCompile(`\b[a-z]+(?:_[a-z0-9]+)+\b`),
		names:      map[string]bool{},
	}
	var parties []string
	for _, v := range ruleset.Variables {
		s.names[v.Name] = true
		if v.Kind == ruleset.KindParty {
			parties = append(parties, v.Name)
		}
	}
	parties = append(parties, "to", "from")
	s.member = regexp.MustCompile(`\b(?:` + strings.Join(parties, "|") + `)\.[a-z_]+\b`)
	for _, d := range r.Defines {
		s.names[d.Name] = true
	}
	for _, n := range r.ValueNames {
		s.names[n] = true
	}
	var quoted []string
	for _, o := range r.Options {
		s.names[o.Ident] = true
		if strings.Contains(o.Name, "-") {
			s.options = append(s.options, o.Name) // a word with no hyphen may be plain English (refa)
			quoted = append(quoted, regexp.QuoteMeta(o.Name))
		}
	}
	if len(quoted) > 0 {
		s.option = regexp.MustCompile(`(?:^|[^-a-z])(` + strings.Join(quoted, "|") + `)(?:$|[^-a-z])`)
	}
	return s
}

// leaks are the lines of text that show engine words, each with what.
func (s *leakScanner) leaks(text string) []string {
	var out []string
	for _, line := range strings.Split(text, "\n") {
		if what := s.leak(line); what != "" {
			out = append(out, fmt.Sprintf("%s: %q", what, strings.TrimSpace(line)))
		}
	}
	return out
}

// leak says what engine word a line shows, "" for none. Each pattern is
// tried only on a line holding a character every match of it holds (most
// lines hold none: the patterns were most of the scans' time).
func (s *leakScanner) leak(line string) string {
	if strings.ContainsAny(line, "*=!&|?<>") {
		if m := s.operators.FindString(line); m != "" {
			return "operator " + strings.TrimSpace(m)
		}
	}
	if strings.Contains(line, ".") {
		if m := s.member.FindString(line); m != "" && !strings.Contains(line, "/") {
			return "a party's field " + m
		}
	}
	if strings.Contains(line, "_") {
		for _, m := range s.identifier.FindAllString(line, -1) {
			if s.names[m] {
				return "internal name " + m
			}
		}
	}
	if s.option != nil && strings.Contains(line, "-") { // every option it knows has a hyphen
		if m := s.option.FindStringSubmatch(line); m != nil {
			return "option name " + m[1]
		}
	}
	return ""
}

// optionSettings are r's options one at a time at each value but the
// default, and none (every default).
func optionSettings(r *ruleset.Ruleset) []string {
	out := []string{""}
	for _, o := range r.Options {
		switch d := o.Default.(type) {
		case bool:
			out = append(out, fmt.Sprintf("%s=%v", o.Name, !d))
		case string:
			for _, v := range o.Values {
				if v != d {
					out = append(out, o.Name+"="+v)
				}
			}
		}
	}
	return out
}

// TestPlainScanEveryRuleset: for every embedded ruleset and every option
// value, the deals pref play deals (non-interactive, seeded), pref
// explain of their record, pref explain of every conformance file of the
// ruleset show no expression, internal name or option name in what a
// player reads. pref rules is TestPlainScanRules's.
func TestPlainScanEveryRuleset(t *testing.T) {
	if testing.Short() {
		t.Skip("plays every ruleset at every option value")
	}
	for _, name := range rulesets.Names() {
		t.Run(name, func(t *testing.T) {
			r, err := rulesets.Open(name)
			if err != nil {
				t.Fatal(err)
			}
			scan := newLeakScanner(r)
			found := map[string]bool{}
			report := func(where, text string) {
				for _, l := range scan.leaks(text) {
					if !found[l] {
						found[l] = true
						t.Errorf("%s: %s", where, l)
					}
				}
			}
			dir := t.TempDir()
			for i, setting := range optionSettings(r) {
				rec := filepath.Join(dir, fmt.Sprintf("deals-%d.yaml", i))
				deals := "1" // each option's own deal; three at the defaults
				if setting == "" {
					deals = "3"
				}
				args := []string{"play", "--ruleset", name, "--seed", fmt.Sprint(i + 1), "--deals", deals, "--record", rec}
				if setting != "" {
					args = append(args, "--option", setting)
				}
				out, _ := runText(args...)
				report("pref "+strings.Join(args[:len(args)-2], " "), out)
				if _, err := os.Stat(rec); err == nil {
					out, _ = runText("explain", rec)
					report("pref explain of the deals of --option "+setting, out)
				}
			}
			files, _ := filepath.Glob(filepath.Join("..", "..", "conformance", name, "*.yaml"))
			for _, f := range files {
				out, _ := runText("explain", f)
				report("pref explain "+filepath.Base(f), out)
			}
		})
	}
}

// runText runs pref and gives its standard output and exit code.
func runText(args ...string) (string, int) {
	var out, errOut bytes.Buffer
	code := run(args, &out, &errOut)
	return out.String(), code
}

// TestLeakScannerFinds: the scanner finds what the issue quoted, and
// passes the sentences it asked for.
func TestLeakScannerFinds(t *testing.T) {
	r, err := rulesets.Open("sochi")
	if err != nil {
		t.Fatal(err)
	}
	s := newLeakScanner(r)
	for _, bad := range []string{
		`Anton -> pot 40 (stake = game * factor = 40 * 1: rule "declarer failed")`,
		`Charlotte whists Anton +16 (to.credited * whist = 2 * 8)`,
		"the receiver's tricks short of his own share if the option personal-whist-quota is on",
		"all_pass_rate 2: the all-pass rate",
	} {
		if s.leak(bad) == "" {
			t.Errorf("no leak found in %q", bad)
		}
	}
	for _, good := range []string{
		"Anton needed 6 tricks in diamonds and took 5, so the game failed by 1 trick.",
		"Anton pays 30 into the pot (the game's value), Brigitte 9 for 3 tricks at 3 and Charlotte 6 for 2 tricks at 3.",
		"the base value 8 = the bid's number, 3, plus 1 for a hand game, doubled for the declarer's refa",
		"Anton: -60 this deal; -236 in the session.",
	} {
		if what := s.leak(good); what != "" {
			t.Errorf("%s found in the plain sentence %q", what, good)
		}
	}
	if !slices.Contains(s.options, "personal-whist-quota") {
		t.Errorf("the scanner does not know sochi's options: %v", s.options)
	}
}
