package web

import (
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/preference-rules/pref/internal/app"
	"github.com/preference-rules/pref/interpreter/cards"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/rulesets"
)

// testServer serves s on a loopback port; the server answers only the
// address it was made for.
func testServer(t *testing.T) (*httptest.Server, *Server) {
	t.Helper()
	ts := httptest.NewUnstartedServer(nil)
	s := New(ts.Listener.Addr().String())
	ts.Config.Handler = s
	ts.Start()
	t.Cleanup(ts.Close)
	return ts, s
}

func get(t *testing.T, c *http.Client, u string) (int, string) {
	t.Helper()
	res, err := c.Get(u)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(b)
}

// A page of another site whose name is rebound to 127.0.0.1 sends its own
// Host: refused with 421 before anything is served; the address served and
// localhost at its port are answered.
func TestHostNotServedIsRefused(t *testing.T) {
	ts, _ := testServer(t)
	_, port, _ := strings.Cut(ts.Listener.Addr().String(), ":")
	for host, want := range map[string]int{
		"evil.example:" + port: http.StatusMisdirectedRequest,
		"evil.example":         http.StatusMisdirectedRequest,
		"127.0.0.1:1":          http.StatusMisdirectedRequest,
		"localhost:" + port:    http.StatusOK,
		"127.0.0.1:" + port:    http.StatusOK,
	} {
		req, _ := http.NewRequest("GET", ts.URL+"/", nil)
		req.Host = host
		res, err := ts.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != want {
			t.Errorf("Host %s: status %d, want %d (%s)", host, res.StatusCode, want, body)
		}
		if want != http.StatusOK && strings.Contains(string(body), "<li>") {
			t.Errorf("Host %s: the page was served: %s", host, body)
		}
	}
}

