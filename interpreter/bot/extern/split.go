package extern

import (
	"fmt"
	"strings"
)

// SplitCommand splits a command line into the program and its arguments
// the way a shell would for the simple cases, without invoking one:
// blanks separate words, 'single quotes' keep everything literally,
// "double quotes" keep blanks (a backslash escapes " and \ inside them),
// and a backslash outside quotes keeps the next character. No variables,
// globs, pipes or redirections: what is written is what runs.
func SplitCommand(s string) ([]string, error) {
	var words []string
	var cur strings.Builder
	inWord := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n':
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
				inWord = false
			}
		case c == '\'':
			end := strings.IndexByte(s[i+1:], '\'')
			if end < 0 {
				return nil, fmt.Errorf("command %q: a single quote is not closed", s)
			}
			cur.WriteString(s[i+1 : i+1+end])
			i += end + 1
			inWord = true
		case c == '"':
			n, err := doubleQuoted(s, i+1, &cur)
			if err != nil {
				return nil, err
			}
			i = n
			inWord = true
		case c == '\\' && i+1 < len(s):
			i++
			cur.WriteByte(s[i])
			inWord = true
		default:
			cur.WriteByte(c)
			inWord = true
		}
	}
	if inWord {
		words = append(words, cur.String())
	}
	if len(words) == 0 {
		return nil, fmt.Errorf("command %q: no program named", s)
	}
	return words, nil
}

// doubleQuoted copies the text of a double-quoted part starting at from
// into cur and returns the index of its closing quote.
func doubleQuoted(s string, from int, cur *strings.Builder) (int, error) {
	for i := from; i < len(s); i++ {
		switch c := s[i]; {
		case c == '"':
			return i, nil
		case c == '\\' && i+1 < len(s) && (s[i+1] == '"' || s[i+1] == '\\'):
			i++
			cur.WriteByte(s[i])
		default:
			cur.WriteByte(c)
		}
	}
	return 0, fmt.Errorf("command %q: a double quote is not closed", s)
}
