package tutorial

import (
	"strings"
	"testing"

	"github.com/preference-rules/pref/rulesets"
)

// TestJudgingLessonForEveryRuleset: the course of every embedded ruleset
// teaches how to judge a hand (issue 27), after the auction, with one hand
// of its own deck counted in counting words by the computer players' own
// count (bot.Judge), the count reaching what the bid needs.
func TestJudgingLessonForEveryRuleset(t *testing.T) {
	for _, name := range rulesets.Names() {
		r, _ := rulesets.Open(name)
		md, err := Course(r, true)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		at := strings.Index(md, "\n## Judging a hand\n")
		if at < 0 {
			t.Errorf("%s: no lesson on judging a hand", name)
			continue
		}
		if auction := strings.Index(md, "\n## The auction\n"); auction < 0 || auction > at {
			t.Errorf("%s: the lesson on judging a hand comes before the auction", name)
		}
		lesson := md[at+1:]
		if next := strings.Index(lesson[1:], "\n## "); next >= 0 {
			lesson = lesson[:next+1]
		}
		v := judging(r, true)
		if v.Hand == "" {
			t.Errorf("%s: no hand found to count", name)
			continue
		}
		for _, want := range []string{"*For example*", v.Hand, v.Count, "bids " + v.Called, "sure trick", "are needed"} {
			if !strings.Contains(lesson, want) {
				t.Errorf("%s: the lesson lacks %q:\n%s", name, want, lesson)
			}
		}
	}
}
