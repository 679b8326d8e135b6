package web

import (
	"bytes"
	"fmt"
	"html/template"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/preference-rules/pref/internal/app"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/interpreter/table"
)

// The coached deal at the web table: the play table (the same webTable,
// kept in the same store, drawn by the same template) with a coach beside
// the learner, as pref tutorial's coached deals at the terminal
// (app.PickCoachedDeals picks the deals, app.Coach says its words): before
// a decision what to look at, after it whether the coach agrees or what it
// would do and why (take back to try again), and at the end the result in
// a sentence and the card that cost a trick.

// coaching is the coach beside one table and its words now.
type coaching struct {
	coach                 *app.Coach
	teaches               string // what the deal teaches
	lesson, lessons       int    // its number among the ruleset's coached deals, and how many there are
	Before, After, Result string // what to look at, the word on the last decision, the deal's result
	Review                string // the card that cost a trick, and the better one
}

// coachedURL is the link to the first coached deal of a ruleset, played
// after the lessons.
func coachedURL(name string, options []string) string {
	return coachedLessonURL(name, options, 0)
}

func coachedLessonURL(name string, options []string, lesson int) string {
	q := url.Values{"ruleset": {name}, "lesson": {strconv.Itoa(lesson)}}
	if len(options) > 0 {
		q["option"] = options
	}
	return "/coached?" + q.Encode()
}

// coachedDeals are the coached deals of r, as the terminal offers them:
// one per lesson a deal teaches (the first kept even when no seed teaches
// it, a deal to play anyway).
func coachedDeals(r *ruleset.Ruleset) ([]app.CoachedDeal, error) {
	out, err := app.CoachedLessons(r, seatNames[:r.Hands])
	if err != nil {
		return nil, fmt.Errorf("coached deal: %v", err)
	}
	return out, nil
}

// newCoachedTable seats the learner where coached deal d puts him, for
// that one deal (its review at the end), and plays on to his first
// decision.
func newCoachedTable(name string, options []string, r *ruleset.Ruleset, d app.CoachedDeal) (*webTable, error) {
	r = d.Rules(r) // the first deal: the first game's fewer rules
	names := seatNames[:r.Hands]
	t, err := table.New(r, names)
	if err != nil {
		return nil, err
	}
	w := &webTable{name: name, options: options, seed: d.Seed, bots: "simple", r: r, you: d.Seat, adviser: app.NewAdviser("simple")}
	w.p = &app.Printer{Out: &w.out, Ruleset: r, Bots: "simple", Review: true}
	w.sess = app.NewSession(w.p, t, app.DealRand(d.Seed), 1, nil, w.you)
	w.advance()
	return w, nil
}

// coached starts a coached deal (ruleset, lesson: its number among the
// ruleset's coached deals), or shows the one of id t.
func (s *Server) coached(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	if id := q.Get("t"); id != "" {
		t := s.tables.get(id)
		if t == nil || t.coach == nil {
			render(w, http.StatusNotFound, "error.html", "this table is no longer kept (tables left alone are dropped): start a new one")
			return
		}
		c := t.coach
		t.mu.Lock()
		defer t.mu.Unlock()
		s.drawCoached(w, t, c, false)
		return
	}
	name, options, rs, err := openRuleset(q)
	if err != nil {
		refuse(w, err)
		return
	}
	deals, err := coachedDeals(rs)
	if err != nil {
		fail(w, http.StatusInternalServerError, err.Error())
		return
	}
	lesson := 0
	if l := q.Get("lesson"); l != "" {
		if lesson, err = strconv.Atoi(l); err != nil || lesson < 0 || lesson >= len(deals) {
			refuse(w, &badInput{fmt.Sprintf("lesson %q: a number from 0 to %d (%s has %d coached deals)", l, len(deals)-1, name, len(deals))})
			return
		}
	}
	d := deals[lesson]
	t, err := newCoachedTable(name, options, rs, d)
	if err != nil {
		refuse(w, &badInput{err.Error()})
		return
	}
	c := &coaching{coach: app.NewCoach(t.p), teaches: d.Title, lesson: lesson, lessons: len(deals)}
	t.coach = c
	s.tables.add(t)
	t.mu.Lock()
	defer t.mu.Unlock()
	c.look(t)
	s.drawCoached(w, t, c, false)
}

