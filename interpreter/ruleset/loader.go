package ruleset

import (
	"github.com/expr-lang/expr/vm"
	"gopkg.in/yaml.v3"
)

// A Loader compiles many rulesets in one process from documents already
// parsed, keeping the programs of their expressions between loads: the
// fuzz targets' way to load thousands of small mutations of the embedded
// rulesets, whose expressions are nearly all the same from one load to the
// next. A program depends only on its text and the names and types it is
// compiled among (programCache), and a refusal is never kept, so each load
// makes the same checks, with the same answers, as LoadWith of the
// document's text. A document with extends is taken as it is (the fuzz
// targets start from whole rulesets).
type Loader struct {
	programs *programCache
	// CheckOptions also compiles the ruleset once for each value of each
	// option that sets fields, as LoadWith does; it costs a compilation
	// per such value.
	CheckOptions bool
	// SkipSchema compiles without the JSON Schema validation, half of a
	// load's time. The compiler assumes a document the schema accepts: on
	// one it refuses, it may refuse differently or panic. So it is only
	// for a caller that takes whatever it finds so (an error, a panic, a
	// ruleset that misbehaves) to a Loader without SkipSchema for the
	// verdict. On a document the schema accepts, the load is the same
	// either way; an error without the schema is an error with it.
	SkipSchema bool
}

// maxLoaderPrograms bounds the programs a Loader keeps: a fuzzer's
// mutated expressions would otherwise add to them without end.
const maxLoaderPrograms = 20_000

// NewLoader returns a Loader that makes every check LoadWith makes.
func NewLoader() *Loader {
	return &Loader{programs: &programCache{m: map[string]*vm.Program{}}, CheckOptions: true}
}

// Load compiles doc (a YAML document node); file names it in errors. The
// ruleset keeps doc's nodes: the caller must not change them afterwards.
func (l *Loader) Load(file string, doc *yaml.Node) (*Ruleset, error) {
	l.programs.mu.Lock()
	if len(l.programs.m) > maxLoaderPrograms {
		l.programs.m = map[string]*vm.Program{}
	}
	l.programs.mu.Unlock()
	if doc == nil || doc.Kind != yaml.DocumentNode || len(doc.Content) == 0 {
		doc = &yaml.Node{Kind: yaml.DocumentNode, Content: []*yaml.Node{{Kind: yaml.ScalarNode, Tag: "!!null"}}}
	}
	return loadDoc(file, doc, l.CheckOptions, l.SkipSchema, []string{file}, l.programs)
}
