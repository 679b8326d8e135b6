package terminal

import (
	"io"
	"os"

	"golang.org/x/term"
)

// Width is the width of the terminal w writes to, for text laid out to
// it (pref tutorial --exercises); 80 when w is no terminal or says none,
// and never below 40 nor above 100, where lines read best.
func Width(w io.Writer) int {
	f, ok := w.(*os.File)
	if !ok || !term.IsTerminal(int(f.Fd())) {
		return 80
	}
	cols, _, err := term.GetSize(int(f.Fd()))
	if err != nil || cols <= 0 {
		return 80
	}
	return min(100, max(40, cols))
}
