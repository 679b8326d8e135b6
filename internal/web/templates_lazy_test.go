package web

import (
	"io"
	"strings"
	"testing"
	"testing/fstest"
)

// TestBrokenTemplatesToldAtEveryPage: templates that do not parse are an
// error at every page drawn, not a panic at the first and a nil template
// at the next (sync.Once counts a panicking parse as done).
func TestBrokenTemplatesToldAtEveryPage(t *testing.T) {
	l := lazyTemplates{fsys: fstest.MapFS{"templates/a.html": {Data: []byte(`{{define "a"}}{{.X`)}}, pattern: "templates/*.html"}
	for i := 0; i < 2; i++ {
		func() {
			defer func() {
				if p := recover(); p != nil {
					t.Fatalf("page %d: panic %v", i+1, p)
				}
			}()
			err := l.ExecuteTemplate(io.Discard, "a", nil)
			if err == nil || !strings.Contains(err.Error(), "a.html") {
				t.Fatalf("page %d: error %v, want the parse's, naming the template", i+1, err)
			}
		}()
	}
}