// coachAct takes a click at a coached table: the coach judges a decision
// before it is taken and says its word after; take back, hint and next as
// at /play.
func (s *Server) coachAct(w http.ResponseWriter, r *http.Request) {
	if err := r.ParseForm(); err != nil {
		refuse(w, &badInput{"the form could not be read: " + err.Error()})
		return
	}
	id := r.PostForm.Get("t")
	t := s.tables.get(id)
	if t == nil || t.coach == nil {
		render(w, http.StatusNotFound, "error.html", "this table is no longer kept (tables left alone are dropped): start a new one")
		return
	}
	c := t.coach
	t.mu.Lock()
	defer t.mu.Unlock()
	switch do := r.PostForm.Get("do"); do {
	case "hint":
		t.hint()
	case "next": // the coached session is the one deal: its end, the standings
		t.next()
	case "back":
		t.back()
		if t.legal != nil {
			c.After, c.Result, c.Review = "Coach: taken back. Try again.", "", ""
			c.Before = c.coach.Again(t.sess.Game(), t.legal)
		}
	case "", "choose":
		i, err := strconv.Atoi(r.PostForm.Get("c"))
		if err != nil {
			refuse(w, &badInput{fmt.Sprintf("choice %q: the number of a choice", r.PostForm.Get("c"))})
			return
		}
		c.choose(t, i)
	default:
		refuse(w, &badInput{fmt.Sprintf("do %q: hint, back or next", do)})
		return
	}
	if r.Header.Get("X-Pref") == "fragment" {
		s.drawCoached(w, t, c, true)
		return
	}
	http.Redirect(w, r, "/coached?t="+t.id, http.StatusSeeOther)
}

// choose takes choice i at t, the coach's verdict on it said once it is
// taken (a card refused, or one card of a discard picked, is no decision
// yet).
func (c *coaching) choose(t *webTable, i int) {
	var v app.Verdict
	judged := false
	if q := t.question(); t.legal != nil && i >= 0 && i < len(q.Choices) && q.Choices[i].OK {
		v, judged = c.coach.Judge(t.sess.Game(), t.legal, q.Choices[i].Action), true
	}
	before := t.legal
	t.choose(i)
	if !judged || sameDecision(before, t.legal) {
		return
	}
	c.After = v.Say
	if !v.Agree && len(t.undo) > 0 {
		c.After += " Take back (u) to try again, or go on."
	}
	c.look(t)
}

// look is the coach's word before the decision waiting, or, the deal
// over, its result and the card that cost a trick.
func (c *coaching) look(t *webTable) {
	c.Before = ""
	if t.legal != nil {
		c.Before = c.coach.Before(t.sess.Game(), t.legal)
		return
	}
	c.Result = c.coach.Result(t.sess, t.you)
	if t.err == nil {
		c.Review = t.sess.BetterCards(t.p.Names, t.p.Card)
	}
}

// sameDecision reports whether the decision waiting is still the one
// before: nothing was taken.
func sameDecision(before, now []game.Action) bool {
	return len(before) > 0 && len(now) == len(before) && &before[0] == &now[0]
}

// coachedView is the coached table's page.
type coachedView struct {
	Title, Teaches string
	Lesson, Of     int
	Sprite         template.HTML
	Table          template.HTML
	Next, Learn    string
}

// drawCoached writes the coached table: the play table with the coach's
// words inside it (so that the table the page's script puts in place
// carries them) and its form posting here.
func (s *Server) drawCoached(w http.ResponseWriter, t *webTable, c *coaching, fragment bool) {
	tv := t.view()
	var tb, cb bytes.Buffer
	if err := pages.ExecuteTemplate(&tb, "table", tv); err != nil {
		fail(w, http.StatusInternalServerError, "the page could not be drawn: "+err.Error())
		return
	}
	if err := pages.ExecuteTemplate(&cb, "coach", c); err != nil {
		fail(w, http.StatusInternalServerError, "the page could not be drawn: "+err.Error())
		return
	}
	const form = `<form method="post" action="/play" id="play">`
	html := strings.Replace(tb.String(), form, `<form method="post" action="/coached" id="play">`+cb.String(), 1)
	if fragment {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Cache-Control", "no-store")
		_, _ = w.Write([]byte(html))
		return
	}
	v := &coachedView{Title: tv.Title + " · coached", Teaches: c.teaches, Lesson: c.lesson + 1, Of: c.lessons, Sprite: tv.Sprite,
		Table: template.HTML(html), Learn: learnURL(t.name, t.options)}
	if c.lesson+1 < c.lessons {
		v.Next = coachedLessonURL(t.name, t.options, c.lesson+1)
	}
	render(w, http.StatusOK, "coached.html", v)
}
