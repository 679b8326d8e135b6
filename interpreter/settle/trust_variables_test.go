package settle_test

import (
	"fmt"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/preference-rules/pref/interpreter/cards"
	"github.com/preference-rules/pref/interpreter/deal"
	"github.com/preference-rules/pref/interpreter/money"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/interpreter/settle"
	_ "github.com/preference-rules/pref/rulesets" // the embedded rulesets a probe extends
)

// The variables every settlement expression reads (ruleset.Variables and
// the fields of ruleset.Party) are pinned here, each on a few stated
// outcomes, to values worked out by hand from the outcome: a variable bound
// wrongly, or one no shipped ruleset reads (recontra, open), cannot change
// unnoticed. A probe rule added to an embedded ruleset pays 1 from the pot
// to every player and to the dealer, and its explanation prints every
// variable; the probe's transfers are read back.

// variableOutcome is one stated outcome, settled by a probe of base (with
// options).
type variableOutcome struct {
	name    string
	base    string
	options map[string]any
	outcome func(r *ruleset.Ruleset) *deal.Outcome
}

func contractIndex(r *ruleset.Ruleset, name string) int {
	ci, ok := r.ContractByName(name)
	if !ok {
		panic(fmt.Sprintf("%s has no contract %q", r.Name, name))
	}
	return ci
}

// The outcomes, in the order of each row's values below.
var variableOutcomes = []variableOutcome{
	{name: "S1 sochi: A's six of hearts made, B whists open and plays C's dropped hand", base: "sochi",
		outcome: func(r *ruleset.Ruleset) *deal.Outcome {
			return &deal.Outcome{Seats: []string{"A", "B", "C"}, Dealer: 2, Declarer: 0, Contract: contractIndex(r, "6-hearts"),
				Defence: []deal.Choice{deal.NoChoice, deal.Play, deal.Drop}, Open: true, Tricks: []int{6, 3, 1}, Run: 4,
				Pot: money.Int(25), MarksGiven: 2, Marks: []int{1, 0, 0}, DeclarerAces: 2, DeclarerAcesAll: 3,
				Talon: cards.Make(0, 0).Bit() | cards.Make(1, 0).Bit()} // two sevens
		}},
	{name: "S2 sochi: B's misère fails by one trick, both defenders play", base: "sochi",
		outcome: func(r *ruleset.Ruleset) *deal.Outcome {
			return &deal.Outcome{Seats: []string{"A", "B", "C"}, Dealer: 2, Declarer: 1, Contract: contractIndex(r, "misere"),
				Defence: []deal.Choice{deal.Play, deal.NoChoice, deal.Play}, Tricks: []int{5, 1, 4}, AllPassRun: 2,
				Talon: cards.Make(0, 0).Bit() | cards.Make(0, 1).Bit()} // a seven and an eight
		}},
	{name: "S3 sochi at four: everyone passed, the all-pass game, the talon takes a trick, D deals and sits out", base: "sochi",
		outcome: func(r *ruleset.Ruleset) *deal.Outcome {
			return &deal.Outcome{Seats: []string{"A", "B", "C", "D"}, Dealer: 3, Declarer: -1, Contract: contractIndex(r, "all-pass"),
				Defence: make([]deal.Choice, 4), Tricks: []int{2, 4, 3, 0}, TalonTricks: 1, AllPassRun: 1}
		}},
	{name: "S4 sochi: A's seven of clubs not played: B drops, C takes half", base: "sochi",
		outcome: func(r *ruleset.Ruleset) *deal.Outcome {
			return &deal.Outcome{Seats: []string{"A", "B", "C"}, Dealer: 2, Declarer: 0, Contract: contractIndex(r, "7-clubs"),
				Defence: []deal.Choice{deal.NoChoice, deal.Drop, deal.Half}, Tricks: []int{0, 0, 0}}
		}},
	{name: "W1 west-balkans with contra-recontra: A's hearts made; B's contra, A's recontra; C dropped, plays for B", base: "west-balkans",
		options: map[string]any{"contra-recontra": true},
		outcome: func(r *ruleset.Ruleset) *deal.Outcome {
			return &deal.Outcome{Seats: []string{"A", "B", "C"}, Dealer: 2, Declarer: 0, Contract: contractIndex(r, "hearts"),
				Defence: []deal.Choice{deal.NoChoice, deal.Play, deal.Drop}, Doubled: []int{0, 2, 0}, Tricks: []int{6, 2, 2}}
		}},
	{name: "W2 west-balkans with contra-recontra: A's spades fail with four tricks against C's contra, B plays for C", base: "west-balkans",
		options: map[string]any{"contra-recontra": true},
		outcome: func(r *ruleset.Ruleset) *deal.Outcome {
			return &deal.Outcome{Seats: []string{"A", "B", "C"}, Dealer: 2, Declarer: 0, Contract: contractIndex(r, "spades"),
				Defence: []deal.Choice{deal.NoChoice, deal.Play, deal.Play}, Doubled: []int{0, 0, 1}, Tricks: []int{4, 3, 3}}
		}},
	{name: "A1 american-1909: C, the dealer, bought the widow for 7 and made diamonds with seven tricks", base: "american-1909",
		outcome: func(r *ruleset.Ruleset) *deal.Outcome {
			return &deal.Outcome{Seats: []string{"A", "B", "C"}, Dealer: 2, Declarer: 2, Contract: contractIndex(r, "diamonds"),
				Defence: []deal.Choice{deal.Play, deal.Play, deal.NoChoice}, Tricks: []int{2, 1, 7}, PotBid: 7, Pot: money.Int(30)}
		}},
}

