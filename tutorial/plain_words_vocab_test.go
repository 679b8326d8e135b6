package tutorial_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/rulesets"
	"github.com/preference-rules/pref/tutorial"
)

// Every term pref rules --glossary lists is defined in a sentence and used
// by the ruleset's lessons; the course points to the glossary; no lesson
// counts "1 tricks"; the contracts the prompt offers are named as the
// lessons' bid table names them.
func TestPlainWordsGlossaryAndLessons(t *testing.T) {
	oneMany := regexp.MustCompile(`\b1 (tricks|cards|players)\b`)
	for _, name := range rulesets.Names() {
		r, err := rulesets.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		terms, err := tutorial.Glossary(r, true)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		course, _ := tutorial.Course(r, true)
		book, _ := tutorial.Rulebook(r, true)
		text := strings.ToLower(course + book)
		if len(terms) < 4 {
			t.Errorf("%s: the glossary lists only %d terms", name, len(terms))
		}
		for _, term := range terms {
			if !strings.HasSuffix(term.Definition, ".") || strings.Count(term.Definition, ". ") > 0 || len(term.Definition) < 30 {
				t.Errorf("%s: %q is not defined in one sentence: %q", name, term.Term, term.Definition)
			}
			if !strings.Contains(text, strings.ToLower(term.Term)) {
				t.Errorf("%s: the glossary lists %q, which no lesson uses", name, term.Term)
			}
		}
		if !strings.Contains(course, "pref rules --glossary") {
			t.Errorf("%s: the course does not point to the glossary", name)
		}
		if m := oneMany.FindString(course + book); m != "" {
			t.Errorf("%s: a lesson says %q", name, m)
		}
		bids, _ := tutorial.Lesson(r, "bids", true)
		for i := range r.Contracts {
			c := &r.Contracts[i]
			if spoken := game.SpokenContract(c); !strings.Contains(spoken, c.Display()) && !strings.Contains(c.Display(), spoken) {
				t.Errorf("%s: the prompt says %q for the contract the lessons call %q", name, spoken, c.Display())
			}
			if !strings.Contains(bids, c.Display()) {
				t.Errorf("%s: the bids lesson does not name %q", name, c.Display())
			}
		}
	}
}
