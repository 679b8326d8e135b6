package verify

import (
	"github.com/preference-rules/pref/interpreter/record"
	"gopkg.in/yaml.v3"
)

// checkWords refuses the words of a case that reach a terminal or a
// payment's key, as a record's are (record.CheckWords): seat names break
// the one rule of package seats, a title or source carries a control
// character. The error names the line and column where the case writes
// the word.
func checkWords(path string, data []byte, c Case) error {
	var doc yaml.Node
	if yaml.Unmarshal(data, &doc) != nil || doc.Kind != yaml.DocumentNode || len(doc.Content) == 0 {
		return nil // the decoder has already read it; nothing to place
	}
	return record.CheckWords(path, &doc, c.Seats, c.Title, c.Source)
}
