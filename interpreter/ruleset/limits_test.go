package ruleset

import (
	"strings"
	"testing"
	"time"

	"github.com/expr-lang/expr/vm"
)

// withAmount is the minimal ruleset whose one payment is the given
// expression (and a define, for expressions that need one).
func withAmount(t *testing.T, amount string) string {
	t.Helper()
	return strings.Replace(minimal(t), "amount: game * 10}", "amount: "+amount+"}", 1)
}

// Expressions outside the language, and beyond the limits, are refused
// when the ruleset loads, within a second, naming what is wrong.
func TestExpressionLanguageAndLimits(t *testing.T) {
	deep := strings.Repeat("(", 500000) + "1" + strings.Repeat(")", 500000)
	tests := []struct{ name, amount, want string }{
		{"half a million parentheses", `"` + deep + `"`, "longer than 2000"},
		{"nested too deep", `"` + strings.Repeat("(", 40) + "1" + strings.Repeat(")", 40) + `"`, "nested more than 32 deep"},
		{"string doubling", `"reduce(1..40, #acc + #acc, \"ab\")"`, `".." between`},
		{"string building", `"len(contract + contract)"`, "len"},
		{"string concatenation", `"contract + contract"`, `"+" between a string and a string is not part`},
		{"a range", `"len(1..100000000)"`, "len"},
		{"a float", `"game * 1.5"`, "decimal number"},
		{"power operator", `"game ** 2"`, `"**"`},
		{"a method of an amount", `"pot.Add(pot)"`, "calling"},
		{"an array", `"[1, 2][0]"`, "constant of type []interface {}"}, {"an array of names", `"[game, game][0]"`, "an array [...] is not part"},
		{"repeat", `"repeat(\"x\", 1000000000)"`, "repeat"},
		{"min of amounts", `"min(pot, pot)"`, "invalid argument for min"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			start := time.Now()
			_, err := Load("bad.yaml", []byte(withAmount(t, tc.amount)))
			if time.Since(start) > time.Second {
				t.Errorf("took %v", time.Since(start))
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want one containing %q", err, tc.want)
			}
			if !strings.HasPrefix(err.Error(), "bad.yaml:29:") {
				t.Errorf("error %q does not point at line 29", err)
			}
		})
	}
}

// What stays in the language compiles, and integer arithmetic is checked:
// 6148914691236517206 * 3 is an error, never 2.
func TestIntegerArithmeticIsChecked(t *testing.T) {
	r, err := Load("ok.yaml", []byte(minimal(t)))
	if err != nil {
		t.Fatal(err)
	}
	env := r.NewEnv()
	run := func(src string) (any, error) {
		t.Helper()
		p, err := compileSafe(src, exprOptions(r.envTemplate))
		if err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		return vm.Run(p, map[string]any(env))
	}
	for src, want := range map[string]any{
		"7 * 2": 14, "-game": 0, "- (3 - 5)": 2, "7 % 3": 1, "min(3, 1 + 1)": 2, "max(3, 4)": 4,
		"power(2, 10)": 1024, "power(-1, 1000000001)": -1, "power(1, 1000000000000)": 1, "power(0, 5)": 0,
		"game == 0 ? 1 : 2": 1, `contract == ""`: true, "!played": true,
	} {
		got, err := run(src)
		if err != nil || got != want {
			t.Errorf("%s = %v (%v), want %v", src, got, err, want)
		}
	}
	for _, src := range []string{
		"6148914691236517206 * 3", "9223372036854775807 + 1", "-9223372036854775807 - 2",
		"-(-9223372036854775807 - 1)", "power(2, 64)", "7 % game", "pot + 9223372036854775807 + 9223372036854775807",
		"exact(9223372036854775807) * 2", "9223372036854775807 / 1 * 2",
	} {
		if got, err := run(src); err == nil {
			t.Errorf("%s = %v, want an overflow error", src, got)
		}
	}
}
