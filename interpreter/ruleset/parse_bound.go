package ruleset

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/preference-rules/pref/internal/safeio"
	"github.com/preference-rules/pref/schema"
	"gopkg.in/yaml.v3"
)

// Limits on reading a ruleset and the rulesets it extends, before anything
// is compiled: a file within the 2 MiB limit could otherwise hold a
// million YAML nodes (a flow list [1,1,1,...] takes yaml.v3 2.5 s and
// 230 MB to read), and a chain of eight such files eight times that.
// docs/reliability.md ("Limits") lists them with their messages.
const (
	// MaxNodes is the most YAML nodes (keys, values, list items) a ruleset
	// file, and all the files of an extends chain together, may hold. The
	// largest embedded ruleset has about 1,100.
	MaxNodes = 20_000
	// MaxChainBytes is the most bytes a ruleset and every ruleset it
	// extends may hold together: the limit of one file.
	MaxChainBytes = safeio.MaxFile
)

// budget is what is left of the limits along an extends chain.
type budget struct {
	bytes, nodes int
}

// take charges file's text to the budget before it is parsed: its size,
// and the most nodes its text could make (estimateNodes).
func (b *budget) take(file string, data []byte) error {
	if b.bytes -= len(data); b.bytes < 0 {
		return &schema.Error{File: file, Msg: fmt.Sprintf("the ruleset and the rulesets it extends hold more than %d bytes together, the limit of one file; it is not read", MaxChainBytes)}
	}
	if est := estimateNodes(data); est > b.nodes {
		return b.tooMany(file, est)
	}
	return nil
}

// tooMany is the error for a file of n nodes beyond what is left.
func (b *budget) tooMany(file string, n int) error {
	with := ""
	if b.nodes < MaxNodes {
		with = fmt.Sprintf(", and %d in the rulesets read before it", MaxNodes-b.nodes)
	}
	return &schema.Error{File: file, Msg: fmt.Sprintf("about %d YAML nodes (keys, values, list items)%s: more than %d, the limit (the largest embedded ruleset has about 1,100); it is not read", n, with, MaxNodes)}
}

// TooManyNodes reports whether a text holds more YAML nodes than a
// ruleset may (MaxNodes), read without parsing it: the text is not worth
// reading whole, whatever it is.
func TooManyNodes(data []byte) bool { return estimateNodes(data) > MaxNodes }

// countNodes is the number of nodes of the tree n, at most limit+1 (the
// walk stops there).
func countNodes(n *yaml.Node, limit int) int {
	count := 1
	for _, c := range n.Content {
		if count > limit {
			break
		}
		count += countNodes(c, limit-count)
	}
	return count
}

// estimateNodes is a bound, read from the text without parsing it, on the
// nodes yaml.v3 would make of it: one per list item ("- " or a comma in
// [...]), two per key (the key and its value), one per [ or {, and the
// document and its root. Comments, quoted strings and block scalars
// (| and >) add nothing. A quoted string is taken to end with its line and
// a block scalar only holds the lines indented under the key that starts
// it, so the text is never skipped where YAML would read structure: the
// bound errs only by counting too many.
func estimateNodes(data []byte) int {
	n := 2
	var flow []byte  // the [ and { open
	blockUnder := -1 // in a block scalar: the indentation of the line that starts it
	for len(data) > 0 {
		line := data
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			line, data = data[:i], data[i+1:]
		} else {
			data = nil
		}
		indent := 0
		for indent < len(line) && line[indent] == ' ' {
			indent++
		}
		if blockUnder >= 0 {
			if indent == len(bytes.TrimRight(line, " \t\r")) || indent > blockUnder {
				continue // blank, or more indented: the block's text
			}
			blockUnder = -1
		}
		var add int
		add, flow, blockUnder = scanLine(line, indent, flow)
		n += add
	}
	return n
}

