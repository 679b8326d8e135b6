package table_test

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// bypassAllowed are the files outside package table that may still take a
// step of a deal's lifecycle themselves, each with the reason. Nothing
// else may: a deal is antéd, dealt, settled, booked and passed on through
// table.Deal (Begin, PlayDeal, Apart), so that what spans deals is
// threaded in one place.
var bypassAllowed = map[string]string{
	"internal/rulings/settlement.go": "settles a stated outcome: no deal is played",
	"interpreter/verify/case.go":     "settles a stated outcome: no deal is played",
	"interpreter/lint/lint.go":       "settles outcomes it makes up to try a ruleset's rules: no deal is played",
	"tutorial/rulebook.go":           "settles the rulebook's example deal, a deal of no session",
	"interpreter/bot/rollout.go":     "tells a resampled copy of the deal in play its all-pass run: no new deal",
}

// TestEveryDealGoesThroughTheTable: no file of the module outside package
// table (and settle, which settles, and the short list above) antes,
// settles, books, passes the deal on or tells a deal its all-pass run
// itself.
func TestEveryDealGoesThroughTheTable(t *testing.T) {
	root := moduleRoot(t)
	var found []string
	err := filepath.WalkDir(root, func(path string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if e.IsDir() {
			if rel == "interpreter/table" || rel == "interpreter/settle" || e.Name() == "testdata" || (strings.HasPrefix(e.Name(), ".") && rel != ".") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(rel, ".go") || strings.HasSuffix(rel, "_test.go") {
			return nil
		}
		if _, ok := bypassAllowed[rel]; ok {
			return nil
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		for _, b := range lifecycleSteps(fset, f) {
			found = append(found, rel+": "+b)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range found {
		t.Errorf("%s: take the deal through table.Deal (Begin, PlayDeal or Apart)", f)
	}
}

// TestTheOwnerScanFindsABypass: the scan above finds each step a caller
// might take itself.
func TestTheOwnerScanFindsABypass(t *testing.T) {
	src := `package x

import (
	"github.com/preference-rules/pref/interpreter/settle"
	st "github.com/preference-rules/pref/interpreter/settle"
)

func deal(t T, g G) {
	t.Ante()
	g.Deal(rng)
	g.SetAllPassRun(t.AllPassRun)
	o := t.Outcome(g)
	l, _ := settle.New(t.R).Settle(o, true)
	_ = st.New(t.R).SettleInto(l, o, false)
	t.Apply(o, l)
	t.Next()
	g.Apply(a)          // a step of the game: not the table's
	turn, done := a.Next() // an auction's: not the table's
}
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "x.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	got := lifecycleSteps(fset, f)
	want := []string{"line 9: Ante()", "line 11: SetAllPassRun()", "line 13: Settle()",
		"line 14: SettleInto()", "line 15: Apply(outcome, ledger)", "line 16: Next()"}
	if !slices.Equal(got, want) {
		t.Fatalf("the scan found\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// lifecycleSteps lists the steps of a deal's lifecycle f takes itself:
// settling (making a settler is no step), anteing, booking (a two-argument Apply),
// passing the deal on (Next() as a statement: the table's returns
// nothing), telling a deal its all-pass run.
func lifecycleSteps(fset *token.FileSet, f *ast.File) []string {
	var out []string
	add := func(n ast.Node, what string) {
		out = append(out, fmt.Sprintf("line %d: %s", fset.Position(n.Pos()).Line, what))
	}
	ast.Inspect(f, func(n ast.Node) bool {
		if st, ok := n.(*ast.ExprStmt); ok {
			if call, ok := st.X.(*ast.CallExpr); ok && method(call) == "Next" && len(call.Args) == 0 {
				add(call, "Next()")
			}
			return true
		}
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		sel, _ := call.Fun.(*ast.SelectorExpr)
		if sel == nil {
			return true
		}
		switch name, args := sel.Sel.Name, len(call.Args); {
		case name == "Ante" && args == 0, name == "SetAllPassRun" && args == 1:
			add(call, name+"()")
		case name == "Settle" && args == 2, name == "SettleInto" && args == 3:
			add(call, name+"()")
		case name == "Apply" && args == 2:
			add(call, "Apply(outcome, ledger)")
		}
		return true
	})
	return out
}

func method(call *ast.CallExpr) string {
	if sel, ok := call.Fun.(*ast.SelectorExpr); ok {
		return sel.Sel.Name
	}
	return ""
}

func moduleRoot(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod above the test")
		}
		dir = parent
	}
}
