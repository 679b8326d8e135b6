package ruleset_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/preference-rules/pref/interpreter/money"
	"github.com/preference-rules/pref/interpreter/ruleset"
)

// The packages that bind, fill or word the interpreter's variables, from
// this directory. ruleset's own loader and compiler are not listed: their
// string literals are YAML keys and payment selectors ("declarer",
// "pot"), another vocabulary.
var vocabularyUsers = []string{"../settle", "../lint", "../../tutorial"}

// notVariables are string literals of those packages that spell a
// variable's name but are not the variable: a seat named in the
// rulebook's text, payment selectors (to whom a line pays), the
// pot's name in a ledger.
var notVariables = map[string]string{
	"rulebook.go forehand": "a seat named in the rulebook's text",
	"rulebook.go players":  "the payment selector players",
	"rulebook.go pot":      "the payment selector pot",
	"settle.go pot":        "the pot's name as a party of a ledger",
	"glossary.go trumps":   "a word of the glossary's term trump, looked for in the lessons' text",
	"glossary.go declarer": "the glossary's term declarer, looked for in the lessons' text",
	"glossary.go contra":   "the glossary's term contra, looked for in the lessons' text",
	"glossary.go pot":      "the glossary's term pot, looked for in the lessons' text",
}

// TestVariableNamesOnlyInVocabulary: settle, lint and the tutorial spell
// no variable's name as a string: they walk ruleset.Variables (a name
// bound by string elsewhere drifts from the table unnoticed).
func TestVariableNamesOnlyInVocabulary(t *testing.T) {
	names := map[string]bool{}
	for _, v := range ruleset.Variables {
		names[v.Name] = true
	}
	for _, dir := range vocabularyUsers {
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil || len(files) == 0 {
			t.Fatalf("%s: no Go files (%v)", dir, err)
		}
		for _, file := range files {
			if strings.HasSuffix(file, "_test.go") {
				continue
			}
			fset := token.NewFileSet()
			f, err := parser.ParseFile(fset, file, nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			ast.Inspect(f, func(n ast.Node) bool {
				lit, ok := n.(*ast.BasicLit)
				if !ok || lit.Kind != token.STRING {
					return true
				}
				s, err := strconv.Unquote(lit.Value)
				if err != nil || !names[s] {
					return true
				}
				if _, ok := notVariables[filepath.Base(file)+" "+s]; ok {
					return true
				}
				t.Errorf("%s: the variable %q spelt outside ruleset's vocabulary (vocab.go)", fset.Position(lit.Pos()), s)
				return true
			})
		}
	}
}

// TestVocabularyTyped: each variable's kind is that of its zero value,
// and it has the accessor of its kind (none other), but for the parties
// of a payment line, which settle binds per line.
func TestVocabularyTyped(t *testing.T) {
	for _, v := range ruleset.Variables {
		var k ruleset.Kind
		switch v.Zero.(type) {
		case int:
			k = ruleset.KindInt
		case bool:
			k = ruleset.KindBool
		case money.Amount:
			k = ruleset.KindAmount
		case string:
			k = ruleset.KindString
		case ruleset.Party:
			k = ruleset.KindParty
		}
		if k != v.Kind {
			t.Errorf("%s: kind %d, zero %T", v.Name, v.Kind, v.Zero)
		}
		has := map[ruleset.Kind]bool{
			ruleset.KindInt: v.Int != nil, ruleset.KindBool: v.Bool != nil, ruleset.KindAmount: v.Amount != nil,
			ruleset.KindString: v.String != nil, ruleset.KindParty: v.Party != nil,
		}
		for kind, set := range has {
			want := kind == v.Kind
			if v.Kind == ruleset.KindParty && (v.Name == "from" || v.Name == "to") {
				want = false
			}
			if set != want {
				t.Errorf("%s (kind %d): accessor of kind %d set %v", v.Name, v.Kind, kind, set)
			}
		}
	}
}

// TestVocabularyFactsDistinct: no two variables are filled from the same
// field of Facts (a copied line of the table would bind one fact twice).
func TestVocabularyFactsDistinct(t *testing.T) {
	var x ruleset.Facts
	seen := map[any]string{}
	for _, v := range ruleset.Variables {
		var p any
		switch {
		case v.Int != nil:
			p = v.Int(&x)
		case v.Bool != nil:
			p = v.Bool(&x)
		case v.Amount != nil:
			p = v.Amount(&x)
		case v.String != nil:
			p = v.String(&x)
		case v.Party != nil:
			p = v.Party(&x)
		default:
			continue
		}
		if other, ok := seen[p]; ok {
			t.Errorf("%s and %s are filled from the same fact", other, v.Name)
		}
		seen[p] = v.Name
	}
}
