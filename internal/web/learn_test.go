package web

import (
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/preference-rules/pref/rulesets"
)

// postAnswer posts a choice as the Learn page's script does and reads the
// verdict.
func postAnswer(t *testing.T, base string, c *http.Client, form url.Values) (int, verdict) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, base+"/learn/answer", strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("X-Pref", "fragment")
	res, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var v verdict
	if res.StatusCode == http.StatusOK {
		if err := json.NewDecoder(res.Body).Decode(&v); err != nil {
			t.Fatal(err)
		}
	}
	return res.StatusCode, v
}

// Every ruleset's course is drawn: every lesson of the first game and of
// the full rules a section (data-lesson), each question a form
// (data-question) with its choices (data-answer), the contents listing
// every lesson, and nothing on the page that tells the right answer.
func TestLearnPageOfEveryRuleset(t *testing.T) {
	ts, _ := testServer(t)
	for _, name := range rulesets.Names() {
		r, err := rulesets.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		pages, err := course(r)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		code, body := get(t, ts.Client(), ts.URL+"/learn?ruleset="+name)
		if code != http.StatusOK {
			t.Fatalf("%s: status %d: %s", name, code, body)
		}
		questions, choices := 0, 0
		for _, p := range pages {
			questions += len(p.Questions)
			for _, q := range p.Questions {
				choices += len(q.Choices)
			}
		}
		for _, c := range []struct {
			what string
			re   string
			want int
		}{
			{"lessons", `<section class="lesson"[^>]* data-lesson="`, len(pages)},
			{"contents entries", `<li data-to="`, len(pages)},
			{"questions", `<form class="question"[^>]* data-question="`, questions},
			{"choices", `data-answer="`, choices},
		} {
			if got := len(regexp.MustCompile(c.re).FindAllString(body, -1)); got != c.want {
				t.Errorf("%s: %d %s drawn, want %d", name, got, c.what, c.want)
			}
		}
		if questions == 0 || !strings.Contains(body, "first game") || !strings.Contains(body, "the full rules") {
			t.Errorf("%s: no questions, or a part of the course missing", name)
		}
		// every choice drawn alike, bar its number and words: nothing marks the right one
		plainChoice := regexp.MustCompile(`^<button type="submit" name="choice" value="(\d+)" data-answer="(\d+)">[^<]*</button>$`)
		for _, b := range regexp.MustCompile(`<button[^>]*data-answer=[^>]*>[^<]*</button>`).FindAllString(body, -1) {
			if m := plainChoice.FindStringSubmatch(b); m == nil || m[1] != m[2] {
				t.Errorf("%s: a choice drawn otherwise than the others: %s", name, b)
			}
		}
		if strings.Contains(body, "data-correct") || strings.Contains(body, "data-verdict") {
			t.Errorf("%s: the page marks a verdict before any answer", name)
		}
	}
}

// Every question of every ruleset has exactly one right choice, and the
// server's verdicts follow the terminal's: a first miss is tried again
// (the answer not told), a second tells the answer, which is the one
// right choice; a right answer is said right. Checked on the course the
// server builds for an answer, and through /learn/answer for the first
// ruleset's every question.
func TestLearnEveryQuestionHasOneRightAnswer(t *testing.T) {
	ts, _ := testServer(t)
	for ni, name := range rulesets.Names() {
		r, err := rulesets.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		pages, err := course(r)
		if err != nil {
			t.Fatal(err)
		}
		for li, p := range pages {
			for qi, q := range p.Questions {
				right := -1
				for ci := range q.Choices {
					v := judge(q, ci, false)
					if v.Right {
						if right >= 0 {
							t.Errorf("%s lesson %d question %d: choices %d and %d both right", name, li, qi, right, ci)
						}
						right = ci
						continue
					}
					if v.Settled || v.Answer != -1 || !strings.Contains(v.Said, "Try once more") {
						t.Errorf("%s lesson %d question %d: a first miss %+v: want another try, the answer untold", name, li, qi, v)
					}
					if again := judge(q, ci, true); !again.Settled || again.Answer != q.Answer || !strings.Contains(again.Said, q.Choices[q.Answer]) {
						t.Errorf("%s lesson %d question %d: a second miss %+v: want the answer told", name, li, qi, again)
					}
				}
				if right < 0 {
					t.Errorf("%s lesson %d question %d (%s): no right choice", name, li, qi, q.Ask)
				}
				if ni > 0 {
					continue
				}
				form := url.Values{"ruleset": {name}, "lesson": {strconv.Itoa(li)}, "question": {strconv.Itoa(qi)}, "choice": {strconv.Itoa(right)}}
				if code, v := postAnswer(t, ts.URL, ts.Client(), form); code != http.StatusOK || !v.Right || !v.Settled || v.Lesson != li {
					t.Errorf("%s lesson %d question %d: the right choice posted: status %d, %+v", name, li, qi, code, v)
				}
				form.Set("choice", strconv.Itoa((right+1)%len(q.Choices)))
				if code, v := postAnswer(t, ts.URL, ts.Client(), form); code != http.StatusOK || v.Right || v.Settled || v.Answer != -1 {
					t.Errorf("%s lesson %d question %d: a wrong choice posted: status %d, %+v", name, li, qi, code, v)
				}
			}
		}
	}
}

