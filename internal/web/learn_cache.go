package web

import (
	"strings"
	"sync"

	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/rulesets"
)

// maxCourses bounds the courses kept: one per embedded ruleset and set of
// options asked for (options are the page's to choose, so without a bound
// a page could fill the memory).
const maxCourses = 64

// courseCache keeps the course of each embedded ruleset (with its options)
// once built: every answer posted to /learn/answer checks against the
// course, which takes the tutorial tens of milliseconds to build. An
// embedded ruleset never changes while pref runs; a ruleset of the user's
// folder may be saved again at any moment, so its course is built afresh
// each time.
type courseCache struct {
	mu   sync.Mutex
	kept map[string][]coursePage
}

// course is the course of r, opened as name with options.
func (c *courseCache) course(name string, options []string, r *ruleset.Ruleset) ([]coursePage, error) {
	if _, embedded := rulesets.Source(name); !embedded {
		return course(r)
	}
	key := name + "\x00" + strings.Join(options, "\x00")
	c.mu.Lock()
	pages, ok := c.kept[key]
	c.mu.Unlock()
	if ok {
		return pages, nil
	}
	pages, err := course(r)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.kept == nil || len(c.kept) >= maxCourses {
		c.kept = map[string][]coursePage{} // start again rather than track which is oldest
	}
	c.kept[key] = pages
	return pages, nil
}
