package tutorial

import (
	"regexp"
	"strings"
	"testing"

	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/rulesets"
)

// A learner's lessons are sentences: no expression of the ruleset, no
// internal variable name and no option name reaches them (issue 26). The
// options lesson lists the options by name, as a table agrees them, and is
// scanned for expressions only.

// leaks are what an expression or an internal name looks like in a text.
var leaks = []struct {
	what string
	re   *regexp.Regexp
}{
	{"code quoted as written", regexp.MustCompile("`")},
	{"an operator", regexp.MustCompile(`==|!=|<=|>=|&&|\|\||\s\?\s`)},
	{"an internal name with an underscore", regexp.MustCompile(`\b[a-z]+_[a-z_]+\b`)},
	{"a party's field", regexp.MustCompile(`\b(to|from|declarer|defender|party)\.[a-z]`)},
	{"an option named inside a sentence", regexp.MustCompile(`\bthe option\b`)},
	{"the renderer's party words", regexp.MustCompile(`\bthe receiver\b|\bthe payer\b`)},
	{"an expression the renderer could not read", regexp.MustCompile(`\(an expression\)|precisely:`)},
	{"an undefined value", regexp.MustCompile(`holds \(see the values below\)`)},
}

// leaksIn lists the leaks of text: each with the line it is on.
func leaksIn(r *ruleset.Ruleset, text string) []string {
	var found []string
	body, options, _ := strings.Cut(text, "\n## Options\n")
	for _, l := range leaks {
		for _, part := range []string{body, options} {
			if m := l.re.FindStringIndex(part); m != nil {
				found = append(found, l.what+": "+lineAt(part, m[0]))
			}
		}
	}
	for _, o := range r.Options {
		if !strings.ContainsAny(o.Name, "-_") { // a plain word ("totus") is a word of the game too
			continue
		}
		if i := strings.Index(body, o.Name); i >= 0 {
			found = append(found, "option "+o.Name+" inside a sentence: "+lineAt(body, i))
		}
	}
	return found
}

// lineAt is the line of text around byte i, shortened.
func lineAt(text string, i int) string {
	start := strings.LastIndex(text[:i], "\n") + 1
	end := strings.Index(text[i:], "\n")
	if end < 0 {
		end = len(text) - i
	}
	line := text[start : i+end]
	if len(line) > 200 {
		from := max(0, i-start-100)
		line = "…" + line[from:min(len(line), from+200)] + "…"
	}
	return line
}

// TestLessonsLeakNoExpressions: every ruleset's course, every lesson page
// of it and of the first game with its questions, has no expression,
// internal name or option name in a sentence;
// nor have its score-sheet and settlement lessons with any yes-or-no or
// choice option played the other way.
func TestLessonsLeakNoExpressions(t *testing.T) {
	for _, name := range rulesets.Names() {
		r, err := rulesets.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		md, err := Course(r, false)
		if err != nil {
			t.Fatal(err)
		}
		for _, leak := range leaksIn(r, md) {
			t.Errorf("%s: the course shows %s", name, leak)
		}
		for _, course := range []func(*ruleset.Ruleset, bool) ([]Page, error){CoursePages, FirstCoursePages} {
			pages, err := course(r, false)
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range pages {
				text := p.Markdown
				for _, q := range p.Questions {
					text += "\n" + q.Ask + "\n" + strings.Join(q.Choices, "\n") + "\n" + q.Why
				}
				if p.Name == "options" {
					text = "\n## Options\n" + text // listed by name
				}
				for _, leak := range leaksIn(r, text) {
					t.Errorf("%s: the page %q or its questions show %s", name, p.Title, leak)
				}
			}
		}
		for _, o := range r.Options {
			for _, alt := range otherValues(&o) {
				r2, err := r.With(map[string]any{o.Name: alt})
				if err != nil {
					continue // an option value the ruleset refuses is another test's
				}
				v := newView(r2, false, false) // one view for both lessons: settling its examples is the cost
				for _, lesson := range []string{"sheet", "settlement"} {
					var b strings.Builder
					if err := templates().ExecuteTemplate(&b, lesson+".md.tmpl", v); err != nil {
						t.Fatal(err)
					}
					for _, leak := range leaksIn(r2, b.String()) {
						t.Errorf("%s with %s=%v: the %s lesson shows %s", name, o.Name, alt, lesson, leak)
					}
				}
			}
		}
	}
}
