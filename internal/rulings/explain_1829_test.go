package rulings

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The four worked examples of the 1829 rules (003_9bb31e99ee2b6d46.txt,
// "Settling"), as pref explain tells their outcome cases: written by hand
// against the source's own sentences, quoted above each, line for line -
// what happened, who pays whom what and for what, each player's result,
// and the amounts down to the table of contracts. No expression, no
// internal name: the rules and their arithmetic are for --arithmetic.
var explained1829 = []struct {
	file, source, want string
}{
	{
		file:   "anton-diamonds.yaml",
		source: "Anton announces Diamonds. He takes 6 tricks, Brigitte 2 and Charlotte 2. Anton draws 30 kr from the pot and pays Brigitte and Charlotte 6 each.",
		want: `Settled:
  Anton needed 6 tricks in diamonds and took 6, so the game was made.
  Brigitte took 2 tricks and Charlotte 2.
  Anton draws 30 from the pot (the game's value) and pays Brigitte and Charlotte 6 each for 2 tricks at 3.
  Anton: +18 this deal.
  Brigitte: +6 this deal.
  Charlotte: +6 this deal.
  The pot: -30 this deal.
  The amounts:
    the game's value 30 = 30 for diamonds in the table of contracts
    the hand factor 1 = no doubling
    A game played from the hand is worth double (game and trick values): no (the ruleset's default)
    a trick's value 3 = 3 for diamonds in the table of contracts
`,
	},
	{
		file:   "anne-7-berti-2-carl-1.yaml",
		source: "Diamonds being trumps, if Anne had taken 7 tricks, Berti 2 and Carl 1, Carl would pay from his own pocket 21 kr to Anne and 6 to Berti.",
		want: `Failed: Carl, defending, needed 2 tricks and took 1: short by 1 trick.
Settled:
  Anne needed 6 tricks in diamonds and took 7, so the game was made with 1 trick over.
  Berti took 2 tricks and Carl 1.
  Carl needed 2 tricks and took 1 trick, so Carl failed.
  Carl pays Anne 21 for 7 tricks at 3 and Berti 6 for 2 tricks at 3.
  Anne: +21 this deal.
  Berti: +6 this deal.
  Carl: -27 this deal.
  The amounts:
    a trick's value 3 = 3 for diamonds in the table of contracts
    the hand factor 1 = no doubling
    A game played from the hand is worth double (game and trick values): no (the ruleset's default)
`,
	},
	{
		file:   "anton-5-brigitte-3-charlotte-2.yaml",
		source: "Anton names Diamonds as trumps and takes 5 tricks, Brigitte 3 and Charlotte 2. Anton pays 30 kr to the pot, 9 to Brigitte and 6 to Charlotte.",
		want: `Failed: Anton, the declarer, needed 6 tricks and took 5: short by 1 trick.
Settled:
  Anton needed 6 tricks in diamonds and took 5, so the game failed by 1 trick.
  Brigitte took 3 tricks and Charlotte 2.
  Anton pays 30 into the pot (the game's value), Brigitte 9 for 3 tricks at 3 and Charlotte 6 for 2 tricks at 3.
  Anton: -45 this deal.
  Brigitte: +9 this deal.
  Charlotte: +6 this deal.
  The pot: +30 this deal.
  The amounts:
    the game's value 30 = 30 for diamonds in the table of contracts
    the hand factor 1 = no doubling
    A game played from the hand is worth double (game and trick values): no (the ruleset's default)
    a trick's value 3 = 3 for diamonds in the table of contracts
`,
	},
	{
		file:   "anne-preference-5-4-1.yaml",
		source: "Anne announces a Préférence and takes 5 tricks, Berti 4 and Carl 1. Anne and Carl pay 40 kr to the pot and Anne pays Berti 16 kr for his 4 tricks and Carl 4 for his single trick.",
		want: `Failed: Anne, the declarer, needed 6 tricks and took 5: short by 1 trick.
Failed: Carl, defending, needed 2 tricks and took 1: short by 1 trick.
Settled:
  Anne needed 6 tricks in Préférence and took 5, so the game failed by 1 trick.
  Berti took 4 tricks and Carl 1.
  Carl needed 2 tricks and took 1 trick, so Carl failed too.
  Anne and Carl pay 40 each into the pot (the game's value).
  Anne pays Berti 16 for 4 tricks at 4 and Carl 4 for 1 trick at 4.
  Anne: -60 this deal.
  Berti: +16 this deal.
  Carl: -36 this deal.
  The pot: +80 this deal.
  The amounts:
    the game's value 40 = 40 for Préférence in the table of contracts
    the hand factor 1 = no doubling
    A game played from the hand is worth double (game and trick values): no (the ruleset's default)
    a trick's value 4 = 4 for Préférence in the table of contracts
`,
	},
}

// TestExplainWorkedExamples1829: pref explain of each of the four worked
// examples reads as the source tells it, and as written above.
func TestExplainWorkedExamples1829(t *testing.T) {
	for _, c := range explained1829 {
		t.Run(strings.TrimSuffix(c.file, ".yaml"), func(t *testing.T) {
			path := filepath.Join("..", "..", "conformance", "austrian-1829", c.file)
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
			if got := b.String(); got != c.want+"\n" {
				t.Errorf("the source says: %s\n--- pref explain says\n%s--- want\n%s", c.source, got, c.want)
			}
		})
	}
}

// TestRulingResultInWords: the ruling document's result says the
// settlement in sentences under its figures, as a player reads it.
func TestRulingResultInWords(t *testing.T) {
	path := filepath.Join("..", "..", "conformance", "austrian-1829", "anton-5-brigitte-3-charlotte-2.yaml")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	deals, err := Explain(path, data, false)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := NewRuling(path, data, deals)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	PrintRuling(&b, doc, false)
	want := "- The deal: Anton -45, Brigitte +9, Charlotte +6, pot +30.\n" +
		"  - Anton needed 6 tricks in diamonds and took 5, so the game failed by 1 trick.\n"
	if !strings.Contains(b.String(), want) {
		t.Errorf("the ruling's result is not in words:\n%s", b.String())
	}
}
