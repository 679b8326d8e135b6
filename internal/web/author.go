package web

import (
	"errors"
	"fmt"
	"html/template"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/preference-rules/pref/internal/rulings"
	"github.com/preference-rules/pref/internal/safeio"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/interpreter/verify"
	"github.com/preference-rules/pref/rulesets"
	"github.com/preference-rules/pref/schema"
	"github.com/preference-rules/pref/tutorial"
)

// The Author page: a house variant edited in a textarea, checked as pref
// validate checks a file (every mistake of one run, at its line and
// column), its diff against its base (pref diff), its rulebook (pref
// rules), a quick comparison with its base on the same cards (pref
// simulate --compare), and saved into the user's ruleset folder, where
// /play finds it by name.
//
// The text is compiled, never run, except by the comparison, which plays
// it as pref simulate does. It may extend only a ruleset named (embedded
// or the user's): an extends: naming a path is refused before anything is
// read, so that a page cannot make pref read a file and quote its lines.

// draftFile names the text in its mistakes when no name is given.
const draftFile = "variant.yaml"

// mistake is one problem of the text, at its line and column (0 when the
// problem is not at a place, or is in the base: File says which).
type mistake struct {
	Line    int    `json:"line"`
	Col     int    `json:"col"`
	Message string `json:"message"`
	File    string `json:"file,omitempty"`
}

// draft is a text compiled: the ruleset (nil when it has mistakes), the
// name of the ruleset it extends ("" for none) and its mistakes.
type draft struct {
	file     string
	ruleset  *ruleset.Ruleset
	base     string
	mistakes []mistake
	notes    []string
}

