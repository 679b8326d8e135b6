package record

import (
	"errors"
	"strings"

	"github.com/preference-rules/pref/internal/termtext"
	"github.com/preference-rules/pref/interpreter/seats"
	"github.com/preference-rules/pref/schema"
	"gopkg.in/yaml.v3"
)

// MaxDealActions bounds the decisions one deal of a record may write. A
// legal deal has a few dozen (an auction up a ladder of some thirty calls,
// the exchange, the defence, the doublings); a deal with more is not a
// deal, and checking it would only take time.
const MaxDealActions = 300

// MaxDeals bounds the deals of a record: pref play writes a whole game of
// at most 10,000 deals.
const MaxDeals = 10000

// checkSize refuses a record with more deals, or a deal with more actions,
// than a game can have, before the rest of the file is checked: a huge
// list is then reported as what it is, not as a YAML problem. Aliases
// are followed at the levels counted (a list of deals may repeat one by
// alias).
func checkSize(path string, doc *yaml.Node) error {
	top := deref(doc)
	if top != nil && top.Kind == yaml.DocumentNode && len(top.Content) > 0 {
		top = deref(top.Content[0])
	}
	if top == nil || top.Kind != yaml.MappingNode {
		return nil // the schema says what a record is
	}
	if err := checkActions(path, top, 1); err != nil {
		return err
	}
	deals := deref(mapValue(top, "deals"))
	if deals == nil || deals.Kind != yaml.SequenceNode {
		return nil
	}
	if len(deals.Content) > MaxDeals {
		return schema.At(path, deals, "deals: %d deals; a record holds at most %d", len(deals.Content), MaxDeals)
	}
	for i, d := range deals.Content {
		if err := checkActions(path, deref(d), i+1); err != nil {
			return err
		}
	}
	return nil
}

// checkActions refuses deal number n (mapping d) with too many actions.
func checkActions(path string, d *yaml.Node, n int) error {
	acts := deref(mapValue(d, "actions"))
	if acts == nil || acts.Kind != yaml.SequenceNode || len(acts.Content) <= MaxDealActions {
		return nil
	}
	return schema.At(path, acts, "deal %d writes %d actions; a deal has at most %d (a legal deal has a few dozen)", n, len(acts.Content), MaxDealActions)
}

// checkWords refuses the words of a record that reach a terminal or key a
// payment (CheckWords).
func checkWords(path string, doc *yaml.Node, rec *Record) error {
	return CheckWords(path, doc, rec.Seats, rec.Title, rec.Source)
}

// CheckWords refuses the words of a document pref reads (a record, an
// outcome case) that reach a terminal or key a payment: seat names that
// break the one rule of package seats, a title or source with a control
// character. Errors name the line and column in doc, the parsed document.
func CheckWords(path string, doc *yaml.Node, names []string, title, source string) error {
	top := doc
	if top.Kind == yaml.DocumentNode && len(top.Content) > 0 {
		top = top.Content[0]
	}
	if err := seats.Check(names); err != nil {
		var se *seats.Error
		errors.As(err, &se)
		return schema.At(path, seatNode(top, se.Index), "seats: %v", err)
	}
	for _, f := range []struct{ key, text string }{{"title", title}, {"source", source}} {
		if err := termtext.Check(f.key, f.text, true); err != nil {
			return schema.At(path, mapValue(top, f.key), "%v", err)
		}
	}
	return nil
}

// seatNode is where a document names seat i: in its seats list, or else as
// a player of the first deal's hands (a record without a seats list).
func seatNode(top *yaml.Node, i int) *yaml.Node {
	if n := deref(mapValue(top, "seats")); n != nil {
		if n.Kind == yaml.SequenceNode && i < len(n.Content) {
			return n.Content[i]
		}
		return n
	}
	first := top
	if deals := deref(mapValue(top, "deals")); deals != nil && deals.Kind == yaml.SequenceNode && len(deals.Content) > 0 {
		first = deref(deals.Content[0])
	}
	hands := deref(mapValue(first, "hands"))
	if hands != nil && hands.Kind == yaml.MappingNode && 2*i < len(hands.Content) {
		return hands.Content[2*i]
	}
	return hands
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

// deref is the node an alias stands for (one step: an alias names an
// anchored node, never another alias).
func deref(n *yaml.Node) *yaml.Node {
	if n != nil && n.Kind == yaml.AliasNode {
		return n.Alias
	}
	return n
}

// quoteWord makes the node of a name or decision a record writes: a plain
// word where YAML reads it back as that text, quoted where a reader could
// take it for something else: a number, null, or one of the YAML 1.1
// booleans (no, yes, on, off, y, n), which YAML 1.2 and pref read as text
// but other tools as true or false.
func quoteWord(s string) *yaml.Node {
	n := &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: s} // the tag makes the encoder quote 12, null, true
	switch strings.ToLower(s) {
	case "y", "yes", "n", "no", "on", "off":
		n.Style = yaml.DoubleQuotedStyle
	}
	return n
}
