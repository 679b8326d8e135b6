package terminal

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/charmbracelet/bubbles/textinput"
	"github.com/charmbracelet/bubbles/viewport"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/preference-rules/pref/internal/app"
	"github.com/preference-rules/pref/internal/termtext"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/tutorial"
)

// TutorialScreen pages through the lessons, then walks the guided deal one
// step per key, asking its questions in a text field.
type TutorialScreen struct {
	r            *ruleset.Ruleset
	pages        []TutorialPage // the lessons, rendered
	page         int
	resumed      bool
	Save         func(lesson int) // keeps the lesson reached, when leaving
	playNext     bool             // p at the end, or c: play a coached deal now
	walk         *tutorial.Walkthrough
	step         int
	inDeal, done bool
	transcript   []string
	asking       *tutorial.Quiz
	right, asked int
	input        textinput.Model
	vp           viewport.Model
	ready        bool
	height       int            // the terminal's
	check        *lessonCheck   // the questions after the lesson on screen, while asked
	checked      map[int]bool   // lessons whose questions are answered
	offer        *exerciseOffer // what x picks the exercises from; nil: none offered
	ex           *exercising    // the exercises on screen (x), until esc
}

// lessonCheck is the questions after a lesson, asked one at a time: a
// wrong answer may be tried again; after a second the answer and why are
// shown (a right one is only said right: the lesson said why). The learner goes on by answering, not by Enter alone.
type lessonCheck struct {
	qs     []tutorial.Question
	i      int    // the question asked
	misses int    // wrong answers to it so far
	said   string // the word on the last answer
	done   bool   // question i is settled (right, or missed twice): Enter goes on
}

// TutorialPage is a lesson as shown: its Text rendered for 80 columns, and
// its Markdown (escaped), which the screen renders again for the width it
// has; the questions after it; its Part, the course it belongs to (the
// first game, or the full rules), and its place in it.
type TutorialPage struct {
	Title, Text string
	Questions   []tutorial.Question
	Part        string
	Of, Lessons int // the lesson's number in its part, and how many the part has
	markdown    string
	plain       bool
}

// NewTutorialScreen starts at lesson start (len(pages): the guided deal),
// where the learner left off last time.
func NewTutorialScreen(r *ruleset.Ruleset, pages []TutorialPage, w *tutorial.Walkthrough, start int) *TutorialScreen {
	in := textinput.New()
	in.Placeholder = "your answer (cards like 7S 8D, all, hearts; a name; an amount)"
	s := &TutorialScreen{r: r, pages: pages, walk: w, input: in, Save: func(int) {}, checked: map[int]bool{}}
	if start > 0 && start <= len(pages) {
		s.resumed = true
		s.page = start
		if start == len(pages) {
			s.page = len(pages) - 1
			s.startDeal()
		}
	}
	return s
}

func (s *TutorialScreen) startDeal() {
	s.inDeal = true
	s.transcript = []string{fmt.Sprintf("A guided deal (seed %d)", s.walk.Seed), ""}
	s.next()
}

// lessonReached is what is kept when the learner leaves: the lesson on
// screen, or len(pages) for the guided deal.
func (s *TutorialScreen) lessonReached() int {
	if s.inDeal {
		return len(s.pages)
	}
	return s.page
}

// PlayNext reports whether the learner asked to play a coached deal of
// his own now (p at the end of the guided deal, c any time).
func (s *TutorialScreen) PlayNext() bool { return s.playNext }

func (s *TutorialScreen) Init() tea.Cmd { return nil }

func (s *TutorialScreen) content() string {
	if s.ex != nil {
		return s.exerciseText()
	}
	if !s.inDeal {
		if len(s.pages) == 0 {
			return ""
		}
		if s.check != nil {
			md := s.checkMarkdown()
			if text, err := renderLesson(md, s.pages[s.page].plain, s.vp.Width); err == nil {
				return text
			}
			return md
		}
		pg := s.pages[s.page]
		if pg.markdown != "" { // laid out for the width there is, not for 80
			if text, err := renderLesson(pg.markdown, pg.plain, s.vp.Width); err == nil {
				return text
			}
		}
		return pg.Text
	}
	return strings.Join(s.transcript, "\n")
}

func (s *TutorialScreen) refresh() {
	s.layout()
	s.vp.SetContent(lipgloss.NewStyle().Width(s.vp.Width).Render(s.content())) // wrapped to the screen
	if s.inDeal || s.ex != nil {                                               // the question and the answers at the foot, by the field
		s.vp.GotoBottom()
	} else {
		s.vp.GotoTop()
	}
}

// layout gives the text what the answer field and the footer leave of
// the terminal's height (the footer takes as many lines as the width
// needs).
func (s *TutorialScreen) layout() {
	for range 2 { // the footer's length depends on whether more is below, which depends on the height
		s.vp.Height = max(1, s.height-1-len(s.footer()))
	}
}

