package deal_test

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestDealImportsNothingAbove keeps package deal below game, solve, bot and
// settle: besides the standard library it may import only the packages that
// describe cards, amounts, rulesets and seats. A rule of the deal that needed
// the game or settlement would bring back two homes for it.
func TestDealImportsNothingAbove(t *testing.T) {
	allowed := map[string]bool{
		"github.com/preference-rules/pref/interpreter/cards":   true,
		"github.com/preference-rules/pref/interpreter/money":   true,
		"github.com/preference-rules/pref/interpreter/ruleset": true,
		"github.com/preference-rules/pref/interpreter/seats":   true,
	}
	for _, imp := range packageImports(t) {
		first, _, _ := strings.Cut(imp[1], "/")
		if strings.Contains(first, ".") && !allowed[imp[1]] { // the standard library has no dot
			t.Errorf("%s imports %s: package deal may import only cards, money, ruleset and seats", imp[0], imp[1])
		}
	}
}

// packageImports lists the imports of the package's own (non-test) files in
// the test's directory, each as {file, import path}.
func packageImports(t *testing.T) [][2]string {
	t.Helper()
	names, err := filepath.Glob("*.go")
	if err != nil || len(names) == 0 {
		t.Fatalf("no Go files here: %v", err)
	}
	var out [][2]string
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range f.Imports {
			path, err := strconv.Unquote(imp.Path.Value)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, [2]string{name, path})
		}
	}
	return out
}
