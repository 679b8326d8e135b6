package conformance

import (
	"testing"

	"github.com/preference-rules/pref/internal/yamlmut"
)

// FuzzCase: whatever the edits to a valid case, the runner answers with a
// result or an error and never panics, and a case that passes settled to a
// ledger that balances. The input is not a case's text but a byte choosing
// a short case (caseBaseFiles, and the hostile cases) and a few bytes of
// edits to it (fuzz_edits_test.go, four bytes each), so that most inputs
// are cases the runner reads and checks against their ruleset; with every
// case file as a seed the fuzzer spent most of a short run on its
// baseline and on minimising inputs of hundreds of bytes. Edits that give
// a text already checked are not checked again (checkedTexts: four inputs
// in five). FuzzCaseText fuzzes the text itself.
func FuzzCase(f *testing.F) {
	bases := caseBases(f)
	dict := yamlmut.Learn(bases...)
	for i := range bases {
		// each case as it is, and each kind of edit on a third of them (a
		// seed per case and kind is a baseline of a few hundred runs)
		f.Add(uint8(i), []byte{})
		if i%3 == 0 {
			op := byte(i / 3 % yamlmut.Ops)
			f.Add(uint8(i), []byte{op, byte(i), byte(op * 37), op * 11})
		}
	}
	checked := newCheckedTexts()
	f.Fuzz(func(t *testing.T, base uint8, edits []byte) {
		if len(edits) > 64 {
			return // sixteen edits: more only makes the case further from valid
		}
		checked.check(t, editedCase(t, bases[int(base)%len(bases)], dict, edits))
	})
}

// FuzzCaseText feeds arbitrary text to the case runner, with FuzzCase's
// promises. Seeded with short texts only: the hostile cases and texts at
// YAML's edges (a whole case file as a seed makes each of the fuzzer's
// minimisations of a new input long; FuzzCase edits whole cases
// structurally).
func FuzzCaseText(f *testing.F) {
	for _, s := range hostileCases {
		f.Add(s)
	}
	for _, s := range []string{
		"[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]\n",
		"a: &a [*a, *a]\n",
		"\xff\xfe\x00garbage",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		_, _ = checkCase(t, []byte(text))
	})
}