// moreBelow reports whether the lesson on screen goes on below it.
func (s *TutorialScreen) moreBelow() bool {
	return !s.inDeal && s.vp.TotalLineCount() > s.vp.Height && !s.vp.AtBottom()
}

func (s *TutorialScreen) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		if !s.ready {
			s.vp = viewport.New(msg.Width, msg.Height-3)
			s.ready = true
		} else {
			s.vp.Width, s.vp.Height = msg.Width, msg.Height-3
		}
		s.height = msg.Height
		s.refresh()
		return s, nil
	case tea.KeyMsg:
		if s.ex != nil && msg.String() != "ctrl+c" { // an answer may hold a q (QS)
			return s.exerciseKey(msg)
		}
		if msg.String() == "ctrl+c" || (msg.String() == "q" && s.asking == nil) {
			s.Save(s.lessonReached())
			return s, tea.Quit
		}
		if s.asking != nil {
			if msg.Type == tea.KeyEnter {
				if strings.TrimSpace(s.input.Value()) != "" { // an empty Enter is no answer
					s.answer(s.input.Value())
				}
				return s, nil
			}
			var cmd tea.Cmd
			s.input, cmd = s.input.Update(msg)
			return s, cmd
		}
		s.resumed = false
		if s.check != nil && s.checkKey(msg.String()) {
			return s, nil
		}
		if done, cmd := s.pageKey(msg.String()); done {
			return s, cmd
		}
	}
	var cmd tea.Cmd
	s.vp, cmd = s.vp.Update(msg) // scrolling
	s.layout()
	return s, cmd
}

// pageKey handles a key of the lessons and of the guided deal's steps;
// done false: the key is the viewport's (scrolling).
func (s *TutorialScreen) pageKey(key string) (done bool, cmd tea.Cmd) {
	switch key {
	case "enter", " ":
		if s.moreBelow() { // the rest of the lesson before the next one
			s.vp.PageDown()
			s.layout()
			return true, nil
		}
		s.forward()
		return true, nil
	case "n", "right":
		s.forward()
		return true, nil
	case "home":
		s.vp.GotoTop()
		s.layout()
		return true, nil
	case "end":
		s.vp.GotoBottom()
		s.layout()
		return true, nil
	case "left", "b":
		switch {
		case s.check != nil: // back to the lesson the questions are on
			s.check = nil
			s.refresh()
		case !s.inDeal && s.page > 0:
			s.page--
			s.refresh()
		}
		return true, nil
	case "p", "c": // the guided deal is over (or, c, any time): play a coached deal yourself
		if s.done || (key == "c" && s.asking == nil) {
			s.playNext = true
			s.Save(s.lessonReached())
			return true, tea.Quit
		}
		return true, nil
	case "x": // the exercises from real deals, where offered
		return s.startExercises(), nil
	case "r": // start over
		if !s.inDeal {
			s.page, s.check = 0, nil
			s.refresh()
		}
		return true, nil
	}
	return false, nil
}

// forward is the next lesson, the guided deal after the last one, or the
// deal's next step.
func (s *TutorialScreen) forward() {
	switch {
	case s.inDeal:
		s.next()
	case s.check != nil && !s.check.done:
		return // the question is answered, not passed by
	case s.check != nil && s.check.i+1 < len(s.check.qs):
		s.check.i++
		s.check.misses, s.check.said, s.check.done = 0, "", false
	case s.check != nil:
		s.checked[s.page] = true
		s.check = nil
		s.forward()
		return
	case !s.checked[s.page] && len(s.pages[s.page].Questions) > 0:
		s.check = &lessonCheck{qs: s.pages[s.page].Questions}
	case s.page < len(s.pages)-1:
		s.page++
	default:
		s.startDeal()
	}
	s.refresh()
}

// next shows the next step of the deal, asking its question if it has one.
func (s *TutorialScreen) next() {
	if s.step >= len(s.walk.Steps) {
		if !s.done {
			s.done = true
			s.transcript = append(s.transcript, "", fmt.Sprintf("Score: %d of %d.", s.right, s.asked),
				"", "Now play a deal yourself, a coach beside you: press p (later: pref tutorial --coached).")
		}
		return
	}
	st := s.walk.Steps[s.step]
	s.step++
	if st.Text != "" {
		s.transcript = append(s.transcript, st.Text, "")
	}
	if st.Quiz != nil {
		s.asking = st.Quiz
		s.transcript = append(s.transcript, "Question: "+st.Quiz.Question)
		s.input.Reset()
		s.input.Focus()
	} else if st.Text == "" {
		s.next()
	}
}

