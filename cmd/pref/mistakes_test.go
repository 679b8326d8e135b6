package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMistakes validates each file of testdata/mistakes, a house variant
// with one kind of mistake (several.yaml has three), and compares what
// pref says with the .golden beside it: the position, the line with a
// caret, what was expected, the nearest valid name. Read a golden before
// accepting it (-update writes them).
func TestMistakes(t *testing.T) {
	dir := filepath.Join("testdata", "mistakes")
	files, _ := filepath.Glob(filepath.Join(dir, "*.yaml"))
	if len(files) < 15 {
		t.Fatalf("%d mistakes: want at least 15", len(files))
	}
	t.Chdir(dir)
	for _, f := range files {
		name := filepath.Base(f)
		if name == "cycle-b.yaml" {
			continue // the other half of cycle-a.yaml
		}
		t.Run(strings.TrimSuffix(name, ".yaml"), func(t *testing.T) {
			var out bytes.Buffer
			if code := run([]string{"validate", name}, &out, &out); code != exitFailed {
				t.Errorf("exit %d, want %d:\n%s", code, exitFailed, out.String())
			}
			golden := strings.TrimSuffix(name, ".yaml") + ".golden"
			if updating() {
				if err := os.WriteFile(golden, out.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (-update writes it; read it before committing)", err)
			}
			if out.String() != string(want) {
				t.Errorf("pref validate %s:\n--- got\n%s--- want\n%s", name, out.String(), want)
			}
		})
	}
}
