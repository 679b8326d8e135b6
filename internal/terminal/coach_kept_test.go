package terminal

import (
	"path/filepath"
	"testing"
)

// The tutorial's place and the practice ladder are kept by one rule
// (keptPath): a name that is not a plain file name keeps nothing, for
// both (seen failing on the original code, whose tutorial place took
// ".." and ended in the directory above); and a place kept is read back.
func TestKeptPlacesOneRule(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	for _, name := range []string{"", ".", "..", "../x", `a\b`} {
		if p := progressPath(name); p != "" {
			t.Errorf("the tutorial's place of %q is kept at %s", name, p)
		}
		if p := ladderPath(name); p != "" {
			t.Errorf("the practice ladder of %q is kept at %s", name, p)
		}
	}
	if filepath.Dir(progressPath("sochi")) == filepath.Dir(ladderPath("sochi")) {
		t.Errorf("the tutorial's place and the ladder share a folder: %s", progressPath("sochi"))
	}
	SaveProgress("sochi", 7)
	if n := LoadProgress("sochi"); n != 7 {
		t.Errorf("kept lesson 7, read back %d", n)
	}
	SaveProgress("..", 3)
	if n := LoadProgress(".."); n != 0 {
		t.Errorf("a place kept for \"..\": %d", n)
	}
}
