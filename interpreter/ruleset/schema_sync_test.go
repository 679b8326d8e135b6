package ruleset

import (
	"encoding/json"
	"reflect"
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
	defs := root["$defs"].(map[string]any)
	resolve := func(s map[string]any) map[string]any {
		if ref, ok := s["$ref"].(string); ok {
			return defs[strings.TrimPrefix(ref, "#/$defs/")].(map[string]any)
		}
		return s
	}
	var walk func(path string, typ reflect.Type, s map[string]any)
	walk = func(path string, typ reflect.Type, s map[string]any) {
		s = resolve(s)
		props, _ := s["properties"].(map[string]any)
		var fields []string
		for i := 0; i < typ.NumField(); i++ {
			f := typ.Field(i)
			name := strings.Split(f.Tag.Get("yaml"), ",")[0]
			if name == "" || name == "-" {
				continue
			}
			fields = append(fields, name)
			p, ok := props[name].(map[string]any)
			if !ok {
				t.Errorf("%s.%s is a Go field but not in the schema", path, name)
				continue
			}
			if d, _ := p["description"].(string); d == "" {
				t.Errorf("%s.%s has no description in the schema", path, name)
			}
			ft := f.Type
			for ft.Kind() == reflect.Pointer || ft.Kind() == reflect.Slice {
				ft = ft.Elem()
				if items, ok := p["items"].(map[string]any); ok {
					p = items
				}
			}
			if ft.Kind() == reflect.Struct && ft != reflect.TypeOf(Word{}) && ft != reflect.TypeOf(yaml.Node{}) {
				walk(path+"."+name, ft, p)
			}
		}
		var extra []string
		for name := range props {
			found := false
			for _, f := range fields {
				found = found || f == name
			}
			if !found {
				extra = append(extra, name)
			}
		}
		sort.Strings(extra)
		for _, name := range extra {
			t.Errorf("%s.%s is in the schema but no Go field reads it", path, name)
		}
	}
	walk("ruleset", reflect.TypeOf(Spec{}), root)

	// Every property anywhere in the schema is described.
	var described func(path string, v any)
	described = func(path string, v any) {
		switch x := v.(type) {
		case map[string]any:
			if props, ok := x["properties"].(map[string]any); ok {
				for k, p := range props {
					if d, _ := p.(map[string]any)["description"].(string); d == "" {
						t.Errorf("schema %s.%s has no description", path, k)
					}
				}
			}
			for k, c := range x {
				described(path+"."+k, c)
			}
		case []any:
			for _, c := range x {
				described(path, c)
			}
		}
	}
	described("", root)
}
