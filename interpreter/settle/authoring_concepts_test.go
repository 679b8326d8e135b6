package settle_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/preference-rules/pref/interpreter/deal"
	"github.com/preference-rules/pref/interpreter/money"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/interpreter/settle"
	"github.com/preference-rules/pref/rulesets"
)

// The concepts of issue 29 that house rules need, each settled on a
// stated outcome: what a ruleset may now say, and that what it says
// wrongly is a clear error, never a panic or a silently wrong amount.

// house writes a house ruleset and opens it.
func house(t *testing.T, src string) *ruleset.Ruleset {
	t.Helper()
	path := filepath.Join(t.TempDir(), "house.yaml")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	r, err := rulesets.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// made1829 is Anton's hearts in the 1829 game made with the tricks
// given, Charlotte dealing.
func made1829(r *ruleset.Ruleset, tricks []int) *deal.Outcome {
	ci, _ := r.ContractByName("hearts")
	return &deal.Outcome{Seats: []string{"Anton", "Brigitte", "Charlotte"}, Dealer: 2, Declarer: 0, Contract: ci,
		Defence: []deal.Choice{deal.NoChoice, deal.Play, deal.Play}, Tricks: tricks, Pot: money.Int(720)}
}

// paidBy is what a rule's transfers add up to.
func paidBy(l *settle.Ledger, rule string) money.Amount {
	var sum money.Amount
	for _, tr := range l.Transfers {
		if tr.Rule == rule {
			sum = sum.Add(tr.Amount)
		}
	}
	return sum
}

// A list of numbers read by index is a scale written in place; an index
// outside it is an error of the evaluation naming the entry and the list's
// size, never a panic or an entry counted from the end.
func TestListIndexScale(t *testing.T) {
	r := house(t, `extends: austrian-1829
name: scale
settlement:
  - rule: overtrick scale
    when: played && made
    pay:
      - {from: pot, to: declarer, amount: "[0, 5, 15, 30, 50][overtricks]"}
  - rule: half scale
    when: played && made && overtricks > 0
    pay:
      - {from: pot, to: declarer, amount: "[1/2, 3/2][min(overtricks, 2) - 1]"}
`)
	if got := r.Interpreted(); len(got) != 0 {
		t.Errorf("lists run on expr's machine: %v", got)
	}
	s := settle.New(r)
	for _, c := range []struct {
		tricks     []int
		want, half string
	}{
		{[]int{6, 2, 2}, "0", "0"},
		{[]int{7, 2, 1}, "5", "0.5"},
		{[]int{8, 1, 1}, "15", "1.5"},
		{[]int{10, 0, 0}, "50", "1.5"},
	} {
		l, err := s.Settle(made1829(r, c.tricks), false)
		if err != nil {
			t.Fatalf("%v: %v", c.tricks, err)
		}
		if got := paidBy(l, "overtrick scale").String(); got != c.want {
			t.Errorf("%v: the scale paid %s, want %s", c.tricks, got, c.want)
		}
		if got := paidBy(l, "half scale").String(); got != c.half {
			t.Errorf("%v: the half scale paid %s, want %s", c.tricks, got, c.half)
		}
	}

	short := house(t, `extends: austrian-1829
name: short
settlement:
  - rule: overtrick scale
    when: played && made
    pay:
      - {from: pot, to: declarer, amount: "[0, 5][overtricks]"}
  - rule: from the end
    when: played && !made
    pay:
      - {from: declarer, to: pot, amount: "[0, 5][undertricks - 5]"}
`)
	for _, c := range []struct {
		tricks []int
		want   string
	}{
		{[]int{8, 1, 1}, "entry 2 of a list of 2 entries: a list's entries count from 0 to 1"},
		{[]int{5, 3, 2}, "entry -4 of a list of 2 entries"},
	} {
		_, err := settle.New(short).Settle(made1829(short, c.tricks), false)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: want an error saying %q, got %v", c.tricks, c.want, err)
		}
	}
}

// What a list may not be is refused when the ruleset loads, at its place.
func TestListIndexRefused(t *testing.T) {
	for _, c := range []struct{ name, amount, want string }{
		{"not indexed", `"overtricks in [1, 2] ? 1 : 0"`, "a list is only read by index, [1, 3, 6][i], all whole numbers or all amounts"},
		{"mixed", `"[1, 3/2][overtricks]"`, "a list is only read by index, [1, 3, 6][i], all whole numbers or all amounts"},
		{"strings", `"[\"a\", \"b\"][overtricks] == \"a\" ? 1 : 0"`, "a list is only read by index"},
		{"index not whole", `"[1, 2][3/2]"`, "as a list's index, which is a whole number"},
	} {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "house.yaml")
			src := "extends: austrian-1829\nname: bad\nsettlement:\n  - rule: r\n    when: played\n    pay:\n      - {from: pot, to: declarer, amount: " + c.amount + "}\n"
			if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
				t.Fatal(err)
			}
			_, err := rulesets.Open(path)
			if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), path+":7:") {
				t.Errorf("want %q at line 7, got %v", c.want, err)
			}
		})
	}
}
