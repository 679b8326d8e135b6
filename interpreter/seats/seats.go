package seats

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"
)

// Reserved are the words that name parties other than players: the pot a
// payment may go to, the talon that may take tricks.
var Reserved = []string{"pot", "talon"}

// Error is a name that breaks the rule: Index is its place in the list
// checked (from 0), Name the name as given, Msg what is wrong with it.
type Error struct {
	Index int
	Name  string
	Msg   string
	Twin  bool // the name repeats an earlier one, exactly or but for case
}

func (e *Error) Error() string { return e.Describe("seat") }

// Describe says what is wrong calling the name's place noun ("seat 2",
// "player 2"): `seat 2 has no name`, `seat 2, "B->pot": "->" joins ...`.
func (e *Error) Describe(noun string) string {
	if e.Name == "" {
		return fmt.Sprintf("%s %d has no name", noun, e.Index+1)
	}
	return fmt.Sprintf("%s %d, %s: %s", noun, e.Index+1, Quote(e.Name), e.Msg)
}

// Check refuses a list of names at one table: each must pass CheckName,
// and no two may be the same once case and Unicode compatibility forms are
// set aside ("Ana" and "ana", "Ana" and "Ａna" would read as one player).
func Check(names []string) error {
	seen := make(map[string]int, len(names))
	for i, name := range names {
		if err := CheckName(name); err != nil {
			err.Index = i
			return err
		}
		k := key(name)
		if j, dup := seen[k]; dup {
			msg := "names two players"
			if names[j] != name {
				msg = fmt.Sprintf("differs from %s only by case or character form", Quote(names[j]))
			}
			return &Error{Index: i, Name: name, Msg: msg, Twin: true}
		}
		seen[k] = i
	}
	return nil
}

// CheckName refuses one name that breaks the rule; the error's Index is 0.
func CheckName(name string) *Error {
	bad := func(msg string) *Error { return &Error{Name: name, Msg: msg} }
	switch {
	case name == "":
		return bad("empty: each player needs a name")
	case !utf8.ValidString(name):
		return bad("not valid UTF-8 text")
	case strings.Contains(name, "->"):
		return bad(`"->" joins the payer and the payee of a payment: it cannot be in a name`)
	}
	for _, w := range Reserved {
		if key(name) == key(w) {
			return bad(fmt.Sprintf("reserved: %s names the %s, not a player", w, w))
		}
	}
	for _, r := range name {
		if why := invisible(r); why != "" {
			return bad(fmt.Sprintf("%U is %s: a name is one word of visible characters", r, why))
		}
	}
	return nil
}

// invisible says why r cannot be in a name, or "" when it can.
func invisible(r rune) string {
	switch {
	case unicode.IsSpace(r):
		return "a space"
	case unicode.IsControl(r):
		return "a control character"
	case isBidi(r):
		return "a bidi control"
	case unicode.Is(unicode.Cf, r):
		return "an invisible format character"
	case unicode.Is(unicode.Variation_Selector, r), unicode.Is(unicode.Other_Default_Ignorable_Code_Point, r):
		return "an invisible character"
	case !unicode.IsPrint(r):
		return "not a printable character"
	}
	return ""
}

// isBidi reports the characters that reorder text on a terminal (U+200E,
// U+200F, U+061C marks, U+202A-U+202E embeddings, U+2066-U+2069 isolates).
func isBidi(r rune) bool {
	return r == 0x200E || r == 0x200F || r == 0x061C || (r >= 0x202A && r <= 0x202E) || (r >= 0x2066 && r <= 0x2069)
}

// key is what two names are compared by: case folded, in Unicode's
// compatibility form, so that names that look alike are one.
func key(name string) string {
	return cases.Fold().String(norm.NFKC.String(name))
}

// Quote writes a name for a message: in double quotes, with every
// character the rule refuses (but the plain space) and every byte that is
// not UTF-8 escaped, so that a message shows what a name holds and a
// terminal acts on none of it.
func Quote(name string) string {
	const most = 40 // a hostile name may be long: the message shows its start
	clipped := ""
	if utf8.RuneCountInString(name) > most {
		name, clipped = string([]rune(name)[:most]), "..."
	}
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(name); {
		r, size := utf8.DecodeRuneInString(name[i:])
		switch {
		case r == utf8.RuneError && size <= 1:
			fmt.Fprintf(&b, `\x%02x`, name[i])
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r != ' ' && invisible(r) != "":
			q := strconv.QuoteRuneToASCII(r)
			b.WriteString(q[1 : len(q)-1])
		default:
			b.WriteString(name[i : i+size])
		}
		i += size
	}
	b.WriteByte('"')
	return b.String() + clipped
}
