package web

import (
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// postText posts text to the validate endpoint: its status and mistakes.
func postText(t *testing.T, c *http.Client, base, text string) (int, []mistake) {
	t.Helper()
	res, err := c.Post(base+"/author/validate", "text/plain; charset=utf-8", strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	var list []mistake
	if res.StatusCode == http.StatusOK {
		if err := json.Unmarshal(body, &list); err != nil {
			t.Fatalf("not JSON: %v: %s", err, body)
		}
	}
	return res.StatusCode, list
}

// postAuthor posts the editor's form: its status and page.
func postAuthor(t *testing.T, c *http.Client, base string, form url.Values) (int, string) {
	t.Helper()
	res, err := c.PostForm(base+"/author", form)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(body)
}

// userFolder makes an empty ruleset folder of the user's for the test.
func userFolder(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "rulesets")
	t.Setenv("PREF_RULESETS", dir)
	return dir
}

// kitchen is a valid house variant of sochi: everybody must head the
// trick.
const kitchen = "extends: sochi\nname: kitchen\ntitle: Kitchen rules\nplay:\n  head: must\n"

// A text with mistakes in several stages (the schema's, the meaning's,
// an expression's) has all of them in one answer, each at its line and
// column, as pref validate says them; a valid text has none.
func TestAuthorValidateSaysEveryMistakeAtItsPlace(t *testing.T) {
	ts, _ := testServer(t)
	text := "extends: sochi\n" + // 1
		"name: x\n" + // 2
		"play:\n" + // 3
		"  head: sometimes\n" + // 4: the schema's
		"contracts:\n" + // 5
		"  - {name: 6-spades, tricks: 11}\n" + // 6: the meaning's
		"settlement:\n" + // 7
		"  - rule: r\n" + // 8
		"    when: played && bogus_name == 3\n" + // 9: an expression's
		"    pay: [{from: declarer, to: defenders, amount: 1}]\n"
	code, list := postText(t, ts.Client(), ts.URL, text)
	if code != http.StatusOK {
		t.Fatalf("status %d", code)
	}
	want := []struct {
		line, col int
		says      string
	}{
		{4, 9, `play.head: value must be one of`},
		{6, 30, `needs 11 tricks but a deal has only 10`},
		{9, 21, `unknown name bogus_name`},
	}
	for _, w := range want {
		found := false
		for _, m := range list {
			found = found || m.Line == w.line && m.Col == w.col && strings.Contains(m.Message, w.says)
		}
		if !found {
			t.Errorf("no mistake %q at %d:%d in %+v", w.says, w.line, w.col, list)
		}
	}
	if code, list := postText(t, ts.Client(), ts.URL, kitchen); code != http.StatusOK || len(list) != 0 {
		t.Errorf("a valid text: %d %+v, want []", code, list)
	}
	// a broken YAML: said at its place
	if _, list := postText(t, ts.Client(), ts.URL, "extends: sochi\nplay: [\n"); len(list) != 1 || list[0].Line == 0 {
		t.Errorf("broken YAML: %+v, want one mistake at its line", list)
	}
}

// A text from the page extends a ruleset by name only: a path is refused
// at the extends, before anything is read (the file's lines never quoted).
func TestAuthorExtendsAPathRefused(t *testing.T) {
	ts, _ := testServer(t)
	secret := filepath.Join(t.TempDir(), "secret.yaml")
	if err := os.WriteFile(secret, []byte("aws_key: AKIASECRET\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, base := range []string{secret, "../../go.mod", `..\x`, "x.yaml"} {
		_, list := postText(t, ts.Client(), ts.URL, "extends: "+base+"\nname: x\n")
		if len(list) == 0 || list[0].Line != 1 || !strings.Contains(list[0].Message, "by its name") {
			t.Errorf("extends %s: %+v, want a refusal at line 1", base, list)
		}
		for _, m := range list {
			if strings.Contains(m.Message, "AKIASECRET") || strings.Contains(m.Message, "module ") {
				t.Errorf("extends %s: a file's text quoted: %s", base, m.Message)
			}
		}
	}
}

// A body over 2 MiB is refused, its length stated or not.
func TestAuthorValidateOverTwoMiBRefused(t *testing.T) {
	ts, _ := testServer(t)
	big := "extends: sochi\n#" + strings.Repeat("x", MaxBody)
	if code, _ := postText(t, ts.Client(), ts.URL, big); code != http.StatusRequestEntityTooLarge {
		t.Errorf("stated length: status %d, want 413", code)
	}
	pr, pw := io.Pipe()
	go func() { _, _ = io.WriteString(pw, big); pw.Close() }()
	res, err := ts.Client().Post(ts.URL+"/author/validate", "text/plain", pr)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusRequestEntityTooLarge {
		t.Errorf("unstated length: status %d, want 413", res.StatusCode)
	}
}

// A name that is a path, or an embedded ruleset's, is refused and nothing
// is written anywhere.
func TestAuthorSaveRefusesAPathLikeName(t *testing.T) {
	dir := userFolder(t)
	ts, _ := testServer(t)
	outside := filepath.Join(filepath.Dir(dir), "x.yaml")
	for _, name := range []string{"../x", "/etc/x", outside, "..", "", "Kitchen", "sochi", "a b"} {
		code, page := postAuthor(t, ts.Client(), ts.URL, url.Values{"do": {"save"}, "name": {name}, "text": {kitchen}})
		if code != http.StatusBadRequest || !strings.Contains(page, "data-problem") {
			t.Errorf("name %q: status %d, want 400 with the reason", name, code)
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("the folder holds %d file(s), want none", len(entries))
	}
	if _, err := os.Stat(outside); err == nil {
		t.Errorf("%s was written", outside)
	}
}

// A save writes NAME.yaml whole (a temporary file renamed: nothing else
// left in the folder), refuses to replace it unless asked, and never
// replaces a symbolic link; an invalid text is not saved.
func TestAuthorSaveIsAtomicAndReplacesOnlyARegularFile(t *testing.T) {
	dir := userFolder(t)
	ts, _ := testServer(t)
	save := func(name, text string, overwrite bool) (int, string) {
		form := url.Values{"do": {"save"}, "name": {name}, "text": {text}}
		if overwrite {
			form.Set("overwrite", "1")
		}
		return postAuthor(t, ts.Client(), ts.URL, form)
	}
	if code, page := save("kitchen", kitchen, false); code != http.StatusOK || !strings.Contains(page, "data-saved") {
		t.Fatalf("save: %d", code)
	}
	path := filepath.Join(dir, "kitchen.yaml")
	if data, err := os.ReadFile(path); err != nil || string(data) != kitchen {
		t.Fatalf("saved %q %v", data, err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("the folder holds %d files, want kitchen.yaml alone (no temporary file left)", len(entries))
	}
	changed := strings.Replace(kitchen, "must", "never", 1)
	if code, page := save("kitchen", changed, false); code != http.StatusBadRequest || !strings.Contains(page, "exists") {
		t.Errorf("save over an existing file, not asked: %d", code)
	}
	if data, _ := os.ReadFile(path); string(data) != kitchen {
		t.Errorf("replaced without being asked: %q", data)
	}
	if code, _ := save("kitchen", changed, true); code != http.StatusOK {
		t.Errorf("save with replace: %d", code)
	}
	if data, _ := os.ReadFile(path); string(data) != changed {
		t.Errorf("not replaced when asked: %q", data)
	}
	if code, _ := save("broken", "extends: sochi\nplay: {head: sometimes}\n", false); code != http.StatusBadRequest {
		t.Errorf("an invalid text saved: %d", code)
	}
	// a symbolic link in the folder is never replaced, even when asked
	target := filepath.Join(t.TempDir(), "target.yaml")
	if err := os.WriteFile(target, []byte("mine\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "linked.yaml")
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
	if code, page := save("linked", kitchen, true); code != http.StatusBadRequest || !strings.Contains(page, "data-problem") {
		t.Errorf("save over a symbolic link: %d", code)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link was replaced: %v %v", fi, err)
	}
	if data, _ := os.ReadFile(target); string(data) != "mine\n" {
		t.Errorf("the link's target was written: %q", data)
	}
}

// A saved variant is played at once by its name at /play, with its rules.
func TestAuthorSavedVariantPlays(t *testing.T) {
	userFolder(t)
	ts, _ := testServer(t)
	code, page := postAuthor(t, ts.Client(), ts.URL, url.Values{"do": {"save"}, "name": {"kitchen"}, "text": {kitchen}})
	if code != http.StatusOK || !strings.Contains(page, `href="/play?ruleset=kitchen"`) {
		t.Fatalf("save: %d, no link to play it", code)
	}
	code, page = get(t, ts.Client(), ts.URL+"/play?ruleset=kitchen&seed=1")
	if code != http.StatusOK || !strings.Contains(page, `id="table"`) || !strings.Contains(page, "Kitchen rules") {
		t.Fatalf("/play?ruleset=kitchen: %d", code)
	}
	if code, page := get(t, ts.Client(), ts.URL+"/rules?ruleset=kitchen"); code != http.StatusOK || !strings.Contains(page, "Kitchen rules") {
		t.Errorf("/rules?ruleset=kitchen: %d", code)
	}
	// and edited again by its name, never a path
	if code, page := get(t, ts.Client(), ts.URL+"/author?edit=kitchen"); code != http.StatusOK || !strings.Contains(page, "title: Kitchen rules") {
		t.Errorf("/author?edit=kitchen: %d", code)
	}
	for _, name := range []string{"../kitchen", "sochi", "nope"} {
		if code, _ := get(t, ts.Client(), ts.URL+"/author?edit="+url.QueryEscape(name)); code != http.StatusBadRequest {
			t.Errorf("/author?edit=%s: %d, want 400", name, code)
		}
	}
}

// The page shows the diff against the base and the rulebook of a valid
// text, and the quick comparison on the same cards as a chart; the
// number of deals is bounded.
func TestAuthorDiffPreviewAndCompare(t *testing.T) {
	ts, _ := testServer(t)
	code, page := get(t, ts.Client(), ts.URL+"/author?from=sochi")
	if code != http.StatusOK || !strings.Contains(page, "extends: sochi") || !strings.Contains(page, "data-diff") {
		t.Fatalf("/author?from=sochi: %d", code)
	}
	code, page = postAuthor(t, ts.Client(), ts.URL, url.Values{"do": {"compare"}, "name": {"kitchen"}, "text": {kitchen}, "deals": {"40"}})
	if code != http.StatusOK {
		t.Fatalf("compare: %d", code)
	}
	for _, want := range []string{"play.head: never -&gt; must", "data-preview", "<svg class=\"chart\"", "data-compare", "40 deals on the same cards", "forehand"} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	for _, deals := range []string{"0", "1001", "x"} {
		if code, _ := postAuthor(t, ts.Client(), ts.URL, url.Values{"do": {"compare"}, "text": {kitchen}, "deals": {deals}}); code != http.StatusBadRequest {
			t.Errorf("deals %s: %d, want 400", deals, code)
		}
	}
	if code, _ := get(t, ts.Client(), ts.URL+"/author?from=../go.mod"); code != http.StatusBadRequest {
		t.Errorf("from a path: %d, want 400", code)
	}
}
