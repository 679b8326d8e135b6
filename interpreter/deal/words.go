package deal

import "strconv"

// Count is n and its noun, the noun singular for one and minus one:
// "1 trick", "0 tricks", "6 tricks" (for nouns whose plural adds an s).
// Every count a player reads goes through it, so that no screen says
// "1 tricks".
func Count(n int, noun string) string {
	if n == 1 || n == -1 {
		return strconv.Itoa(n) + " " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}
