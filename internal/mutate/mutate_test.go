package main

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"testing"
)

// TestEverySnippetOccursOnce: each mutation's snippets still occur exactly
// once in the source, and the mutant still parses as Go, so a change to the
// code that moves a snippet fails here, in every go test, not silently when
// the mutations are next run.
func TestEverySnippetOccursOnce(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, m := range mutations {
		if seen[m.Name] || m.Name == "" || m.What == "" || len(m.Edits) == 0 {
			t.Errorf("mutation %q: a name given twice, or no name, description or edit", m.Name)
		}
		seen[m.Name] = true
		files, err := mutate(root, m)
		if err != nil {
			t.Errorf("mutation %s: %v", m.Name, err)
			continue
		}
		for rel, src := range files {
			if _, err := parser.ParseFile(token.NewFileSet(), rel, src, 0); err != nil {
				t.Errorf("mutation %s: the mutant of %s does not parse: %v", m.Name, rel, err)
			}
		}
	}
}

// TestMutateRefusesAMovedSnippet: a snippet that is not in the file, or is
// in it twice, is an error, never a mutant equal to the original.
func TestMutateRefusesAMovedSnippet(t *testing.T) {
	root, _ := filepath.Abs("../..")
	for _, original := range []string{"this text is in no file of pref", "\n"} {
		m := mutation{Name: "moved", Edits: []edit{{File: settleGo, Original: original, Mutant: "x"}}}
		if _, err := mutate(root, m); err == nil {
			t.Errorf("snippet %q: no error", original)
		}
	}
}