// variableValues: every variable's value on S1, S2, S3, S4, W1, W2, A1. A party's
// fields (to.*) are listed per seat in the outcome's seat order; declarer,
// dealer and forehand name the seat whose fields they must carry ("-": no
// declarer, every field at its zero), from is the pot.
var variableValues = map[string][7]string{
	"contract":          {"6-hearts", "misere", "all-pass", "7-clubs", "hearts", "spades", "diamonds"},
	"trumps":            {"H", "", "", "C", "H", "S", "D"}, // misère and the all-pass game have no trumps
	"number":            {"4", "16", "0", "7", "4", "2", "3"},
	"hand":              {"false", "false", "false", "false", "false", "false", "false"},
	"declared":          {"true", "true", "false", "true", "true", "true", "true"},
	"passed":            {"false", "false", "true", "false", "false", "false", "false"},
	"forced":            {"false", "false", "false", "false", "false", "false", "false"},
	"conceded":          {"false", "false", "false", "false", "false", "false", "false"},
	"uncontested":       {"false", "false", "false", "false", "false", "false", "false"},
	"played":            {"true", "true", "true", "false", "true", "true", "true"},
	"made":              {"true", "false", "false", "false", "true", "false", "true"}, // no declarer in S3: nothing made
	"tricks_needed":     {"6", "0", "0", "7", "6", "6", "6"},
	"talon_same_rank":   {"true", "false", "false", "false", "false", "false", "false"}, // S1's two sevens; W1 and A1 name no talon
	"contra":            {"false", "false", "false", "false", "true", "true", "false"},
	"recontra":          {"false", "false", "false", "false", "true", "false", "false"},
	"doubling":          {"1", "1", "1", "1", "4", "2", "1"},
	"marks_given":       {"2", "0", "0", "0", "0", "0", "0"},
	"pot_bid":           {"0", "0", "0", "0", "0", "0", "7"},
	"declarer_run":      {"4", "0", "0", "0", "0", "0", "0"},
	"overtricks":        {"0", "0", "0", "0", "0", "0", "1"},
	"undertricks":       {"0", "1", "0", "0", "0", "2", "0"}, // S2: misère needs 0, the declarer took 1
	"defence_tricks":    {"4", "9", "0", "0", "4", "6", "3"}, // S1 and W1: the dropped hand played along counts
	"playing_defenders": {"1", "2", "0", "0", "1", "1", "2"}, // the invited hand does not count as playing
	"dropped_defenders": {"1", "0", "0", "1", "1", "0", "0"},
	"failed_defenders":  {"0", "0", "0", "0", "1", "0", "0"}, // W1: B and C took 4, the team contra needs 5
	"pot":               {"25", "0", "0", "0", "0", "0", "30"},
	"someone_invited":   {"true", "false", "false", "false", "true", "true", "false"},
	"declarer_aces":     {"2", "0", "0", "0", "0", "0", "0"},
	"declarer_aces_all": {"3", "0", "0", "0", "0", "0", "0"},
	"defence_needs":     {"4", "0", "0", "2", "0", "0", "0"},
	"open":              {"true", "true", "false", "false", "false", "false", "false"}, // S2: misère has defenders_open
	"talon_tricks":      {"0", "0", "1", "0", "0", "0", "0"},
	"fewest_tricks":     {"1", "1", "2", "0", "2", "3", "1"},
	"all_pass_run":      {"0", "2", "1", "0", "0", "0", "0"},
	"players":           {"3", "3", "4", "3", "3", "3", "3"},
	"pot_after":         {"25", "0", "0", "0", "-160", "80", "30"}, // the pot as the rules before the probe leave it: W1 draws the 160 of hearts from it, W2 pays 80 of spades into it
	"deal_number":       {"0", "0", "0", "0", "0", "0", "0"},
	"session_deals":     {"0", "0", "0", "0", "0", "0", "0"},

	"declarer": {"A", "B", "-", "A", "A", "A", "C"},
	"dealer":   {"C", "C", "D", "C", "C", "C", "C"},
	"forehand": {"A", "A", "A", "A", "A", "A", "A"},
	"from":     {"pot", "pot", "pot", "pot", "pot", "pot", "pot"},

	"to.name":       {"A B C", "A B C", "A B C D", "A B C", "A B C", "A B C", "A B C"},
	"to.seat":       {"0 1 2", "0 1 2", "0 1 2 3", "0 1 2", "0 1 2", "0 1 2", "0 1 2"},
	"to.tricks":     {"6 3 1", "5 1 4", "2 4 3 0", "0 0 0", "6 2 2", "4 3 3", "2 1 7"},
	"to.played":     {"true true true", "true true true", "true true true false", "false false false", "true true true", "true true true", "true true true"},
	"to.dropped":    {"false false true", "false false false", "false false false false", "false true false", "false false true", "false false false", "false false false"},
	"to.failed":     {"false false false", "false true false", "false false false false", "false false false", "false true false", "true false false", "false false false"},
	"to.declarer":   {"true false false", "false true false", "false false false false", "true false false", "true false false", "true false false", "false false true"},
	"to.defender":   {"false true true", "true false true", "false false false false", "false true true", "false true true", "false true true", "true true false"},
	"to.dealer":     {"false false true", "false false true", "false false false true", "false false true", "false false true", "false false true", "false false true"},
	"to.pot":        {"false false false", "false false false", "false false false false", "false false false", "false false false", "false false false", "false false false"},
	"to.invited":    {"false false true", "false false false", "false false false false", "false false false", "false false true", "false true false", "false false false"},
	"to.inviter":    {"false true false", "false false false", "false false false false", "false false false", "false true false", "false false true", "false false false"},
	"to.credited":   {"6 4 0", "5 1 4", "2 4 3 0", "0 0 0", "6 4 0", "4 0 6", "2 1 7"}, // the inviter's count the invited hand's; the invited's are 0
	"to.doubling":   {"1 1 1", "1 1 1", "1 1 1 1", "1 1 1", "1 4 1", "1 1 2", "1 1 1"}, // W1: B's contra answered by recontra
	"to.marks":      {"1 0 0", "0 0 0", "0 0 0 0", "0 0 0", "0 0 0", "0 0 0", "0 0 0"},
	"to.share":      {"0 4 0", "0 0 0", "0 0 0 0", "0 0 0", "0 0 0", "0 0 0", "0 0 0"}, // S1: B alone answers for the six's 4
	"to.short":      {"0 0 0", "0 0 0", "0 0 0 0", "0 0 0", "0 0 0", "0 0 0", "0 0 0"},
	"to.own_short":  {"0 0 0", "0 0 0", "0 0 0 0", "0 0 0", "0 0 0", "0 0 0", "0 0 0"},
	"to.half":       {"false false false", "false false false", "false false false false", "false false true", "false false false", "false false false", "false false false"},
	"to.last_trick": {"false false false", "false false false", "false false false false", "false false false", "false false false", "false false false", "false false false"}, // stated outcomes: no cards known (TestCardPredicates pins it true)
}

