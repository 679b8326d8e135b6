package schema

import (
	_ "embed"
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v5"
	"gopkg.in/yaml.v3"
)

//go:embed ruleset.schema.json
var rulesetSchema string

//go:embed record.schema.json
var recordSchema string

// RulesetSchema is the JSON Schema text, for editors and `pref schema`.
func RulesetSchema() string { return rulesetSchema }

// RecordSchema is the JSON Schema of a game record, for editors and `pref
// schema record`.
func RecordSchema() string { return recordSchema }

func compile(name, text string) *jsonschema.Schema {
	c := jsonschema.NewCompiler()
	c.Draft = jsonschema.Draft2020
	if err := c.AddResource(name, strings.NewReader(text)); err != nil {
		panic("schema: embedded " + name + " is not JSON: " + err.Error())
	}
	s, err := c.Compile(name)
	if err != nil {
		panic("schema: embedded " + name + " does not compile: " + err.Error())
	}
	return s
}

// The schemas are compiled on first use, not at start-up: a command that
// validates nothing (pref --help, pref settle) does not pay for them.
var (
	compiled       = sync.OnceValue(func() *jsonschema.Schema { return compile("ruleset.schema.json", rulesetSchema) })
	compiledRecord = sync.OnceValue(func() *jsonschema.Schema { return compile("record.schema.json", recordSchema) })
)

// Validate checks the document under root (a yaml DocumentNode or its
// content) against the ruleset schema.
func Validate(file string, root *yaml.Node) error {
	return validate(compiled(), "ruleset", file, root, maxNodes)
}

// ValidateRecord checks a game record against the record schema.
func ValidateRecord(file string, root *yaml.Node) error {
	return validate(compiledRecord(), "record", file, root, maxRecordNodes)
}

// validate checks root against a compiled schema; kind names the whole
// document in messages ("ruleset", "record").
func validate(compiled *jsonschema.Schema, kind, file string, root *yaml.Node, budget int) error {
	if root.Kind == yaml.DocumentNode && len(root.Content) > 0 {
		root = root.Content[0]
	}
	conv := converter{budget: budget}
	instance := conv.toJSON(root)
	switch {
	case conv.bad != nil && conv.aliased:
		return At(file, conv.bad, "YAML aliases: an alias that contains itself, or expands to more than %d values, cannot be read", budget)
	case conv.bad != nil:
		// No alias: the document itself is that large. Say so, not
		// "aliases".
		return At(file, conv.bad, "the %s holds more than %d YAML values: too large to read", kind, budget)
	}
	err := compiled.Validate(instance)
	if err == nil {
		return nil
	}
	ve, ok := err.(*jsonschema.ValidationError)
	if !ok {
		return &Error{File: file, Msg: err.Error()}
	}
	var list List
	seen := map[string]bool{}
	for _, leaf := range leaves(ve) {
		e := locate(kind, file, root, leaf)
		key := fmt.Sprintf("%d:%d:%s", e.Line, e.Col, e.Msg)
		if !seen[key] {
			seen[key] = true
			list = append(list, e)
		}
	}
	return list.Err()
}

// leaves keeps the most specific causes: the ones a reader can act on.
// Where a oneOf/anyOf failed in every branch, the branch errors are kept
// only when they are about deeper locations than the choice itself.
func leaves(ve *jsonschema.ValidationError) []*jsonschema.ValidationError {
	if len(ve.Causes) == 0 {
		return []*jsonschema.ValidationError{ve}
	}
	var out []*jsonschema.ValidationError
	for _, c := range ve.Causes {
		out = append(out, leaves(c)...)
	}
	// A failed oneOf reports every branch; prefer the errors that went
	// deepest into the instance, they name the actual mistake.
	depth := func(v *jsonschema.ValidationError) int { return strings.Count(v.InstanceLocation, "/") }
	max := 0
	for _, v := range out {
		if d := depth(v); d > max {
			max = d
		}
	}
	if strings.Contains(ve.KeywordLocation, "oneOf") || strings.Contains(ve.KeywordLocation, "anyOf") {
		var deep []*jsonschema.ValidationError
		for _, v := range out {
			if depth(v) == max {
				deep = append(deep, v)
			}
		}
		out = deep
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].InstanceLocation < out[j].InstanceLocation })
	return out
}

var quotedName = regexp.MustCompile(`'([^']*)'`)

// locate turns the validator's JSON pointer into a line and column, and its
// message into one that says what was expected.
func locate(kind, file string, root *yaml.Node, ve *jsonschema.ValidationError) *Error {
	n, path := walk(root, ve.InstanceLocation)
	msg := ve.Message
	// additionalProperties points at the parent map: find the key itself.
	// Of several unknown keys the validator names them in map order: the
	// one reported is the first in the file, the same on every run.
	if strings.HasPrefix(msg, "additionalProperties") && n.Kind == yaml.MappingNode {
		unknown := map[string]bool{}
		for _, m := range quotedName.FindAllStringSubmatch(msg, -1) {
			unknown[m[1]] = true
		}
		for i := 0; i+1 < len(n.Content); i += 2 {
			if key := n.Content[i].Value; unknown[key] {
				if near := Nearest(key, propertiesAt(ve.AbsoluteKeywordLocation)); near != "" {
					return At(file, n.Content[i], "unknown key %q in %s: did you mean %q? (allowed: %s)", key, where(kind, path), near, allowedKeys(ve))
				}
				return At(file, n.Content[i], "unknown key %q in %s (allowed: %s)", key, where(kind, path), allowedKeys(ve))
			}
		}
	}
	if why := limitWhy[path]; why != "" && (strings.HasPrefix(msg, "maximum") || strings.HasPrefix(msg, "must be <=")) {
		msg += ": " + why
	}
	return At(file, n, "%s: %s", where(kind, path), msg)
}

