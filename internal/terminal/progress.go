package terminal

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/preference-rules/pref/internal/app"
	"github.com/preference-rules/pref/internal/safeio"
)

// The lesson a learner reached is kept per ruleset in the user's
// configuration directory ($XDG_CONFIG_HOME/pref/tutorial/NAME), so that
// pref tutorial resumes there. Losing it costs only the place: errors are
// ignored.
func progressPath(name string) string {
	dir, err := os.UserConfigDir()
	if err != nil || name == "" || strings.ContainsAny(name, `/\`) {
		return ""
	}
	return filepath.Join(dir, "pref", "tutorial", name)
}

// LoadProgress is the lesson reached in the tutorial of ruleset name; 0
// when none is kept.
func LoadProgress(name string) int {
	path := progressPath(name)
	if path == "" {
		return 0
	}
	data, err := safeio.ReadFile(path, 64)
	if err != nil {
		return 0
	}
	n, err := strconv.Atoi(strings.TrimSpace(string(data)))
	if err != nil || n < 0 {
		return 0
	}
	return n
}

// SaveProgress keeps lesson as the one reached in ruleset name's tutorial.
func SaveProgress(name string, lesson int) {
	path := progressPath(name)
	if path == "" || os.MkdirAll(filepath.Dir(path), 0o755) != nil {
		return
	}
	_ = safeio.WriteFile(path, []byte(strconv.Itoa(lesson)+"\n"), 0o644, true)
}

// PracticeLadder is the practice ladder of a ruleset (app.Ladder), kept
// in the user's configuration directory ($XDG_CONFIG_HOME/pref/practice/
// NAME) after each deal that moves it, so that practice resumes on the
// rung reached.
type PracticeLadder struct {
	app.Ladder
	name string
}

// ladderPath is where the ladder of ruleset name is kept; "" when it
// cannot be (no configuration directory, a name that is not a plain
// file name).
func ladderPath(name string) string {
	dir, err := os.UserConfigDir()
	if err != nil || name == "" || name == "." || name == ".." || strings.ContainsAny(name, `/\`) {
		return ""
	}
	return filepath.Join(dir, "pref", "practice", name)
}

// LoadLadder is the ladder reached in ruleset name's practice; nil when
// the learner chose the computer players himself (use false).
func LoadLadder(name string, use bool) *PracticeLadder {
	if !use {
		return nil
	}
	l := &PracticeLadder{name: name}
	if path := ladderPath(name); path != "" {
		if data, err := safeio.ReadFile(path, 64); err == nil {
			l.Ladder = app.ParseLadder(string(data))
		}
	}
	return l
}

// Save keeps the ladder, written whole (a temporary file renamed into
// place: never half a file, never anything but a regular file replaced).
// Losing it costs only the rung: errors are ignored.
func (l *PracticeLadder) Save() {
	path := ladderPath(l.name)
	if path == "" || os.MkdirAll(filepath.Dir(path), 0o755) != nil {
		return
	}
	_ = safeio.WriteFile(path, []byte(l.Ladder.String()), 0o644, true)
}
