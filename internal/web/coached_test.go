package web

import (
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/preference-rules/pref/internal/app"
	"github.com/preference-rules/pref/rulesets"
	"github.com/preference-rules/pref/tutorial"
)

var (
	legalChoice = regexp.MustCompile(`name="c" value="(\d+)"[^>]*data-legal="true"`)
	tableID     = regexp.MustCompile(`data-table="([0-9a-f]+)"`)
	coachWords  = regexp.MustCompile(`(?s)<section class="coach" data-coach[^>]*>(.*?)</section>`)
)

// A coached deal of every ruleset is played to its end by posting the
// first legal choice: the table posts to /coached, the coach's words are
// beside it at every step (data-coach), it speaks after the learner's
// decisions, and at the end it tells the result.
func TestCoachedDealOfEveryRuleset(t *testing.T) {
	ts, _ := testServer(t)
	c := ts.Client()
	c.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	for _, name := range rulesets.Names() {
		code, page := get(t, c, ts.URL+"/coached?ruleset="+name)
		if code != http.StatusOK || !strings.Contains(page, `action="/coached" id="play"`) || !coachWords.MatchString(page) {
			t.Fatalf("%s: status %d, no coached table: %.300s", name, code, page)
		}
		id := tableID.FindStringSubmatch(page)[1]
		spoke := false
		leftOut := firstGameLeavesOut(t, name)
		if !strings.Contains(page, "first game&#39;s rules") && !strings.Contains(page, "first game's rules") {
			t.Errorf("%s: the first coached deal does not say it plays the first game's rules", name)
		}
		for step := 0; step < 200 && !strings.Contains(page, "data-settlement"); step++ {
			for _, word := range leftOut {
				if strings.Contains(page, `data-action="`+word+`"`) {
					t.Errorf("%s: the first coached deal offers %q, a call the first game leaves out", name, word)
				}
			}
			m := legalChoice.FindStringSubmatch(page)
			if m == nil {
				t.Fatalf("%s: no legal choice and no settlement: %.2000s", name, page)
			}
			req, _ := http.NewRequest(http.MethodPost, ts.URL+"/coached", strings.NewReader(url.Values{"t": {id}, "c": {m[1]}}.Encode()))
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			req.Header.Set("X-Pref", "fragment")
			res, err := c.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			b, _ := io.ReadAll(res.Body)
			res.Body.Close()
			page = string(b)
			words := coachWords.FindStringSubmatch(page)
			if res.StatusCode != http.StatusOK || words == nil {
				t.Fatalf("%s: status %d, the coach missing: %.300s", name, res.StatusCode, page)
			}
			spoke = spoke || strings.Contains(words[1], `class="after"`)
		}
		words := coachWords.FindStringSubmatch(page)
		if !strings.Contains(page, "data-settlement") || !strings.Contains(words[1], "data-coach-result") {
			t.Errorf("%s: the deal did not end with the coach's result: %.500s", name, words[1])
		}
		if !spoke {
			t.Errorf("%s: the coach said nothing after any decision", name)
		}
	}
}

// firstGameLeavesOut are the words of the calls of ruleset name's ladder
// that its first game leaves out.
func firstGameLeavesOut(t *testing.T, name string) []string {
	r, err := rulesets.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	kept := map[string]bool{}
	for _, call := range tutorial.FirstGame(r).Ladder {
		kept[r.CallName(call)] = true
	}
	var out []string
	for _, call := range r.Ladder {
		if w := r.CallName(call); !kept[w] {
			out = append(out, w)
		}
	}
	return out
}

// A coached lesson that is not one is refused with the numbers there are.
func TestCoachedBadLesson(t *testing.T) {
	ts, _ := testServer(t)
	for _, l := range []string{"99", "-1", "x"} {
		if code, body := get(t, ts.Client(), ts.URL+"/coached?ruleset=sochi&lesson="+l); code != http.StatusBadRequest || !strings.Contains(body, "a number from 0 to") {
			t.Errorf("lesson %s: %d %s", l, code, body)
		}
	}
}

// The coach never tells a card the learner's seat may not see: the first
// two coached deals of every ruleset (all with PREF_SOAK=1) played by
// random legal choices, and at each decision the coached page (the table
// and the coach's words; the hint asked for once) names no card hidden
// from the learner.
func TestCoachedPageNeverShowsAHiddenCard(t *testing.T) {
	s := New("127.0.0.1:0")
	for _, name := range rulesets.Names() {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			r, err := rulesets.Open(name)
			if err != nil {
				t.Fatal(err)
			}
			deals, err := coachedDeals(r)
			if err != nil {
				t.Fatal(err)
			}
			if len(deals) > 2 && os.Getenv("PREF_SOAK") == "" {
				deals = deals[:2] // the deal to declare and the next; PREF_SOAK=1 plays them all
			}
			for li, d := range deals {
				w, err := newCoachedTable(name, nil, r, d)
				if err != nil {
					t.Fatal(err)
				}
				w.id = "test"
				c := &coaching{coach: app.NewCoach(w.p), teaches: d.Lesson.String(), lesson: li, lessons: len(deals)}
				c.look(w)
				pick := rand.New(rand.NewPCG(d.Seed, uint64(li)))
				for steps := 0; w.legal != nil; steps++ {
					if steps > 200 {
						t.Fatal("the deal never ends")
					}
					if steps == 0 {
						w.hint() // the hint once: its words are the adviser's, the coach's are the subject here
					}
					rec := httptest.NewRecorder()
					s.drawCoached(rec, w, c, true)
					g := w.sess.Game()
					if leak := namedCards(rec.Body.String(), &r.Deck, cardArt{deck: &r.Deck}) & g.Hidden(seatOf(w.p.Names, w.you)); leak != 0 {
						t.Fatalf("coached deal %d (seed %d), %s: hidden cards %s named:\n%s", li, d.Seed, g.Phase(), r.Deck.Format(leak, false), rec.Body.String())
					}
					c.choose(w, anyLegal(w.question(), pick))
				}
				if w.err != nil {
					t.Fatalf("coached deal %d: %v", li, w.err)
				}
			}
		})
	}
}
