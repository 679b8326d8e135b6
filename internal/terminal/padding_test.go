package terminal

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
)

// paddingPattern is the regular expression padding replaced: the spaces
// glamour pads a line with, each maybe in colour, at the line's end.
var paddingPattern = regexp.MustCompile(`((\x1b\[[0-9;]*m)* )+(\x1b\[[0-9;]*m)*$`)

// TestPaddingAsThePatternSaid: padding cuts what the pattern matched, on
// lines built from the pieces glamour writes (text, spaces, colour codes,
// broken codes) in every order.
func TestPaddingAsThePatternSaid(t *testing.T) {
	pieces := []string{"a", "m", " ", "  ", "\x1b[0m", "\x1b[38;5;252m", "\x1b[m", "\x1b[1", "[0m", "\x1b", ";", "7", "é"}
	rng := rand.New(rand.NewPCG(1, 2))
	for n := 0; n < 20000; n++ {
		var b strings.Builder
		for k := rng.IntN(9); k > 0; k-- {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		line := b.String()
		want := paddingPattern.ReplaceAllString(line, "")
		if got := line[:len(line)-padding(line)]; got != want {
			t.Fatalf("%q: cut to %q, the pattern to %q", line, got, want)
		}
	}
}

// a lesson's line as glamour writes it: text in colour, then the padding
var paddedLine = "\x1b[38;5;252m  The declarer leads to the first trick.\x1b[0m" + strings.Repeat("\x1b[38;5;252m \x1b[0m", 36)

func BenchmarkPadding(b *testing.B) {
	b.Run("cut", func(b *testing.B) {
		for b.Loop() {
			_ = padding(paddedLine)
		}
	})
	b.Run("pattern", func(b *testing.B) {
		for b.Loop() {
			_ = paddingPattern.ReplaceAllString(paddedLine, "")
		}
	})
}
