package web

import (
	"net/url"
	"testing"
	"time"

	"github.com/preference-rules/pref/rulesets"
)

// /learn/answer checks against a course built once per embedded ruleset
// and options (building it takes tens of milliseconds), not once per
// answer; a ruleset of the user's folder, which may be saved again at any
// moment, is built afresh.
func TestLearnCourseBuiltOncePerRuleset(t *testing.T) {
	var c courseCache
	r, err := rulesets.Open("sochi")
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	first, err := c.course("sochi", nil, r)
	if err != nil {
		t.Fatal(err)
	}
	built := time.Since(start)
	start = time.Now()
	again, _ := c.course("sochi", nil, r)
	cached := time.Since(start)
	if len(first) == 0 || &first[0] != &again[0] {
		t.Errorf("the second answer rebuilt sochi's course")
	}
	other, _ := c.course("sochi", []string{"x=1"}, r)
	if len(other) > 0 && &other[0] == &first[0] {
		t.Errorf("another set of options shares the course of none")
	}
	t.Logf("sochi's course: built in %v, then found in %v", built, cached)

	userFolder(t)
	ts, s := testServer(t)
	if code, _ := postAuthor(t, ts.Client(), ts.URL, url.Values{"do": {"save"}, "name": {"kitchen"}, "text": {kitchen}}); code != 200 {
		t.Fatalf("save: %d", code)
	}
	k, err := rulesets.Open("kitchen")
	if err != nil {
		t.Fatal(err)
	}
	a, _ := s.courses.course("kitchen", nil, k)
	b, _ := s.courses.course("kitchen", nil, k)
	if len(a) == 0 || &a[0] == &b[0] {
		t.Errorf("a ruleset of the user's folder: its course was kept (it may be saved again)")
	}
}
