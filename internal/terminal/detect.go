package terminal

import (
	"fmt"
	"io"
	"os"

	"github.com/preference-rules/pref/internal/app"
	"github.com/preference-rules/pref/internal/termtext"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/tutorial"
	"golang.org/x/term"
)

// IsTerminal reports whether w is a terminal (not a pipe or a file).
func IsTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// IsTerminalReader reports whether r is a terminal: keys can be read.
func IsTerminalReader(r io.Reader) bool {
	f, ok := r.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// Plain decides plain text: asked for, letters for suits, not a terminal,
// or NO_COLOR (which glamour v1 ignores, so pref decides).
func Plain(out io.Writer, plain, ascii bool) bool {
	return plain || ascii || !IsTerminal(out) || os.Getenv("NO_COLOR") != ""
}

// RenderedRulebook is the rulebook of r rendered for the reader: in
// sentences with worked examples, or (detail, for authors) with every
// condition and amount as written beside its words.
func RenderedRulebook(r *ruleset.Ruleset, ascii, plain bool, width int, detail bool) (string, error) {
	if detail {
		return rendered(tutorial.Rulebook, r, ascii, plain, width)
	}
	return rendered(tutorial.Book, r, ascii, plain, width)
}

// RenderedCourse is the tutorial's lessons: the rules in words, for a
// learner, after what tricks, suits and trumps are.
func RenderedCourse(r *ruleset.Ruleset, ascii, plain bool, width int) (string, error) {
	return rendered(tutorial.Course, r, ascii, plain, width)
}

// rendered is doc of r rendered; a document that cannot be made is a
// ruling that failed (exit 1), not bad input.
func rendered(doc func(*ruleset.Ruleset, bool) (string, error), r *ruleset.Ruleset, ascii, plain bool, width int) (string, error) {
	md, err := doc(r, ascii)
	if err != nil {
		return "", &app.Failed{Err: fmt.Errorf("rulebook: %v", err)}
	}
	// The ruleset's own text (titles, descriptions, sources) is escaped
	// before the renderer adds its colours: shown, never obeyed.
	md = termtext.Escape(md)
	text, err := tutorial.Render(md, plain, width)
	if err != nil {
		return "", &app.Failed{Err: fmt.Errorf("rendering: %v", err)}
	}
	return text, nil
}
