package verify_test

import (
	"strings"
	"testing"

	"github.com/preference-rules/pref/interpreter/verify"
)

// Each fault of a case wrong in several ways is said at the key of the
// case it is about, carried with the fault from where it is found, never
// read back out of its words. Before, the key was the first word of the
// fault's text: a session_deals beyond the limits is refused in words that
// begin "deal_number ...", so it was said at deal_number when the case
// gives one, and at no place at all when it does not.
func TestFaultSaidAtItsKeyWhateverItsFirstWord(t *testing.T) {
	const head = "ruleset: sochi\nseats: [Anton, Brigitte, Charlotte]\ncontract: {declarer: Anton, bid: 6-spades}\n"
	const tricks = "tricks: {Anton: 6, Brigitte: 2, Charlote: 2}\nexpect: {transfers: []}\n"
	misspelt := `refused: tricks: "Charlote" is not one of the seats`
	for _, tc := range []struct {
		name, text string
		want       []string
	}{
		{"with deal_number", head + "deal_number: 3\nsession_deals: 5000\n" + tricks, []string{
			"case.yaml:5:16: refused: deal_number 3, session_deals 5000: want 0 to 1000",
			"case.yaml:6:9: " + misspelt}},
		{"without deal_number", head + "session_deals: -1\n" + tricks, []string{
			"case.yaml:4:16: refused: deal_number 0, session_deals -1: want 0 to 1000",
			"case.yaml:5:9: " + misspelt}},
		{"deal_number itself", head + "deal_number: -2\nsession_deals: 5\n" + tricks, []string{
			"case.yaml:4:14: refused: deal_number -2, session_deals 5: want 0 to 1000",
			"case.yaml:6:9: " + misspelt}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := verify.RunBytes("case.yaml", []byte(tc.text))
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Problems) != len(tc.want) {
				t.Fatalf("problems %q, want %d", res.Problems, len(tc.want))
			}
			inOrder(t, strings.Join(res.Problems, "\n"), tc.want)
		})
	}
}
