package tutorial

import (
	"strings"

	"github.com/charmbracelet/glamour"
)

// Render shows markdown for a reader: styled for a terminal, or plain text
// with no escape codes (glamour v1 ignores NO_COLOR, so the caller decides:
// plain when output is not a terminal, NO_COLOR is set or --plain is given).
func Render(markdown string, plain bool, width int) (string, error) {
	style := "dark"
	if plain {
		style = "notty"
	}
	if width <= 0 {
		width = 80
	}
	r, err := glamour.NewTermRenderer(glamour.WithStandardStyle(style), glamour.WithWordWrap(width))
	if err != nil {
		return "", err
	}
	out, err := r.Render(markdown)
	if err != nil || !plain {
		return out, err
	}
	// A handout: no padding to the wrap width at the end of each line.
	lines := strings.Split(out, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	return strings.Join(lines, "\n"), nil
}
