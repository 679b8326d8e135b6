package web

import (
	"bytes"
	"embed"
	"errors"
	"fmt"
	"html/template"
	"io"
	"io/fs"
	"math/rand/v2"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/rulesets"
	"github.com/preference-rules/pref/schema"
)

//go:embed assets templates
var embedded embed.FS

// pages are the page templates, parsed on their first use: every pref
// command links this package, and most draw no page (parsing them was
// most of this package's share of each command's start-up).
var pages = lazyTemplates{fsys: embedded, pattern: "templates/*.html"}

type lazyTemplates struct {
	fsys    fs.FS
	pattern string
	once    sync.Once
	t       *template.Template
	err     error // the parse's, told at every page (a broken template is found by the tests)
}

// ExecuteTemplate draws template name with data to w.
func (l *lazyTemplates) ExecuteTemplate(w io.Writer, name string, data any) error {
	l.once.Do(func() { l.t, l.err = template.New("").ParseFS(l.fsys, l.pattern) })
	if l.err != nil {
		return l.err
	}
	return l.t.ExecuteTemplate(w, name, data)
}

// assetHandler serves the embedded style sheet and script.
func assetHandler() http.Handler {
	sub, _ := fs.Sub(embedded, "assets")
	files := http.FileServer(http.FS(sub))
	return http.StripPrefix("/assets/", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "public, max-age=3600")
		files.ServeHTTP(w, r)
	}))
}

