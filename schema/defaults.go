package schema

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"
)

// The defaults of a ruleset's fields are written once, as "default" in
// ruleset.schema.json; FillDefaults writes them into a document, so that a
// ruleset can be shown and compared with every default explicit.

func rulesetTree() map[string]any { return schemaTree() }

// FillDefaults adds to the ruleset document root every field the schema
// gives a default and the document leaves out, inside the maps the
// document has (a missing section stays missing).
func FillDefaults(root *yaml.Node) {
	if root.Kind == yaml.DocumentNode && len(root.Content) > 0 {
		root = root.Content[0]
	}
	fill(root, rulesetTree(), rulesetTree())
}

func fill(n *yaml.Node, s, top map[string]any) {
	if ref, ok := s["$ref"].(string); ok {
		s = resolveRef(ref, top)
	}
	switch n.Kind {
	case yaml.MappingNode:
		props, _ := s["properties"].(map[string]any)
		// in the schema's key order, sorted: a default added is a line of
		// pref show, the same on every run
		for _, name := range slices.Sorted(maps.Keys(props)) {
			ps, _ := props[name].(map[string]any)
			if ps == nil {
				continue
			}
			if v := lookupKey(n, name); v != nil {
				fill(v, ps, top)
				continue
			}
			if def, ok := ps["default"]; ok {
				n.Content = append(n.Content,
					&yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: name},
					defaultNode(def))
			}
		}
		if add, ok := s["additionalProperties"].(map[string]any); ok {
			for i := 0; i+1 < len(n.Content); i += 2 {
				if _, known := props[n.Content[i].Value]; !known {
					fill(n.Content[i+1], add, top)
				}
			}
		}
	case yaml.SequenceNode:
		if items, ok := s["items"].(map[string]any); ok {
			for _, c := range n.Content {
				fill(c, items, top)
			}
		}
	}
}

func resolveRef(ref string, top map[string]any) map[string]any {
	var cur any = top
	for _, part := range strings.Split(strings.TrimPrefix(ref, "#/"), "/") {
		m, _ := cur.(map[string]any)
		cur = m[part]
	}
	m, _ := cur.(map[string]any)
	return m
}

func lookupKey(n *yaml.Node, key string) *yaml.Node {
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return n.Content[i+1]
		}
	}
	return nil
}

func defaultNode(v any) *yaml.Node {
	switch x := v.(type) {
	case bool:
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!bool", Value: fmt.Sprint(x)}
	case float64:
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!int", Value: fmt.Sprint(int64(x))}
	}
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: fmt.Sprint(v)}
}
