package schema

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"
)

var yamlLine = regexp.MustCompile(`line (\d+): ([^\n]*)`)

// YAMLError turns yaml.v3's errors ("yaml: line N: msg", one or several)
// into positioned errors of file. yaml.v3 reports a parser error that has a
// context (an unclosed [ or {, a block left open) at the context's 0-based
// line: the line where that collection starts is one further.
func YAMLError(file string, err error) error {
	var list List
	for _, m := range yamlLine.FindAllStringSubmatch(err.Error(), -1) {
		line, _ := strconv.Atoi(m[1])
		text := m[2]
		msg := "YAML syntax: " + text
		switch {
		case strings.HasPrefix(text, "did not find expected"):
			line++
			msg += " (in the collection that starts on this line)"
		case strings.HasPrefix(text, "field ") && strings.Contains(text, " not found in type"):
			msg = "unknown key " + strings.Fields(text)[1] // a decoding error, not a syntax one
		}
		list = append(list, &Error{File: file, Line: line, Col: 1, Msg: msg})
	}
	if len(list) == 0 {
		return &Error{File: file, Msg: "YAML: " + strings.TrimPrefix(err.Error(), "yaml: ")}
	}
	return list.Err()
}

// YAMLErrorIn is YAMLError for a file whose text is known. The YAML
// parser reports an indentation mistake at the line where the enclosing
// block starts, which may be far above it; the first line at which the
// text stops parsing is the one to fix, found by parsing longer and longer
// beginnings of the file.
func YAMLErrorIn(file string, data []byte, err error) error {
	out := YAMLError(file, err)
	if !strings.Contains(err.Error(), "did not find expected key") {
		return out
	}
	lines := strings.SplitAfter(string(data), "\n")
	fails := func(k int) bool {
		var n yaml.Node
		return yaml.Unmarshal([]byte(strings.Join(lines[:k], "")), &n) != nil
	}
	lo, hi := 1, len(lines) // fails(hi) holds; find the smallest k that fails
	if !fails(hi) {
		return out
	}
	for lo < hi {
		mid := (lo + hi) / 2
		if fails(mid) {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	bad := lines[lo-1]
	indent := len(bad) - len(strings.TrimLeft(bad, " "))
	block := ""
	var first *Error
	switch e := out.(type) {
	case *Error:
		first = e
	case List:
		if len(e) > 0 {
			first = e[0]
		}
	}
	if first != nil && first.Line > 0 && first.Line != lo {
		block = fmt.Sprintf(" (the block it should belong to starts at line %d)", first.Line)
	}
	return &Error{File: file, Line: lo, Col: indent + 1,
		Msg: "YAML syntax: this line's indentation does not fit the lines above it" + block}
}