// Another site's page may link to the table, but not post to it nor
// fetch from it: 403.
func TestCrossSiteRequestsRefused(t *testing.T) {
	ts, _ := testServer(t)
	for _, tc := range []struct {
		method  string
		headers map[string]string
		want    int
	}{
		{"POST", map[string]string{"Origin": "http://evil.example"}, http.StatusForbidden},
		{"POST", map[string]string{"Origin": "null"}, http.StatusForbidden},
		{"GET", map[string]string{"Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "no-cors"}, http.StatusForbidden},
		{"GET", map[string]string{"Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "navigate"}, http.StatusOK},
		{"POST", map[string]string{"Origin": ts.URL}, http.StatusNotFound}, // our own page: on to the table (none here)
	} {
		req, _ := http.NewRequest(tc.method, ts.URL+"/play", strings.NewReader("t=x&c=0"))
		if tc.method == "GET" {
			req, _ = http.NewRequest("GET", ts.URL+"/play?ruleset=sochi&seed=1", nil)
		}
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		for k, v := range tc.headers {
			req.Header.Set(k, v)
		}
		res, err := ts.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != tc.want {
			t.Errorf("%s %v: status %d, want %d", tc.method, tc.headers, res.StatusCode, tc.want)
		}
	}
}

// Serve refuses an address that is not loopback: the tables have no
// password.
func TestServeBindsLoopbackOnly(t *testing.T) {
	for _, addr := range []string{"0.0.0.0:0", "192.0.2.1:0", "example.com:0", "8080"} {
		err := Serve(t.Context(), addr, Options{}, io.Discard, nil)
		if err == nil || !strings.Contains(err.Error(), "--addr") {
			t.Errorf("Serve(%s): %v, want a refusal naming --addr", addr, err)
		}
	}
}

// A body over 2 MiB (the CLI's bound on a file) is refused, whether its
// length is stated or not.
func TestBodyOverTwoMiBRefused(t *testing.T) {
	ts, _ := testServer(t)
	big := strings.Repeat("x", MaxBody+1)
	res, err := ts.Client().Post(ts.URL+"/play", "application/x-www-form-urlencoded", strings.NewReader("t=1&c="+big))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusRequestEntityTooLarge {
		t.Errorf("stated length: status %d, want 413", res.StatusCode)
	}
	// no length stated (chunked): the reader stops at the bound
	pr, pw := io.Pipe()
	go func() { _, _ = io.WriteString(pw, "t=1&c="+big); pw.Close() }()
	res, err = ts.Client().Post(ts.URL+"/play", "application/x-www-form-urlencoded", pr)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusBadRequest || !strings.Contains(string(body), "too large") {
		t.Errorf("chunked: status %d, want 400 naming the bound: %s", res.StatusCode, body)
	}
}

// Bad input gets the CLI's clear errors, never a stack trace; a ruleset is
// opened by name only, never as a path.
func TestBadInputGetsAClearError(t *testing.T) {
	ts, _ := testServer(t)
	for query, want := range map[string]string{
		"/play?ruleset=nope":                               `no ruleset &#34;nope&#34;`,
		"/play?ruleset=sochy":                              "did you mean sochi?",
		"/play?ruleset=../go.mod":                          "no ruleset",
		"/play?ruleset=%2Fetc%2Fpasswd":                    "no ruleset",
		"/play?ruleset=sochi&seed=-1":                      `seed &#34;-1&#34;: a whole number`,
		"/play?ruleset=sochi&seed=99999999999999999999999": "a whole number from 0 to 2^64-1",
		"/play?ruleset=sochi&bots=clever":                  "simple or strong",
		"/play?ruleset=sochi&option=nope=1":                "option",
		"/rules?ruleset=nope":                              "no ruleset",
	} {
		code, body := get(t, ts.Client(), ts.URL+query)
		if code != http.StatusBadRequest || !strings.Contains(body, want) {
			t.Errorf("%s: status %d, want 400 with %q:\n%s", query, code, want, body)
		}
		if strings.Contains(body, "goroutine") || strings.Contains(body, ".go:") {
			t.Errorf("%s: a stack trace reached the page:\n%s", query, body)
		}
	}
	res, err := ts.Client().PostForm(ts.URL+"/play", url.Values{"t": {"unknown"}, "c": {"0"}})
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusNotFound {
		t.Errorf("an unknown table: status %d, want 404", res.StatusCode)
	}
}

// A panic inside a handler is a plain 500 naming no file and no stack.
func TestPanicIsAPlainError(t *testing.T) {
	s := New("127.0.0.1:1")
	s.mux.HandleFunc("GET /boom", func(http.ResponseWriter, *http.Request) { panic("boom at x.go:12") })
	rec := httptest.NewRecorder()
	req := httptest.NewRequest("GET", "http://127.0.0.1:1/boom", nil)
	req.Host = "127.0.0.1:1"
	s.ServeHTTP(rec, req)
	if rec.Code != http.StatusInternalServerError || strings.Contains(rec.Body.String(), "x.go") || strings.Contains(rec.Body.String(), "goroutine") {
		t.Errorf("status %d, body %q", rec.Code, rec.Body.String())
	}
}

// The tables kept are bounded in number and dropped when left alone.
func TestTablesAreBoundedAndExpire(t *testing.T) {
	st := newStore[*webTable](3, time.Hour)
	now := time.Unix(1000, 0)
	st.now = func() time.Time { return now }
	var ids []string
	for i := 0; i < 5; i++ {
		now = now.Add(time.Second)
		ids = append(ids, st.add(&webTable{}))
	}
	if st.size() != 3 || st.get(ids[0]) != nil || st.get(ids[4]) == nil {
		t.Errorf("kept %d tables; the oldest must go first", st.size())
	}
	now = now.Add(2 * time.Hour)
	if st.get(ids[4]) != nil || st.size() != 0 {
		t.Error("a table left alone past the limit is still kept")
	}
}

// Every ruleset's rulebook is a page with its contents and glossary.
func TestRulesPageOfEveryRuleset(t *testing.T) {
	ts, _ := testServer(t)
	for _, name := range rulesets.Names() {
		code, body := get(t, ts.Client(), ts.URL+"/rules?ruleset="+name)
		if code != http.StatusOK || !strings.Contains(body, `<nav class="contents"`) || !strings.Contains(body, `id="glossary"`) || !strings.Contains(body, "<table>") {
			t.Errorf("%s: status %d, contents, glossary or a table missing", name, code)
		}
		if m := regexp.MustCompile(`<li class="level2"><a href="#([^"]*)">`).FindStringSubmatch(body); m == nil || !strings.Contains(body, `id="`+m[1]+`"`) {
			t.Errorf("%s: the contents link no heading", name)
		}
	}
}

// namedCards is every card of deck the page names, in any notation: its
// record notation (10H), its symbol (10♥) or its name read aloud (ten of
// hearts). The draw for the first dealer is left out: a separate shuffle
// the whole table sees, which tells nothing of the hands.
func namedCards(page string, d *cards.Deck, art cardArt) cards.Mask {
	page = drawForDealer.ReplaceAllString(page, "")
	names := map[string]cards.Card{}
	for _, c := range d.All().Cards() {
		names[d.Name(c)] = c
		names[d.Pretty(c)] = c
		names[art.label(c)] = c
	}
	var m cards.Mask
	for _, tok := range cardLikeWords(page) { // cardLike's words, read by a scan
		if c, ok := names[tok]; ok {
			m |= c.Bit()
		}
	}
	return m
}

var (
	drawForDealer = regexp.MustCompile(`Drawing for the first deal: [^\n]*`)
	// a word, a word before a suit symbol, or "rank of suit"
	cardLike = regexp.MustCompile(`[a-z]+ of [a-z]+|[0-9A-Za-z]+[♣♠♦♥]?`)
)

// drawn is the table as the page draws it, with the hint asked for.
func drawn(t *testing.T, w *webTable) string {
	t.Helper()
	var b bytes.Buffer
	if err := pages.ExecuteTemplate(&b, "play.html", w.view()); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// The page never receives a card its seat may not see: over many deals of
// every ruleset, at each of the person's decisions (the hint asked for,
// an illegal card tried), no card hidden from the first seat (game.State.Hidden:
// the others' hands unless the rules open them, the talon unless shown,
// another's discard) is named on the page, in any notation.
func TestPageNeverShowsAHiddenCard(t *testing.T) {
	deals := 4
	if os.Getenv("PREF_SOAK") != "" {
		deals = 60
	}
	for _, name := range rulesets.Names() {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			r, err := rulesets.Open(name)
			if err != nil {
				t.Fatal(err)
			}
			opened := 0 // decisions at which the rules opened another hand
			for seed := uint64(1); seed <= uint64(deals); seed++ {
				w, err := newTable(name, nil, r, seed, "simple", "simple")
				if err != nil {
					t.Fatal(err)
				}
				pick := rand.New(rand.NewPCG(seed, 3))
				for steps := 0; w.legal != nil; steps++ {
					if steps > 200 {
						t.Fatal("the deal never ends")
					}
					if checkNoHiddenCard(t, w, seed) {
						opened++
					}
					w.choose(anyLegal(w.question(), pick))
				}
				if w.err != nil {
					t.Fatalf("seed %d: %v", seed, w.err)
				}
				if !w.between || !strings.Contains(drawn(t, w), "data-settlement") {
					t.Fatalf("seed %d: the deal ended without its settlement", seed)
				}
			}
			t.Logf("%s: %d decisions with another hand open by the rules", name, opened)
		})
	}
}

// checkNoHiddenCard asks for the hint, tries an illegal answer, draws the
// page and fails when it names a card hidden from the person's seat; true
// when the rules open another seat's hand to the person.
func checkNoHiddenCard(t *testing.T, w *webTable, seed uint64) (opened bool) {
	t.Helper()
	g, r := w.sess.Game(), w.r
	w.hint()
	for i, c := range w.question().Choices {
		if !c.OK {
			w.choose(i) // refused: the rule is told
			break
		}
	}
	page := drawn(t, w)
	hidden := g.Hidden(seatOf(w.p.Names, w.you))
	if leak := namedCards(page, &r.Deck, cardArt{deck: &r.Deck}) & hidden; leak != 0 {
		t.Fatalf("seed %d, %s: hidden cards %s named on the page:\n%s", seed, g.Phase(), r.Deck.Format(leak, false), page)
	}
	me := seatOf(w.p.Names, w.you)
	for s := 0; s < g.Seats(); s++ {
		if s != me && g.Hands[s] != 0 && g.SeesHand(me, s) {
			opened = true
			for _, c := range g.Hands[s].Cards() { // and drawn face up
				if !strings.Contains(page, `data-face="`+r.Deck.Name(c)+`"`) {
					t.Fatalf("seed %d: %s's hand is open by the rules, but %s is not drawn", seed, w.p.SeatName(s), r.Deck.Name(c))
				}
			}
		}
	}
	return opened
}

// anyLegal is one of q's legal answers, picked at random.
func anyLegal(q *app.Question, pick *rand.Rand) int {
	var legal []int
	for i, c := range q.Choices {
		if c.OK {
			legal = append(legal, i)
		}
	}
	return legal[pick.IntN(len(legal))]
}

// An illegal card is marked (data-legal false), and refused with its rule;
// nothing changes.
func TestIllegalCardRefusedWithItsRule(t *testing.T) {
	r, _ := rulesets.Open("sochi")
	for seed := uint64(1); seed < 50; seed++ {
		w, err := newTable("sochi", nil, r, seed, "simple", "simple")
		if err != nil {
			t.Fatal(err)
		}
		for w.legal != nil {
			q := w.question()
			for i, c := range q.Choices {
				if c.IsCard && !c.OK && w.legal[0].Phase == game.PhasePlay {
					page := drawn(t, w)
					if !strings.Contains(page, fmt.Sprintf(`data-card="%s" data-legal="false"`, c.Word)) {
						t.Fatalf("the illegal card %s is not marked", c.Word)
					}
					before := w.sess.Game().Hands
					w.choose(i)
					if !strings.Contains(w.status, "is not legal: "+strings.TrimSuffix(c.Why, ".")) || c.Why == "" {
						t.Fatalf("status %q: want the rule %q", w.status, c.Why)
					}
					if w.sess.Game().Hands != before {
						t.Fatal("the refused card was played")
					}
					return
				}
			}
			for i, c := range q.Choices {
				if c.OK {
					w.choose(i)
					break
				}
			}
		}
	}
	t.Fatal("no illegal card found in 50 deals")
}

// Taking back returns to the person's last decision; the page's click
// answers, the hint gives its reason.
func TestTakeBackAndHint(t *testing.T) {
	r, _ := rulesets.Open("austrian-1829")
	w, err := newTable("austrian-1829", nil, r, 5, "simple", "simple")
	if err != nil {
		t.Fatal(err)
	}
	w.hint()
	if !strings.HasPrefix(w.status, "Hint: ") || !strings.Contains(w.status, "(") {
		t.Errorf("hint: %q", w.status)
	}
	first := w.question()
	log := w.log()
	w.choose(0)
	w.back()
	if w.status != "Taken back: decide again." || w.question().Prompt != first.Prompt || w.log() != log {
		t.Errorf("after take back: %q, prompt %q, log changed %v", w.status, w.question().Prompt, w.log() != log)
	}
}
