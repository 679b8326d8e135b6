package game_test

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestGameImportsNothingAbove keeps the game below settlement and the
// packages built on it: the rules of a deal's outcome it asks live in
// package deal, and a game that imported settle (or bot, solve, table,
// record, simulate, lint) would have a second home for them.
func TestGameImportsNothingAbove(t *testing.T) {
	above := []string{"settle", "bot", "solve", "table", "record", "simulate", "lint"}
	names, err := filepath.Glob("*.go")
	if err != nil || len(names) == 0 {
		t.Fatalf("no Go files here: %v", err)
	}
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range f.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			for _, pkg := range above {
				if path == "github.com/preference-rules/pref/interpreter/"+pkg || strings.HasPrefix(path, "github.com/preference-rules/pref/interpreter/"+pkg+"/") {
					t.Errorf("%s imports %s: the game sits below it (the rules of a deal live in package deal)", name, path)
				}
			}
		}
	}
}
