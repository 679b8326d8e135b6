package ruleset

import (
	"strconv"
	"strings"

	"github.com/preference-rules/pref/schema"
	"gopkg.in/yaml.v3"
)

// check is the stage between the merge and the decoding: the JSON Schema
// (unless the document is trusted), then the sizes (checkSizes). refused
// is the schema's verdict when it refused the document, a schema.List or
// a *schema.Error: the compiler's errors are joined to it. err ends the
// load at once: a schema that could not be run, or a document beyond the
// limits (whose compilation could take too long).
func check(file string, doc *yaml.Node, trusted bool) (refused, err error) {
	if !trusted {
		refused = schema.Validate(file, doc)
	}
	switch refused.(type) {
	case nil, schema.List, *schema.Error:
	default:
		return nil, refused
	}
	if err := checkSizes(file, doc.Content[0]); err != nil {
		return nil, err
	}
	return refused, nil
}

// checkSizes refuses, before anything is compiled, a ruleset beyond the
// limits: an integer too large, too many options or expressions.
func checkSizes(file string, root *yaml.Node) error {
	w := &sizeWalk{file: file}
	w.walk(root, nil)
	for i := 0; i+1 < len(root.Content); i += 2 {
		k, v := root.Content[i], root.Content[i+1]
		switch {
		case k.Value == "options" && len(v.Content)/2 > MaxOptions:
			at := k
			if v.Line > 0 && v.Line/lineStride == 0 && k.Line/lineStride > 0 {
				at = v // the key is a base's, the options merged are the extending file's
			}
			w.errs = append(w.errs, schema.At(file, at, "%d options: more than %d, the limit", len(v.Content)/2, MaxOptions))
		case k.Value == "define":
			w.exprs += len(v.Content) / 2
		}
	}
	if w.exprs > MaxExpressions {
		w.errs = append(w.errs, schema.At(file, root, "%d expressions: more than %d, the limit", w.exprs, MaxExpressions))
	}
	return w.errs.Err()
}

// sizeWalk goes through a document for checkSizes: the numbers beyond
// MaxInt, and the expressions it counts.
type sizeWalk struct {
	file  string
	errs  schema.List
	exprs int
}

// walk checks n, at path (keys and list indexes) in the document.
func (w *sizeWalk) walk(n *yaml.Node, path []string) {
	switch n.Kind {
	case yaml.ScalarNode:
		if beyondMaxInt(n) {
			w.errs = append(w.errs, schema.At(w.file, n, "%s: %s is beyond ±%d, the largest number a ruleset may write", strings.Join(path, "."), n.Value, int64(MaxInt)))
		}
		if len(path) > 0 && expressionKeys[path[len(path)-1]] {
			w.exprs++
		}
	case yaml.MappingNode:
		for i := 0; i+1 < len(n.Content); i += 2 {
			w.walk(n.Content[i+1], append(path, n.Content[i].Value))
		}
	case yaml.SequenceNode, yaml.DocumentNode:
		for i, ch := range n.Content {
			w.walk(ch, append(path, strconv.Itoa(i)))
		}
	}
}

// beyondMaxInt reports whether a scalar is a number beyond ±MaxInt.
func beyondMaxInt(n *yaml.Node) bool {
	switch n.ShortTag() {
	case "!!int":
		v, err := strconv.ParseInt(strings.ReplaceAll(n.Value, "_", ""), 0, 64)
		return err != nil || v > MaxInt || v < -MaxInt
	case "!!float": // YAML reads 99999999999999999999 as a float
		v, err := strconv.ParseFloat(strings.ReplaceAll(n.Value, "_", ""), 64)
		return err == nil && (v > MaxInt || v < -MaxInt)
	}
	return false
}

// expressionKeys are the keys whose values are expressions.
var expressionKeys = map[string]bool{"when": true, "where": true, "amount": true, "add": true, "closed_when": true, "pair": true, "explain": true, "at": true, "per_point": true}
