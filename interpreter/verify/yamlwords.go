package verify

import (
	"errors"
	"fmt"
	"reflect"
	"regexp"
	"strconv"
	"strings"

	"github.com/preference-rules/pref/schema"
	"gopkg.in/yaml.v3"
)

// The YAML decoder words a value of the wrong kind in Go's terms:
// "cannot unmarshal !!str `tricks` into verify.Expect". A case's author
// reads the key, what he wrote and what the key takes instead.
var unmarshalLine = regexp.MustCompile("^line (\\d+): cannot unmarshal !!(\\w+)(?: `(.*)`)? into (\\S+)$")

// caseStructs are the case's own mappings, by the name the decoder gives
// them, so that a wrong value lists the keys the mapping takes.
var caseStructs = map[string]reflect.Type{}

func init() {
	for _, v := range []any{Case{}, Expect{}, TransferSpec{}, ContractSpec{}, Position{}} {
		t := reflect.TypeOf(v)
		caseStructs[t.String()] = t
	}
}

// caseYAMLError is schema.YAMLError for a case, with a value of the wrong
// kind told in the case's words: the key, the value written, and what the
// key takes.
func caseYAMLError(path string, data []byte, err error) error {
	var te *yaml.TypeError
	if !errors.As(err, &te) {
		return schema.YAMLError(path, err)
	}
	lines := strings.Split(string(data), "\n")
	var list schema.List
	var rest []string
	for _, msg := range te.Errors {
		m := unmarshalLine.FindStringSubmatch(msg)
		if m == nil {
			rest = append(rest, msg)
			continue
		}
		n, _ := strconv.Atoi(m[1])
		key, col := keyAt(lines, n)
		text := fmt.Sprintf("%q is %s, but ", m[3], tagWords(m[2]))
		if m[3] == "" {
			text = fmt.Sprintf("%s is written, but ", tagWords(m[2]))
		}
		if key != "" {
			text = key + ": " + text + key + " takes " + goTypeWords(m[4])
		} else {
			text += "this place takes " + goTypeWords(m[4])
		}
		list = append(list, &schema.Error{File: path, Line: n, Col: col, Msg: text})
	}
	if len(rest) > 0 {
		switch e := schema.YAMLError(path, &yaml.TypeError{Errors: rest}).(type) {
		case schema.List:
			list = append(list, e...)
		case *schema.Error:
			list = append(list, e)
		}
	}
	return list.Err()
}

// keyAt is the key written on line n (from 1) and its column, "" when the
// line writes no key (a list item).
func keyAt(lines []string, n int) (string, int) {
	if n < 1 || n > len(lines) {
		return "", 1
	}
	line := lines[n-1]
	trimmed := strings.TrimLeft(line, " ")
	col := len(line) - len(trimmed) + 1
	trimmed = strings.TrimPrefix(trimmed, "- ")
	key, _, ok := strings.Cut(trimmed, ":")
	if !ok || strings.ContainsAny(key, " {[\"'") {
		return "", col
	}
	return key, col
}

// tagWords is a YAML tag as what was written: text, a number, a list...
func tagWords(tag string) string {
	switch tag {
	case "str":
		return "text"
	case "int", "float":
		return "a number"
	case "bool":
		return "true or false"
	case "seq":
		return "a list"
	case "map":
		return "a mapping"
	case "null":
		return "empty"
	}
	return "a " + tag
}

// goTypeWords is a Go type the decoder wanted, as what to write instead.
func goTypeWords(typ string) string {
	typ = strings.TrimPrefix(typ, "*")
	if t, ok := caseStructs[typ]; ok {
		var keys []string
		for i := 0; i < t.NumField(); i++ {
			if k, _, _ := strings.Cut(t.Field(i).Tag.Get("yaml"), ","); k != "" && k != "-" {
				keys = append(keys, k)
			}
		}
		return "a mapping with the keys " + strings.Join(keys, ", ")
	}
	switch {
	case strings.HasPrefix(typ, "[]"):
		return "a list"
	case strings.HasPrefix(typ, "map["):
		return "a mapping (key: value)"
	case strings.HasPrefix(typ, "int"):
		return "a whole number"
	case typ == "bool":
		return "true or false"
	case typ == "string":
		return "text"
	}
	return "a mapping" // a type of the program: never shown by its Go name
}
