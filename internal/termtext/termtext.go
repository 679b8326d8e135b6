package termtext

import (
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// Unsafe reports whether r must not reach a terminal as it is: a C0 or C1
// control other than newline and tab, DEL, or a character that reorders
// or hides text (bidi controls, zero-width characters, the byte-order mark
// and the soft hyphen).
func Unsafe(r rune) bool {
	switch {
	case r == '\n' || r == '\t':
		return false
	case r < 0x20 || (r >= 0x7f && r <= 0x9f):
		return true
	case r == 0x00AD || r == 0x061C || r == 0xFEFF:
		return true
	case r >= 0x200B && r <= 0x200F, r >= 0x202A && r <= 0x202E, r >= 0x2060 && r <= 0x2069:
		return true
	}
	return false
}

// Escape returns s with every unsafe character written as a visible escape:
// ESC as \x1b, DEL as \u007f, U+202E as \u202e, a byte that is not UTF-8
// as \xff. JSON text stays JSON (its encoder already escapes what is below
// a space). Text without any comes back as it is, without copying.
func Escape(s string) string {
	if !needsEscape(s) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size <= 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case !Unsafe(r):
			b.WriteString(s[i : i+size])
		case r < 0x20: // DEL and above as \u: valid in JSON text too
			fmt.Fprintf(&b, `\x%02x`, r)
		default:
			fmt.Fprintf(&b, `\u%04x`, r)
		}
		i += size
	}
	return b.String()
}

func needsEscape(s string) bool {
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if Unsafe(r) || (r == utf8.RuneError && size <= 1) {
			return true
		}
		i += size
	}
	return false
}

// Check refuses text a file gives to be printed (a title, a source, a
// comment) that holds an unsafe character, or a newline when oneLine: what
// and where name the field in the error.
func Check(what, s string, oneLine bool) error {
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size <= 1:
			return fmt.Errorf("%s: byte %d is not UTF-8 text", what, i+1)
		case Unsafe(r) || (oneLine && r == '\n'):
			return fmt.Errorf("%s: character %d is %s: a terminal would act on it; write plain text", what, utf8.RuneCountInString(s[:i])+1, Escape(string(r)))
		}
		i += size
	}
	return nil
}

// NewWriter is w with every write escaped (Escape): for output that is
// all text, some of it from files, and never meant to carry a terminal
// sequence of its own. Each write is escaped whole, so a character is
// never split between writes made with fmt.Fprint.
func NewWriter(w io.Writer) io.Writer { return escaper{w} }

type escaper struct{ w io.Writer }

func (e escaper) Write(p []byte) (int, error) {
	s := string(p)
	if !needsEscape(s) {
		return e.w.Write(p)
	}
	if _, err := io.WriteString(e.w, Escape(s)); err != nil {
		return 0, err
	}
	return len(p), nil
}
