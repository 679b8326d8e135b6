package record_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/preference-rules/pref/interpreter/bot"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/interpreter/record"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/interpreter/settle"
	"github.com/preference-rules/pref/interpreter/table"
	"github.com/preference-rules/pref/rulesets"
	"github.com/preference-rules/pref/schema"
	"gopkg.in/yaml.v3"
)

// optionValues are the values of o a record may carry: every word of a
// word option, both booleans, and the default and another number.
func optionValues(o ruleset.Option) []any {
	switch d := o.Default.(type) {
	case bool:
		return []any{d, !d}
	case int:
		return []any{d, d + 2}
	}
	vs := make([]any, len(o.Values))
	for i, w := range o.Values {
		vs[i] = w
	}
	return vs
}

// playOne plays one deal of r with the simple players and writes it as a
// record of ruleset name with options opts.
func playOne(t *testing.T, r *ruleset.Ruleset, name string, opts map[string]any, seed uint64) *record.Record {
	t.Helper()
	names := []string{"Anton", "Brigitte", "Charlotte"}
	tb, err := table.New(r, names)
	if err != nil {
		t.Fatal(err)
	}
	players := make([]game.Player, r.Hands)
	for i := range players {
		players[i] = &bot.Simple{}
	}
	g := game.New(r, players)
	g.TableSize, g.KeepHistory = len(names), true
	if _, err := tb.Ante(); err != nil {
		t.Fatal(err)
	}
	g.Deal(rand.New(rand.NewPCG(seed, 3)))
	if err := g.Run(); err != nil {
		t.Fatal(err)
	}
	o := tb.Outcome(g)
	l, err := settle.New(r).Settle(o, false)
	if err != nil {
		t.Fatal(err)
	}
	d := record.FromGame(g, names, names[tb.Dealer])
	d.Expect = record.Expectation(l)
	return &record.Record{Ruleset: name, Options: opts, Seats: names, Deals: []record.Deal{d}}
}

// Every record pref writes reads back: for every embedded ruleset and
// every value of each of its options (words, booleans, numbers), a deal
// played under it and written as a record parses, opens the ruleset with
// the option and replays to the settlement written into it.
func TestEveryOptionValueRecordReadsBack(t *testing.T) {
	for _, name := range rulesets.Names() {
		base, err := rulesets.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, o := range base.Options {
			for _, v := range optionValues(o) {
				opts := map[string]any{o.Name: v}
				r, err := base.With(opts)
				if err != nil {
					t.Errorf("%s %s=%v: %v", name, o.Name, v, err)
					continue
				}
				rec := playOne(t, r, name, opts, 5)
				data, err := record.Marshal(rec)
				if err != nil {
					t.Fatal(err)
				}
				back, err := record.Parse("rt.yaml", data)
				if err != nil {
					t.Errorf("%s %s=%v: written, then refused: %v\n%s", name, o.Name, v, err, data)
					continue
				}
				if fmt.Sprint(back.Options[o.Name]) != fmt.Sprint(v) || fmt.Sprintf("%T", back.Options[o.Name]) != fmt.Sprintf("%T", v) {
					t.Errorf("%s %s: wrote %v (%T), read %v (%T)", name, o.Name, v, v, back.Options[o.Name], back.Options[o.Name])
				}
				rr, err := record.Open("rt.yaml", back)
				if err != nil {
					t.Errorf("%s %s=%v: %v", name, o.Name, v, err)
					continue
				}
				res, err := record.Replay(back, rr)
				if err != nil {
					t.Errorf("%s %s=%v: %v\n%s", name, o.Name, v, err, data)
					continue
				}
				var got, want yaml.Node
				got, want = record.Expectation(res[0].Ledger), back.Deals[0].Expect
				if g, w := encode(&got), encode(&want); g != w {
					t.Errorf("%s %s=%v: replayed %s, written %s", name, o.Name, v, g, w)
				}
			}
		}
	}
}

func encode(n *yaml.Node) string {
	b, _ := yaml.Marshal(n)
	return string(b)
}

