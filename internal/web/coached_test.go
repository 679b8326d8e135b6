package web

import (
	"io"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/preference-rules/pref/rulesets"
)

var (
	legalChoice = regexp.MustCompile(`name="c" value="(\d+)"[^>]*data-legal="true"`)
	tableID     = regexp.MustCompile(`data-table="([0-9a-f]+)"`)
	coachWords  = regexp.MustCompile(`(?s)<section class="coach" data-coach[^>]*>(.*?)</section>`)
)

// A coached deal of every ruleset is played to its end by posting the
// first legal choice: the table posts to /coached, the coach's words are
// beside it at every step (data-coach), it speaks after the learner's
// decisions, and at the end it tells the result.
func TestCoachedDealOfEveryRuleset(t *testing.T) {
	ts, _ := testServer(t)
	c := ts.Client()
	c.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	for _, name := range rulesets.Names() {
		code, page := get(t, c, ts.URL+"/coached?ruleset="+name)
		if code != http.StatusOK || !strings.Contains(page, `action="/coached" id="play"`) || !coachWords.MatchString(page) {
			t.Fatalf("%s: status %d, no coached table: %.300s", name, code, page)
		}
		id := tableID.FindStringSubmatch(page)[1]
		spoke := false
		for step := 0; step < 200 && !strings.Contains(page, "data-settlement"); step++ {
			m := legalChoice.FindStringSubmatch(page)
			if m == nil {
				t.Fatalf("%s: no legal choice and no settlement: %.2000s", name, page)
			}
			req, _ := http.NewRequest(http.MethodPost, ts.URL+"/coached", strings.NewReader(url.Values{"t": {id}, "c": {m[1]}}.Encode()))
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			req.Header.Set("X-Pref", "fragment")
			res, err := c.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			b, _ := io.ReadAll(res.Body)
			res.Body.Close()
			page = string(b)
			words := coachWords.FindStringSubmatch(page)
			if res.StatusCode != http.StatusOK || words == nil {
				t.Fatalf("%s: status %d, the coach missing: %.300s", name, res.StatusCode, page)
			}
			spoke = spoke || strings.Contains(words[1], `class="after"`)
		}
		words := coachWords.FindStringSubmatch(page)
		if !strings.Contains(page, "data-settlement") || !strings.Contains(words[1], "data-coach-result") {
			t.Errorf("%s: the deal did not end with the coach's result: %.500s", name, words[1])
		}
		if !spoke {
			t.Errorf("%s: the coach said nothing after any decision", name)
		}
	}
}

// A coached lesson that is not one is refused with the numbers there are.
func TestCoachedBadLesson(t *testing.T) {
	ts, _ := testServer(t)
	for _, l := range []string{"99", "-1", "x"} {
		if code, body := get(t, ts.Client(), ts.URL+"/coached?ruleset=sochi&lesson="+l); code != http.StatusBadRequest || !strings.Contains(body, "a number from 0 to") {
			t.Errorf("lesson %s: %d %s", l, code, body)
		}
	}
}