// scanLine is estimateNodes for one line: the nodes it adds, the [ and {
// open after it, and the indentation a block scalar it starts holds (-1:
// none). An entry of a {...} or a ? key counts two, the key and its value
// (empty without a colon).
func scanLine(line []byte, indent int, flow []byte) (add int, open []byte, blockUnder int) {
	s := &lineScan{line: line, flow: flow, expect: true, keyStart: indent, block: -1}
	for s.i = indent; s.i < len(line) && !s.done; s.i++ {
		c := line[s.i]
		switch {
		case c == ' ' || c == '\t' || c == '\r':
		case c == '#' && (s.i == 0 || s.space(s.i-1)):
			s.done = true // a comment to the end of the line
		case s.expect:
			s.value(c)
		default:
			s.indicator(c)
		}
	}
	return s.add, s.flow, s.block
}

// lineScan is the state of scanLine.
type lineScan struct {
	line     []byte
	i        int
	flow     []byte // the [ and { open
	expect   bool   // at the start of a value: a quote or | here opens one
	keyStart int    // the column the latest key or item starts at
	add      int    // nodes counted
	block    int    // the indentation a block scalar started holds, or -1
	done     bool   // the rest of the line is a comment, a quote or a block's header
}

func (s *lineScan) space(i int) bool {
	return i >= len(s.line) || s.line[i] == ' ' || s.line[i] == '\t' || s.line[i] == '\r'
}

// value reads c at the start of a value.
func (s *lineScan) value(c byte) {
	switch {
	case c == '"' || c == '\'':
		end := closingQuote(s.line, s.i)
		if end < 0 {
			s.done = true // taken to end with the line
			return
		}
		s.i, s.expect = end, false
	case (c == '|' || c == '>') && len(s.flow) == 0:
		s.block, s.done = s.keyStart, true
	case c == '&' || c == '*' || c == '!':
		s.skipProperty(c)
	case c == '-' && s.space(s.i+1):
		s.add++
		s.keyStart = s.i
	case c == '?' && s.space(s.i+1):
		s.add += 2
		s.keyStart = s.i
	case c == '[' || c == '{':
		s.add += entry(c)
		s.flow = append(s.flow, c)
	default:
		s.keyStart = s.i
		s.indicator(c)
	}
}

// skipProperty skips an anchor or alias (c: & or *; letters, digits, -
// and _) or a tag (c: !; to a space or a character of flow), which make
// no node.
func (s *lineScan) skipProperty(c byte) {
	if c == '!' {
		for s.i+1 < len(s.line) && !s.space(s.i+1) && !strings.ContainsRune(",[]{}", rune(s.line[s.i+1])) {
			s.i++
		}
		return
	}
	for s.i+1 < len(s.line) && anchorChar(s.line[s.i+1]) {
		s.i++
	}
}

// indicator reads c after the start of a value: a colon, a comma or the
// end of a [ or {, or a character of a plain value.
func (s *lineScan) indicator(c byte) {
	inFlow := len(s.flow) > 0
	switch {
	case c == ':' && (s.space(s.i+1) || inFlow && strings.ContainsRune(",[]{}", rune(s.line[s.i+1]))):
		if !inFlow || s.flow[len(s.flow)-1] != '{' {
			s.add += 2 // in a {...} the entry counted the key and its value
		}
		s.expect = true
	case (c == ']' || c == '}') && inFlow:
		s.flow = s.flow[:len(s.flow)-1]
		s.expect = false
	case c == ',' && inFlow:
		s.add += entry(s.flow[len(s.flow)-1])
		s.expect = true
	default:
		s.expect = false
	}
}

func anchorChar(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_'
}

// entry is what an entry of a flow collection opened by c counts.
func entry(c byte) int {
	if c == '{' {
		return 2
	}
	return 1
}

// closingQuote is the index of the quote closing the one at line[open] on
// the same line, or -1.
func closingQuote(line []byte, open int) int {
	q := line[open]
	for i := open + 1; i < len(line); i++ {
		switch {
		case q == '"' && line[i] == '\\':
			i++
		case line[i] == q && q == '\'' && i+1 < len(line) && line[i+1] == '\'':
			i++
		case line[i] == q:
			return i
		}
	}
	return -1
}
