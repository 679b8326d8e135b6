package web

import (
	"bytes"
	"errors"
	"fmt"
	"html/template"
	"io"
	"net/http"
	"path/filepath"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/preference-rules/pref/internal/rulings"
)

// The referee (/referee): a game record opened (a file uploaded or text
// pasted; a record, or a PPN game read as pref import reads it), stepped
// through card by card with the table drawn at each step and pref
// explain's ruling of it, the settlement in sentences (its arithmetic a
// toggle), and the ruling document (pref explain --ruling) as a page and
// as JSON. The record opened is kept in memory under an id no other page
// can guess, as a table is, so that each step is a link.

// The records opened are kept at most refereeKept at a time, each for
// refereeIdle after its last look.
const (
	refereeKept = 32
	refereeIdle = 2 * time.Hour
)

// refereed is one record opened: its rulings and steps, and its ruling
// document drawn once.
type refereed struct {
	*rulings.Refereed
	doc template.HTML
}

// refereeForm is the page that opens a record: the form, and what went
// wrong with the last one sent.
type refereeForm struct {
	Title, Error, Text, Format string
	ID                         string // none: no record is open
}

// referee shows the form, or a record kept at one of its steps.
func (s *Server) referee(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	id := q.Get("r")
	if id == "" {
		render(w, http.StatusOK, "referee.html", &refereeForm{Title: "Referee", Format: "auto"})
		return
	}
	rec := s.records.get(id)
	if rec == nil {
		render(w, http.StatusNotFound, "error.html", "this record is no longer kept (records left alone are dropped): open it again at /referee")
		return
	}
	step, err := strconv.Atoi(q.Get("step"))
	if err != nil && q.Get("step") != "" || step < 0 || step >= rec.Len() {
		refuse(w, &badInput{fmt.Sprintf("step %q: a number from 0 to %d", q.Get("step"), rec.Len()-1)})
		return
	}
	v := refereeStepView(id, rec.Refereed, rec.doc, step, q.Get("analyse") == "1")
	if r.Header.Get("X-Pref") == "fragment" {
		render(w, http.StatusOK, "referee-step", v)
		return
	}
	render(w, http.StatusOK, "referee.html", v)
}

// refereeOpen reads the record sent (a file, or text pasted), keeps it
// and sends the page to its first step; bad input is told on the form,
// with the file, line and column, as pref explain tells it.
func (s *Server) refereeOpen(w http.ResponseWriter, r *http.Request) {
	name, data, format, err := readRecordSent(r)
	form := &refereeForm{Title: "Referee", Format: format}
	if err != nil {
		form.Error = err.Error()
		code := http.StatusBadRequest
		var big *http.MaxBytesError
		if errors.As(err, &big) || strings.Contains(err.Error(), "2 MiB") {
			code = http.StatusRequestEntityTooLarge
			form.Error = fmt.Sprintf("%s: larger than %d bytes, the limit for a file pref reads (2 MiB)", name, MaxBody)
		}
		render(w, code, "referee.html", form)
		return
	}
	asPPN := format == "ppn" || format == "auto" && looksLikePPN(data)
	rec, err := refereeRecord(name, data, asPPN)
	if err != nil {
		form.Error = err.Error()
		if len(data) <= 64<<10 && r.FormValue("text") != "" {
			form.Text = string(data) // kept to be mended
		}
		render(w, http.StatusBadRequest, "referee.html", form)
		return
	}
	id := s.records.add(&refereed{rec, renderRuling(rec)})
	http.Redirect(w, r, "/referee?r="+id+"&step=0", http.StatusSeeOther)
}

// refereeRecord is rulings.RefereeRecord with a panic inside turned into
// an error naming the file: hostile input must never take the server down
// with it.
func refereeRecord(name string, data []byte, asPPN bool) (rec *rulings.Refereed, err error) {
	defer func() {
		if v := recover(); v != nil {
			rec, err = nil, fmt.Errorf("%s: internal error in pref while refereeing it: please report it (%v)", name, v)
		}
	}()
	return rulings.RefereeRecord(name, data, asPPN)
}

