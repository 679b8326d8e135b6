package ruleset

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/preference-rules/pref/internal/yamlmut"
	"gopkg.in/yaml.v3"
)

// TestSkipSchemaAgrees checks what FuzzAnyValidRulesetPlays relies on when
// it loads without the schema: an error without the schema is an error
// with it, and a document the full loader accepts loads without the schema
// into the same ruleset. Edited shipped rulesets, some of which only the
// schema refuses.
func TestSkipSchemaAgrees(t *testing.T) {
	bases := testBases(t)
	dict := yamlmut.Learn(bases...)
	full := NewLoader()
	full.CheckOptions = false
	fast := NewLoader()
	fast.CheckOptions, fast.SkipSchema = false, true
	n := 150
	if testing.Short() {
		n = 50
	}
	which, edits := fuzzEdits(n, len(bases), 7)
	onlyFast := 0
	for i := range which {
		r, err := full.Load("fuzz.yaml", yamlmut.Mutate(bases[which[i]], dict, edits[i]))
		q, panicked, qerr := loadRecovering(fast, yamlmut.Mutate(bases[which[i]], dict, edits[i]))
		switch {
		case err == nil && (panicked != "" || qerr != nil):
			t.Fatalf("edits %v: the full loader accepts, without the schema: %v %s", edits[i], qerr, panicked)
		case err == nil && !reflect.DeepEqual(r.Spec, q.Spec):
			t.Fatalf("edits %v: another ruleset without the schema", edits[i])
		case err != nil && qerr == nil && panicked == "":
			onlyFast++ // the schema's refusal alone
		}
	}
	t.Logf("%d of %d edited rulesets load only without the schema", onlyFast, n)
}

// loadRecovering is l.Load with a panic caught and said (the compiler
// may panic on a document the schema refuses).
func loadRecovering(l *Loader, doc *yaml.Node) (r *Ruleset, panicked string, err error) {
	defer func() {
		if v := recover(); v != nil {
			panicked = fmt.Sprint(v)
		}
	}()
	r, err = l.Load("fuzz.yaml", doc)
	return r, "", err
}
