package conformance_test

import (
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestNothingButTestsImportsConformance keeps the suite test-facing: no
// program or package of the module imports it, only tests do. The command
// line checks cases through interpreter/verify; were it to import the suite
// again, the harness would once more be part of the product.
func TestNothingButTestsImportsConformance(t *testing.T) {
	const suite = "github.com/preference-rules/pref/conformance"
	root := ".." // the module's root, where go.mod is
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Fatalf("module root not found: %v", err)
	}
	files := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != root && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		files++
		for _, imp := range f.Imports {
			if p, _ := strconv.Unquote(imp.Path.Value); p == suite || strings.HasPrefix(p, suite+"/") {
				t.Errorf("%s imports %s: only tests may import the conformance suite; use interpreter/verify", path, p)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 50 {
		t.Fatalf("read only %d Go files: is %s the module root?", files, root)
	}
}