// The words YAML 1.1 reads as booleans (and words YAML reads as numbers or
// null) are quoted in the records pref writes, so that other tools read a
// seat "no" and the decision "no" as pref does; pref reads them back the
// same.
func TestRecordQuotesBooleanLookingWords(t *testing.T) {
	rec := &record.Record{Ruleset: "serbian", Seats: []string{"no", "Yes", "y"},
		Deals: []record.Deal{{Hands: record.Hands{{Seat: "no", Cards: "AS"}, {Seat: "Yes", Cards: "KS"}, {Seat: "y", Cards: "QS"}},
			Actions: []record.Step{{Seat: "no", Word: "no"}, {Seat: "Yes", Word: "off"}, {Seat: "y", Word: "12"}, {Seat: "no", Word: "pass"}}}}}
	data, err := record.Marshal(rec)
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	for _, want := range []string{`- "no"`, `- "Yes"`, `- "y"`, `"no": "AS"`, `{"no": "no"}`, `{"Yes": "off"}`, `{"y": "12"}`, `{"no": pass}`} {
		if !strings.Contains(text, want) {
			t.Errorf("record lacks %s:\n%s", want, text)
		}
	}
	back, err := record.Parse("q.yaml", data)
	if err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprintf("%v %s %s %s", back.Seats, back.Deals[0].Actions[0].Seat, back.Deals[0].Actions[0].Word, back.Deals[0].Actions[2].Word); got != "[no Yes y] no no 12" {
		t.Errorf("read back %s", got)
	}
}

// A record with a hundred thousand actions in a deal is refused as what it
// is, too many actions, naming where they start; not as a problem with
// YAML aliases, which it has none of.
func TestHugeRecordSaysWhatIsTooLarge(t *testing.T) {
	var b strings.Builder
	b.WriteString("ruleset: sochi\nseats: [Anton, Brigitte, Charlotte]\nhands:\n  Anton: \"AS\"\n  Brigitte: \"KS\"\n  Charlotte: \"QS\"\nactions:\n")
	for range 100000 {
		b.WriteString("  - {Anton: pass}\n")
	}
	_, err := record.Parse("huge.yaml", []byte(b.String()))
	var se *schema.Error
	if !errors.As(err, &se) || !strings.Contains(err.Error(), "deal 1 writes 100000 actions; a deal has at most 300") || se.Line != 8 {
		t.Fatalf("%v; want the actions counted, at line 8", err)
	}
	if strings.Contains(err.Error(), "alias") {
		t.Errorf("%v: speaks of aliases", err)
	}
	// Spread over deals, the same is refused deal by deal; a deal list
	// longer than a game is refused as such.
	var many strings.Builder
	many.WriteString("ruleset: sochi\nseats: [Anton, Brigitte, Charlotte]\ndeals:\n")
	for range 10001 { // record.MaxDeals + 1
		many.WriteString("  - {hands: {Anton: AS}}\n")
	}
	if _, err := record.Parse("many.yaml", []byte(many.String())); err == nil || !strings.Contains(err.Error(), "a record holds at most 10000") {
		t.Errorf("%v; want the deals counted", err)
	}
}

// Seat names in a record follow the one rule of package seats, refused
// where the record names them; titles carry no control characters.
func TestRecordWordsOneRule(t *testing.T) {
	const rec = "ruleset: sochi\ntitle: %s\nseats: [Anton, %s, Charlotte]\nhands:\n  Anton: \"AS\"\n  Brigitte: \"KS\"\n  Charlotte: \"QS\"\n"
	for _, tc := range []struct{ title, seat, want string }{
		{"t", "B->pot", `huge.yaml:3:16: seats: seat 2, "B->pot": "->"`},
		{"t", "anton", "huge.yaml:3:16: seats: seat 2, \"anton\": differs from \"Anton\" only by case"},
		{"t", `"Bri\u200bgitte"`, "huge.yaml:3:16: seats: seat 2, \"Bri\\u200bgitte\": U+200B"},
		{"t", `"Bri\e[2Jgitte"`, "huge.yaml:3:16: seats: seat 2, \"Bri\\x1b[2Jgitte\": U+001B is a control character"},
		{`"evil\e]0;pwned\a"`, "Brigitte", `huge.yaml:2:8: title: character 5 is \x1b`},
		{`"\u202eevil"`, "Brigitte", `huge.yaml:2:8: title: character 1 is \u202e`},
	} {
		_, err := record.Parse("huge.yaml", []byte(fmt.Sprintf(rec, tc.title, tc.seat)))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("title %s, seat %s: %v; want %s", tc.title, tc.seat, err, tc.want)
		}
		if err != nil && strings.ContainsAny(err.Error(), "\x1b\u202e\u200b\a") {
			t.Errorf("the error carries the raw character: %q", err)
		}
	}
}
