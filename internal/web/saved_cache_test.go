package web

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/preference-rules/pref/interpreter/ruleset"
)

// countOpenings counts the user's rulesets opened while the test runs.
func countOpenings(t *testing.T) *int {
	t.Helper()
	n := 0
	was := openSaved
	openSaved = func(name string) (*ruleset.Ruleset, error) { n++; return was(name) }
	t.Cleanup(func() { openSaved = was })
	saved = savedCache{}
	return &n
}

// writeVariant writes text as the user's ruleset name in dir.
func writeVariant(t *testing.T, dir, name, text string) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name+".yaml"), []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// titles lists the landing page's saved variants, name to title (or
// problem).
func titles() map[string]string {
	vs, _ := savedVariants()
	out := map[string]string{}
	for _, v := range vs {
		out[v.Name] = v.Title + v.Problem
	}
	return out
}

// TestSavedVariantsOpenedOnce: the landing page opens each of the user's
// rulesets once while its file and folder are unchanged (it once compiled
// them all at every GET /), and again when its file, or another file of
// the folder it may extend, is saved.
func TestSavedVariantsOpenedOnce(t *testing.T) {
	dir := userFolder(t)
	opened := countOpenings(t)
	writeVariant(t, dir, "kitchen", kitchen)
	writeVariant(t, dir, "cellar", "extends: kitchen\nname: cellar\n")
	titles()
	titles()
	if *opened != 2 {
		t.Fatalf("two listings of two unchanged rulesets opened %d, want 2", *opened)
	}
	writeVariant(t, dir, "kitchen", kitchen+"# saved again\n")
	if got := titles(); got["kitchen"] != "Kitchen rules" || *opened != 4 {
		t.Errorf("after kitchen is saved again: %v, %d openings, want kitchen's title and 4 (both again: cellar extends it)", got, *opened)
	}
	writeVariant(t, dir, "kitchen", "extends: sochi\nplay:\n  head: sometimes\n")
	if got := titles(); got["cellar"] == "" || got["cellar"] == "Kitchen rules" {
		t.Errorf("cellar, extending a kitchen that no longer loads, is listed as %q", got["cellar"])
	}
}
