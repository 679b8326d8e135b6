package web

import (
	"bufio"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
)

// pref serve --bots exec:COMMAND: the play page offers the players given
// on the command line (bots=served), the outside program plays its seats
// over the line protocol (examples/random-player, in Python), seeing only
// its own seat (no card of the person's hand is ever in what it is sent);
// a page that names a command, or asks for served players pref serve was
// not given, is refused and nothing is run.
func TestServeSeatsAnOutsideProgram(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 not found: the example random player cannot run")
	}
	script, err := filepath.Abs("../../examples/random-player/random_player.py")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	heard := filepath.Join(dir, "heard.jsonl") // what the program was sent, copied by tee
	ts, s := testServer(t)
	c := ts.Client()
	c.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }

	// before --bots: served is refused, and so is any command
	refusedBeforeOffer(t, c, ts.URL, dir)
	ended := filepath.Join(dir, "ended") // written when the program's input ends and it exits
	spec := "exec:sh -c 'tee -a " + heard + " | python3 " + script + " 7; echo ended >> " + ended + "'"
	if err := s.Offer(spec); err != nil {
		t.Fatal(err)
	}
	if code, page := get(t, c, ts.URL+"/play?ruleset=sochi&seed=3&bots="+url.QueryEscape("exec:touch "+filepath.Join(dir, "ran"))); code != http.StatusBadRequest || !strings.Contains(page, "simple, strong or served") {
		t.Errorf("a page naming a command: %d, want 400 naming simple, strong or served", code)
	}
	if _, err := os.Stat(filepath.Join(dir, "ran")); err == nil {
		t.Fatal("a command a page named was run")
	}
	// the simple table offers the served players by a link
	_, page := get(t, c, ts.URL+"/play?ruleset=sochi&seed=3")
	if !strings.Contains(page, `href="/play?bots=served&amp;ruleset=sochi&amp;seed=3" data-bots="served"`) {
		t.Errorf("the play page does not offer pref serve's players:\n%.1500s", page)
	}

	code, page := get(t, c, ts.URL+"/play?ruleset=sochi&seed=3&bots=served")
	if code != http.StatusOK || !strings.Contains(page, "data-programs") {
		t.Fatalf("bots=served: %d\n%.1500s", code, page)
	}
	mine := youFaces(page)
	id := tableID.FindStringSubmatch(page)[1]
	page = playOutByHandler(t, c, ts.URL, id, page)
	if !strings.Contains(page, "data-settlement") || strings.Contains(page, "The session stopped") || strings.Contains(page, "(pref: ") {
		t.Fatalf("the deal with the outside program did not end cleanly:\n%.3000s", page)
	}
	hello, decisions := checkHeard(t, heard, mine)
	if !hello || decisions == 0 {
		t.Errorf("the program shook hands %v and decided %d times, want both", hello, decisions)
	}
	t.Logf("a deal with the random player: %d decisions sent to it, none showing the person's cards %v", decisions, mine)
	// the server stopping drops its tables, and their programs end
	if _, err := os.Stat(ended); err == nil {
		t.Fatal("the program ended before its table was dropped")
	}
	s.Close()
	if !appearsWithin(ended, 10*time.Second) {
		t.Fatal("the table was dropped and its program still runs after 10 s")
	}
}

// refusedBeforeOffer: a server given no --bots refuses a page asking for
// served players, and one naming a command.
func refusedBeforeOffer(t *testing.T, c *http.Client, base, dir string) {
	t.Helper()
	for _, bots := range []string{"served", "exec:touch " + filepath.Join(dir, "ran")} {
		if code, page := get(t, c, base+"/play?ruleset=sochi&seed=3&bots="+url.QueryEscape(bots)); code != http.StatusBadRequest || !strings.Contains(page, "simple or strong") {
			t.Errorf("bots=%s without --bots: %d, want 400 simple or strong", bots, code)
		}
	}
}

// appearsWithin reports whether the file path exists within d.
func appearsWithin(path string, d time.Duration) bool {
	deadline := time.Now().Add(d)
	for {
		if _, err := os.Stat(path); err == nil {
			return true
		}
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// youFaces is the cards the person's seat is dealt, as the page draws them.
func youFaces(page string) []string {
	you := page[strings.Index(page, `<section class="you">`):]
	you = you[:strings.Index(you, "</section>")]
	var out []string
	for _, m := range regexp.MustCompile(`data-face="([^"]+)"`).FindAllStringSubmatch(you, -1) {
		out = append(out, m[1])
	}
	return out
}

// checkHeard reads what the program was sent: its hello, and each
// decision, in which no card of the person's (mine) may be in the hand or
// the talon it is shown.
func checkHeard(t *testing.T, path string, mine []string) (hello bool, decisions int) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var msg struct {
			Type        string
			Hand, Talon []string
		}
		if err := json.Unmarshal(sc.Bytes(), &msg); err != nil {
			t.Fatalf("%s: %v", sc.Text(), err)
		}
		hello = hello || msg.Type == "hello"
		if msg.Type != "decide" {
			continue
		}
		decisions++
		for _, card := range append(msg.Hand, msg.Talon...) {
			if slices.Contains(mine, card) {
				t.Errorf("the program was sent %s, a card of the person's hand: %s", card, sc.Text())
			}
		}
	}
	return hello, decisions
}

// playOutByHandler posts the first legal choice of each page of table id
// until the settlement, and returns the last page.
func playOutByHandler(t *testing.T, c *http.Client, base, id, page string) string {
	t.Helper()
	for step := 0; step < 200 && !strings.Contains(page, "data-settlement"); step++ {
		m := legalChoice.FindStringSubmatch(page)
		if m == nil {
			t.Fatalf("no legal choice and no settlement:\n%.3000s", page)
		}
		req, _ := http.NewRequest(http.MethodPost, base+"/play", strings.NewReader(url.Values{"t": {id}, "c": {m[1]}}.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("X-Pref", "fragment")
		res, err := c.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		page = string(b)
	}
	return page
}
