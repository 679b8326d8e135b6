package main

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/preference-rules/pref/internal/web"
	"github.com/preference-rules/pref/rulesets"
)

// One seed, one deal, in every front end: /play?ruleset=NAME&seed=N shows
// the first seat the hand pref play --ruleset NAME --seed N deals it, for
// every ruleset.
func TestServeDealsAsPlayDeals(t *testing.T) {
	ts := httptest.NewUnstartedServer(nil)
	ts.Config.Handler = web.New(ts.Listener.Addr().String())
	ts.Start()
	defer ts.Close()
	face := regexp.MustCompile(`data-face="([^"]+)"`)
	for _, name := range rulesets.Names() {
		for _, seed := range []string{"1", "7", "18446744073709551615"} {
			var out, errb bytes.Buffer
			if code := run([]string{"play", "--ruleset", name, "--seed", seed, "--ascii"}, &out, &errb); code != 0 {
				t.Fatalf("pref play %s %s: exit %d: %s", name, seed, code, errb.String())
			}
			_, hands, _ := strings.Cut(out.String(), "\nHands\n")
			var first []string // the first player's line (not the forehand's, where the dealer is drawn)
			for _, line := range strings.Split(hands, "\n") {
				if f := strings.Fields(line); len(f) > 0 && f[0] == "Anton" {
					first = f
					break
				}
			}
			if len(first) < 2 {
				t.Fatalf("pref play %s %s: no hand for Anton in\n%s", name, seed, out.String())
			}
			res, err := ts.Client().Get(ts.URL + "/play?ruleset=" + name + "&seed=" + seed)
			if err != nil {
				t.Fatal(err)
			}
			page, _ := io.ReadAll(res.Body)
			res.Body.Close()
			if res.StatusCode != http.StatusOK {
				t.Fatalf("%s %s: status %d", name, seed, res.StatusCode)
			}
			// the person's seat is drawn last, after the others (backs) and the middle
			you := string(page)[strings.Index(string(page), `<section class="you">`):]
			you = you[:strings.Index(you, "</section>")]
			var shown []string
			for _, m := range face.FindAllStringSubmatch(you, -1) {
				shown = append(shown, m[1])
			}
			want := first[1:]
			slices.Sort(want)
			slices.Sort(shown)
			if first[0] != "Anton" || !slices.Equal(want, shown) {
				t.Errorf("%s seed %s: pref play deals %s %v, the page shows %v", name, seed, first[0], want, shown)
			}
		}
	}
}
