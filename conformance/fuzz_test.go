package conformance

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/preference-rules/pref/internal/ledgercheck"
	"github.com/preference-rules/pref/interpreter/money"
)

// FuzzCase feeds arbitrary text to the case runner: whatever it is, the
// runner answers with a result or an error, and never panics. Seeds are
// every real case of this directory (so the fuzzer starts from the whole
// format) and the hostile values the runner refuses.
func FuzzCase(f *testing.F) {
	files, err := Files([]string{"."})
	if err != nil {
		f.Fatal(err)
	}
	testdata, _ := filepath.Glob("testdata/*.yaml")
	for _, p := range append(files, testdata...) {
		data, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(data))
	}
	const outcome = "ruleset: austrian-1829\nseats: [Anton, Brigitte, Charlotte]\ncontract: {declarer: Anton, bid: diamonds}\ntricks: {Anton: 6, Brigitte: 2, Charlotte: 2}\nexpect:\n  net: {Anton: \"18\"}\n"
	for _, s := range []string{
		outcome + "pot: 9.300000001\n",
		outcome + "pot: -9223372036854775808/1\n",
		outcome + "pot: 9223372036854775807\n",
		strings.Replace(outcome, "Anton: 6, Brigitte: 2, Charlotte: 2", "Anton: 6148914691236517214, Brigitte: 6148914691236517206, Charlotte: 6148914691236517206", 1),
		"ruleset: sochi\nseats: [Anton, Brigitte, Charlotte]\ncontract: {passed: true}\nall_pass_run: 62\noptions: {geometric-progression: true, all-pass-steps: 0}\ntricks: {Anton: 5, Brigitte: 3, Charlotte: 2}\nexpect:\n  sheet: {Anton: {mountain: 1}}\n",
		"ruleset: west-balkans\nseats: [Ana, Boris, Ciril]\noptions: {refa: true}\nmarks_given: -9\nmarks: {Ana: -1}\ncontract: {passed: true}\nexpect:\n  marks: {Ana: 0}\n",
		"ruleset: american-1909\nseats: [Alice, Bob, Carol]\nposition: {contract: hearts, hand: [QH, QH, 10S], trick: [10S, JS, QS]}\nexpect: {legal: [QH]}\n",
		"ruleset: west-balkans\nseats: [Ana, Boris, Ciril]\nposition: {contract: diamonds, declarer: Ana, player: Ciril, hand: [AS, 7S, QH], trick: [9S, KS, 7S]}\nexpect: {legal: [7S], breach: {AS: 1}}\n",
		"ruleset: sochi\nseats: [Anton, Brigitte, Charlotte]\nsheet:\n  Anton: {pool: 9223372036854775807, whists: {Brigitte: -9223372036854775807}}\nexpect: {closed: true, final: {Anton: \"0\"}}\n",
		"ruleset: sochi\nauction: [pass, pass, pass, pass]\nexpect: {calls: []}\n",
		"ruleset: /dev/zero\n",
		"ruleset: .\n",
		"[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]\n",
		"a: &a [*a, *a]\n",
		"\xff\xfe\x00garbage",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		// In testdata, where the runner's own test rulesets are found by
		// relative path.
		res, err := RunBytes("testdata/fuzz.yaml", []byte(text))
		if err != nil || !res.Passed() || res.Ledger == nil {
			return
		}
		// Ledger.Balanced adds the nets in turn, and a partial sum may not
		// fit even when every net does: that is the ledger's limit, not the
		// runner's, so only a sum that fits and is not zero fails here.
		var overflow error
		balanced := func() bool {
			defer money.Catch(&overflow)
			return ledgercheck.Nets(res.Ledger) == nil
		}()
		if overflow == nil && !balanced {
			t.Fatalf("a passing case settled to a ledger that does not balance:\n%s", text)
		}
	})
}
