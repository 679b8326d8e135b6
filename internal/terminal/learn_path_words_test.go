package terminal

import (
	"strings"
	"testing"
	"unicode"

	"github.com/charmbracelet/x/ansi"
	"github.com/preference-rules/pref/internal/app"
	"github.com/preference-rules/pref/rulesets"
)

// pathWordLimit is the most a newcomer reads on the way to a coached
// hand of his own (issue 27): at a reading pace of 200 words a minute,
// under five minutes, with the questions answered and the table read.
const pathWordLimit = 900

// words counts the words of text as a reader meets them: runs of
// characters holding a letter or a digit (a table's rules and a list's
// bullets are not read).
func words(text string) int {
	n := 0
	for _, f := range strings.Fields(ansi.Strip(text)) {
		if strings.IndexFunc(f, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) >= 0 {
			n++
		}
	}
	return n
}

// pathWords is what a newcomer to ruleset name reads from pref tutorial
// to the first decision of the coached deal: the first game's lessons at
// 80 columns, each question with its choices and the word on a right
// answer, then the coached deal's first screen, all of
// it (the table, the coach's word and the keys). The footers of the
// lessons (where he is, the keys) are not counted: they repeat.
func pathWords(t *testing.T, name string) (lessons, questions, coached int) {
	t.Helper()
	r, err := rulesets.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	pages, err := FirstCoursePages(r, false, true)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range pages {
		lessons += words(p.Text)
		for _, q := range p.Questions {
			questions += words(q.Ask+" "+strings.Join(q.Choices, " ")) + words("Right.")
		}
	}
	scr, _ := coachedScreen(t, name, app.Lessons[0], 80, 24)
	if scr.req == nil {
		t.Fatalf("%s: the coached deal's first screen asks nothing of the learner", name)
	}
	coached = words(scr.View())
	return lessons, questions, coached
}

// TestNewcomersPathWords: from pref tutorial austrian-1829 to a decision
// of one's own at the coached deal, at most pathWordLimit words of
// reading (issue 27: it was about 2,800). The count is the README's.
func TestNewcomersPathWords(t *testing.T) {
	lessons, questions, coached := pathWords(t, "austrian-1829")
	total := lessons + questions + coached
	t.Logf("austrian-1829: %d words to the first decision: %d of lessons, %d of questions, %d of the coached deal's first screen", total, lessons, questions, coached)
	if total > pathWordLimit {
		t.Errorf("austrian-1829: %d words before the learner's first decision, want at most %d (%d lessons, %d questions, %d coached screen)", total, pathWordLimit, lessons, questions, coached)
	}
}
