package web

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"net/http"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/preference-rules/pref/internal/rulings"
	"github.com/preference-rules/pref/internal/safeio"
	"github.com/preference-rules/pref/rulesets"
)

// defaultVariant is the name a new variant is given until the person
// names it.
const defaultVariant = "my-house-rules"

// authorView is the Author page: the text and what pref says of it.
type authorView struct {
	Name, From, Text string
	Bases            []string // the rulesets a variant may start from
	Mistakes         []mistake
	Notes            []string
	Valid            bool
	Base             string // what the text extends
	Diff             []string
	Preview          template.HTML
	Compare          *comparison
	Deals            int
	Saved            string // the file written
	Play             string // the link that plays it
	Problem          string // why the last action was refused
}

// author shows the editor with pref new's starter for a variant of from
// (default: the default ruleset).
func (s *Server) author(w http.ResponseWriter, r *http.Request) {
	if edit := r.URL.Query().Get("edit"); edit != "" {
		s.authorEdit(w, edit)
		return
	}
	from := r.URL.Query().Get("from")
	if from == "" {
		from = rulesets.Default
	}
	name, _, base, err := openRuleset(map[string][]string{"ruleset": {from}})
	if err != nil {
		refuse(w, err)
		return
	}
	v := &authorView{Name: defaultVariant, From: name, Text: rulings.Starter(defaultVariant, name, base), Deals: compareDeals}
	s.fillAuthor(v)
	render(w, http.StatusOK, "author.html", v)
}

// authorEdit shows the editor with one of the user's rulesets, named as
// /play names it (never a path).
func (s *Server) authorEdit(w http.ResponseWriter, name string) {
	if !slices.Contains(rulesets.UserNames(), name) {
		refuse(w, &badInput{fmt.Sprintf("edit %q: not a ruleset of your folder (%s)", name, strings.Join(rulesets.UserNames(), ", "))})
		return
	}
	text, err := safeio.ReadFile(filepath.Join(rulesets.UserDir(), name+".yaml"), MaxBody)
	if err != nil {
		refuse(w, &badInput{err.Error()})
		return
	}
	v := &authorView{Name: name, Text: string(text), Deals: compareDeals}
	v.From = s.fillAuthor(v).base
	render(w, http.StatusOK, "author.html", v)
}

// authorPost takes the editor's form: do=check (the default), compare or
// save; the page is drawn again with the text as it was sent.
func (s *Server) authorPost(w http.ResponseWriter, r *http.Request) {
	if err := r.ParseForm(); err != nil {
		tooLarge(w, err)
		return
	}
	f := r.PostForm
	v := &authorView{Name: f.Get("name"), From: f.Get("from"), Text: f.Get("text"), Deals: compareDeals}
	if n := f.Get("deals"); n != "" {
		d, err := strconv.Atoi(n)
		if err != nil {
			d = -1
		}
		v.Deals = d
	}
	status := http.StatusOK
	d := s.fillAuthor(v)
	switch f.Get("do") {
	case "compare":
		c, err := compareWithBase(d, v.Deals)
		v.Compare, status = c, refusal(v, err)
	case "save":
		path, err := saveDraft(v.Name, []byte(v.Text), f.Get("overwrite") != "")
		if status = refusal(v, err); err == nil {
			v.Saved, v.Play = path, playURL(v.Name, nil, "", "simple")
		}
	}
	render(w, status, "author.html", v)
}

// refusal puts why an action was refused on the page and is the status
// to answer with: 400 for bad input, 500 for a failure inside.
func refusal(v *authorView, err error) int {
	if err == nil {
		return http.StatusOK
	}
	v.Problem = err.Error()
	var bad *badInput
	if errors.As(err, &bad) {
		return http.StatusBadRequest
	}
	return http.StatusInternalServerError
}

// fillAuthor checks the text and fills in its mistakes, or its diff and
// rulebook; it returns the text compiled.
func (s *Server) fillAuthor(v *authorView) *draft {
	v.Bases = append(rulesets.Names(), rulesets.UserNames()...)
	file := draftFile
	if checkSaveName(v.Name) == nil {
		file = v.Name + ".yaml"
	}
	d := compileDraft(file, []byte(v.Text))
	v.Mistakes, v.Notes, v.Valid, v.Base = d.mistakes, d.notes, d.ruleset != nil, d.base
	var err error
	if v.Diff, err = diffAgainstBase(d); err != nil {
		v.Problem = "diff: " + err.Error()
	}
	if v.Preview, err = preview(d); err != nil {
		v.Problem = "rulebook: " + err.Error()
	}
	return d
}

// authorParts answers the parts of the page that follow the text as it is
// typed: the mistakes, the diff and the rulebook, as HTML.
func (s *Server) authorParts(w http.ResponseWriter, r *http.Request) {
	text, err := readDraft(r)
	if err != nil {
		tooLarge(w, err)
		return
	}
	v := &authorView{Name: r.URL.Query().Get("name"), Text: string(text)}
	s.fillAuthor(v)
	render(w, http.StatusOK, "author-parts", v)
}

// writeJSON answers v as JSON.
func writeJSON(w http.ResponseWriter, v any) {
	var b bytes.Buffer
	if err := json.NewEncoder(&b).Encode(v); err != nil {
		fail(w, http.StatusInternalServerError, err.Error())
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	_, _ = w.Write(b.Bytes())
}