// namedOnly is the resolver of a text from the page: an extends: may name
// an embedded ruleset or one of the user's folder, never a path. It keeps
// the name the text itself extends.
func namedOnly(file string, base *string) ruleset.Resolver {
	return func(from, name string) (string, []byte, error) {
		if strings.ContainsAny(name, `/\`) || strings.HasSuffix(name, ".yaml") || strings.HasSuffix(name, ".yml") || name == "" {
			return "", nil, fmt.Errorf("a ruleset written here extends a ruleset by its name (%s, or one of your folder's), not a file", strings.Join(rulesets.Names(), ", "))
		}
		if from == file {
			*base = name
		}
		if data, ok := rulesets.Source(name); ok {
			return "rulesets/" + name + ".yaml", data, nil
		}
		if slices.Contains(rulesets.UserNames(), name) {
			p := filepath.Join(rulesets.UserDir(), name+".yaml")
			data, err := safeio.ReadFile(p, safeio.MaxFile)
			return p, data, err
		}
		if near := schema.Nearest(name, append(rulesets.Names(), rulesets.UserNames()...)); near != "" {
			return "", nil, fmt.Errorf("no ruleset of that name: did you mean %s?", near)
		}
		return "", nil, fmt.Errorf("no ruleset of that name: the embedded ones are %s", strings.Join(rulesets.Names(), ", "))
	}
}

// compileDraft checks text as pref validate checks a file: every mistake
// of the run (the YAML's, the schema's, the meaning's, the expressions'),
// each at its line and column. A game record or an outcome case is said to
// be one, as validate says it.
func compileDraft(file string, text []byte) *draft {
	d := &draft{file: file}
	if !ruleset.TooManyNodes(text) {
		switch verify.Kind(text) {
		case "case":
			d.mistakes = []mistake{{Line: 1, Col: 1, Message: "this is an outcome case, not a ruleset: pref verify checks it"}}
			return d
		case "record":
			d.mistakes = []mistake{{Line: 1, Col: 1, Message: "this is a game record, not a ruleset: pref verify replays it"}}
			return d
		}
	}
	r, err := ruleset.LoadWith(file, text, namedOnly(file, &d.base))
	if err != nil {
		d.mistakes = mistakesOf(file, err)
		return d
	}
	d.ruleset = r
	for _, w := range r.Warnings() {
		d.notes = append(d.notes, w.Msg)
	}
	return d
}

// mistakesOf lists the problems of a load's error with their places.
func mistakesOf(file string, err error) []mistake {
	var list schema.List
	var one *schema.Error
	switch {
	case errors.As(err, &list):
	case errors.As(err, &one):
		list = schema.List{one}
	default:
		return []mistake{{Message: err.Error()}}
	}
	out := make([]mistake, 0, len(list))
	for _, e := range list {
		m := mistake{Line: e.Line, Col: e.Col, Message: e.Msg}
		if e.File != file {
			// in the base: its place is not a line of the text
			m = mistake{Message: e.Error(), File: e.File}
		}
		out = append(out, m)
	}
	return out
}

// readDraft reads the text a page posts: the whole body (validate) or
// the form's text field; both bounded by ServeHTTP to 2 MiB.
func readDraft(r *http.Request) ([]byte, error) {
	if strings.HasPrefix(r.Header.Get("Content-Type"), "text/plain") {
		return io.ReadAll(r.Body)
	}
	if err := r.ParseForm(); err != nil {
		return nil, err
	}
	return []byte(r.PostForm.Get("text")), nil
}

// tooLarge answers a body over the bound (413), anything else unread as
// bad input.
func tooLarge(w http.ResponseWriter, err error) {
	var mb *http.MaxBytesError
	if errors.As(err, &mb) {
		fail(w, http.StatusRequestEntityTooLarge, fmt.Sprintf("the text is over %d bytes (2 MiB), the most pref reads of a ruleset", MaxBody))
		return
	}
	fail(w, http.StatusBadRequest, "the text could not be read: "+err.Error())
}

// authorValidate answers a text's mistakes as JSON: [{line, col,
// message}], [] when there is none.
func (s *Server) authorValidate(w http.ResponseWriter, r *http.Request) {
	text, err := readDraft(r)
	if err != nil {
		tooLarge(w, err)
		return
	}
	d := compileDraft(draftFile, text)
	if d.mistakes == nil {
		d.mistakes = []mistake{} // [], not null
	}
	writeJSON(w, d.mistakes)
}

// diffAgainstBase lists what the variant changes in its base (pref diff).
func diffAgainstBase(d *draft) ([]string, error) {
	if d.ruleset == nil || d.base == "" {
		return nil, nil
	}
	base, err := rulesets.Open(d.base)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, c := range ruleset.Diff(base, d.ruleset) {
		out = append(out, c.String())
	}
	return out, nil
}

// preview is the variant's rulebook as the rules page draws it.
func preview(d *draft) (template.HTML, error) {
	if d.ruleset == nil {
		return "", nil
	}
	book, err := tutorial.Rulebook(d.ruleset, false)
	if err != nil {
		return "", err
	}
	html, _, err := toHTML(book)
	return html, err
}

// the name a saved variant is given must be a plain file name: pref new's
// rule (lower case letters, digits, hyphens), and not an embedded
// ruleset's, which would be opened instead of it.
func checkSaveName(name string) error {
	if err := rulings.CheckVariantName(name); err != nil {
		return err
	}
	if _, ok := rulesets.Source(name); ok {
		return fmt.Errorf("%q is an embedded ruleset's name: give yours another (such as %s-house)", name, name)
	}
	return nil
}

// saveDraft writes a valid text into the user's ruleset folder as
// NAME.yaml: atomically (safeio.WriteFile: a temporary file renamed), an
// existing file replaced only when overwrite is asked, and never anything
// but a regular file (not a symbolic link). It returns the path written.
func saveDraft(name string, text []byte, overwrite bool) (string, error) {
	if err := checkSaveName(name); err != nil {
		return "", &badInput{err.Error()}
	}
	if d := compileDraft(name+".yaml", text); d.ruleset == nil {
		return "", &badInput{fmt.Sprintf("the ruleset has %d mistake(s): it is saved once it is valid", len(d.mistakes))}
	}
	dir := rulesets.UserDir()
	if dir == "" {
		return "", &badInput{"there is no folder for your rulesets: set PREF_RULESETS to one"}
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	path := filepath.Join(dir, name+".yaml")
	if err := safeio.WriteFile(path, text, 0o644, overwrite); err != nil {
		if errors.Is(err, os.ErrExist) {
			return "", &badInput{fmt.Sprintf("%s exists: tick \"replace it\" to overwrite it", path)}
		}
		if errors.Is(err, safeio.ErrNotRegular) {
			return "", &badInput{err.Error()}
		}
		return "", err
	}
	return path, nil
}
