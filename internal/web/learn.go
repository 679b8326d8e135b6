package web

import (
	"encoding/json"
	"fmt"
	"hash/fnv"
	"html/template"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/tutorial"
)

// The Learn pages: the tutorial's course (the first game with fewer rules,
// then the full rules: the lessons and questions pref tutorial pages
// through at the terminal, tutorial.FirstCoursePages and
// tutorial.CoursePages) as one page, a lesson shown at a time by its
// script. The right answers never reach the page: a choice is posted to
// /learn/answer, which builds the same course and checks it there, so
// reading the page's source gives nothing away. The learner's place and
// answers are kept in the browser (localStorage), not on the server.

// learnLesson is a lesson as the page shows it: N its place in the whole
// course (the number a question's answer is posted with).
type learnLesson struct {
	N           int
	Part        string
	Of, Lessons int // its number in its part, and how many the part has
	Title       string
	Body        template.HTML
	Questions   []learnQuestion
	Ready       bool // the page after the first game: a deal to play now
	Last        bool
	Prev, Next  int // the lessons before and after it (-1: none)
	NextTitle   string
}

// learnQuestion is a question without its answer.
type learnQuestion struct {
	N, Number int // from 0 (posted), from 1 (shown)
	Ask       string
	Choices   []string
}

// learnView is the Learn page of a ruleset.
type learnView struct {
	Title, Name string
	Key         string // where the browser keeps the learner's place: the ruleset and its options
	Options     []string
	Lessons     []learnLesson
	Coached     string // the deal to play after the lessons
	Play, Rules string
}

// Parts of the course, as the terminal names them.
const (
	partFirst = "first game"
	partFull  = "the full rules"
)

// coursePage is a lesson of the whole course with its questions (answers
// included: the server's copy).
type coursePage struct {
	tutorial.Page
	Part  string
	Ready bool
}

// course is the whole course of r: the first game, a page saying it is
// enough to play, then the full rules. The same list is built for the page
// and for checking an answer, so a lesson's number names the same lesson.
func course(r *ruleset.Ruleset) ([]coursePage, error) {
	first, err := tutorial.FirstCoursePages(r, false)
	if err != nil {
		return nil, fmt.Errorf("lessons: %v", err)
	}
	full, err := tutorial.CoursePages(r, false)
	if err != nil {
		return nil, fmt.Errorf("lessons: %v", err)
	}
	var out []coursePage
	for _, p := range first {
		out = append(out, coursePage{Page: p, Part: partFirst})
	}
	out = append(out, coursePage{Page: tutorial.Page{Name: "ready", Title: "Ready for a first game",
		Markdown: "## Ready for a first game\n\nThat is enough to play. Play a deal of your own with a coach beside you, or go on to the full rules."},
		Part: partFirst, Ready: true})
	for _, p := range full {
		out = append(out, coursePage{Page: p, Part: partFull})
	}
	return out, nil
}

// learn shows a ruleset's course.
func (s *Server) learn(w http.ResponseWriter, r *http.Request) {
	name, options, rs, err := openRuleset(r.URL.Query())
	if err != nil {
		refuse(w, err)
		return
	}
	pages, err := s.courses.course(name, options, rs)
	if err != nil {
		fail(w, http.StatusInternalServerError, err.Error())
		return
	}
	v := &learnView{Title: "Learn " + rs.Title, Name: name, Options: options, Key: learnKey(name, options, pages),
		Coached: coachedURL(name, options), Play: playURL(name, options, "", "simple"), Rules: rulesURL(name, options)}
	count := map[string]int{}
	for _, p := range pages {
		count[p.Part]++
	}
	of := map[string]int{}
	for i, p := range pages {
		of[p.Part]++
		l := learnLesson{N: i, Part: p.Part, Of: of[p.Part], Lessons: count[p.Part], Title: p.Title, Ready: p.Ready, Last: i == len(pages)-1, Prev: i - 1, Next: -1}
		if !l.Last {
			l.Next, l.NextTitle = i+1, pages[i+1].Title
		}
		if l.Body, _, err = toHTML(p.Markdown); err != nil {
			fail(w, http.StatusInternalServerError, "lesson "+p.Name+": "+err.Error())
			return
		}
		for j, q := range p.Questions {
			l.Questions = append(l.Questions, learnQuestion{N: j, Number: j + 1, Ask: q.Ask, Choices: q.Choices})
		}
		v.Lessons = append(v.Lessons, l)
	}
	render(w, http.StatusOK, "learn.html", v)
}

