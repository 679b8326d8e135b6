package main

import (
	"strings"
	"testing"

	"github.com/preference-rules/pref/rulesets"
)

// TestPlainScanRules: pref rules (the learner's rulebook, not --detail)
// shows no expression, internal name or option name inside a sentence,
// for every embedded ruleset at its defaults and at each option value
// but the default, one at a time; nor does its glossary (--glossary). The options' list names each option
// as --option takes it (and as a table agrees them), so there option
// names are words and only expressions and internal names are looked for.
func TestPlainScanRules(t *testing.T) {
	for _, name := range rulesets.Names() {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			r, err := rulesets.Open(name)
			if err != nil {
				t.Fatal(err)
			}
			scan := newLeakScanner(r)
			found := map[string]bool{}
			for _, setting := range append(optionSettings(r), "--glossary") {
				args := []string{"rules", name, "--markdown"}
				switch {
				case setting == "--glossary": // the terms defined, at the defaults
					args = append(args, setting)
				case setting != "":
					args = append(args, "--option", setting)
				}
				out, code := runText(args...)
				if code != 0 {
					t.Errorf("pref %s: exit %d", strings.Join(args, " "), code)
					continue
				}
				for _, l := range scan.rulebookLeaks(out) {
					if !found[l] {
						found[l] = true
						t.Errorf("pref %s: %s", strings.Join(args, " "), l)
					}
				}
			}
		})
	}
}

// rulebookLeaks are the leaks of a rulebook's markdown: its options'
// list is looked at for expressions and internal names only.
func (s *leakScanner) rulebookLeaks(md string) []string {
	body, options, _ := strings.Cut(md, "\n## Options\n")
	out := s.leaks(body)
	listed := *s
	listed.options, listed.option = nil, nil
	return append(out, listed.leaks(options)...)
}
