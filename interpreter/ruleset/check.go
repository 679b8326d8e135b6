package ruleset

import (
	"strconv"
	"strings"

	"github.com/preference-rules/pref/schema"
	"gopkg.in/yaml.v3"
)

// check is the stage between the merge and the decoding: the JSON Schema
// (unless the document is trusted), then the sizes (checkSizes). refused
// are the mistakes of the document the schema and the limits of numbers
// found: the later stages still run on it, and their errors are joined to
// these. err ends the load at once: a schema that could not be run, or a
// document beyond the limits of its size (whose compilation could take too
// long).
func check(file string, doc *yaml.Node, trusted bool) (refused schema.List, err error) {
	if !trusted {
		switch e := schema.Validate(file, doc).(type) {
		case nil:
		case schema.List:
			refused = append(refused, e...)
		case *schema.Error:
			refused = append(refused, e)
		default:
			return nil, e
		}
	}
	numbers, err := checkSizes(file, doc.Content[0])
	if err != nil {
		return nil, err
	}
	return append(refused, numbers...), nil
}

// checkSizes refuses, before anything is compiled, a ruleset beyond the
// limits: too many options or expressions (err, which ends the load). An
// integer too large is a mistake of its own (numbers): the compiler, which
// runs guarded on a refused document, goes on with the rest.
func checkSizes(file string, root *yaml.Node) (numbers schema.List, err error) {
	w := &sizeWalk{file: file}
	w.walk(root, nil)
	var sizes schema.List
	for i := 0; i+1 < len(root.Content); i += 2 {
		k, v := root.Content[i], root.Content[i+1]
		switch {
		case k.Value == "options" && len(v.Content)/2 > MaxOptions:
			at := k
			if v.Line > 0 && v.Line/lineStride == 0 && k.Line/lineStride > 0 {
				at = v // the key is a base's, the options merged are the extending file's
			}
			sizes = append(sizes, schema.At(file, at, "%d options: more than %d, the limit", len(v.Content)/2, MaxOptions))
		case k.Value == "define":
			w.exprs += len(v.Content) / 2
		}
	}
	if w.exprs > MaxExpressions {
		sizes = append(sizes, schema.At(file, root, "%d expressions: more than %d, the limit", w.exprs, MaxExpressions))
	}
	if len(sizes) > 0 {
		return nil, append(sizes, w.errs...).Err()
	}
	return w.errs, nil
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
