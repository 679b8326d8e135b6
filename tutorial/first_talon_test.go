package tutorial

import (
	"strings"
	"testing"

	"github.com/preference-rules/pref/rulesets"
)

// TestFirstCourseTalonAsTheFirstGamePlaysIt: where the first game keeps
// only hand bids (american-1909 bids every game from the hand), its talon
// lesson says the talon stays face down and asks nothing about laying
// cards aside; where it keeps talon bids, the declarer picks it up.
func TestFirstCourseTalonAsTheFirstGamePlaysIt(t *testing.T) {
	for name, handOnly := range map[string]bool{"american-1909": true, "austrian-1829": false, "sochi": false} {
		r, err := rulesets.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		pages, err := FirstCoursePages(r, true)
		if err != nil {
			t.Fatal(err)
		}
		var all strings.Builder
		for _, p := range pages {
			all.WriteString(p.Markdown)
			for _, q := range p.Questions {
				all.WriteString("\n" + q.Ask)
			}
		}
		text := all.String()
		if got := strings.Contains(text, "the talon stays face down"); got != handOnly {
			t.Errorf("%s: says the talon stays face down: %v, want %v", name, got, handOnly)
		}
		if got := strings.Contains(text, "picks up the talon"); got == handOnly {
			t.Errorf("%s: says the declarer picks up the talon: %v, want %v", name, got, !handOnly)
		}
	}
}