// partyFields are the expr names of ruleset.Party's fields.
func partyFields() []string {
	var out []string
	t := reflect.TypeOf(ruleset.Party{})
	for i := range t.NumField() {
		if tag := t.Field(i).Tag.Get("expr"); tag != "" {
			out = append(out, tag)
		}
	}
	return out
}

// probeExplain prints every variable: "name=value|...", a party's fields
// as "declarer.tricks=6".
func probeExplain() string {
	var parts []string
	for _, v := range ruleset.Variables {
		if _, ok := v.Zero.(ruleset.Party); ok {
			for _, f := range partyFields() {
				parts = append(parts, fmt.Sprintf("%s.%s={%s.%s}", v.Name, f, v.Name, f))
			}
			continue
		}
		parts = append(parts, fmt.Sprintf("%s={%s}", v.Name, v.Name))
	}
	return strings.Join(parts, "|")
}

// probe is base with the probe rule added.
func probe(t *testing.T, base string, options map[string]any) *ruleset.Ruleset {
	t.Helper()
	text := fmt.Sprintf(`extends: %s
name: probe-%[1]s
settlement:
  - rule: probe
    source: test
    when: "true"
    pay:
      - {from: pot, to: players, amount: 1, explain: "%[2]s"}
      - {from: pot, to: dealer, amount: 1, explain: "%[2]s"}
`, base, probeExplain())
	r, err := ruleset.LoadWith("probe-"+base+".yaml", []byte(text), ruleset.DefaultResolver)
	if err != nil {
		t.Fatal(err)
	}
	if len(options) > 0 {
		if r, err = r.With(options); err != nil {
			t.Fatal(err)
		}
	}
	return r
}

