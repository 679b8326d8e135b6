package ruleset

import (
	"github.com/expr-lang/expr/vm"
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

// DefaultResolver finds the rulesets that others extend (package rulesets
// sets it: embedded names, then files).
var DefaultResolver Resolver

// compileDoc compiles a parsed ruleset document as it is written, every
// option's sets left unapplied (loadDoc applies them). With applies
// options to a copy of the document and compiles it here, without printing
// and parsing YAML again: the copy keeps the file's positions for its errors.
func compileDoc(file string, doc *yaml.Node, trusted bool, programs *programCache) (*Ruleset, error) {
	// Every problem of a file in one run: the schema's, then the meaning's
	// and the expressions', together. A file the schema refuses is still
	// compiled as far as it goes; whatever breaks on the way is left to
	// the schema's errors.
	var schemaErr error
	if !trusted {
		schemaErr = schema.Validate(file, doc)
	}
	var list schema.List
	switch e := schemaErr.(type) {
	case nil:
	case schema.List:
		list = append(list, e...)
	case *schema.Error:
		list = append(list, e)
	default:
		return nil, schemaErr
	}
	if err := checkSizes(file, doc.Content[0]); err != nil {
		return nil, err
	}
	var spec Spec
	if err := doc.Content[0].Decode(&spec); err != nil {
		if schemaErr != nil {
			return nil, schemaErr
		}
		return nil, &schema.Error{File: file, Msg: err.Error()}
	}
	if programs == nil {
		programs = &programCache{m: map[string]*vm.Program{}}
	}
	c := &compiler{file: file, root: doc.Content[0], r: &Ruleset{File: file, Spec: &spec, root: doc.Content[0], programs: programs, trusted: trusted}, failed: map[string]bool{}}
	if schemaErr == nil {
		c.compile(&spec) // a panic here is pref's bug: it ends in exit 3
	} else {
		compiled(c, &spec)
	}
	if schemaErr != nil {
		seen := map[[2]int]bool{}
		for _, e := range list {
			seen[[2]int{e.Line, e.Col}] = true
		}
		for _, e := range c.errs {
			if !seen[[2]int{e.Line, e.Col}] {
				list = append(list, e)
			}
		}
		return nil, list.Err()
	}
	if err := c.errs.Err(); err != nil {
		return nil, err
	}
	return c.r, nil
}

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
// defaults, their fields applied. With checkOptions, every value of every
// option that sets fields is proven to give a valid ruleset. programs, when
// not nil, are the expressions already compiled (a Loader's); files are the
// files the document was merged from, for errors.
func loadDoc(file string, doc *yaml.Node, checkOptions, trusted bool, files []string, programs *programCache) (*Ruleset, error) {
	r, err := compileDoc(file, doc, trusted, programs)
	if err != nil {
		return nil, err
	}
	r.written, r.files = r.root, files
	if on := onByDefault(r); on != nil {
		if r, err = r.switched(nil); err != nil {
			(&sources{files: files}).attribute(err)
			return nil, schema.At(file, on.Sets, "option %s is on by default: with its sets applied the ruleset is invalid: %v", on.Name, err)
		}
	}
	if err := r.checkNamedConcepts(); err != nil {
		return nil, err
	}
	if !checkOptions {
		return r, nil
	}
	if err := checkOptionWork(file, r); err != nil {
		return nil, err
	}
	for _, o := range r.Options {
		for _, v := range otherValues(o) {
			if _, err := r.With(map[string]any{o.Name: v}); err != nil {
				return nil, schema.At(file, o.Sets, "option %s: with its sets applied the ruleset is invalid: %v", o.Name, err)
			}
		}
	}
	return r, nil
}
