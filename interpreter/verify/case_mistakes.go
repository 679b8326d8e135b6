package verify

import (
	"errors"
	"fmt"
	"reflect"
	"strings"

	"github.com/preference-rules/pref/schema"
	"gopkg.in/yaml.v3"
)

// Every mistake of an outcome case in one run: the keys no case has (at
// every level a case's keys are known), then the parts of the outcome the
// case states that cannot be, each at its key with the line and a caret.

// keysOf are the yaml keys of struct type t.
func keysOf(t reflect.Type) []string {
	var keys []string
	for i := 0; i < t.NumField(); i++ {
		if k, _, _ := strings.Cut(t.Field(i).Tag.Get("yaml"), ","); k != "" && k != "-" {
			keys = append(keys, k)
		}
	}
	return keys
}

// caseMaps are the maps of a case whose keys are fixed: the case itself
// and the maps under it, by key.
var caseMaps = map[string]reflect.Type{
	"":         reflect.TypeOf(Case{}),
	"contract": reflect.TypeOf(ContractSpec{}),
	"position": reflect.TypeOf(Position{}),
	"expect":   reflect.TypeOf(Expect{}),
}

// unknownCaseKeys are the keys of the case in doc that no case has, each
// at its place, in file order.
func unknownCaseKeys(path string, data []byte, doc *yaml.Node) schema.List {
	top := doc
	if top.Kind == yaml.DocumentNode && len(top.Content) > 0 {
		top = top.Content[0]
	}
	if top.Kind != yaml.MappingNode {
		return nil
	}
	lines := strings.Split(string(data), "\n")
	var list schema.List
	check := func(where string, m *yaml.Node) {
		keys := keysOf(caseMaps[where])
		for _, k := range unknownKeys(m, keys) {
			in := "the case"
			if where != "" {
				in = where
			}
			msg := fmt.Sprintf("unknown key %q in %s", k.Value, in)
			if near := schema.Nearest(k.Value, keys); near != "" {
				msg += fmt.Sprintf(": did you mean %q?", near)
			}
			list = append(list, sourced(&schema.Error{File: path, Line: k.Line, Col: k.Column, Msg: msg}, lines))
		}
	}
	check("", top)
	for i := 0; i+1 < len(top.Content); i += 2 {
		if key := top.Content[i].Value; key != "" && caseMaps[key] != nil && top.Content[i+1].Kind == yaml.MappingNode {
			check(key, top.Content[i+1])
		}
	}
	return list
}

// decodeCase reads data as a case: every value of the wrong kind said at
// once with the unknown keys (err), in file order; or, when every value
// could be read, the unknown keys alone (unknown), for the caller to say
// with the mistakes it finds further on.
func decodeCase(path string, data []byte) (c Case, unknown schema.List, err error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return c, nil, schema.YAMLError(path, err)
	}
	unknown = unknownCaseKeys(path, data, &doc)
	err = doc.Decode(&c) // the unknown keys are said above, each at its place
	var te *yaml.TypeError
	switch {
	case err != nil && errors.As(err, &te):
		list := unknown
		if l, ok := caseYAMLError(path, data, err).(schema.List); ok {
			lines := strings.Split(string(data), "\n")
			for _, e := range l {
				list = append(list, sourced(e, lines))
			}
		}
		return c, nil, list.Err()
	case err != nil:
		return c, nil, schema.YAMLError(path, err)
	}
	return c, unknown, nil
}

// withUnknown is problems with the unknown keys of the case said first
// where they come in the file: each problem at a place is sorted in
// among them by its line, one of no place last.
func withUnknown(unknown schema.List, problems mistakes) []string {
	var found mistakes
	for _, e := range unknown {
		found.add(e.Line, e.Col, e.Error())
	}
	return append(found, problems...).sorted()
}

// unplaced are problems of no place in the case, in the order found.
func unplaced(problems []string) mistakes {
	var found mistakes
	for _, p := range problems {
		found.add(0, 0, p)
	}
	return found
}

// placeInCase is the line and column in the case at path where err is
// said, read from the error itself: a *schema.Error, or the first of a
// schema.List, that names the case (an error of another file, such as
// the ruleset the case names, has no place in the case); 0, 0 for an
// error of no place.
func placeInCase(path string, err error) (line, col int) {
	var at *schema.Error
	switch e := err.(type) {
	case *schema.Error:
		at = e
	case schema.List:
		if len(e) > 0 {
			at = e[0]
		}
	}
	if at == nil || at.File != path {
		return 0, 0
	}
	return at.Line, at.Col
}

// fault is a part of the outcome a case states that cannot be, and the
// key of the case it is written under. Where a step reads more than one
// key, it returns the fault with its key (atKey): the key travels as
// data, so that the words are free to begin as they read best
// ("deal_number 3, session_deals 5000: ..." is a fault of session_deals).
type fault struct {
	key string
	err error
}

func (f fault) Error() string { return f.err.Error() }
func (f fault) Unwrap() error { return f.err }

// atKey is err, a fault of the case's key.
func atKey(key string, err error) error {
	return fault{key, err}
}

// faultOf is err, refused by a step, at the key the step gave it (atKey),
// else at first, the key the step reads first.
func faultOf(first string, err error) fault {
	if f, ok := err.(fault); ok {
		return f
	}
	return fault{first, err}
}

// positioned are the faults, each at its key in doc with the line.
func positioned(path string, data []byte, faults []fault) mistakes {
	var doc yaml.Node
	_ = yaml.Unmarshal(data, &doc) // read once already
	top := &doc
	if top.Kind == yaml.DocumentNode && len(top.Content) > 0 {
		top = top.Content[0]
	}
	lines := strings.Split(string(data), "\n")
	var found mistakes
	for _, f := range faults {
		n := mapValue(top, f.key)
		if n == nil {
			found.add(0, 0, "refused: "+f.err.Error())
			continue
		}
		e := sourced(&schema.Error{File: path, Line: n.Line, Col: n.Column, Msg: "refused: " + f.err.Error()}, lines)
		found.add(n.Line, n.Column, e.Error())
	}
	return found
}

// mapValue is the value of key in mapping m, or nil.
func mapValue(m *yaml.Node, key string) *yaml.Node {
	if m == nil || m.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return m.Content[i+1]
		}
	}
	return nil
}
