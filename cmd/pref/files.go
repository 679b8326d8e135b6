package main

import (
	"path/filepath"
	"strings"

	"github.com/preference-rules/pref/internal/rulings"
)

// checkTarget refuses, before any work is done, a file a command is to
// write (named by flag on the command line), as bad input
// (rulings.CheckTarget says which).
func checkTarget(flag, path string, force bool) error {
	if err := rulings.CheckTarget(flag, path, force); err != nil {
		return badInput(err)
	}
	return nil
}

// recordedRuleset is how a record written to recordPath names the ruleset
// given on the command line as name: a ruleset's name as it is, a path
// relative to the record's folder, which is where pref verify looks for
// it (rulesets.OpenFrom). ok is false when that path leads out of the
// folder: pref verify refuses such a record, so the player is told (and
// the record names the ruleset as it is from there all the same).
func recordedRuleset(name, recordPath string) (recorded string, ok bool) {
	if !strings.ContainsAny(name, `/\`) && !strings.HasSuffix(name, ".yaml") && !strings.HasSuffix(name, ".yml") {
		return name, true
	}
	absName, err1 := filepath.Abs(name)
	absDir, err2 := filepath.Abs(filepath.Dir(recordPath))
	if err1 != nil || err2 != nil {
		return name, false
	}
	rel, err := filepath.Rel(absDir, absName)
	if err != nil {
		return name, false
	}
	return filepath.ToSlash(rel), filepath.IsLocal(rel)
}
