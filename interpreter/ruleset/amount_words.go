package ruleset

import (
	"regexp"

	"github.com/expr-lang/expr"
	"gopkg.in/yaml.v3"
)

// AmountWords are a learner's words for a name the settlement's amounts
// read (a define, a value of the contracts' table): what the amount is
// called and how it is made, with the values of the deal put in. They
// are the ruleset's data, so that a ruling says "the game's value 30 for
// diamonds, doubled for a hand game" and no Go code knows a variant.
type AmountWords struct {
	Name string     // "the game's value"
	Says []WordPart // how it is made, the parts that apply joined by commas
}

// WordPart is a part of an amount's words: Text, said when When holds
// (always, when nil). Text may name values as {name}: a name expressions
// read, put in with its value in the deal.
type WordPart struct {
	Text    string
	When    *Code
	WhenSrc string
}

// amountWordsSpec is one entry of amount_words as written.
type amountWordsSpec struct {
	Name string      `yaml:"name"`
	Says []yaml.Node `yaml:"says"`
}

// wordPartSpec is a conditional part as written: {when: EXPR, say: TEXT}.
type wordPartSpec struct {
	When yaml.Node `yaml:"when"` // an expression, or true/false written bare
	Say  string    `yaml:"say"`
}

// placeholderRe finds the {name} of a part's text.
var placeholderRe = regexp.MustCompile(`\{([A-Za-z_][A-Za-z0-9_]*)\}`)

// Placeholders are the names a text of amount words puts values in for.
func Placeholders(text string) []string {
	var out []string
	for _, m := range placeholderRe.FindAllStringSubmatch(text, -1) {
		out = append(out, m[1])
	}
	return out
}

// FillPlaceholders puts value(name) in for each {name} of text.
func FillPlaceholders(text string, value func(name string) string) string {
	return placeholderRe.ReplaceAllStringFunc(text, func(m string) string {
		return value(m[1 : len(m)-1])
	})
}

// MarkingWords are what a ruleset calls a marking, one and several.
type MarkingWords struct {
	One, Several string
}

// MarkingSpec is marking: as written, {one: refa, several: refe}.
type MarkingSpec struct {
	One     string `yaml:"one"`
	Several string `yaml:"several"`
}

// amountWords compiles amount_words (each key a name expressions read,
// each placeholder a name, each condition a boolean expression) and
// marking.
func (c *compiler) amountWords(s *Spec) {
	c.r.Marking = MarkingWords{One: "marking", Several: "markings"}
	if m := s.Marking; m != nil && m.One != "" {
		c.r.Marking = markingWords(m.One, m.Several)
	}
	c.r.AmountWords = c.amountWordsOf(&s.AmountWords, c.r.AmountWords)
}

// amountWordsOf compiles a map of amount words as amount_words writes it
// (a term set's amounts: too) into into, made when nil, and returns it.
func (c *compiler) amountWordsOf(m *yaml.Node, into map[string]AmountWords) map[string]AmountWords {
	forEachPair(m, func(k, v *yaml.Node) {
		id := ident(k.Value)
		if c.failed[id] {
			return // a define that did not compile: its own error says why
		}
		if v, ok := c.r.envTemplate[id]; !ok || isParty(v) {
			c.errorf(k, "amount_words %q: not a name the settlement reads (a define, a contract value, an option)", k.Value)
			return
		}
		var spec amountWordsSpec
		if err := v.Decode(&spec); err != nil {
			c.errorf(v, "amount_words %s: want {name: WORDS, says: [PART, ...]}: %v", k.Value, err)
			return
		}
		w := AmountWords{Name: spec.Name}
		c.checkPlaceholders(v, k.Value, spec.Name)
		for i := range spec.Says {
			if part, ok := c.wordPart(k.Value, &spec.Says[i]); ok {
				w.Says = append(w.Says, part)
			}
		}
		if into == nil {
			into = map[string]AmountWords{}
		}
		into[id] = w
	})
	return into
}

// wordPart compiles one part of an amount's words: a text, or a text
// said when a condition holds.
func (c *compiler) wordPart(name string, n *yaml.Node) (WordPart, bool) {
	if n.Kind == yaml.ScalarNode {
		c.checkPlaceholders(n, name, n.Value)
		return WordPart{Text: n.Value}, true
	}
	var spec wordPartSpec
	if err := n.Decode(&spec); err != nil || spec.Say == "" || spec.When.Kind != yaml.ScalarNode || spec.When.Value == "" {
		c.errorf(n, "amount_words %s: a part is words, or {when: CONDITION, say: WORDS}", name)
		return WordPart{}, false
	}
	c.checkPlaceholders(n, name, spec.Say)
	when := c.code(c.program(Expr{Text: spec.When.Value, Node: &spec.When}, "amount_words "+name+" when", expr.AsBool()))
	if when == nil {
		return WordPart{}, false
	}
	return WordPart{Text: spec.Say, When: when, WhenSrc: spec.When.Value}, true
}

// checkPlaceholders refuses a {name} that names nothing expressions read.
func (c *compiler) checkPlaceholders(n *yaml.Node, name, text string) {
	for _, p := range Placeholders(text) {
		v, ok := c.r.envTemplate[ident(p)]
		switch {
		case !ok:
			c.errorf(n, "amount_words %s: {%s} names nothing the settlement reads", name, p)
		case isParty(v):
			c.errorf(n, "amount_words %s: {%s} is a player, not a value: name the figure (a define, a contract value)", name, p)
		}
	}
}

// isParty: a template value is a player (declarer, to), not a figure.
func isParty(v any) bool {
	switch v.(type) {
	case Party, *Party:
		return true
	}
	return false
}
