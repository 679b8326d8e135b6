package web

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/preference-rules/pref/rulesets"
)

// cardLikeWords is what cardLike finds in page, read by a scan instead of
// the regular expression: the hidden-card tests read every page of many
// deals, and the expression was a fifth of the package's CPU.
//
// At each position the expression tries "[a-z]+ of [a-z]+" first, then
// "[0-9A-Za-z]+[♣♠♦♥]?"; both are greedy, and neither can give back a
// letter and still match, so each is a run of letters read to its end.
func cardLikeWords(page string) []string {
	var out []string
	for i := 0; i < len(page); {
		end := cardLikeAt(page, i)
		if end == i {
			i++ // a match starts only at an ASCII letter or digit, never inside a multi-byte character
			continue
		}
		out = append(out, page[i:end])
		i = end
	}
	return out
}

// cardLikeAt is the end of the card-like word at i, i if none starts there.
func cardLikeAt(page string, i int) int {
	if lower := runOf(page, i, isLower); lower > i && strings.HasPrefix(page[lower:], " of ") {
		if suit := runOf(page, lower+4, isLower); suit > lower+4 {
			return suit // "rank of suit"
		}
	}
	end := runOf(page, i, isAlnum)
	if end == i {
		return i
	}
	for _, symbol := range []string{"♣", "♠", "♦", "♥"} {
		if strings.HasPrefix(page[end:], symbol) {
			return end + len(symbol)
		}
	}
	return end
}

// runOf is the end of the run of bytes from i that is holds for.
func runOf(page string, i int, is func(byte) bool) int {
	for i < len(page) && is(page[i]) {
		i++
	}
	return i
}

func isLower(b byte) bool { return 'a' <= b && b <= 'z' }

func isAlnum(b byte) bool {
	return isLower(b) || 'A' <= b && b <= 'Z' || '0' <= b && b <= '9'
}

// TestCardLikeWordsAsThePatternSaid: the scan finds the words the
// expression found, on random text built from the pieces a page holds
// (letters, " of ", suit symbols, other symbols, broken characters) and on
// a real page of every ruleset.
func TestCardLikeWordsAsThePatternSaid(t *testing.T) {
	pieces := []string{"a", "Z", "7", "10", "ten", " of ", "of", " ", "of hearts", "♥", "♠", "♣", "♦", "é", "<", "\"", "\n", "\xe2\x99", "\xff", "-"}
	rng := rand.New(rand.NewPCG(3, 5))
	for n := 0; n < 20000; n++ {
		var b strings.Builder
		for k := rng.IntN(10); k > 0; k-- {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		page := b.String()
		if got, want := cardLikeWords(page), cardLike.FindAllString(page, -1); !slices.Equal(got, want) {
			t.Fatalf("%q: the scan found %q, the pattern %q", page, got, want)
		}
	}
	for _, name := range rulesets.Names() {
		r, err := rulesets.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		w, err := newTable(name, nil, r, 1, "simple", "simple")
		if err != nil {
			t.Fatal(err)
		}
		page := drawn(t, w)
		if got, want := cardLikeWords(page), cardLike.FindAllString(page, -1); !slices.Equal(got, want) {
			t.Fatalf("%s: the scan found %d words, the pattern %d", name, len(got), len(want))
		}
	}
}
