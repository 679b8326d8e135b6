package web

import (
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A variant saved from /author is listed on / under "Your variants", with
// links to play it, read its rules and edit it again; a file of the folder
// that does not load is listed with why, and only the link to mend it.
func TestLandingListsSavedVariants(t *testing.T) {
	dir := userFolder(t)
	ts, _ := testServer(t)
	if code, page := get(t, ts.Client(), ts.URL+"/"); code != http.StatusOK || strings.Contains(page, "data-yours") {
		t.Fatalf("/ with an empty folder: %d, lists variants: %v", code, strings.Contains(page, "data-yours"))
	}
	if code, _ := postAuthor(t, ts.Client(), ts.URL, url.Values{"do": {"save"}, "name": {"kitchen"}, "text": {kitchen}}); code != http.StatusOK {
		t.Fatalf("save: %d", code)
	}
	if err := os.WriteFile(filepath.Join(dir, "broken.yaml"), []byte("extends: sochi\nplay:\n  head: sometimes\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, page := get(t, ts.Client(), ts.URL+"/")
	if code != http.StatusOK {
		t.Fatalf("/: %d", code)
	}
	item := func(name string) string {
		_, rest, ok := strings.Cut(page, `<li data-variant="`+name+`">`)
		if !ok {
			t.Fatalf("/ does not list %s:\n%s", name, page)
		}
		li, _, _ := strings.Cut(rest, "</li>")
		return li
	}
	k := item("kitchen")
	for _, want := range []string{"Kitchen rules", `href="/play?ruleset=kitchen"`, `href="/rules?ruleset=kitchen"`, `href="/author?edit=kitchen"`} {
		if !strings.Contains(k, want) {
			t.Errorf("kitchen's entry lacks %s:\n%s", want, k)
		}
	}
	b := item("broken")
	if !strings.Contains(b, "Does not load") || !strings.Contains(b, "broken.yaml:1:10") || !strings.Contains(b, `href="/author?edit=broken"`) || strings.Contains(b, "/play?") {
		t.Errorf("broken's entry should say why it does not load (file and line) and link only to its editing:\n%s", b)
	}
	// the links work: the variant plays
	if code, page := get(t, ts.Client(), ts.URL+"/play?ruleset=kitchen&seed=1"); code != http.StatusOK || !strings.Contains(page, "Kitchen rules") {
		t.Errorf("/play?ruleset=kitchen: %d", code)
	}
}
