package ruleset

import (
	"github.com/preference-rules/pref/internal/safeio"
	"github.com/preference-rules/pref/schema"
	"gopkg.in/yaml.v3"
)

// LoadFile reads and compiles a ruleset file.
func LoadFile(path string) (*Ruleset, error) {
	data, err := safeio.ReadFile(path, safeio.MaxFile)
	if err != nil {
		return nil, err
	}
	return Load(path, data)
}

// Load compiles a ruleset from its text; file names it in errors. A ruleset
// that extends another finds it with DefaultResolver.
func Load(file string, data []byte) (*Ruleset, error) { return LoadWith(file, data, DefaultResolver) }

// LoadWith compiles a ruleset that may extend others, found by resolve.
// Its errors name the file each problem is in (a node merged from a base
// is the base's) and show the line with a caret.
func LoadWith(file string, data []byte, resolve Resolver) (*Ruleset, error) {
	return loadWith(file, data, resolve, true)
}

// LoadTrusted is LoadWith without the checks the test suite makes of the
// embedded rulesets (package rulesets, TestEmbeddedOptionsAllValid): the
// JSON Schema (compiling the schema is most of a command's start-up), and
// compiling the ruleset once more for each value of each option that sets
// fields, to prove that every one of them gives a valid ruleset (most of
// the load of a ruleset with many options). A user's file always has both.
func LoadTrusted(file string, data []byte, resolve Resolver) (*Ruleset, error) {
	return loadWith(file, data, resolve, false)
}

// DefaultResolver finds the rulesets that others extend (package rulesets
// sets it: embedded names, then files).
var DefaultResolver Resolver

// loadWith runs the stages from a file's text: parse, extend (the merge),
// then loadDoc. An error at a node of a base is given the base's file and
// line (sources.attribute), and the texts of the chain for its caret.
func loadWith(file string, data []byte, resolve Resolver, checkOptions bool) (*Ruleset, error) {
	src := &sources{files: []string{file}, texts: map[string][]byte{}}
	left := &budget{bytes: MaxChainBytes, nodes: MaxNodes}
	r, err := func() (*Ruleset, error) {
		doc, err := parse(file, data, left, src)
		if err != nil {
			return nil, err
		}
		if err := extend(file, doc, resolve, left, src); err != nil {
			return nil, err
		}
		return loadDoc(file, doc, checkOptions, !checkOptions, src.files, nil)
	}()
	if err != nil {
		src.attribute(err)
		schema.AddSources(err, src.texts)
		return nil, err
	}
	r.files = src.files
	r.warnings = src.warnings
	src.attribute(r.warnings)
	return r, nil
}

// loadDoc compiles a parsed ruleset document with its options at their
// defaults, their fields applied, then verifies it. With checkOptions,
// every value of every option that sets fields is proven to give a valid
// ruleset. programs, when not nil, are the expressions already compiled (a
// Loader's); files are the files the document was merged from, for errors.
func loadDoc(file string, doc *yaml.Node, checkOptions, trusted bool, files []string, programs *programCache) (*Ruleset, error) {
	r, err := compileDoc(file, doc, trusted, programs)
	if err != nil {
		return nil, err
	}
	r.written, r.files = r.root, files
	if r, err = withDefaults(file, r); err != nil {
		return nil, err
	}
	if err := verify(file, r, checkOptions); err != nil {
		return nil, err
	}
	return r, nil
}

// compileDoc compiles a parsed ruleset document as it is written, every
// option's sets left unapplied (loadDoc applies them): the stages check,
// decode and compile. With applies options to a copy of the document and
// compiles it here, without printing and parsing YAML again: the copy
// keeps the file's positions for its errors.
func compileDoc(file string, doc *yaml.Node, trusted bool, programs *programCache) (*Ruleset, error) {
	// Every problem of a file in one run: the schema's, then the meaning's
	// and the expressions', together. A file the schema refuses is still
	// compiled as far as it goes; whatever breaks on the way is left to
	// the schema's errors.
	refused, err := check(file, doc, trusted)
	if err != nil {
		return nil, err
	}
	spec, err := decode(file, doc.Content[0], refused)
	if err != nil {
		return nil, err
	}
	r, errs := compileSpec(file, doc.Content[0], spec, trusted, programs, refused != nil)
	if refused != nil {
		return nil, joinErrors(refused, errs)
	}
	if err := errs.Err(); err != nil {
		return nil, err
	}
	return r, nil
}

// joinErrors is the schema's errors (refused: a schema.List or a
// *schema.Error), then the compiler's at places the schema said nothing of.
func joinErrors(refused error, errs schema.List) error {
	var list schema.List
	switch e := refused.(type) {
	case schema.List:
		list = append(list, e...)
	case *schema.Error:
		list = append(list, e)
	}
	seen := map[[2]int]bool{}
	for _, e := range list {
		seen[[2]int{e.Line, e.Col}] = true
	}
	for _, e := range errs {
		if !seen[[2]int{e.Line, e.Col}] {
			list = append(list, e)
		}
	}
	return list.Err()
}
