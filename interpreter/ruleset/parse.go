package ruleset

import (
	"fmt"
	"regexp"

	"github.com/preference-rules/pref/internal/termtext"
	"github.com/preference-rules/pref/schema"
	"gopkg.in/yaml.v3"
)

// parse reads one file of a chain: within what is left of the limits, a
// ruleset (else an error naming the path only: nothing of a file that is
// not a ruleset is quoted). A key written twice in a map is a mistake that
// does not end the load (src.mistakes): the second is dropped, so that the
// later stages read the first and say what else is wrong. Text a terminal
// would act on ends it: later messages would quote that text.
func parse(file string, data []byte, left *budget, src *sources) (*yaml.Node, error) {
	if err := left.take(file, data); err != nil {
		return nil, err
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		if !looksLikeRuleset(data) {
			return nil, notARuleset(file, "it is not YAML")
		}
		src.texts[file] = data
		return nil, schema.YAMLErrorIn(file, data, err)
	}
	if err := isRuleset(file, &doc); err != nil {
		return nil, err
	}
	src.texts[file] = data
	n := countNodes(&doc, left.nodes)
	if n > left.nodes {
		return nil, left.tooMany(file, n)
	}
	left.nodes -= n
	var dups, unsafe schema.List
	duplicates(file, doc.Content[0], &dups, 0)
	unprintable(file, doc.Content[0], &unsafe, 0)
	if len(unsafe) > 0 {
		return nil, append(dups, unsafe...).Err()
	}
	src.mistakes = append(src.mistakes, dups...)
	return &doc, nil
}

// duplicates reports a key written twice in one map: YAML allows reading
// it, but which of the two values counts would be a guess. The second key
// and its value are taken out of the map, for the stages after parse.
func duplicates(file string, n *yaml.Node, out *schema.List, depth int) {
	if depth > 64 {
		return // the schema's size limits speak for deeper documents
	}
	if n.Kind == yaml.MappingNode {
		first := map[string]*yaml.Node{}
		kept := n.Content[:0]
		for i := 0; i+1 < len(n.Content); i += 2 {
			k := n.Content[i]
			if prev, ok := first[k.Value]; ok && k.Kind == yaml.ScalarNode {
				*out = append(*out, schema.At(file, k, "key %q is written twice in this map (first at line %d): keep one", k.Value, prev.Line))
				continue
			}
			first[k.Value] = k
			kept = append(kept, k, n.Content[i+1])
		}
		n.Content = kept
	}
	for _, c := range n.Content {
		duplicates(file, c, out, depth+1)
	}
}

// unprintable reports a key or value holding a character a terminal would
// act on (an escape sequence, a bidi control, a zero-width character): a
// ruleset's names, titles and descriptions are printed by every command,
// so such text is refused where it is written rather than escaped at each
// place it is shown.
func unprintable(file string, n *yaml.Node, out *schema.List, depth int) {
	if depth > 64 {
		return
	}
	if n.Kind == yaml.ScalarNode {
		if err := termtext.Check("text", n.Value, false); err != nil {
			*out = append(*out, schema.At(file, n, "%v", err))
		}
	}
	for _, c := range n.Content {
		unprintable(file, c, out, depth+1)
	}
}

// looksLikeRuleset reports whether a text YAML cannot read still looks
// like a ruleset, so that its lines may be quoted in the error: a line
// starting name: or extends:.
var looksLikeRuleset = regexp.MustCompile(`(?m)^(name|extends)[ \t]*:`).Match

// notARuleset is the error for a file that is not a ruleset. It names the
// path only: the file may be anything (/proc/self/status, a file of
// secrets) and none of its text is quoted.
func notARuleset(file, why string) error {
	return &schema.Error{File: file, Msg: fmt.Sprintf("not a ruleset: %s (a ruleset is a YAML map with a name, and extends or title, description, players, cards, deal, contracts, auction, exchange, defence, play and settlement)", why)}
}

// isRuleset refuses a parsed document that is not a ruleset: its top level
// must be a map with a name or an extends. Cheap, and before any check
// that would quote the file.
func isRuleset(file string, doc *yaml.Node) error {
	if doc.Kind == 0 || len(doc.Content) == 0 {
		return notARuleset(file, "it is empty")
	}
	root := doc.Content[0]
	if root.Kind != yaml.MappingNode {
		return notARuleset(file, "its top level is not a map")
	}
	for i := 0; i+1 < len(root.Content); i += 2 {
		if k := root.Content[i].Value; k == "name" || k == "extends" {
			return nil
		}
	}
	return notARuleset(file, "its top level has neither name nor extends")
}
