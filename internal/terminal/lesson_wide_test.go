package terminal

import (
	"strings"
	"testing"

	"github.com/preference-rules/pref/rulesets"
	"github.com/preference-rules/pref/tutorial"
)

// renderLessonUnwrapped is renderLesson as it was: the wide rendering
// always at the unwrapped width.
func renderLessonUnwrapped(t *testing.T, md string, plain bool, w int) string {
	t.Helper()
	w = max(20, w)
	narrow, err := glamourRender(md, plain, w)
	if err != nil {
		t.Fatal(err)
	}
	wide, err := glamourRender(md, plain, unwrapped)
	if err != nil {
		t.Fatal(err)
	}
	return layLesson(narrow, blocks(narrow), blocks(wide), w)
}

// wideCases are lessons whose paragraphs are wider than paragraphWidth
// guesses (wide characters, images, a word longer than the guess's room)
// or wider than the unwrapped width, and tables, links, quotes, lists and
// code around them.
func wideCases() []string {
	long := strings.Repeat("The declarer leads to the first trick and the others follow suit. ", 20)
	return []string{
		"# The deal\n\n" + long[:300] + "\n\n- " + long[:200] + "\n  - " + long[:250] + "\n\n> " + long[:260] + "\n> > " + long[:120],
		"## 広い\n\n" + strings.Repeat("切り札を持つプレイヤーがトリックを取る。", 15) + "\n\nafter " + long[:90],
		"Images: " + strings.Repeat("![a](b) ", 60) + "\n\nand links: " + strings.Repeat("[x](https://example.org/a/long/path) ", 20),
		long[:150] + " " + strings.Repeat("切", 200) + " end", // a wide word that fits the guess on a line of its own, not after the line before
		"One word: " + strings.Repeat("x", 150) + " then " + long[:100] + " " + strings.Repeat("y-", 60),
		"| Contract | Tricks | Value |\n| --- | --- | --- |\n| six spades | 6 | [2](https://example.org/" + strings.Repeat("p", 120) + ") |\n| misère | 0 | 10 |\n\n" + long[:200],
		"```\n" + long[:400] + "\n```\n\n" + long[:150],
		long + long, // wider than the unwrapped width
		"1. " + long[:130] + "\n2. " + long[:70] + "\n\n**" + long[:180] + "** *" + long[:60] + "* `code`",
	}
}

// TestLessonAsAtTheUnwrappedWidth: a lesson rendered with its wide
// rendering at the width its paragraphs need (or at the unwrapped width
// when they may need more) is byte for byte the lesson rendered with it at
// the unwrapped width, in colour and plain, at 40 and 80 columns: a page
// in three of sochi's course and lessons made to defeat the guess. (Every
// page of every ruleset's course, ASCII or not, plain or in colour, at 60,
// 80 and 120 columns, 2,136 renderings, was compared once: the same.)
func TestLessonAsAtTheUnwrappedWidth(t *testing.T) {
	r, err := rulesets.Open("sochi")
	if err != nil {
		t.Fatal(err)
	}
	course, err := tutorial.CoursePages(r, false)
	if err != nil {
		t.Fatal(err)
	}
	var mds []string
	for i, pg := range course {
		if i%3 == 0 { // a page in three: the unwrapped rendering is the cost cut
			mds = append(mds, pg.Markdown)
		}
	}
	for _, plain := range []bool{false, true} {
		for i, md := range append(wideCases(), mds...) {
			for _, w := range []int{40, 80} {
				if i >= len(wideCases()) && w == 40 {
					continue // the course at 80 columns, as it is rendered
				}
				got, err := renderLesson(md, plain, w)
				if err != nil {
					t.Fatal(err)
				}
				if want := renderLessonUnwrapped(t, md, plain, w); got != want {
					t.Fatalf("plain %v, %d columns, lesson %d:\n%s\nat the unwrapped width:\n%s", plain, w, i, got, want)
				}
			}
		}
	}
}
