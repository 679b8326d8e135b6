package settle_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/preference-rules/pref/interpreter/cards"
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

// pot_after is the pot as the rules before leave it: a cap placed last
// pays back what the deal left above it, shared alike by every line of
// the rule; a define or an event may not read it (worked out before any
// rule, it would read a stale pot).
func TestPotAfterCap(t *testing.T) {
	r := house(t, `extends: austrian-1829
name: capped
settlement:
  - rule: the pot holds at most 750, the rest back to the defenders
    when: pot_after > 750
    pay:
      - {from: pot, to: defenders, amount: (pot_after - 750) / 2}
`)
	s := settle.New(r)
	ci, _ := r.ContractByName("hearts")
	// Anton fails hearts 5-3-2: he pays the stake, 40, into the pot of 720
	o := &deal.Outcome{Seats: []string{"Anton", "Brigitte", "Charlotte"}, Dealer: 2, Declarer: 0, Contract: ci,
		Defence: []deal.Choice{deal.NoChoice, deal.Play, deal.Play}, Tricks: []int{5, 3, 2}, Pot: money.Int(720)}
	l, err := s.Settle(o, false)
	if err != nil {
		t.Fatal(err)
	}
	rule := r.Rules[len(r.Rules)-1].Name
	if got := paidBy(l, rule).String(); got != "10" {
		t.Errorf("the cap paid back %s, want 10 (760 - 750), 5 to each defender", got)
	}
	for _, tr := range l.Transfers {
		if tr.Rule == rule && tr.Amount.String() != "5" {
			t.Errorf("%s -> %s %v: every line of the rule reads the same pot, want 5 each", l.Name(tr.From), l.Name(tr.To), tr.Amount)
		}
	}
	if net := l.Net(); net[len(net)-1].String() != "30" {
		t.Errorf("the pot moved by %v, want +30 (40 in, 10 back)", net[len(net)-1])
	}
	// made from a pot of 720: the pot pays out and the cap does not apply
	l, err = s.Settle(made1829(r, []int{6, 2, 2}), false)
	if err != nil {
		t.Fatal(err)
	}
	if got := paidBy(l, rule); !got.IsZero() {
		t.Errorf("the cap paid %v out of a pot under it", got)
	}

	for _, c := range []struct{ name, src, want string }{
		{"define", "extends: austrian-1829\nname: d\ndefine:\n  over: pot_after - 750\n", ":4:9: define over reads pot_after, which changes as the rules of a deal pay"},
		{"event", "extends: austrian-1829\nname: e\nevents:\n  rich:\n    description: a rich pot\n    when: pot_after > 10\n", ":6:11: event rich reads pot_after"},
	} {
		path := filepath.Join(t.TempDir(), "house.yaml")
		if err := os.WriteFile(path, []byte(c.src), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := rulesets.Open(path); err == nil || !strings.Contains(err.Error(), path+c.want) {
			t.Errorf("%s: want %s%s, got %v", c.name, path, c.want, err)
		}
	}
}

// deal_number and session_deals: the last round counts double.
func TestLastRoundDouble(t *testing.T) {
	r := house(t, `extends: austrian-1829
name: last-round
define:
  round_factor: "session_deals > 0 && deal_number > session_deals - players ? 2 : 1"
settlement:
  - rule: the last round counts double, the declarer's game once more
    when: played && made && round_factor == 2
    pay:
      - {from: pot, to: declarer, amount: stake}
`)
	s := settle.New(r)
	rule := r.Rules[len(r.Rules)-1].Name
	for _, c := range []struct {
		deal, deals int
		want        string
	}{{1, 12, "0"}, {9, 12, "0"}, {10, 12, "40"}, {12, 12, "40"}, {12, 0, "0"}} {
		o := made1829(r, []int{6, 2, 2})
		o.DealNumber, o.SessionDeals = c.deal, c.deals
		l, err := s.Settle(o, false)
		if err != nil {
			t.Fatal(err)
		}
		if got := paidBy(l, rule).String(); got != c.want {
			t.Errorf("deal %d of %d: paid %s, want %s", c.deal, c.deals, got, c.want)
		}
	}
}

// Card predicates: the king and queen of trumps held by the declarer, an
// ace captured, the last trick; on an outcome that says who held and won
// which cards (as a deal played here does), and a misspelt rank refused.
func TestCardPredicates(t *testing.T) {
	r := house(t, `extends: austrian-1829
name: cards
settlement:
  - rule: the king and queen of trumps in the declarer's hand, 10 from the pot
    when: played && made && held_card(declarer, "K", trumps) && held_card(declarer, "Q", trumps)
    pay:
      - {from: pot, to: declarer, amount: 10}
  - rule: an ace captured, 5 from each other player
    when: played
    pay:
      - {from: players, to: players, where: 'captured(to, "A") > 0', amount: '5 * captured(to, "A")'}
  - rule: the last trick, 3 from the pot
    when: played
    pay:
      - {from: pot, to: players, where: 'to.last_trick && won_card(to, "7", trumps)', amount: 3}
`)
	if got := r.Interpreted(); len(got) != 0 {
		t.Errorf("card predicates run on expr's machine: %v", got)
	}
	card := func(s string) cards.Card {
		c, err := r.Deck.Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	mask := func(cs ...string) cards.Mask {
		var m cards.Mask
		for _, c := range cs {
			m |= card(c).Bit()
		}
		return m
	}
	o := made1829(r, []int{6, 2, 2})
	o.CardsKnown = true
	o.Held = [deal.MaxHands]cards.Mask{mask("KH", "QH", "7H"), mask("AS"), mask("AC")}
	o.Won = [deal.MaxHands]cards.Mask{mask("KH", "AS", "7H"), mask("8C"), 0} // Anton took Brigitte's ace
	o.LastTrick = 1                                                          // Anton
	l, err := settle.New(r).Settle(o, false)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		r.Rules[len(r.Rules)-3].Name: "10",
		r.Rules[len(r.Rules)-2].Name: "10", // 5 from each of the two others, for one ace
		r.Rules[len(r.Rules)-1].Name: "3",
	}
	for rule, w := range want {
		if got := paidBy(l, rule).String(); got != w {
			t.Errorf("%s: paid %s, want %s", rule, got, w)
		}
	}
	// a deal not played here knows no cards: nothing held, nothing won
	l, err = settle.New(r).Settle(made1829(r, []int{6, 2, 2}), false)
	if err != nil {
		t.Fatal(err)
	}
	for rule := range want {
		if got := paidBy(l, rule); !got.IsZero() {
			t.Errorf("%s paid %v on a deal whose cards are not known", rule, got)
		}
	}

	path := filepath.Join(t.TempDir(), "house.yaml")
	src := "extends: austrian-1829\nname: bad\nsettlement:\n  - rule: r\n    when: held_card(declarer, \"KK\", trumps)\n    pay:\n      - {from: pot, to: declarer, amount: 1}\n"
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := rulesets.Open(path); err == nil || !strings.Contains(err.Error(), `held_card(): "KK" is no rank of the deck`) {
		t.Errorf("a misspelt rank: got %v", err)
	}
}
