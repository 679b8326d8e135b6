package yamlmut

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"gopkg.in/yaml.v3"
)

func shipped(t *testing.T) []*yaml.Node {
	files, _ := filepath.Glob("../../rulesets/*.yaml")
	var docs []*yaml.Node
	for _, p := range files {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		var doc yaml.Node
		if err := yaml.Unmarshal(data, &doc); err != nil {
			t.Fatal(err)
		}
		docs = append(docs, &doc)
	}
	if len(docs) == 0 {
		t.Fatal("no rulesets")
	}
	return docs
}

func text(t *testing.T, n *yaml.Node) string {
	data, err := yaml.Marshal(n)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// TestMutateLeavesBase: the edits change the copy only, whatever they are
// (an item doubled into the copy's shared block of Content lists must not
// run into a neighbour's), and the same bytes give the same document.
func TestMutateLeavesBase(t *testing.T) {
	docs := shipped(t)
	dict := Learn(docs...)
	before := make([]string, len(docs))
	for i, d := range docs {
		before[i] = text(t, d)
	}
	rng := rand.New(rand.NewPCG(5, 5))
	changed := 0
	for range 120 {
		edits := make([]byte, 4*(1+rng.IntN(4)))
		for j := range edits {
			edits[j] = byte(rng.IntN(256))
		}
		b := rng.IntN(len(docs))
		out := Mutate(docs[b], dict, edits)
		if got := text(t, out); got != before[b] {
			changed++
			if again := text(t, Mutate(docs[b], dict, edits)); again != got {
				t.Fatalf("edits %v gave two documents", edits)
			}
		}
	}
	for i, d := range docs {
		if text(t, d) != before[i] {
			t.Fatalf("base %d changed by the edits", i)
		}
	}
	if changed < 80 {
		t.Errorf("only %d of 120 edited documents differ from their base", changed)
	}
}

// TestCopyIsDeep: a copy shares no node with its original, and each
// Content list of the copy grows without touching the next (they come from
// one block): the copy with an item added to every list is the document
// read again with the same items added.
func TestCopyIsDeep(t *testing.T) {
	doc := shipped(t)[0]
	c := Copy(doc)
	if text(t, c) != text(t, doc) {
		t.Fatal("the copy differs")
	}
	var walk func(n *yaml.Node, f func(*yaml.Node))
	walk = func(n *yaml.Node, f func(*yaml.Node)) {
		f(n)
		for _, ch := range n.Content {
			walk(ch, f)
		}
	}
	orig := map[*yaml.Node]bool{}
	walk(doc, func(n *yaml.Node) { orig[n] = true })
	walk(c, func(n *yaml.Node) {
		if orig[n] {
			t.Fatalf("node at line %d shared", n.Line)
		}
	})
	var ref yaml.Node
	if err := yaml.Unmarshal([]byte(text(t, doc)), &ref); err != nil {
		t.Fatal(err)
	}
	want := text(t, doc)
	grow := func(n *yaml.Node) {
		if n.Kind == yaml.SequenceNode && len(n.Content) > 0 {
			n.Content = append(n.Content, &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: "added"})
		}
	}
	walk(c, grow)
	walk(&ref, grow)
	if text(t, c) != text(t, &ref) {
		t.Fatal("a list of the copy grew into another")
	}
	if text(t, doc) != want {
		t.Fatal("the original changed with the copy")
	}
}

// TestEditorDropsEntriesAndUsesItsValues: an Editor's eighth edit drops a
// mapping's entry, its replacements not in the dictionary are its own
// values (read as YAML reads them: 12 a number, "a: b" a quoted string),
// and the base stays as it was.
func TestEditorDropsEntriesAndUsesItsValues(t *testing.T) {
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte("a: 1\nb: [x, y]\n"), &doc); err != nil {
		t.Fatal(err)
	}
	before := text(t, &doc)
	e := NewEditor([]string{"12", "a: b"})
	// places in document order: document, mapping, 1, [x, y], x, y
	for _, c := range []struct {
		edits []byte
		want  string
	}{
		{[]byte{7, 0, 2, 0}, "b: [x, y]\n"},                // the entry of 1 dropped
		{[]byte{7, 0, 3, 0}, "a: 1\n"},                     // the entry of the list dropped
		{[]byte{0, 0, 2, 224}, "a: 12\nb: [x, y]\n"},       // no dictionary: the Editor's values
		{[]byte{0, 0, 4, 225}, "a: 1\nb: [\"a: b\", y]\n"}, // a string stays one
	} {
		if got := text(t, e.Mutate(&doc, Dict{}, c.edits)); got != c.want {
			t.Errorf("edits %v: got\n%swant\n%s", c.edits, got, c.want)
		}
	}
	if text(t, &doc) != before {
		t.Fatal("the base changed")
	}
}
