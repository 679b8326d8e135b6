package app

import (
	"fmt"
	"io"

	"github.com/preference-rules/pref/internal/rulings"
	"github.com/preference-rules/pref/internal/termtext"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/tutorial"
)

// RulesRequest is pref rules: a ruleset's rulebook (or its glossary),
// generated from the ruleset with Options in force, as markdown or text
// wrapped at Width; with Detail, the authors' form (every condition and
// amount as the ruleset writes it, beside its words). It lives here, not
// in internal/rulings, because the lessons tell settlements in the
// rulings' sentences: tutorial sits above rulings.
type RulesRequest struct {
	Ruleset                          string
	Options                          []string // name=value
	Markdown, Glossary, Plain, ASCII bool
	Detail                           bool
	Width                            int
}

// The widths pref rules wraps at.
const MinWidth, MaxWidth = 20, 1000

// Run writes the glossary, or the rulebook's markdown, to w; the rulebook
// rendered is the front end's to show (rendered: a pager at a terminal).
func (q *RulesRequest) Run(w io.Writer, rendered func(r *ruleset.Ruleset) error) error {
	if q.Width < MinWidth || q.Width > MaxWidth {
		// The renderer allocates per column: a huge width runs
		// out of memory, a tiny one cannot wrap a word.
		return &rulings.Refused{Err: fmt.Errorf("--width %d: want %d to %d", q.Width, MinWidth, MaxWidth)}
	}
	r, _, err := rulings.OpenWithOptions(q.Ruleset, q.Options)
	if err != nil {
		return err
	}
	if q.Glossary {
		return q.printGlossary(w, r)
	}
	if !q.Markdown {
		return rendered(r)
	}
	md, err := tutorial.RulebookFor(r, q.ASCII, q.Detail)
	if err != nil {
		return &rulings.Failure{Err: fmt.Errorf("rulebook: %v", err)}
	}
	_, err = fmt.Fprint(w, termtext.Escape(md)) // ruleset text, shown, never obeyed
	return err
}

// printGlossary prints r's glossary: the markdown itself, or rendered.
func (q *RulesRequest) printGlossary(w io.Writer, r *ruleset.Ruleset) error {
	md, err := tutorial.GlossaryMarkdown(r, q.ASCII)
	if err != nil {
		return &rulings.Failure{Err: fmt.Errorf("glossary: %v", err)}
	}
	if !q.Markdown {
		if md, err = tutorial.Render(md, q.Plain, q.Width); err != nil {
			return &rulings.Failure{Err: fmt.Errorf("glossary: %v", err)}
		}
	}
	_, err = fmt.Fprint(w, termtext.Escape(md)) // ruleset text, shown, never obeyed
	return err
}
