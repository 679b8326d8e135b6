package ruleset

import (
	"encoding/json"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/preference-rules/pref/schema"
	"gopkg.in/yaml.v3"
)

// TestSpecMatchesSchema keeps the Go types and the JSON Schema in step:
// every field of Spec is a property of the schema at the same place, every
// property is a field, and every property has a description for editors.
func TestSpecMatchesSchema(t *testing.T) {
	var root map[string]any
	if err := json.Unmarshal([]byte(schema.RulesetSchema()), &root); err != nil {
		t.Fatal(err)
	}
	sync := &schemaSync{t: t, defs: root["$defs"].(map[string]any)}
	sync.walk("ruleset", reflect.TypeOf(Spec{}), root)
	describedEverywhere(t, "", root) // every property anywhere in the schema
}

// schemaSync walks a Go type and its place in the JSON Schema together.
type schemaSync struct {
	t    *testing.T
	defs map[string]any // the schema's $defs, for a $ref
}

// resolve is the schema s refers to, or s.
func (c *schemaSync) resolve(s map[string]any) map[string]any {
	if ref, ok := s["$ref"].(string); ok {
		return c.defs[strings.TrimPrefix(ref, "#/$defs/")].(map[string]any)
	}
	return s
}

// walk checks the fields of struct typ at path against schema s: each a
// described property, and no property without a field.
func (c *schemaSync) walk(path string, typ reflect.Type, s map[string]any) {
	props, _ := c.resolve(s)["properties"].(map[string]any)
	var fields []string
	for i := 0; i < typ.NumField(); i++ {
		f := typ.Field(i)
		name := strings.Split(f.Tag.Get("yaml"), ",")[0]
		if name == "" || name == "-" {
			continue
		}
		fields = append(fields, name)
		c.field(path, name, f.Type, props)
	}
	var extra []string
	for name := range props {
		if !slices.Contains(fields, name) {
			extra = append(extra, name)
		}
	}
	sort.Strings(extra)
	for _, name := range extra {
		c.t.Errorf("%s.%s is in the schema but no Go field reads it", path, name)
	}
}

// field checks the Go field name of type ft at path: a described property
// of props, walked into when it is a struct of the ruleset's own.
func (c *schemaSync) field(path, name string, ft reflect.Type, props map[string]any) {
	p, ok := props[name].(map[string]any)
	if !ok {
		c.t.Errorf("%s.%s is a Go field but not in the schema", path, name)
		return
	}
	if d, _ := p["description"].(string); d == "" {
		c.t.Errorf("%s.%s has no description in the schema", path, name)
	}
	for ft.Kind() == reflect.Pointer || ft.Kind() == reflect.Slice {
		ft = ft.Elem()
		if items, ok := p["items"].(map[string]any); ok {
			p = items
		}
	}
	if ft.Kind() == reflect.Struct && ft != reflect.TypeOf(Word{}) && ft != reflect.TypeOf(yaml.Node{}) {
		c.walk(path+"."+name, ft, p)
	}
}

// describedEverywhere checks that every property anywhere in the schema
// value v (at path) has a description.
func describedEverywhere(t *testing.T, path string, v any) {
	switch x := v.(type) {
	case map[string]any:
		props, _ := x["properties"].(map[string]any)
		for k, p := range props {
			if d, _ := p.(map[string]any)["description"].(string); d == "" {
				t.Errorf("schema %s.%s has no description", path, k)
			}
		}
		for k, c := range x {
			describedEverywhere(t, path+"."+k, c)
		}
	case []any:
		for _, c := range x {
			describedEverywhere(t, path, c)
		}
	}
}
