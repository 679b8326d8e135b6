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
// then loadDoc. Every mistake of the chain is said in one run, in file
// order (allMistakes): a stage's mistake ends the load only when the
// stages after it could not run. An error at a node of a base is given
// the base's file and line (sources.attribute), and the texts of the
// chain for its caret.
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
	if err != nil || len(src.mistakes) > 0 {
		err = allMistakes(file, src.mistakes, err)
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
// A stage after the compilation runs on what it compiled even when it
// found mistakes, and says the mistakes of its own (those the compilation
// did not).
func loadDoc(file string, doc *yaml.Node, checkOptions, trusted bool, files []string, programs *programCache) (*Ruleset, error) {
	r, found, err := compileFound(file, doc, trusted, programs)
	if err != nil {
		return nil, err
	}
	r.written, r.files = r.root, files
	played, known, said := withDefaults(file, r, found)
	found = append(found, said...)
	found = append(found, verify(file, played, checkOptions, append(known, found...))...)
	if len(found) > 0 {
		return nil, found.Err()
	}
	return played, nil
}

// compileFound compiles a parsed ruleset document as it is written, every
// option's sets left unapplied (loadDoc applies them): the stages check,
// decode and compile, with every mistake they find in found and the
// ruleset as far as it was compiled (to be used only when found is empty);
// err is a mistake that stopped them (a document beyond the limits of
// size, one that cannot be decoded at all). With applies options to a copy
// of the document and compiles it here, without printing and parsing YAML
// again: the copy keeps the file's positions for its errors.
func compileFound(file string, doc *yaml.Node, trusted bool, programs *programCache) (*Ruleset, schema.List, error) {
	// Every problem of a file in one run: the schema's, then the meaning's
	// and the expressions', together. A file the schema refuses is still
	// compiled as far as it goes, guarded; whatever the compiler says
	// within a part the schema refused is left to the schema's errors.
	refused, err := check(file, doc, trusted)
	if err != nil {
		return nil, nil, err
	}
	spec, err := decode(file, doc.Content[0], refused)
	if err != nil {
		return nil, nil, err
	}
	r, errs := compileSpec(file, doc.Content[0], spec, trusted, programs, len(refused) > 0)
	if len(refused) > 0 {
		return r, joinErrors(doc.Content[0], refused, errs), nil
	}
	return r, errs, nil
}