// probed settles o and reads each variable's value back from the probe's
// transfers: the seat-independent ones once (every transfer must agree), to.*
// per receiver.
func probed(t *testing.T, s *settle.Settler, o *deal.Outcome) (values map[string]string, perSeat map[string]map[string]string) {
	t.Helper()
	l, err := s.Settle(o, true)
	if err != nil {
		t.Fatal(err)
	}
	values, perSeat = map[string]string{}, map[string]map[string]string{}
	for _, tr := range l.Transfers {
		if tr.Rule != "probe" {
			continue
		}
		seat := map[string]string{}
		for _, kv := range strings.Split(tr.Explain, "|") {
			k, v, _ := strings.Cut(kv, "=")
			v = strings.Trim(v, `"`)
			if strings.HasPrefix(k, "to.") {
				seat[k] = v
				continue
			}
			if was, ok := values[k]; ok && was != v {
				t.Errorf("%s is %s in one payment line, %s in another", k, was, v)
			}
			values[k] = v
		}
		perSeat[seat["to.name"]] = seat
	}
	return values, perSeat
}

// TestEveryVariablePinned: each documented variable has a row, and takes
// the row's value on every stated outcome. One Settler per ruleset settles
// the outcomes in turn, so a value left over from the outcome before is
// caught too.
func TestEveryVariablePinned(t *testing.T) {
	for _, v := range ruleset.Variables {
		_, party := v.Zero.(ruleset.Party)
		if _, ok := variableValues[v.Name]; !ok && v.Name != "to" {
			t.Errorf("variable %s (ruleset.Variables) has no row in variableValues: pin its value on each outcome", v.Name)
		}
		if party && v.Name == "to" {
			for _, f := range partyFields() {
				if _, ok := variableValues["to."+f]; !ok {
					t.Errorf("party field %s has no row to.%s in variableValues", f, f)
				}
			}
		}
	}
	type probeRuleset struct {
		r *ruleset.Ruleset
		s *settle.Settler
	}
	probes := map[string]probeRuleset{}
	for k, vo := range variableOutcomes {
		key := vo.base + fmt.Sprint(vo.options)
		p, ok := probes[key]
		if !ok {
			p.r = probe(t, vo.base, vo.options)
			p.s = settle.New(p.r)
			probes[key] = p
		}
		s, o := p.s, vo.outcome(p.r)
		values, perSeat := probed(t, s, o)
		var bad []string
		check := func(name, got, want string) {
			if got != want {
				bad = append(bad, fmt.Sprintf("%s = %q, want %q", name, got, want))
			}
		}
		seatRow := func(field, name string) string { return perSeat[name]["to."+field] }
		names := sortedKeys(variableValues)
		for _, name := range names {
			want := variableValues[name][k]
			switch {
			case strings.HasPrefix(name, "to."):
				var got []string
				for _, seat := range o.Seats {
					got = append(got, perSeat[seat][name])
				}
				check(name, strings.Join(got, " "), want)
			case name == "declarer" || name == "dealer" || name == "forehand" || name == "from":
				for _, f := range partyFields() {
					check(name+"."+f, values[name+"."+f], partyWant(f, want, seatRow))
				}
			default:
				check(name, values[name], want)
			}
		}
		if len(bad) > 0 {
			t.Errorf("%s:\n  %s", vo.name, strings.Join(bad, "\n  "))
		}
	}
}

// partyWant is what field f of a party variable holds when it is the seat
// named who: that seat's own value; the pot's; or, with no declarer ("-"),
// the field's zero.
func partyWant(f, who string, seatRow func(field, name string) string) string {
	switch who {
	case "pot":
		if v, ok := map[string]string{"name": "pot", "seat": "-1", "pot": "true"}[f]; ok {
			return v
		}
		return zero(f)
	case "-":
		return zero(f)
	}
	return seatRow(f, who)
}

// zero is a party field's zero as the explanation prints it.
func zero(f string) string {
	switch reflect.Zero(fieldType(f)).Interface().(type) {
	case bool:
		return "false"
	case int:
		return "0"
	}
	return ""
}

func fieldType(tag string) reflect.Type {
	t := reflect.TypeOf(ruleset.Party{})
	for i := range t.NumField() {
		if t.Field(i).Tag.Get("expr") == tag {
			return t.Field(i).Type
		}
	}
	panic("no party field " + tag)
}

func sortedKeys(m map[string][7]string) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
