package terminal

import (
	"fmt"
	"slices"
	"sync"
	"testing"

	"github.com/preference-rules/pref/rulesets"
)

// courseCache holds the course pages the tests have rendered, by embedded
// ruleset, ascii and plain: rendering a whole course with glamour is the package's
// largest cost, and a dozen tests start from austrian-1829's course.
var courseCache sync.Map // string -> *cachedCourse

type cachedCourse struct {
	once  sync.Once
	pages []TutorialPage
	err   error
}

// coursePages is CoursePages of the embedded ruleset name, rendered once
// for the package; each caller gets its own copy of the slice (a screen
// never changes its pages, but a test may).
func coursePages(t *testing.T, name string, ascii, plain bool) []TutorialPage {
	t.Helper()
	v, _ := courseCache.LoadOrStore(fmt.Sprint(name, ascii, plain), &cachedCourse{})
	c := v.(*cachedCourse)
	c.once.Do(func() {
		r, err := rulesets.Open(name)
		if err != nil {
			c.err = err
			return
		}
		c.pages, c.err = CoursePages(r, ascii, plain)
	})
	if c.err != nil {
		t.Fatal(c.err)
	}
	return slices.Clone(c.pages)
}