// A choice that names no lesson, question or choice, or a ruleset that is
// not one, is refused with a clear error, never a panic.
func TestLearnAnswerBadInput(t *testing.T) {
	ts, _ := testServer(t)
	for _, c := range []struct {
		form url.Values
		want string
	}{
		{url.Values{"ruleset": {"sochi"}, "lesson": {"999"}, "question": {"0"}, "choice": {"0"}}, "lesson"},
		{url.Values{"ruleset": {"sochi"}, "lesson": {"0"}, "question": {"0"}, "choice": {"0"}}, "question"}, // the title page asks nothing
		{url.Values{"ruleset": {"sochi"}, "lesson": {"1"}, "question": {"0"}, "choice": {"-1"}}, "choice"},
		{url.Values{"ruleset": {"sochi"}, "lesson": {"x"}}, "lesson"},
		{url.Values{"ruleset": {"../go.mod"}, "lesson": {"1"}, "question": {"0"}, "choice": {"0"}}, "no ruleset"},
	} {
		res, err := ts.Client().PostForm(ts.URL+"/learn/answer", c.form)
		if err != nil {
			t.Fatal(err)
		}
		b := make([]byte, 4096)
		n, _ := res.Body.Read(b)
		res.Body.Close()
		if res.StatusCode != http.StatusBadRequest || !strings.Contains(string(b[:n]), c.want) {
			t.Errorf("%v: status %d %q, want 400 naming %s", c.form, res.StatusCode, b[:n], c.want)
		}
	}
	if code, body := get(t, ts.Client(), ts.URL+"/learn?ruleset=sochy"); code != http.StatusBadRequest || !strings.Contains(body, "did you mean sochi?") {
		t.Errorf("/learn of a misspelt ruleset: %d %s", code, body)
	}
}

// Without the page's script an answer is a form posted: the verdict comes
// back as a page with a link to the lesson; after a first miss the page
// asks the question again, its answer posted as a second try.
func TestLearnAnswerWithoutScript(t *testing.T) {
	ts, _ := testServer(t)
	miss, err := ts.Client().PostForm(ts.URL+"/learn/answer", url.Values{"ruleset": {"sochi"}, "lesson": {"1"}, "question": {"0"}, "choice": {"0"}})
	if err != nil {
		t.Fatal(err)
	}
	mb, _ := io.ReadAll(miss.Body)
	miss.Body.Close()
	if page := string(mb); !strings.Contains(page, "Try once more") || !strings.Contains(page, `name="miss" value="1"`) || strings.Count(page, "data-answer=") < 2 {
		t.Errorf("a first miss without script: %s", page)
	}
	res, err := ts.Client().PostForm(ts.URL+"/learn/answer", url.Values{"ruleset": {"sochi"}, "lesson": {"1"}, "question": {"0"}, "choice": {"1"}})
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b := make([]byte, 8192)
	n, _ := res.Body.Read(b)
	if page := string(b[:n]); res.StatusCode != http.StatusOK || !strings.Contains(page, "Right.") || !strings.Contains(page, `href="/learn?ruleset=sochi#lesson-1"`) {
		t.Errorf("status %d: %s", res.StatusCode, page)
	}
}

// The learner's place is kept under the ruleset, its options and the
// course's fingerprint: another course (a lesson or question changed)
// does not read answers kept by number for this one.
func TestLearnKeyFollowsTheCourse(t *testing.T) {
	r, err := rulesets.Open("sochi")
	if err != nil {
		t.Fatal(err)
	}
	pages, err := course(r)
	if err != nil {
		t.Fatal(err)
	}
	again, _ := course(r)
	key := learnKey("sochi", nil, pages)
	if key != learnKey("sochi", nil, again) {
		t.Errorf("the same course keyed twice: %s, %s", key, learnKey("sochi", nil, again))
	}
	changed := append([]coursePage(nil), pages...)
	q := changed[1].Questions[0]
	q.Choices = append([]string{"someone else"}, q.Choices...)
	changed[1].Questions = append(changed[1].Questions[:0:0], q)
	for _, other := range []string{learnKey("sochi", nil, changed), learnKey("sochi", nil, pages[:len(pages)-1]), learnKey("sochi", []string{"x=1"}, pages), learnKey("rostov", nil, pages)} {
		if other == key {
			t.Errorf("another course or ruleset keyed as this one: %s", key)
		}
	}
}