// learnKey names a learner's progress in the browser's storage: the
// ruleset, its options, and a fingerprint of the course (its lessons and
// questions), so that answers kept by a lesson's and a question's number
// are never read against another course (the ruleset edited, or pref
// changed): that course starts afresh.
func learnKey(name string, options []string, pages []coursePage) string {
	h := fnv.New64a()
	for _, p := range pages {
		fmt.Fprintf(h, "%s\x00%d\x00", p.Title, len(p.Questions))
		for _, q := range p.Questions {
			fmt.Fprintf(h, "%s\x00%s\x00", q.Ask, strings.Join(q.Choices, "\x00"))
		}
	}
	return fmt.Sprintf("pref.learn.%s#%x", strings.Join(append([]string{name}, options...), "&"), h.Sum64())
}

// verdict is the answer to a choice: right or not, the words to show, and
// (once the question is settled by a second miss) the right choice.
type verdict struct {
	Right   bool   `json:"right"`
	Settled bool   `json:"settled"` // no more tries: right, or missed twice
	Said    string `json:"said"`
	Answer  int    `json:"answer"` // the right choice, counted from 0; -1 while not told
	Lesson  int    `json:"lesson"`
	Back    string `json:"-"`
	// Again is the question asked once more after a first miss, for a
	// page without script (its next answer posted with miss=1)
	Again *learnAgain `json:"-"`
}

// learnAgain is a question asked again on the verdict page.
type learnAgain struct {
	Name             string
	Options          []string
	Lesson, Question int
	Ask              string
	Choices          []string
}

// answer checks a choice (lesson, question, choice counted from 0, and
// miss=1 when the question was missed once already): a first miss may be
// tried again; after a second the answer and why are told. The page's
// script asks for JSON; a page without script gets the verdict as a page.
func (s *Server) answer(w http.ResponseWriter, r *http.Request) {
	if err := r.ParseForm(); err != nil {
		refuse(w, &badInput{"the form could not be read: " + err.Error()})
		return
	}
	f := r.PostForm
	name, options, rs, err := openRuleset(f)
	if err != nil {
		refuse(w, err)
		return
	}
	pages, err := s.courses.course(name, options, rs)
	if err != nil {
		fail(w, http.StatusInternalServerError, err.Error())
		return
	}
	li, err := formIndex(f, "lesson", len(pages))
	if err != nil {
		refuse(w, err)
		return
	}
	qs := pages[li].Questions
	qi, err := formIndex(f, "question", len(qs))
	if err != nil {
		refuse(w, err)
		return
	}
	q := qs[qi]
	ci, err := formIndex(f, "choice", len(q.Choices))
	if err != nil {
		refuse(w, err)
		return
	}
	v := judge(q, ci, f.Get("miss") == "1")
	v.Lesson = li
	if r.Header.Get("X-Pref") == "fragment" {
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Cache-Control", "no-store")
		_ = json.NewEncoder(w).Encode(v)
		return
	}
	v.Back = learnURL(name, options) + "#lesson-" + strconv.Itoa(li)
	if !v.Settled {
		v.Again = &learnAgain{Name: name, Options: options, Lesson: li, Question: qi, Ask: q.Ask, Choices: q.Choices}
	}
	render(w, http.StatusOK, "learn-verdict", v)
}

// judge is the word on choice ci (counted from 0) of q, as the terminal
// says it: right; a first miss, to try again; a second, with the answer
// and why.
func judge(q tutorial.Question, ci int, missedOnce bool) verdict {
	switch {
	case q.Check(ci + 1):
		return verdict{Right: true, Settled: true, Said: "Right. " + q.Why, Answer: ci}
	case !missedOnce:
		return verdict{Said: fmt.Sprintf("Not %s. Try once more.", q.Choices[ci]), Answer: -1}
	default:
		return verdict{Settled: true, Said: fmt.Sprintf("Not quite: the answer is %s. %s", q.Choices[q.Answer], q.Why), Answer: q.Answer}
	}
}

// formIndex reads field as a number from 0 to n-1.
func formIndex(f url.Values, field string, n int) (int, error) {
	i, err := strconv.Atoi(f.Get(field))
	if err != nil || i < 0 || i >= n {
		if n == 0 {
			return 0, &badInput{fmt.Sprintf("%s %q: there is none here", field, f.Get(field))}
		}
		return 0, &badInput{fmt.Sprintf("%s %q: a number from 0 to %d", field, f.Get(field), n-1)}
	}
	return i, nil
}

// learnURL is the link to a ruleset's course.
func learnURL(name string, options []string) string {
	q := url.Values{"ruleset": {name}}
	if len(options) > 0 {
		q["option"] = options
	}
	return "/learn?" + q.Encode()
}
