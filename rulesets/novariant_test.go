package rulesets

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// variantNameAllowed lists where Go code outside rulesets/ may hold a
// literal naming a ruleset, an option or a score-sheet account, by file
// and literal ("dir/" for a whole folder), each with its reason. Keep it
// short: a name belongs in a ruleset.
var variantNameAllowed = map[string]string{
	// the one package that is one variant on purpose (its doc.go): the
	// rules of austrian-1829 and sochi written by hand, the speed baseline
	// and second opinion the interpreter is measured against
	"internal/reference/": "a hand-written reference of two variants",
	// PPN's tenth field is called refa in the notation (prefko's); that
	// west-balkans has an option of the same name is a coincidence
	"interpreter/record/ppn/parse.go refa": "PPN's own field name",
}

// variantAllowed reports whether file (slash-separated, from the module's
// root) may hold the literal s.
func variantAllowed(file, s string) bool {
	if _, ok := variantNameAllowed[file+" "+s]; ok {
		return true
	}
	for k := range variantNameAllowed {
		if strings.HasSuffix(k, "/") && strings.HasPrefix(file, k) {
			return true
		}
	}
	return false
}

// TestNoVariantNamesInGoCode keeps the project's first rule, no variant
// knowledge in Go code, from creeping back: no Go file outside rulesets/
// (tests and testdata aside) may hold a short string literal ("sochi",
// "pool-target", " bule") naming an embedded ruleset, an option of one or
// an account of its score sheet. What such code wants is a concept the
// ruleset names: the option that sets the game's target
// (table.sheet.target), the accounts PPN's summary binds to (ppn:), the
// default ruleset (Default, here). Prose is not checked: a literal of more
// than three words is a sentence (help text, an error message), where a
// ruleset may be given as an example.
func TestNoVariantNamesInGoCode(t *testing.T) {
	names := variantNames(t)
	var found []string
	root := ".."
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			base := d.Name()
			if path != root && (strings.HasPrefix(base, ".") || base == "testdata" || path == filepath.Join(root, "rulesets")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		found = append(found, variantLiterals(t, path, names)...)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for k := range variantNameAllowed { // a stale entry would hide the next one
		file, _, _ := strings.Cut(k, " ")
		if _, err := os.Stat(filepath.Join(root, file)); err != nil {
			t.Errorf("variantNameAllowed: %s: %v", k, err)
		}
	}
	for _, f := range found {
		t.Errorf("%s: a ruleset's name in Go code; make it a concept a ruleset names (or, with a reason, add it to variantNameAllowed)", f)
	}
}

// variantNames are the names that belong to one variant: every embedded
// ruleset's name, its options and its score-sheet accounts.
func variantNames(t *testing.T) map[string]string {
	names := map[string]string{}
	for _, name := range Names() {
		r, err := Open(name)
		if err != nil {
			t.Fatal(err)
		}
		names[name] = "the ruleset " + name
		for _, o := range r.Options {
			names[o.Name] = "an option of " + name
		}
		for _, a := range append(append([]string{}, r.Sheet.Accounts...), r.Sheet.PairAccounts...) {
			names[a] = "an account of " + name + "'s score sheet"
		}
	}
	return names
}

// variantLiterals lists the short string literals of a Go file that name
// a variant's ruleset, option or account, as "file:line: literal (what)".
func variantLiterals(t *testing.T, path string, names map[string]string) []string {
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, src, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	rel, _ := filepath.Rel("..", path)
	rel = filepath.ToSlash(rel)
	var out []string
	ast.Inspect(f, func(n ast.Node) bool {
		if field, ok := n.(*ast.Field); ok && field.Tag != nil {
			return false // a struct tag (yaml:"cooperation") names a field of the format, not a variant's
		}
		lit, ok := n.(*ast.BasicLit)
		if !ok || lit.Kind != token.STRING {
			return true
		}
		s, err := strconv.Unquote(lit.Value)
		if err != nil {
			return true
		}
		words := strings.FieldsFunc(s, func(r rune) bool {
			return !(r == '-' || r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9')
		})
		if len(words) == 0 || len(words) > 3 {
			return true
		}
		if variantAllowed(rel, s) {
			return true
		}
		for _, w := range words {
			if what, ok := names[w]; ok {
				out = append(out, fmt.Sprintf("%s:%d: %s (%s)", rel, fset.Position(lit.Pos()).Line, lit.Value, what))
				break
			}
		}
		return true
	})
	sort.Strings(out)
	return out
}
