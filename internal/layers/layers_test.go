package layers

import (
	"fmt"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

const module = "github.com/preference-rules/pref/"

// layer is each production package's place, lowest first: a package may
// import only packages of a lower layer.
var layer = map[string]int{
	// values
	"interpreter/cards": 0, "interpreter/money": 0, "interpreter/seats": 0,
	"internal/termtext": 0, "internal/safeio": 0, "internal/allocs": 0, "schema": 0,
	// a ruleset loaded, and the embedded ones
	"interpreter/ruleset": 1, "rulesets": 2,
	// the rules of a deal, then a deal played
	"interpreter/deal": 3, "interpreter/game": 4,
	// an outcome settled, the double-dummy solver
	"interpreter/settle": 5, "interpreter/solve": 5,
	// a table across deals (a deal's lifecycle), the author's warnings
	"interpreter/table": 6, "interpreter/lint": 6,
	// players, records
	"interpreter/bot": 7, "interpreter/record": 7, "interpreter/bot/extern": 7,
	// runs and documents
	"interpreter/simulate": 8, "interpreter/record/ppn": 8, "interpreter/verify": 8,
	// the application layer (the lessons tell a settlement as the rulings
	// do: one vocabulary), then the front ends
	"internal/rulings": 9, "tutorial": 10, "internal/app": 11,
	"internal/terminal": 12, "internal/web": 12, "cmd/pref": 13,
}

// testOnly are packages for tests: no production package imports them.
var testOnly = map[string]bool{
	"conformance": true, "conformance/oracle": true, "internal/ledgercheck": true,
	"internal/mutate": true, "internal/reference": true, "internal/yamlmut": true,
	"internal/layers": true,
}

// TestNoPackageImportsItsLayerOrAbove walks every package of the module:
// each must have a layer (or be for tests), and its non-test files may
// import only packages of lower layers and nothing for tests.
func TestNoPackageImportsItsLayerOrAbove(t *testing.T) {
	pkgs := packages(t, "../..")
	for _, p := range []string{"interpreter/game", "interpreter/deal", "internal/app", "cmd/pref"} {
		if _, ok := pkgs[p]; !ok {
			t.Fatalf("package %s not found: the walk is broken", p)
		}
	}
	for _, v := range violations(pkgs) {
		t.Error(v)
	}
}

// TestTheLayerCheckCanFail: the rules of a deal importing the game, a
// front end imported by the application layer, a package for tests
// imported by production code and a package with no layer are each found.
func TestTheLayerCheckCanFail(t *testing.T) {
	bad := map[string][]imported{
		"interpreter/deal":  {{"deal/x.go", "interpreter/game"}},
		"internal/app":      {{"app/x.go", "internal/terminal"}},
		"interpreter/table": {{"table/x.go", "internal/ledgercheck"}},
		"internal/newthing": nil,
	}
	got := strings.Join(violations(bad), "\n")
	for _, want := range []string{"deal/x.go imports interpreter/game", "app/x.go imports internal/terminal", "table/x.go imports internal/ledgercheck", "internal/newthing has no layer"} {
		if !strings.Contains(got, want) {
			t.Errorf("not found: %q in\n%s", want, got)
		}
	}
}

// violations lists every import of pkgs that breaks the layers, and every
// package without a layer.
func violations(pkgs map[string][]imported) []string {
	var out []string
	for pkg, imports := range pkgs {
		mine, placed := layer[pkg]
		if !placed {
			if !testOnly[pkg] {
				out = append(out, pkg+" has no layer: give it a row in layers_test.go and docs/architecture.md")
			}
			continue
		}
		for _, imp := range imports {
			if testOnly[imp.path] {
				out = append(out, imp.file+" imports "+imp.path+", which is for tests only")
			} else if theirs, ok := layer[imp.path]; ok && theirs >= mine {
				out = append(out, fmt.Sprintf("%s imports %s (layer %d), at or above its own package's layer %d", imp.file, imp.path, theirs, mine))
			}
		}
	}
	return out
}

type imported struct{ file, path string }

// packages maps each package directory under root (module-relative) to
// the module's packages its non-test files import.
func packages(t *testing.T, root string) map[string][]imported {
	t.Helper()
	pkgs := map[string][]imported{}
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".") && path != root) {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		rel, _ := filepath.Rel(root, filepath.Dir(path))
		rel = filepath.ToSlash(rel)
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		if f.Name.Name == "main" && rel != "cmd/pref" {
			return nil // a tool run with go run (internal/mutate's), not built in
		}
		if _, seen := pkgs[rel]; !seen {
			pkgs[rel] = nil // the package exists, whether it imports the module or not
		}
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			if strings.HasPrefix(p, module) {
				pkgs[rel] = append(pkgs[rel], imported{filepath.ToSlash(path), strings.TrimPrefix(p, module)})
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return pkgs
}