func (s *TutorialScreen) answer(a string) {
	q := s.asking
	s.asking = nil
	s.input.Blur()
	s.asked++
	s.transcript = append(s.transcript, "> "+a)
	if q.Check(s.r, a) {
		s.right++
		s.transcript = append(s.transcript, "Right: "+q.Shown+".", "")
	} else {
		s.transcript = append(s.transcript, fmt.Sprintf("Not quite: the answer is %s. The rule: %s.", q.Shown, q.Why), "")
	}
	s.refresh()
}

func (s *TutorialScreen) View() string {
	if !s.ready {
		return "…"
	}
	field := ""
	if s.asking != nil || (s.ex != nil && !s.ex.settled && !s.ex.over) {
		field = s.input.View()
	}
	var help []string
	for _, l := range s.footer() {
		help = append(help, styleHelp.Render(l))
	}
	return s.vp.View() + "\n" + field + "\n" + strings.Join(help, "\n")
}

// footer is where the learner is and the keys that work, broken between
// keys to fit the width; "more below" while the lesson goes on below the
// screen, where Enter scrolls.
func (s *TutorialScreen) footer() []string {
	title := ""
	if s.page < len(s.pages) {
		title = s.pages[s.page].Title
	}
	var keys []string
	switch {
	case s.ex != nil:
		keys = s.exerciseKeys()
	case s.asking != nil:
		keys = []string{fmt.Sprintf("guided deal, step %d of %d", s.step, len(s.walk.Steps)), "type your answer, enter to check", "ctrl+c quit"}
	case s.done:
		keys = []string{fmt.Sprintf("the guided deal is over: score %d of %d", s.right, s.asked), "p: play a deal yourself now, coached", "↑/↓ scroll", "q quit"}
		if s.offer != nil {
			keys = slices.Insert(keys, 2, "x exercises")
		}
	case s.inDeal:
		keys = []string{fmt.Sprintf("guided deal, step %d of %d", s.step, len(s.walk.Steps)), fmt.Sprintf("question %d of %d, %d right", s.asked, s.walk.Quizzes, s.right), "enter: next step", "↑/↓ scroll", "q quit"}
	default:
		keys = s.lessonKeys(title)
	}
	w := max(20, s.vp.Width)
	for i, k := range keys {
		keys[i] = ansi.Truncate(k, w, "…")
	}
	return fitWords(keys, " · ", w)
}

// checkKey takes a key while the lesson's questions are asked: a choice's
// number answers; false: the key is the lesson's.
func (s *TutorialScreen) checkKey(key string) bool {
	c := s.check
	n, err := strconv.Atoi(key)
	if err != nil || c.done {
		return false
	}
	q := c.qs[c.i]
	if n < 1 || n > len(q.Choices) {
		return true
	}
	switch {
	case q.Check(n):
		c.said, c.done = "Right.", true
	case c.misses == 0:
		c.misses++
		c.said = fmt.Sprintf("Not %s. Try once more.", q.Choices[n-1])
	default:
		c.said = fmt.Sprintf("Not quite: the answer is %d, %s. %s", q.Answer+1, q.Choices[q.Answer], q.Why)
		c.done = true
	}
	s.refresh()
	return true
}

// checkMarkdown is the question asked, its choices and the word on the
// last answer, laid out as a lesson is.
func (s *TutorialScreen) checkMarkdown() string {
	c := s.check
	q := c.qs[c.i]
	b := new(strings.Builder)
	fmt.Fprintf(b, "## Check: %s\n\nQuestion %d of %d. %s\n\n", s.pages[s.page].Title, c.i+1, len(c.qs), q.Ask)
	for i, ch := range q.Choices {
		fmt.Fprintf(b, "%d. %s\n", i+1, ch)
	}
	if c.said != "" {
		fmt.Fprintf(b, "\n%s\n", c.said)
	}
	return b.String()
}

// lessonKeys is the footer of a lesson.
func (s *TutorialScreen) lessonKeys(title string) []string {
	if c := s.check; c != nil {
		if c.done {
			return []string{"enter: go on", "← back to the lesson", "q quit"}
		}
		return []string{fmt.Sprintf("answer with 1 to %d", len(c.qs[c.i].Choices)), "← back to the lesson", "q quit"}
	}
	pg := s.pages[s.page]
	where := fmt.Sprintf("lesson %d of %d: %s", s.page+1, len(s.pages), title)
	if pg.Part != "" {
		where = fmt.Sprintf("lesson %d of %d (%s): %s", pg.Of, pg.Lessons, pg.Part, title)
	}
	if s.resumed {
		where = "welcome back: " + where
	}
	next := "enter/→ next"
	if !s.checked[s.page] && len(pg.Questions) > 0 {
		next = "enter/→ questions"
	}
	keys := []string{where, next}
	if s.moreBelow() {
		keys = []string{where, "▼ more below: enter scrolls", "→ " + strings.TrimPrefix(next, "enter/→ ")}
	}
	keys = append(keys, "← back", "↑/↓ scroll", "c coached deal")
	if s.offer != nil {
		keys = append(keys, "x exercises")
	}
	keys = append(keys, "q quit (your place is kept)")
	if s.resumed {
		keys = append(keys, "r start over")
	}
	return keys
}

