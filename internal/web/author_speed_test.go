package web

import (
	"net/http"
	"net/url"
	"slices"
	"testing"
	"time"

	"github.com/preference-rules/pref/rulesets"
)

// The mistakes follow the typing: a variant's text is checked in a
// fraction of a second (the check runs on each pause of the keys). The
// figures are logged; the bound is loose, for a loaded machine.
func TestAuthorValidateIsQuick(t *testing.T) {
	ts, _ := testServer(t)
	var took []time.Duration
	for _, name := range rulesets.Names() {
		for _, mistakes := range []bool{true, false} {
			text := "extends: " + name + "\nname: house\n"
			if mistakes {
				text += "play:\n  head: sometimes\n"
			}
			start := time.Now()
			code, list := postText(t, ts.Client(), ts.URL, text)
			took = append(took, time.Since(start))
			if code != http.StatusOK || len(list) > 0 != mistakes {
				t.Errorf("%s: %d %v", name, code, list)
			}
		}
	}
	slices.Sort(took)
	t.Logf("a variant's text checked: median %v, slowest %v (%d texts: a valid variant and one with a mistake of each ruleset)", took[len(took)/2], took[len(took)-1], len(took))
	if took[len(took)/2] > 2*time.Second {
		t.Errorf("median %v: the mistakes would lag the typing", took[len(took)/2])
	}
	start := time.Now()
	code, _ := postAuthor(t, ts.Client(), ts.URL, url.Values{"do": {"compare"}, "text": {kitchen}, "deals": {"200"}})
	t.Logf("a comparison of 200 deals answered in %v", time.Since(start))
	if code != http.StatusOK {
		t.Errorf("compare: %d", code)
	}
}
