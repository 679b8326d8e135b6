package terminal

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/preference-rules/pref/internal/app"
	"github.com/preference-rules/pref/internal/safeio"
)

// What a learner reached is kept per ruleset in the user's configuration
// directory: the lesson of the tutorial ($XDG_CONFIG_HOME/pref/tutorial/
// NAME), so that pref tutorial resumes there, and the rung of the
// practice ladder (.../pref/practice/NAME). Losing either costs only the
// place: errors are ignored.

// keptPath is where what is kept of kind ("tutorial", "practice") for
// ruleset name lives; "" when it cannot be (no configuration directory,
// a name that is not a plain file name).
func keptPath(kind, name string) string {
	dir, err := os.UserConfigDir()
	if err != nil || name == "" || name == "." || name == ".." || strings.ContainsAny(name, `/\`) {
		return ""
	}
	return filepath.Join(dir, "pref", kind, name)
}

// readKept is the short file kept at path; false when there is none.
func readKept(path string) (string, bool) {
	if path == "" {
		return "", false
	}
	data, err := safeio.ReadFile(path, 64)
	return string(data), err == nil
}

// writeKept keeps text at path, written whole (a temporary file renamed
// into place: never half a file, never anything but a regular file
// replaced); errors are ignored.
func writeKept(path, text string) {
	if path == "" || os.MkdirAll(filepath.Dir(path), 0o755) != nil {
		return
	}
	_ = safeio.WriteFile(path, []byte(text), 0o644, true)
}

func progressPath(name string) string { return keptPath("tutorial", name) }

// LoadProgress is the lesson reached in the tutorial of ruleset name; 0
// when none is kept.
func LoadProgress(name string) int {
	data, ok := readKept(progressPath(name))
	if !ok {
		return 0
	}
	n, err := strconv.Atoi(strings.TrimSpace(data))
	if err != nil || n < 0 {
		return 0
	}
	return n
}

// SaveProgress keeps lesson as the one reached in ruleset name's tutorial.
func SaveProgress(name string, lesson int) {
	writeKept(progressPath(name), strconv.Itoa(lesson)+"\n")
}

// PracticeLadder is the practice ladder of a ruleset (app.Ladder), kept
// in the user's configuration directory ($XDG_CONFIG_HOME/pref/practice/
// NAME) after each deal that moves it, so that practice resumes on the
// rung reached.
type PracticeLadder struct {
	app.Ladder
	name string
}

// ladderPath is where the ladder of ruleset name is kept (keptPath).
func ladderPath(name string) string { return keptPath("practice", name) }

// LoadLadder is the ladder reached in ruleset name's practice; nil when
// the learner chose the computer players himself (use false).
func LoadLadder(name string, use bool) *PracticeLadder {
	if !use {
		return nil
	}
	l := &PracticeLadder{name: name}
	if data, ok := readKept(ladderPath(name)); ok {
		l.Ladder = app.ParseLadder(data)
	}
	return l
}

// Save keeps the ladder, written whole (writeKept).
func (l *PracticeLadder) Save() { writeKept(ladderPath(l.name), l.Ladder.String()) }
