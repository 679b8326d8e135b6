package app

import "github.com/preference-rules/pref/interpreter/game"

// counted is n and its noun, the noun singular for one: "1 trick",
// "0 tricks", "6 tricks" (nouns whose plural adds an s).
func counted(n int, noun string) string { return game.Count(n, noun) }
