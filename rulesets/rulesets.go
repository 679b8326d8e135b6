package rulesets

import (
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/preference-rules/pref/internal/safeio"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/schema"
	"gopkg.in/yaml.v3"
)

//go:embed *.yaml
var files embed.FS

// Default is the ruleset a command uses when none is given (--ruleset,
// pref rules): the 1829 rules, the oldest written down. The one place
// Go code names a ruleset; a test keeps it embedded.
const Default = "austrian-1829"

var compiled sync.Map // name -> *ruleset.Ruleset

func init() { ruleset.DefaultResolver = resolve }

// resolve finds the ruleset a file extends: an embedded name, or a path
// relative to the extending file.
func resolve(from, base string) (string, []byte, error) {
	if data, ok := Source(base); ok && !strings.ContainsAny(base, `/\`) {
		return "rulesets/" + base + ".yaml", data, nil
	}
	if p := userFile(base); p != "" {
		data, err := safeio.ReadFile(p, safeio.MaxFile)
		return p, data, err
	}
	shown := base // as the extending file's reader would find it
	if !filepath.IsAbs(base) {
		shown = filepath.Join(filepath.Dir(from), base)
	}
	data, err := safeio.ReadFile(shown, safeio.MaxFile)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) && errors.Is(err, fs.ErrNotExist) {
			if near := schema.Nearest(base, Names()); near != "" {
				return "", nil, fmt.Errorf("no embedded ruleset of that name and no file %s: did you mean %s?", shown, near)
			}
			return "", nil, fmt.Errorf("no embedded ruleset of that name (%s) and no file %s", strings.Join(Names(), ", "), shown)
		}
		return "", nil, err
	}
	return shown, data, nil
}

// Names lists the embedded rulesets, sorted.
func Names() []string {
	entries, _ := fs.ReadDir(files, ".")
	var names []string
	for _, e := range entries {
		if name, ok := strings.CutSuffix(e.Name(), ".yaml"); ok {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	return names
}

// Description is an embedded ruleset's one-line description, read from its
// header without compiling it (pref rulesets lists all of them; compiling
// every one took a quarter of a second). A ruleset that states none has
// the description of the one it extends. Tests check each against the
// compiled ruleset's.
func Description(name string) (string, error) {
	for range 8 { // extends chains are short; a loop among embedded files is a bug
		data, ok := Source(name)
		if !ok {
			return "", fmt.Errorf("no embedded ruleset %s", name)
		}
		var head struct {
			Description string `yaml:"description"`
			Extends     string `yaml:"extends"`
		}
		if err := yaml.Unmarshal(data, &head); err != nil {
			return "", fmt.Errorf("embedded ruleset %s: %v", name, err)
		}
		if head.Description != "" || head.Extends == "" {
			return head.Description, nil
		}
		name = head.Extends
	}
	return "", fmt.Errorf("embedded ruleset %s: extends goes round in a loop", name)
}

// Source is the text of an embedded ruleset.
func Source(name string) ([]byte, bool) {
	data, err := files.ReadFile(name + ".yaml")
	return data, err == nil
}

// UserDir is the directory of the user's own rulesets, opened by name
// like the embedded ones: $PREF_RULESETS, else pref/rulesets in the user's
// configuration directory ($XDG_CONFIG_HOME or ~/.config on Linux); "" when
// there is none.
func UserDir() string {
	if d := os.Getenv("PREF_RULESETS"); d != "" {
		return d
	}
	if d, err := os.UserConfigDir(); err == nil {
		return filepath.Join(d, "pref", "rulesets")
	}
	return ""
}

// UserNames lists the rulesets of UserDir (NAME.yaml), sorted; an embedded
// name takes precedence over a file of the same name.
func UserNames() []string {
	dir := UserDir()
	if dir == "" {
		return nil
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var names []string
	for _, e := range entries {
		if name, ok := strings.CutSuffix(e.Name(), ".yaml"); ok && e.Type().IsRegular() {
			if _, embedded := Source(name); !embedded {
				names = append(names, name)
			}
		}
	}
	sort.Strings(names)
	return names
}

// userFile is the path of a user's ruleset of that name, or "".
func userFile(name string) string {
	if strings.ContainsAny(name, `/\`) || name == "" {
		return ""
	}
	dir := UserDir()
	if dir == "" {
		return ""
	}
	p := filepath.Join(dir, name+".yaml")
	if st, err := os.Stat(p); err == nil && st.Mode().IsRegular() {
		return p
	}
	return ""
}

// Open loads an embedded ruleset by name, one of the user's (UserDir) by
// name, or a ruleset file by path (any argument containing a path
// separator or ending in .yaml/.yml).
func Open(nameOrPath string) (*ruleset.Ruleset, error) {
	if data, ok := Source(nameOrPath); ok && !strings.ContainsAny(nameOrPath, `/\`) {
		// Embedded rulesets never change and a compiled ruleset is never
		// modified (With returns a copy): compile each once per process.
		if r, ok := compiled.Load(nameOrPath); ok {
			return r.(*ruleset.Ruleset), nil
		}
		r, err := ruleset.LoadTrusted("rulesets/"+nameOrPath+".yaml", data, resolve)
		if err == nil {
			compiled.Store(nameOrPath, r)
		}
		return r, err
	}
	if p := userFile(nameOrPath); p != "" {
		return ruleset.LoadFile(p)
	}
	if strings.ContainsAny(nameOrPath, `/\`) || strings.HasSuffix(nameOrPath, ".yaml") || strings.HasSuffix(nameOrPath, ".yml") {
		return ruleset.LoadFile(nameOrPath)
	}
	if _, err := os.Stat(nameOrPath); err == nil {
		return ruleset.LoadFile(nameOrPath)
	}
	return nil, unknownName(nameOrPath)
}

// unknownName is the error for a name that is no ruleset.
func unknownName(name string) error {
	if near := schema.Nearest(name, append(Names(), UserNames()...)); near != "" {
		return unknown{fmt.Sprintf("no ruleset %q: did you mean %s? (a house variant is given as a path to its .yaml file)", name, near)}
	}
	return unknown{fmt.Sprintf("no ruleset %q: the embedded ones are %s; a house variant is given as a path to its .yaml file", name, strings.Join(Names(), ", "))}
}

// OpenFrom opens the ruleset a document (a game record, an outcome case)
// names in its ruleset: field, doc being the document's path: an embedded
// ruleset, one of the user's by name (UserDir), or a file in or below the
// document's own folder, found from there. Anything else is refused,
// naming the path alone, before it is read: a document from elsewhere must
// not make pref read a file the user did not give it and quote its lines
// in an error (ruleset: ../secret.txt printed an AWS key). Neither ".."
// nor an absolute path nor a symbolic link leads out of the folder. A
// ruleset given on the command line is the user's own choice: Open.
func OpenFrom(doc, name string) (*ruleset.Ruleset, error) {
	if _, ok := Source(name); ok && !strings.ContainsAny(name, `/\`) {
		return Open(name)
	}
	if userFile(name) != "" {
		return Open(name)
	}
	dir, shown, err := besideDocument(doc, name)
	if err != nil {
		return nil, err
	}
	data, err := safeio.ReadFileIn(dir, name, shown, safeio.MaxFile)
	if err != nil {
		return nil, err
	}
	return ruleset.Load(shown, data)
}

// SourceFrom is the text of the ruleset a document names, found as
// OpenFrom finds it: an embedded ruleset's, a user ruleset's, or the file
// in or below the document's folder. (A ruling's digest is taken of it.)
func SourceFrom(doc, name string) ([]byte, error) {
	if data, ok := Source(name); ok && !strings.ContainsAny(name, `/\`) {
		return data, nil
	}
	if p := userFile(name); p != "" {
		return safeio.ReadFile(p, safeio.MaxFile)
	}
	dir, shown, err := besideDocument(doc, name)
	if err != nil {
		return nil, err
	}
	return safeio.ReadFileIn(dir, name, shown, safeio.MaxFile)
}

// besideDocument is where a ruleset named by a document, neither embedded
// nor the user's, must be: in or below the document's folder (dir), at
// shown; a name leading out of it, or a bare name with no file beside the
// document (a misspelt ruleset's name), is refused.
func besideDocument(doc, name string) (dir, shown string, err error) {
	dir = filepath.Dir(doc)
	shown = filepath.Join(dir, name)
	if !filepath.IsLocal(name) || leavesFolder(dir, shown) {
		return "", "", outside{doc: doc, name: name}
	}
	if !strings.ContainsAny(name, `/\`) && !strings.HasSuffix(name, ".yaml") && !strings.HasSuffix(name, ".yml") {
		if _, err := os.Lstat(shown); err != nil {
			return "", "", unknownName(name)
		}
	}
	return dir, shown, nil
}

// leavesFolder reports whether path, in dir by its name, is in fact
// elsewhere through a symbolic link. (Reading through os.Root refuses it
// too, even when swapped in later; this gives the same error as "..".)
func leavesFolder(dir, path string) bool {
	real, err := filepath.EvalSymlinks(path)
	if err != nil {
		return false // nothing there yet: reading it says so
	}
	realDir, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return false
	}
	rel, err := filepath.Rel(realDir, real)
	return err != nil || !filepath.IsLocal(rel)
}

// ErrOutside is wrapped by OpenFrom's error for a ruleset a document names
// outside its own folder: the document is bad input.
var ErrOutside = errors.New("ruleset outside the document's folder")

type outside struct{ doc, name string }

func (o outside) Error() string {
	return fmt.Sprintf("ruleset %s: refused: not in or below %s, the folder of %s (a record or case names an embedded ruleset, one of the user's rulesets, or a file in or below its own folder)",
		o.name, filepath.Dir(o.doc), o.doc)
}

func (o outside) Is(target error) bool { return target == ErrOutside }

type unknown struct{ msg string }

func (u unknown) Error() string        { return u.msg }
func (u unknown) Is(target error) bool { return target == ErrUnknown }

// ErrUnknown is wrapped by Open's error for a name that is neither an
// embedded ruleset nor a file: the command line is wrong, not a ruleset.
var ErrUnknown = errors.New("unknown ruleset")

// Unreadable reports whether err from Open means the ruleset could not be
// read at all (an unknown name, a missing file, a directory, a device, a
// file over the size limit) rather than read and found invalid. Commands
// treat the first as bad input and the second as a failed check.
func Unreadable(err error) bool {
	var pe *fs.PathError
	return errors.Is(err, ErrUnknown) || errors.Is(err, ErrOutside) || errors.As(err, &pe)
}
