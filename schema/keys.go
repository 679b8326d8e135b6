package schema

import (
	"encoding/json"
	"sort"
	"strings"
	"sync"
)

func tree(text string) map[string]any {
	var m map[string]any
	if err := json.Unmarshal([]byte(text), &m); err != nil {
		panic("schema: " + err.Error())
	}
	return m
}

// The schemas as trees, read on first use.
var (
	schemaTree = sync.OnceValue(func() map[string]any { return tree(rulesetSchema) })
	recordTree = sync.OnceValue(func() map[string]any { return tree(recordSchema) })
)

// propertiesAt lists the property names of the schema object that holds the
// keyword at location (an absolute keyword location "file#/pointer").
func propertiesAt(location string) []string {
	file, frag, _ := strings.Cut(location, "#")
	toks := strings.Split(strings.TrimPrefix(frag, "/"), "/")
	if len(toks) > 0 {
		toks = toks[:len(toks)-1] // drop the keyword itself
	}
	var cur any = schemaTree()
	if strings.HasSuffix(file, "record.schema.json") {
		cur = recordTree()
	}
	for _, t := range toks {
		switch v := cur.(type) {
		case map[string]any:
			cur = v[t]
		case []any:
			i := 0
			for _, ch := range t {
				i = i*10 + int(ch-'0')
			}
			if i < len(v) {
				cur = v[i]
			}
		}
	}
	obj, _ := cur.(map[string]any)
	props, _ := obj["properties"].(map[string]any)
	keys := make([]string, 0, len(props))
	for k := range props {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