// limitWhy says, for a limit of the pack or the table that a ruleset may
// meet, why pref has it and what to write instead: the limits are of the
// interpreter's representation (a hand is a 32-bit mask of 4 suits of 8
// ranks; a deal's seats are arrays of 4), not of the game.
var limitWhy = map[string]string{
	"cards.ranks":   "pref holds a suit in 8 places (a hand is one 32-bit mask of 4 suits x 8 ranks, which keeps play and search fast); for a longer pack (36 cards, 6 to ace) drop the lowest ranks and deal the rest, or ask for the limit to grow",
	"cards.suits":   "pref holds a hand as one 32-bit mask of 4 suits x 8 ranks",
	"players.hands": "pref plays at most 4 hands a deal (the seats of a deal are arrays of 4, which keep play and settlement free of allocation); for 5 or more at the table deal 3 or 4 hands and set table_max, the dealer and the players after him sitting out",
}

func where(kind, path string) string {
	if path == "" {
		return kind
	}
	return path
}

// allowedKeys is read from the schema keyword location: the caller sees the
// list of keys of that object in the schema.
func allowedKeys(ve *jsonschema.ValidationError) string {
	keys := propertiesAt(ve.AbsoluteKeywordLocation)
	if len(keys) == 0 {
		return "see the schema"
	}
	return strings.Join(keys, ", ")
}

// walk follows a JSON pointer through the yaml tree, returning the deepest
// node reached and a dotted path for messages.
func walk(n *yaml.Node, pointer string) (*yaml.Node, string) {
	var path []string
	if pointer == "" {
		return n, ""
	}
	for _, tok := range strings.Split(strings.TrimPrefix(pointer, "/"), "/") {
		tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		for n.Kind == yaml.AliasNode {
			n = n.Alias
		}
		switch n.Kind {
		case yaml.MappingNode:
			found := false
			for i := 0; i+1 < len(n.Content); i += 2 {
				if n.Content[i].Value == tok {
					n, found = n.Content[i+1], true
					break
				}
			}
			if !found {
				return n, strings.Join(path, ".")
			}
			path = append(path, tok)
		case yaml.SequenceNode:
			i, err := strconv.Atoi(tok)
			if err != nil || i >= len(n.Content) {
				return n, strings.Join(path, ".")
			}
			n = n.Content[i]
			if len(path) == 0 {
				path = append(path, fmt.Sprintf("[%d]", i))
			} else {
				path[len(path)-1] += fmt.Sprintf("[%d]", i)
			}
		default:
			return n, strings.Join(path, ".")
		}
	}
	return n, strings.Join(path, ".")
}

// maxNodes bounds the values an aliased document may expand to: a ruleset
// has a few thousand; an alias bomb or an alias inside itself has no end.
const maxNodes = 200000

// maxRecordNodes is maxNodes for a game record: a record of a thousand
// deals pref play wrote holds some 62,000 values, a longer game more, and
// a file pref reads (2 MiB) at most about a million without aliases.
const maxRecordNodes = 1000000

type converter struct {
	budget  int
	bad     *yaml.Node // where expansion was stopped
	aliased bool       // an alias was expanded on the way
}

// toJSON makes the JSON-shaped value the validator wants: maps with string
// keys, slices, strings, int64/float64, bools and nil. Timestamps and other
// scalars the validator cannot take stay strings.
func (c *converter) toJSON(n *yaml.Node) any {
	if c.bad != nil {
		return nil
	}
	if c.budget--; c.budget < 0 {
		c.bad = n
		return nil
	}
	switch n.Kind {
	case yaml.DocumentNode:
		if len(n.Content) == 0 {
			return nil
		}
		return c.toJSON(n.Content[0])
	case yaml.AliasNode:
		c.aliased = true
		return c.toJSON(n.Alias)
	case yaml.MappingNode:
		m := make(map[string]any, len(n.Content)/2)
		for i := 0; i+1 < len(n.Content); i += 2 {
			m[n.Content[i].Value] = c.toJSON(n.Content[i+1])
		}
		return m
	case yaml.SequenceNode:
		s := make([]any, len(n.Content))
		for i, e := range n.Content {
			s[i] = c.toJSON(e)
		}
		return s
	}
	return scalar(n)
}

func scalar(n *yaml.Node) any {
	switch n.ShortTag() {
	case "!!int":
		var v int64
		if n.Decode(&v) == nil {
			return v
		}
	case "!!float":
		var v float64
		if n.Decode(&v) == nil {
			return v
		}
	case "!!bool":
		var v bool
		if n.Decode(&v) == nil {
			return v
		}
	case "!!null":
		return nil
	}
	return n.Value
}
