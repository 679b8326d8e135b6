package web

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// upload posts a file (name, data) to /referee as a form would, with the
// format asked for; the client follows no redirect.
func upload(t *testing.T, base, name string, data []byte, format string) *http.Response {
	t.Helper()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	if format != "" {
		_ = mw.WriteField("format", format)
	}
	fw, _ := mw.CreateFormFile("file", name)
	_, _ = fw.Write(data)
	_ = mw.Close()
	return postReferee(t, base, &body, mw.FormDataContentType())
}

func postReferee(t *testing.T, base string, body io.Reader, contentType string) *http.Response {
	t.Helper()
	req, _ := http.NewRequest("POST", base+"/referee", body)
	req.Header.Set("Content-Type", contentType)
	c := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	res, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// opened uploads a record and gives the link to its first step and the
// number of steps.
func opened(t *testing.T, base, name string, data []byte, format string) (string, int) {
	t.Helper()
	res := upload(t, base, name, data, format)
	defer res.Body.Close()
	if res.StatusCode != http.StatusSeeOther {
		b, _ := io.ReadAll(res.Body)
		t.Fatalf("%s: status %d, want 303: %s", name, res.StatusCode, b)
	}
	loc := res.Header.Get("Location")
	code, page := get(t, http.DefaultClient, base+loc)
	if code != http.StatusOK {
		t.Fatalf("%s: status %d", loc, code)
	}
	m := regexp.MustCompile(`data-steps="(\d+)"`).FindStringSubmatch(page)
	if m == nil {
		t.Fatalf("%s: no data-steps in the page", loc)
	}
	n, _ := strconv.Atoi(m[1])
	return loc, n
}

// step is the page of a record at step k.
func step(t *testing.T, base, first string, k int) string {
	t.Helper()
	code, page := get(t, http.DefaultClient, base+strings.Replace(first, "step=0", fmt.Sprintf("step=%d", k), 1))
	if code != http.StatusOK {
		t.Fatalf("step %d: status %d: %s", k, code, page)
	}
	return page
}

func readFile(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// A legal record is stepped card by card: every step is ruled legal (a
// card with the rule that allowed it, a trick's winner and why), every
// hand is drawn face up, and the last step shows the settlement in
// sentences with its arithmetic, and the ruling document; its JSON is
// pref explain --ruling --json's.
func TestRefereeStepsAGoodRecord(t *testing.T) {
	ts, _ := testServer(t)
	first, n := opened(t, ts.URL, "made.yaml", readFile(t, "../../conformance/sochi/record-suit-game-made.yaml"), "")
	if n < 30 {
		t.Fatalf("%d steps: want the calls and 30 cards", n)
	}
	won := 0
	for k := 0; k < n; k++ {
		page := step(t, ts.URL, first, k)
		if !strings.Contains(page, fmt.Sprintf(`data-step="%d"`, k)) {
			t.Fatalf("step %d: no data-step", k)
		}
		if strings.Contains(page, `data-ruling="fault"`) {
			t.Fatalf("step %d: a fault in a legal record", k)
		}
		if k > 0 && !strings.Contains(page, `data-ruling="legal"`) {
			t.Errorf("step %d: not ruled legal", k)
		}
		if strings.Contains(page, "data-won") {
			won++
		}
		if k == 0 && strings.Count(page, "data-face=") != 32 {
			t.Errorf("step 0: %d faces drawn, want the 32 cards (three hands and the talon)", strings.Count(page, "data-face="))
		}
		if (k == n-1) != strings.Contains(page, "data-settlement") {
			t.Errorf("step %d of %d: settlement shown %v", k, n, k != n-1)
		}
	}
	if won != 10 {
		t.Errorf("%d tricks ruled won, want 10", won)
	}
	last := step(t, ts.URL, first, n-1)
	for _, want := range []string{"Charlotte needed 6 tricks in 6-spades and took 7", "data-arithmetic", "the game value of 6-spades", "Ruling on made.yaml", "Legal: the player"} {
		if !strings.Contains(last, want) && !strings.Contains(step(t, ts.URL, first, n-2), want) {
			t.Errorf("the last steps do not say %q", want)
		}
	}
	id := regexp.MustCompile(`r=([0-9a-f]{32})`).FindStringSubmatch(first)[1]
	res, err := http.Get(ts.URL + "/referee/ruling?r=" + id + "&format=json")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var doc struct {
		File  string            `json:"file"`
		Deals []json.RawMessage `json:"deals"`
	}
	if err := json.NewDecoder(res.Body).Decode(&doc); err != nil || doc.File != "made.yaml" || len(doc.Deals) != 1 {
		t.Errorf("the JSON ruling: %v, %+v", err, doc)
	}
	if cd := res.Header.Get("Content-Disposition"); !strings.Contains(cd, "attachment") {
		t.Errorf("Content-Disposition %q", cd)
	}
}

// An illegal record is shown up to its fault: the deal's steps are legal,
// the last one is the fault with its card, seat, trick and rule, and no
// settlement is shown.
func TestRefereeShowsAnIllegalRecordUpToItsFault(t *testing.T) {
	ts, _ := testServer(t)
	first, n := opened(t, ts.URL, "illegal.yaml", readFile(t, "../../conformance/rostov/record-illegal-follow-suit.yaml"), "record")
	before := step(t, ts.URL, first, n-2)
	if !strings.Contains(before, `data-ruling="legal"`) || !strings.Contains(before, "Anton plays JS to trick 1") {
		t.Errorf("the step before the fault is not Anton's lead, ruled legal")
	}
	last := step(t, ts.URL, first, n-1)
	for _, want := range []string{`data-ruling="fault"`, "deal 1, trick 1: Brigitte played 10C but must follow spades and holds 9S 8S", "Trick 1",
		`data-fault-card="10C"`, "written for Brigitte"} {
		if !strings.Contains(last, want) {
			t.Errorf("the fault's step does not say %q", want)
		}
	}
	if strings.Contains(last, "data-settlement") {
		t.Error("a settlement shown for a refused deal")
	}
	// the deal up to the fault: Anton's spade on the table, Brigitte's hand whole
	if !strings.Contains(last, `<figure class="card"><svg class="face" viewBox="0 0 60 84" role="img" aria-label="jack of spades" data-face="JS">`) {
		t.Error("the trick up to the fault is not drawn")
	}
}

// A PPN game is read as pref import reads it, and stepped.
func TestRefereeReadsAPPNGame(t *testing.T) {
	ts, _ := testServer(t)
	ppn := "[Bula 100]\n[Refe 2]\n[Player1 Anton]\n[Player2 Brigitte]\n[Player3 Charlotte]\n[1 123 WRONMIHG61VTLFEA8752QPKJDCB943SU 2,P,P 1 61 4 2 I2 0 10 1 OLJ1,N2K1,WTP1,MA91,UVQ2,83H1,S5B1,GEC1,I741,RFD1 M9:-10,F1:L8:8,0]\n"
	first, n := opened(t, ts.URL, "game.ppn", []byte(ppn), "")
	last := step(t, ts.URL, first, n-1)
	if !strings.Contains(last, "data-settlement") || !strings.Contains(last, "game.yaml") {
		t.Errorf("the PPN game's last step: no settlement, or not named game.yaml")
	}
}

// A record over 2 MiB is refused (413) with the CLI's bound, whether its
// length is stated or not.
func TestRefereeRefusesAnUploadOverTwoMiB(t *testing.T) {
	ts, _ := testServer(t)
	big := bytes.Repeat([]byte("# padding\n"), int(MaxBody/10)+1)
	res := upload(t, ts.URL, "big.yaml", big, "")
	res.Body.Close()
	if res.StatusCode != http.StatusRequestEntityTooLarge {
		t.Errorf("stated length: status %d, want 413", res.StatusCode)
	}
	// the body streamed, its length not stated: cut at 2 MiB and refused
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	fw, _ := mw.CreateFormFile("file", "big.yaml")
	_, _ = fw.Write(big)
	_ = mw.Close()
	res = postReferee(t, ts.URL, io.MultiReader(&body), mw.FormDataContentType())
	b, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusRequestEntityTooLarge || !strings.Contains(string(b), "2 MiB") {
		t.Errorf("unstated length: status %d, want 413 saying 2 MiB: %s", res.StatusCode, b)
	}
}

// A malformed record is refused with its file, line and column and the
// rule broken, as pref explain refuses it; so is a ruleset named by path
// (a page must not make pref read a file) and text that is not a record.
func TestRefereeMalformedRecordGivesFileLineColumn(t *testing.T) {
	ts, _ := testServer(t)
	for _, c := range []struct{ name, text, want string }{
		{"broken.yaml", "ruleset: rostov\nseats: [Anton\n", "broken.yaml:2:1: YAML syntax"},
		{"typo.yaml", "ruleset: rostov\nseats: [A, B, C]\nhandz: 3\n", "typo.yaml:3:1: unknown key &#34;handz&#34; in record: did you mean &#34;hands&#34;?"},
		{"path.yaml", "ruleset: ../../rulesets/sochi.yaml\nseats: [A, B, C]\ndeals:\n  - hands: {A: \"7S\"}\n", "never a file"},
		{"case.yaml", "hello: world\n", "not a game record"},
		{"bad.ppn", "[Bula 100]\n[Player1 A]\n[1 123 WRONG P,P,P]\n", "bad.ppn"},
	} {
		res := upload(t, ts.URL, c.name, []byte(c.text), "")
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != http.StatusBadRequest || !strings.Contains(string(b), c.want) || !strings.Contains(string(b), "data-error") {
			t.Errorf("%s: status %d, want 400 with %q: %s", c.name, res.StatusCode, c.want, b)
		}
		if strings.Contains(string(b), "goroutine") {
			t.Errorf("%s: a stack trace", c.name)
		}
		// the form shown again posts with its Origin (no-referrer would make it "null", refused)
		if rp := res.Header.Get("Referrer-Policy"); rp != "same-origin" {
			t.Errorf("%s: Referrer-Policy %q on the form shown again", c.name, rp)
		}
	}
	// pasted text is named pasted.yaml
	res := postReferee(t, ts.URL, strings.NewReader("text=ruleset%3A+rostov%0Aseats%3A+%5BAnton%0A"), "application/x-www-form-urlencoded")
	b, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusBadRequest || !strings.Contains(string(b), "pasted.yaml:2:1") {
		t.Errorf("pasted: status %d: %s", res.StatusCode, b)
	}
	// a step out of range, a record not kept
	if code, _ := get(t, http.DefaultClient, ts.URL+"/referee?r=00&step=0"); code != http.StatusNotFound {
		t.Errorf("a record not kept: status %d", code)
	}
}

// The analyser's best play from a step of the card play, asked for: the
// declarer's tricks with best play from there (6, as pref analyse says
// of this deal from its start), and each legal card of the seat to play
// with the count after it, the best marked.
func TestRefereeBestPlayFromAStep(t *testing.T) {
	ts, _ := testServer(t)
	first, n := opened(t, ts.URL, "made.yaml", readFile(t, "../../conformance/sochi/record-suit-game-made.yaml"), "")
	lead := -1
	for k := 0; k < n && lead < 0; k++ {
		if regexp.MustCompile(`<p class="words">\w+ plays \w+ to trick 1\.`).MatchString(step(t, ts.URL, first, k)) {
			lead = k - 1 // the step before the first card: the lead to make
		}
	}
	page := step(t, ts.URL, first, lead)
	if !strings.Contains(page, `data-nav="analyse"`) || strings.Contains(page, "data-bestcard") {
		t.Fatal("the analysis is not offered, or is made unasked")
	}
	_, page = get(t, http.DefaultClient, ts.URL+strings.Replace(first, "step=0", fmt.Sprintf("step=%d", lead), 1)+"&analyse=1")
	if !strings.Contains(page, "Charlotte takes 6 tricks in the whole deal") || !strings.Contains(page, "data-bestcard=") {
		t.Errorf("best play from the lead: %s", regexp.MustCompile(`(?s)<section class="best".*?</section>`).FindString(page))
	}
	if strings.Contains(step(t, ts.URL, first, 0), `data-best`) {
		t.Error("best play offered before the card play")
	}
}
