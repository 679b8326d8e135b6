package ruleset_test

import (
	"math/rand/v2"
	"testing"

	"github.com/preference-rules/pref/interpreter/money"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/rulesets"
)

// TestEverySettlementExpressionCompiled: every settlement expression of
// every embedded ruleset runs as compiled closures, none on expr's
// machine (whose map of boxed values costs allocations per deal).
func TestEverySettlementExpressionCompiled(t *testing.T) {
	for _, name := range rulesets.Names() {
		r, err := rulesets.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, src := range r.Interpreted() {
			t.Errorf("%s: %s runs on expr's machine", name, src)
		}
	}
}

// TestCompiledAgreesWithVM runs every settlement expression of every
// embedded ruleset, and the final's of a score sheet (and of each with
// every option that sets fields switched on), over random frames both ways, as closures and on expr's
// machine over the same values boxed in a map, and requires the same
// value of the same type, or an error both ways: the closures change
// nothing but the cost.
func TestCompiledAgreesWithVM(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	frames := 150
	if testing.Short() {
		frames = 30
	}
	for _, name := range rulesets.Names() {
		base, err := rulesets.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		variants := []*ruleset.Ruleset{base}
		for _, o := range base.Options {
			if o.Sets == nil {
				continue
			}
			v := any(true)
			if _, word := o.Default.(string); word {
				v = o.Sets.Content[0].Value
			}
			r, err := base.With(map[string]any{o.Name: v})
			if err != nil {
				t.Fatal(err)
			}
			variants = append(variants, r)
		}
		for _, r := range variants {
			words := []string{"", "A", "B"}
			for _, c := range r.Contracts {
				words = append(words, c.Name)
			}
			words = append(words, r.Deck.SuitIDs...)
			for _, o := range r.Options {
				words = append(words, o.Values...)
			}
			runs, failures := 0, 0
			type kind struct {
				zero  *ruleset.Frame
				codes []*ruleset.Code
			}
			kinds := []kind{{r.NewFrame(), r.Codes()}}
			if r.Sheet.Final != nil {
				kinds = append(kinds, kind{r.NewFinalFrame(), r.FinalCodes()})
			}
			for i := range frames * len(kinds) {
				k := kinds[i%len(kinds)]
				f := ruleset.RandomFrame(k.zero, rng, words)
				env := f.Map()
				for _, c := range k.codes {
					want, wantErr := c.RunVM(env)
					got, err := c.Value(f)
					runs++
					if wantErr != nil {
						failures++
					}
					if (err != nil) != (wantErr != nil) || !same(got, want) {
						t.Fatalf("%s: %s = %v (%T, error %v) compiled, %v (%T, error %v) on expr's machine", name, c.Source().String(), got, got, err, want, want, wantErr)
					}
				}
			}
			if runs == 0 || failures == 0 {
				t.Errorf("%s: %d runs, %d of them errors: the frames try too little", name, runs, failures)
			}
		}
	}
}

// same compares two values of settlement expressions (amounts by value).
func same(a, b any) bool {
	x, ok1 := a.(money.Amount)
	y, ok2 := b.(money.Amount)
	if ok1 || ok2 {
		return ok1 && ok2 && x.Cmp(y) == 0
	}
	return a == b
}
