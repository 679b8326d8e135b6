package rulings

import (
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestExplainEveryPassingCase: every case and record of the conformance
// suite passes pref verify, so pref explain rules it without a failure:
// a case that settles nothing (an auction, a position, the lead, a sheet
// to close, a refused outcome) tells what pref ruled, and a record of an
// illegal move whose expect: names the refusal is ruled as it expects.
// (explain once failed 180 of them, exit 1 "nothing settled to explain".)
func TestExplainEveryPassingCase(t *testing.T) {
	files, err := filepath.Glob("../../conformance/*/*.yaml")
	if err != nil {
		t.Fatal(err)
	}
	ruled := 0
	for _, f := range files {
		if strings.Contains(f, "/testdata/") {
			continue // the runner's own failing examples
		}
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		deals, err := Explain(f, data, false)
		if err != nil {
			t.Errorf("%s: %v", f, err)
			continue
		}
		if len(deals) == 0 {
			t.Errorf("%s: nothing explained", f)
		}
		var b strings.Builder
		PrintExplained(&b, deals, false)
		if oneTricks.MatchString(b.String()) {
			t.Errorf("%s: a count of one with a plural noun in\n%s", f, b.String())
		}
		for _, d := range deals {
			if len(d.Ruled) > 0 {
				ruled++
			}
		}
		// with the arithmetic, a case that settles nothing claims no
		// settlement ("no rule applies: nothing is paid")
		if all, _ := ExplainWith(f, data, ExplainOptions{All: true}); len(all) == 1 && len(all[0].Ruled) > 0 {
			var b strings.Builder
			PrintExplained(&b, all, false)
			if strings.Contains(b.String(), "Settlement:") {
				t.Errorf("%s: a settlement told for a case that settles nothing:\n%s", f, b.String())
			}
		}
	}
	if ruled < 100 {
		t.Errorf("%d cases told what pref ruled; the suite has well over 100 that settle nothing", ruled)
	}
}

// oneTricks is a count of one with a plural noun ("took 1 tricks").
var oneTricks = regexp.MustCompile(`(^|[^0-9.])1 (tricks|cards|deals|players)\b`)

// TestExplainRulesAnAuction: an auction case tells each call with its
// caller and who holds the bidding; a wrong expectation is a failure
// shown next to pref's ruling.
func TestExplainRulesAnAuction(t *testing.T) {
	good := `ruleset: serbian
seats: [Ana, Boris, Ciril]
auction: [pik, herc hand, pass, pass]
expect:
  calls: []
  declarer: "2"
`
	deals, err := Explain("auction.yaml", []byte(good), false)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	PrintExplained(&b, deals, false)
	for _, want := range []string{"Ana: pik.\n", "Boris: herc hand.\n", "Ciril: pass.\n", "The bidding is over: Boris holds it.\n"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("no %q in\n%s", want, b.String())
		}
	}
	bad := strings.Replace(good, `declarer: "2"`, `declarer: "3"`, 1)
	deals, err = Explain("auction.yaml", []byte(bad), false)
	var f *Failure
	if !errors.As(err, &f) {
		t.Fatalf("a wrong declarer: err %v, want a *Failure", err)
	}
	b.Reset()
	PrintExplained(&b, deals, false)
	for _, want := range []string{"The bidding is over: Boris holds it.\n", "bidding won by seat 2; want 3"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("no %q in\n%s", want, b.String())
		}
	}
}

// TestExplainSaysWhoseTricksCount: a lone whister is credited with the
// tricks of the hand played along with his (sochi: Charlotte passed,
// Brigitte whisted alone); the settlement says so before it writes 16 for
// 4 tricks to a whister who took 2.
func TestExplainSaysWhoseTricksCount(t *testing.T) {
	path := "../../conformance/sochi/consolation-lone-whister.yaml"
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	deals, err := Explain(path, data, false)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	PrintExplained(&b, deals, false)
	for _, want := range []string{
		"  Charlotte dropped out, and Charlotte's hand was played for Brigitte; Brigitte took 2 tricks and Charlotte 2.\n",
		"  The defence's 4 tricks count for Brigitte.\n",
	} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("no %q in\n%s", want, b.String())
		}
	}
}
