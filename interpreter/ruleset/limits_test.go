package ruleset

import (
	"fmt"
	"strconv"
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
		{"an array", `"[1, 2]"`, "a list is only read by index"}, {"in a list", `"game in [1, 2] ? 1 : 2"`, "a list is only read by index"}, {"an array of booleans", `"[true, false][0] ? 1 : 2"`, "a list is only read by index, [1, 3, 6][i], all whole numbers or all amounts (for several values: x == a || x == b)"},
		{"repeat", `"repeat(\"x\", 1000000000)"`, "repeat"},
		{"min of amounts", `"min(pot, pot)"`, "invalid argument for min"},
		{"branches of two types", `"game > 5 ? exact(1)/3 : 2"`, "the two branches of"},
		{"constant strings folded", `"len('a' + 'b')"`, "len"},
		{"constant string concatenation", `"'a' + 'b' == 'ab' ? 1 : 2"`, `"+" between a string and a string`},
		{"a constant range", `"game in 1..3 ? 1 : 2"`, `".."`},
		{"a huge constant range", `"game in 0..1000000000 ? 1 : 2"`, `".."`},
		{"nesting behind a quote in a comment", `"1 /* ' */ + ` + strings.Repeat("(", 40) + "1" + strings.Repeat(")", 40) + `"`, "nested more than 32 deep"},
		{"nesting behind a quote in a line comment", "\"1 // '\\n + " + strings.Repeat("(", 40) + "1" + strings.Repeat(")", 40) + `"`, "nested more than 32 deep"},
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
	// each both ways: on expr's machine and compiled to closures, alike
	run := func(src string) (any, error) {
		t.Helper()
		p, err := compileSafe(src, exprOptions(r.envTemplate))
		if err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		v, err := vm.Run(p, map[string]any(env))
		c := &Code{Program: p}
		c.compile(r.layout)
		if !c.Compiled() {
			t.Errorf("%s: not compiled to closures", src)
		}
		cv, cerr := c.Value(r.NewFrame())
		if (cerr != nil) != (err != nil) || cv != v {
			t.Errorf("%s = %v (%v) compiled, %v (%v) on expr's machine", src, cv, cerr, v, err)
		}
		return v, err
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

// Rulesets beyond the limits, or with a contract nobody can make, are
// refused when they load, within a second, at the place of the mistake.
func TestRulesetLimits(t *testing.T) {
	many := func(n int) string {
		var b strings.Builder
		b.WriteString("options:\n")
		for i := range n {
			b.WriteString("  opt-" + strings.Repeat("x", i%3) + string(rune('a'+i%26)) + "-" + strconv.Itoa(i) + ": {default: false, description: d, sets: {play.head: must}}\n")
		}
		return b.String()
	}
	tests := []struct{ name, old, new, want string }{
		{"a huge contract value", "values: {game: 2}", "values: {game: 6148914691236517206}",
			"bad.yaml:15:57: contracts.1.values.game: 6148914691236517206 is beyond ±1000000000000"},
		{"a huge integer in hex", "values: {game: 2}", "values: {game: 0x7fffffffffffffff}", "is beyond"},
		{"an integer too large for 64 bits", "values: {game: 2}", "values: {game: 99999999999999999999}", "is beyond"},
		{"too many options", "settlement:", many(MaxOptions+1) + "settlement:", "65 options: more than 64"},
		{"a hand game beyond the hand", "  talon: take", "  talon: take\n  hand_extra_tricks: 5",
			`bad.yaml:15:39: contract "hearts" from the hand would need 6 + 5 tricks, but a hand holds 10`},
		{"too many expressions", "settlement:", manyDefines(MaxExpressions) + "settlement:", "2002 expressions: more than 2000"},
		{"a contract no auction reaches", "  - {name: hearts, trumps: H, tricks: 6, values: {game: 2}}",
			"  - {name: hearts, trumps: H, tricks: 6, values: {game: 2}}\n  - {name: spades, trumps: S, tricks: 6, must_bid: true, values: {game: 3}}",
			`bad.yaml:16:12: contract "spades" can never be played`},
		{"an exact contract with extra tricks", "values: {game: 2}}", "values: {game: 2}, exact: true, hand_extra_tricks: 1}",
			`exact contracts need their tricks exactly`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src := minimal(t)
			if tc.name == "a hand game beyond the hand" {
				src = strings.Replace(src, "ladder: [clubs, hearts]", "ladder: [clubs, hearts, hearts hand]", 1)
			}
			if !strings.Contains(src, tc.old) {
				t.Fatalf("minimal.yaml has no %q", tc.old)
			}
			start := time.Now()
			_, err := Load("bad.yaml", []byte(strings.Replace(src, tc.old, tc.new, 1)))
			if d := time.Since(start); d > time.Second {
				t.Errorf("took %v", d)
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want one containing %q", err, tc.want)
			}
		})
	}
	// At the limit, loading stays fast: each option that sets fields costs
	// one compilation of the ruleset.
	start := time.Now()
	if _, err := Load("ok.yaml", []byte(strings.Replace(minimal(t), "settlement:", many(MaxOptions)+"settlement:", 1))); err != nil {
		t.Fatal(err)
	}
	// Loose on purpose (the machine is shared): what it guards against is
	// the quadratic load of old, where 400 such options took over a minute.
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("%d options that set fields took %v to load", MaxOptions, d)
	}
}

// A failing define is reported once, not again at every use of its name;
// a runaway expression is quoted clipped.
func TestErrorsSayItOnce(t *testing.T) {
	src := strings.Replace(minimal(t), "settlement:", "define:\n  stake: game * * 2\nsettlement:", 1)
	src = strings.Replace(src, "amount: game * 10}", "amount: stake}", 1)
	_, err := Load("bad.yaml", []byte(src))
	if err == nil || strings.Count(err.Error(), "bad.yaml:") != 1 || !strings.Contains(err.Error(), "define stake") {
		t.Errorf("want one error, about the define: %v", err)
	}
	deep := strings.Repeat("(", 500000) + "1" + strings.Repeat(")", 500000)
	_, err = Load("bad.yaml", []byte(withAmount(t, `"`+deep+`"`)))
	if err == nil || len(err.Error()) > 1000 {
		t.Errorf("error of %d bytes", len(fmt.Sprint(err)))
	}
}

// manyDefines is a define section of n defines.
func manyDefines(n int) string {
	var b strings.Builder
	b.WriteString("define:\n")
	for i := range n {
		b.WriteString("  d" + strconv.Itoa(i) + ": 1\n")
	}
	return b.String()
}