// render writes template name with data; a failure is told plainly.
func render(w http.ResponseWriter, code int, name string, data any) {
	var b bytes.Buffer
	if err := pages.ExecuteTemplate(&b, name, data); err != nil {
		fail(w, http.StatusInternalServerError, "the page could not be drawn: "+err.Error())
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(code)
	_, _ = w.Write(b.Bytes())
}

// badInput is a request pref cannot serve, told as the CLI tells it.
type badInput struct{ msg string }

func (e *badInput) Error() string { return e.msg }

// openRuleset opens the ruleset a page asks for by name (an embedded one
// or one of the user's folder, never a path: a page must not make pref read
// a file), with its options (option=name=value, as --option).
func openRuleset(q url.Values) (string, []string, *ruleset.Ruleset, error) {
	name := q.Get("ruleset")
	if name == "" {
		name = rulesets.Default
	}
	known := append(rulesets.Names(), rulesets.UserNames()...)
	if !slices.Contains(known, name) {
		msg := fmt.Sprintf("no ruleset %q: the embedded ones are %s", name, strings.Join(rulesets.Names(), ", "))
		if near := schema.Nearest(name, known); near != "" {
			msg = fmt.Sprintf("no ruleset %q: did you mean %s?", name, near)
		}
		return "", nil, nil, &badInput{msg}
	}
	r, err := rulesets.Open(name)
	if err != nil {
		return "", nil, nil, &badInput{err.Error()}
	}
	options := q["option"]
	if len(options) > 0 {
		opts, err := r.ParseOptions(options)
		if err != nil {
			return "", nil, nil, &badInput{"option " + err.Error()}
		}
		if r, err = r.With(opts); err != nil {
			return "", nil, nil, &badInput{err.Error()}
		}
	}
	return name, options, r, nil
}

// parseSeed reads the seed as pref play's --seed: 0 to 2^64-1; none is a
// new deal (its seed shown, to deal it again).
func parseSeed(s string) (uint64, error) {
	if s == "" {
		return rand.Uint64N(1_000_000), nil
	}
	n, err := strconv.ParseUint(s, 10, 64)
	if err != nil {
		return 0, &badInput{fmt.Sprintf("seed %q: a whole number from 0 to 2^64-1", s)}
	}
	return n, nil
}

// refuse answers bad input with its message (400), any other error as an
// internal one.
func refuse(w http.ResponseWriter, err error) {
	var bad *badInput
	if errors.As(err, &bad) {
		render(w, http.StatusBadRequest, "error.html", bad.msg)
		return
	}
	fail(w, http.StatusInternalServerError, err.Error())
}

// landing lists the rulesets, each with its links, and the user's own
// (the folder /author saves to), each with its links to play, read and
// edit it.
func (s *Server) landing(w http.ResponseWriter, r *http.Request) {
	type entry struct{ Name, Description, Play, Rules string }
	var list []entry
	for _, n := range rulesets.Names() {
		d, _ := rulesets.Description(n)
		list = append(list, entry{n, d, playURL(n, nil, "", "simple"), rulesURL(n, nil)})
	}
	yours, more := savedVariants()
	render(w, http.StatusOK, "landing.html", struct {
		Rulesets []entry
		Yours    []savedVariant
		Folder   string
		More     int
	}{list, yours, rulesets.UserDir(), more})
}

// play shows a table: the one of id t, or a new one from ruleset, seed,
// bots and options.
func (s *Server) play(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	if id := q.Get("t"); id != "" {
		t := s.tables.get(id)
		if t == nil {
			render(w, http.StatusNotFound, "error.html", "this table is no longer kept (tables left alone are dropped): start a new one")
			return
		}
		t.mu.Lock()
		defer t.mu.Unlock()
		render(w, http.StatusOK, "play.html", t.view())
		return
	}
	name, options, rs, err := openRuleset(q)
	if err != nil {
		refuse(w, err)
		return
	}
	seed, err := parseSeed(q.Get("seed"))
	if err != nil {
		refuse(w, err)
		return
	}
	bots, spec, err := s.players(q.Get("bots"))
	if err != nil {
		refuse(w, err)
		return
	}
	t, err := newTable(name, options, rs, seed, bots, spec)
	if err != nil {
		refuse(w, &badInput{err.Error()})
		return
	}
	t.programs = s.programs // offered by a link when the page seats others
	s.tables.add(t)
	t.mu.Lock()
	defer t.mu.Unlock()
	render(w, http.StatusOK, "play.html", t.view())
}

// players reads a page's bots: simple, strong, or served (the players
// pref serve was given, when it was given some); and the --bots the
// session seats. A page never names a command.
func (s *Server) players(bots string) (string, string, error) {
	switch {
	case bots == "":
		return "simple", "simple", nil
	case bots == "simple" || bots == "strong":
		return bots, bots, nil
	case bots == servedBots && s.programs != "":
		return bots, s.programs, nil
	case s.programs != "":
		return "", "", &badInput{fmt.Sprintf("bots %q: simple, strong or served (the players pref serve was given: %s)", bots, s.programs)}
	}
	return "", "", &badInput{fmt.Sprintf("bots %q: simple or strong", bots)}
}

// servedBots is the page's word for the computer players given to pref serve
// (--bots).
const servedBots = "served"

// act takes a click at a table: a choice (c), or do=hint, back or next.
// The page's script asks for the table alone (X-Pref: fragment); a page
// without script is sent back to the table.
func (s *Server) act(w http.ResponseWriter, r *http.Request) {
	if err := r.ParseForm(); err != nil {
		refuse(w, &badInput{"the form could not be read: " + err.Error()})
		return
	}
	t := s.tables.get(r.PostForm.Get("t"))
	if t == nil {
		render(w, http.StatusNotFound, "error.html", "this table is no longer kept (tables left alone are dropped): start a new one")
		return
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	switch do := r.PostForm.Get("do"); do {
	case "hint":
		t.hint()
	case "back":
		t.back()
	case "next":
		t.next()
	case "", "choose":
		i, err := strconv.Atoi(r.PostForm.Get("c"))
		if err != nil {
			refuse(w, &badInput{fmt.Sprintf("choice %q: the number of a choice", r.PostForm.Get("c"))})
			return
		}
		t.choose(i)
	default:
		refuse(w, &badInput{fmt.Sprintf("do %q: hint, back or next", do)})
		return
	}
	if r.Header.Get("X-Pref") == "fragment" {
		render(w, http.StatusOK, "table", t.view())
		return
	}
	http.Redirect(w, r, "/play?t="+t.id, http.StatusSeeOther)
}

// playURL is the link that opens a table.
func playURL(name string, options []string, seed, bots string) string {
	q := url.Values{"ruleset": {name}}
	if seed != "" {
		q.Set("seed", seed)
	}
	if bots != "" && bots != "simple" {
		q.Set("bots", bots)
	}
	if len(options) > 0 {
		q["option"] = options
	}
	return "/play?" + q.Encode()
}

// rulesURL is the link to a ruleset's rulebook.
func rulesURL(name string, options []string) string {
	q := url.Values{"ruleset": {name}}
	if len(options) > 0 {
		q["option"] = options
	}
	return "/rules?" + q.Encode()
}
