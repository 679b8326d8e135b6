package schema

import (
	"regexp"
	"strconv"
	"strings"
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
