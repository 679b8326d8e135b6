package oracle

import (
	"math/rand/v2"
	"testing"

	"github.com/preference-rules/pref/interpreter/money"
	"github.com/preference-rules/pref/rulesets"
)

// statedAnte is a ruleset's ante as its source text (quoted from the
// ruleset's comments) states it, written here rather than read from the
// ruleset: each, from every player at the table; dealer, from the dealer;
// when, "first-deal", "every-deal" or "pot-empty"; "" for a ruleset
// without a pot to ante into.
type statedAnte struct {
	each, dealer int
	when         string
	// belowZero: the session's deals take more out of the pot than was put
	// in (a reward per trick from the pot), so a pot below zero must be
	// reached, and anted into.
	belowZero bool
	// sheetStart: what each player's account holds on the sheet when a
	// session starts.
	sheetStart map[string]int
}

// statedAntes covers every embedded ruleset; a ruleset added without a row
// fails TestSessionBookkeepingEveryRuleset.
var statedAntes = map[string]statedAnte{
	// "players must all deposit a certain amount in the pot"; the header:
	// "10 from each player before the first deal and whenever the pot is empty"
	"american-1909": {each: 10, when: "pot-empty", belowZero: true},
	// "three players each anted 4 Gulden" (1 Gulden = 60 kr), once
	"austrian-1829": {each: 240, when: "first-deal"},
	// "before every deal, the dealer paid 10 units into the pot"
	"austrian-1829-pot-tenth": {dealer: 10, when: "every-deal"},
	// reading: 10 each; "repeated whenever the pot is empty"
	"austrian-modern":          {each: 10, when: "pot-empty"},
	"illustrated":              {each: 10, when: "pot-empty"},
	"illustrated-six-in-a-row": {each: 10, when: "pot-empty"},
	// "Der Geber zahlt 10 Cent in den Topf"
	"simple-pot": {dealer: 10, when: "every-deal"},
	// "Der Einsatz des Gebers beträgt dabei zehn Spielmarken"
	"vienna-pot": {dealer: 10, when: "every-deal"},
	// score-sheet games and West Balkans' pot of base values: no ante
	// "every player starts with bula bule (option bula, 100)"
	"serbian":        {sheetStart: map[string]int{"bule": 100}},
	"danube-swabian": {}, "leningrad": {}, "rostov": {}, "sochi": {}, "west-balkans": {},
}

// ante is the oracle's antes before a deal. A pot is empty when it holds
// nothing: zero, or less than zero (a pot that has paid out more than was
// put in holds nothing either), and then everyone antes again.
func (a statedAnte) ante(first bool, names []string, dealer string, p money.Amount) *result {
	r := newResult()
	due := false
	switch a.when {
	case "first-deal":
		due = first
	case "every-deal":
		due = true
	case "pot-empty":
		due = p.Sign() <= 0
		if p.Sign() < 0 {
			r.because("ante into a pot below zero")
		}
	}
	if !due {
		return r
	}
	for _, n := range names {
		r.transfer(n, pot, amt(a.each))
	}
	r.transfer(dealer, pot, amt(a.dealer))
	r.because("ante")
	return r
}

// TestSessionBookkeepingEveryRuleset plays random sessions of every
// embedded ruleset, at three and at four players where it seats four, and
// checks the session's bookkeeping against the oracle's own account: the
// antes before each deal from the ante the source states, then the pot,
// every balance, the score sheet, the markings and the all-pass run after
// each deal, recomputed from the antes and the deal's payments, entries
// and markings by name (not through Table.Apply). pref's settlement of
// each deal is taken as it is here; the rulesets with a settling oracle of
// their own (TestAmerican1909Oracle, TestAustrian1829Oracle, TestSochiOracle,
// TestWestBalkansOracle) check it too.
func TestSessionBookkeepingEveryRuleset(t *testing.T) {
	for _, name := range rulesets.Names() {
		stated, ok := statedAntes[name]
		if !ok {
			t.Errorf("%s: no stated ante in statedAntes: add the row its source states", name)
			continue
		}
		t.Run(name, func(t *testing.T) {
			sp := spec{
				ruleset:    name,
				sessions:   6,
				deals:      500,
				options:    func(*rand.Rand) map[string]any { return map[string]any{} },
				ante:       stated.ante,
				sheetStart: stated.sheetStart,
			}
			if stated.when != "" {
				sp.must = append(sp.must, "ante")
			}
			if stated.belowZero {
				sp.must = append(sp.must, "ante into a pot below zero")
			}
			run(t, sp)
		})
	}
}