// readRecordSent is the record a form sent: the file uploaded (field
// file) or else the text pasted (field text), its name (the file's own,
// without its folder; "pasted.yaml" or "pasted.ppn" for text) and the
// format asked for (auto, record or ppn).
func readRecordSent(r *http.Request) (name string, data []byte, format string, err error) {
	name = "upload"
	if err := r.ParseMultipartForm(MaxBody); err != nil && !errors.Is(err, http.ErrNotMultipart) {
		return name, nil, "auto", err
	}
	if r.MultipartForm == nil {
		if err := r.ParseForm(); err != nil {
			return name, nil, "auto", err
		}
	}
	format = r.FormValue("format")
	switch format {
	case "", "auto":
		format = "auto"
	case "record", "ppn":
	default:
		return name, nil, "auto", fmt.Errorf("format %q: auto, record or ppn", format)
	}
	if f, h, ferr := r.FormFile("file"); ferr == nil {
		defer f.Close()
		name = cleanName(h.Filename, "upload.yaml")
		data, err = io.ReadAll(io.LimitReader(f, MaxBody+1))
		if err == nil && int64(len(data)) > MaxBody {
			err = fmt.Errorf("%s: more than 2 MiB", name)
		}
		if err == nil && len(bytes.TrimSpace(data)) > 0 {
			return name, data, format, nil
		}
		if err != nil {
			return name, nil, format, err
		}
	}
	text := r.FormValue("text")
	if strings.TrimSpace(text) == "" {
		return name, nil, format, fmt.Errorf("no record: choose a file or paste a record's text")
	}
	name = "pasted.yaml"
	if format == "ppn" || format == "auto" && looksLikePPN([]byte(text)) {
		name = "pasted.ppn"
	}
	return name, []byte(strings.ReplaceAll(text, "\r\n", "\n")), format, nil
}

// cleanName is an uploaded file's name without its folder, in printable
// letters only (it is shown in messages): def when none is left.
func cleanName(name, def string) string {
	name = filepath.Base(strings.ReplaceAll(name, `\`, "/"))
	name = strings.Map(func(r rune) rune {
		if unicode.IsPrint(r) && r != '/' {
			return r
		}
		return -1
	}, name)
	if len(name) > 100 {
		name = name[:100]
	}
	if name == "" || name == "." || name == ".." {
		return def
	}
	return name
}

// looksLikePPN reports whether text reads as a PPN game: its first line
// that is not blank is a tag in brackets.
func looksLikePPN(data []byte) bool {
	for _, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		return strings.HasPrefix(line, "[")
	}
	return false
}

// refereeRuling sends the ruling document of a record kept: JSON
// (format=json) or Markdown (format=md), as pref explain --ruling writes
// it, as a download.
func (s *Server) refereeRuling(w http.ResponseWriter, r *http.Request) {
	rec := s.records.get(r.URL.Query().Get("r"))
	if rec == nil {
		render(w, http.StatusNotFound, "error.html", "this record is no longer kept (records left alone are dropped): open it again at /referee")
		return
	}
	if rec.Ruling == nil {
		refuse(w, &badInput{"no ruling document: " + rec.Problem})
		return
	}
	format := r.URL.Query().Get("format")
	if format != "json" && format != "md" {
		refuse(w, &badInput{fmt.Sprintf("format %q: json or md", format)})
		return
	}
	var b bytes.Buffer
	rulings.PrintRuling(&b, rec.Ruling, format == "json")
	base := strings.TrimSuffix(rec.File, filepath.Ext(rec.File))
	if format == "json" {
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
	} else {
		w.Header().Set("Content-Type", "text/markdown; charset=utf-8")
	}
	w.Header().Set("Content-Disposition", fmt.Sprintf("attachment; filename=%q", cleanName(base+"-ruling."+format, "ruling."+format)))
	w.Header().Set("Cache-Control", "no-store")
	_, _ = w.Write(b.Bytes())
}
