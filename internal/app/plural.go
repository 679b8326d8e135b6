package app

import "fmt"

// counted is n and its noun, the noun singular for one: "1 trick",
// "0 tricks", "6 tricks" (nouns whose plural adds an s).
func counted(n int, noun string) string {
	if n == 1 || n == -1 {
		return fmt.Sprintf("%d %s", n, noun)
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
