package verify

import (
	"errors"

	"github.com/preference-rules/pref/internal/termtext"
	"github.com/preference-rules/pref/interpreter/seats"
	"github.com/preference-rules/pref/schema"
	"gopkg.in/yaml.v3"
)

// checkWords refuses the words of a case that reach a terminal or a
// payment's key: seat names break the one rule of package seats, a title
// or source carries a control character. The error names the line and
// column where the case writes the word.
func checkWords(path string, data []byte, c Case) error {
	var doc yaml.Node
	if yaml.Unmarshal(data, &doc) != nil || doc.Kind != yaml.DocumentNode || len(doc.Content) == 0 {
		return nil // the decoder has already read it; nothing to place
	}
	top := doc.Content[0]
	if err := seats.Check(c.Seats); err != nil {
		var se *seats.Error
		errors.As(err, &se)
		return schema.At(path, seatNode(top, se.Index), "seats: %v", err)
	}
	for _, f := range []struct{ key, text string }{{"title", c.Title}, {"source", c.Source}} {
		if err := termtext.Check(f.key, f.text, true); err != nil {
			return schema.At(path, mapValue(top, f.key), "%v", err)
		}
	}
	return nil
}

// mapValue is the value of key in mapping n, or nil.
func mapValue(n *yaml.Node, key string) *yaml.Node {
	if n == nil || n.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return n.Content[i+1]
		}
	}
	return nil
}

// seatNode is where the case writes seat i: its place in the seats list,
// or the list itself.
func seatNode(top *yaml.Node, i int) *yaml.Node {
	n := mapValue(top, "seats")
	if n != nil && n.Kind == yaml.SequenceNode && i < len(n.Content) {
		return n.Content[i]
	}
	return n
}
