package main

import (
	"slices"
	"testing"
)

// TestEnglishInFindsWholeWords: the check the terms test makes of each
// line finds a replaced word written in any case as a word of its own,
// and not inside another word or a hyphenated one.
func TestEnglishInFindsWholeWords(t *testing.T) {
	replaced := []string{"spades", "mountain"}
	for line, want := range map[string][]string{
		"Anton plays 6 Spades.":              {"spades"},
		"the Mountain, then spades":          {"spades", "mountain"},
		"the spadesman and a no-spades game": nil,
		"pik and gora":                       nil,
	} {
		if got := englishIn(line, replaced); !slices.Equal(got, want) {
			t.Errorf("%q: found %v, want %v", line, got, want)
		}
	}
}