// CoursePages renders the lessons one page each: first the first game
// (fewer rules: games in a trump suit, with the talon), after which the
// learner may play a coached deal, then the full rules.
func CoursePages(r *ruleset.Ruleset, ascii, plain bool) ([]TutorialPage, error) {
	first, err := FirstCoursePages(r, ascii, plain)
	if err != nil {
		return nil, err
	}
	full, err := tutorial.CoursePages(r, ascii)
	if err != nil {
		return nil, &app.Failed{Err: fmt.Errorf("lessons: %v", err)}
	}
	rest, err := renderPages(full, "the full rules", plain)
	if err != nil {
		return nil, err
	}
	return append(first, rest...), nil
}

// FirstCoursePages renders the first game's lessons one page each, the
// last saying what comes next.
func FirstCoursePages(r *ruleset.Ruleset, ascii, plain bool) ([]TutorialPage, error) {
	pages, err := tutorial.FirstCoursePages(r, ascii)
	if err != nil {
		return nil, &app.Failed{Err: fmt.Errorf("lessons: %v", err)}
	}
	pages = append(pages, tutorial.Page{Name: "ready", Title: "Ready for a first game",
		Markdown: "## Ready for a first game\n\nThat is enough to play. Press **c** for a deal of your own, a coach beside you, or → for the full rules."})
	return renderPages(pages, "first game", plain)
}

// pageLines is how many lines of a lesson a page holds: what 80x24
// leaves after the answer field and a footer of up to three lines.
const pageLines = 19

// renderPages renders pages of a course, part; a lesson longer than a
// screen at 80x24 is split between its paragraphs into pages, its
// questions after the last.
func renderPages(pages []tutorial.Page, part string, plain bool) ([]TutorialPage, error) {
	var out []TutorialPage
	for _, p := range pages {
		// The ruleset's text, shown, never obeyed (as in pref rules).
		chunks, err := splitLesson(termtext.Escape(p.Markdown), termtext.Escape(p.Title), plain)
		if err != nil {
			return nil, err
		}
		for i, md := range chunks {
			text, err := renderLesson(md, plain, 80)
			if err != nil {
				return nil, &app.Failed{Err: fmt.Errorf("rendering: %v", err)}
			}
			pg := TutorialPage{Title: termtext.Escape(p.Title), Text: text, Part: part, markdown: md, plain: plain}
			if len(chunks) > 1 {
				pg.Title = fmt.Sprintf("%s (%d of %d)", pg.Title, i+1, len(chunks))
			}
			if i == len(chunks)-1 {
				pg.Questions = escapedQuestions(p.Questions)
			}
			out = append(out, pg)
		}
	}
	for i := range out {
		out[i].Of, out[i].Lessons = i+1, len(out)
	}
	return out, nil
}

// splitLesson splits a lesson's markdown between its paragraphs (or
// lists, or tables) into pages of at most pageLines lines at 80 columns,
// each after the first headed "title (continued)".
func splitLesson(md, title string, plain bool) ([]string, error) {
	whole, err := renderLesson(md, plain, 80)
	if err != nil {
		return nil, &app.Failed{Err: fmt.Errorf("rendering: %v", err)}
	}
	if strings.Count(whole, "\n")+1 <= pageLines {
		return []string{md}, nil
	}
	var pages []string
	cur, lines := "", 0
	for _, b := range strings.Split(md, "\n\n") {
		text, err := renderLesson(b, plain, 80)
		if err != nil {
			return nil, &app.Failed{Err: fmt.Errorf("rendering: %v", err)}
		}
		n := strings.Count(strings.Trim(text, "\n"), "\n") + 2 // the block and the blank line before it
		if cur != "" && lines+n > pageLines {
			pages = append(pages, cur)
			cur, lines = "## "+title+" (continued)", 3
		}
		if cur != "" {
			cur += "\n\n"
		}
		cur += b
		lines += n
	}
	return append(pages, cur), nil
}

// escapedQuestions are qs with their texts escaped: the ruleset's words,
// shown, never obeyed.
func escapedQuestions(qs []tutorial.Question) []tutorial.Question {
	out := make([]tutorial.Question, len(qs))
	for j, q := range qs {
		q.Ask, q.Why = termtext.Escape(q.Ask), termtext.Escape(q.Why)
		q.Choices = append([]string(nil), q.Choices...)
		for k := range q.Choices {
			q.Choices[k] = termtext.Escape(q.Choices[k])
		}
		out[j] = q
	}
	return out
}
