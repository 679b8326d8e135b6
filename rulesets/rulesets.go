package rulesets

import (
	"embed"
	"fmt"
	"io/fs"
	"os"
	"sort"
	"strings"
	"sync"

	"github.com/preference-rules/pref/interpreter/ruleset"
)

//go:embed *.yaml
var files embed.FS

var compiled sync.Map // name -> *ruleset.Ruleset

// Names lists the embedded rulesets, sorted.
func Names() []string {
	entries, _ := fs.ReadDir(files, ".")
	var names []string
	for _, e := range entries {
		if name, ok := strings.CutSuffix(e.Name(), ".yaml"); ok {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	return names
}

// Source is the text of an embedded ruleset.
func Source(name string) ([]byte, bool) {
	data, err := files.ReadFile(name + ".yaml")
	return data, err == nil
}

// Open loads an embedded ruleset by name, or a ruleset file by path (any
// argument containing a path separator or ending in .yaml/.yml).
func Open(nameOrPath string) (*ruleset.Ruleset, error) {
	if data, ok := Source(nameOrPath); ok && !strings.ContainsAny(nameOrPath, `/\`) {
		// Embedded rulesets never change and a compiled ruleset is never
		// modified (With returns a copy): compile each once per process.
		if r, ok := compiled.Load(nameOrPath); ok {
			return r.(*ruleset.Ruleset), nil
		}
		r, err := ruleset.Load("rulesets/"+nameOrPath+".yaml", data)
		if err == nil {
			compiled.Store(nameOrPath, r)
		}
		return r, err
	}
	if strings.ContainsAny(nameOrPath, `/\`) || strings.HasSuffix(nameOrPath, ".yaml") || strings.HasSuffix(nameOrPath, ".yml") {
		return ruleset.LoadFile(nameOrPath)
	}
	if _, err := os.Stat(nameOrPath); err == nil {
		return ruleset.LoadFile(nameOrPath)
	}
	return nil, fmt.Errorf("no ruleset %q: the embedded ones are %s; a house variant is given as a path to its .yaml file", nameOrPath, strings.Join(Names(), ", "))
}
