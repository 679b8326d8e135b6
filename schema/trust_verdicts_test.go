package schema

import (
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// A document too large to check without any alias is reported as too
// large, not as an alias problem; an alias bomb still is one.
func TestLargeDocumentIsNotCalledAnAliasProblem(t *testing.T) {
	seq := &yaml.Node{Kind: yaml.SequenceNode, Line: 3, Column: 1}
	for range maxNodes + 1 {
		seq.Content = append(seq.Content, &yaml.Node{Kind: yaml.ScalarNode, Value: "x"})
	}
	doc := &yaml.Node{Kind: yaml.MappingNode, Content: []*yaml.Node{{Kind: yaml.ScalarNode, Value: "contracts"}, seq}}
	err := Validate("big.yaml", doc)
	if err == nil || strings.Contains(err.Error(), "alias") || !strings.Contains(err.Error(), "holds more than 200000 YAML values") {
		t.Fatalf("%v; want it called too large", err)
	}
	bomb := "a: &a [x, x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\ne: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]\nf: [*e, *e, *e, *e, *e, *e, *e, *e, *e, *e]\n"
	var n yaml.Node
	if err := yaml.Unmarshal([]byte(bomb), &n); err != nil {
		t.Fatal(err)
	}
	if err := Validate("bomb.yaml", &n); err == nil || !strings.Contains(err.Error(), "YAML aliases") {
		t.Fatalf("%v; want the aliases named", err)
	}
}
