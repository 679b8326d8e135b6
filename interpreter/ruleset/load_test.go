package ruleset

import (
	"os"
	"strings"
	"testing"
)

func minimal(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile("testdata/minimal.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func TestMinimalLoads(t *testing.T) {
	r, err := Load("minimal.yaml", []byte(minimal(t)))
	if err != nil {
		t.Fatal(err)
	}
	if r.HandSize != 10 || r.TalonSize != 2 || len(r.Ladder) != 2 || r.Contracts[1].Values[0] != 2 {
		t.Fatalf("compiled wrongly: hand %d talon %d ladder %v", r.HandSize, r.TalonSize, r.Ladder)
	}
}

// Each malformed ruleset is the minimal one with one edit; the error must
// name the file, line and column of the mistake and what was expected.
func TestMalformedRulesets(t *testing.T) {
	tests := []struct {
		name, old, new string
		want           string // file:line:col: and a part of the message
	}{
		{"wrong type", "players: {hands: 3}", "players: {hands: many}",
			"bad.yaml:4:18: players.hands: expected integer, but got string"},
		{"unknown key", "  leader: declarer", "  leader: declarer\n  revoke: allowed",
			`bad.yaml:25:3: unknown key "revoke" in play (allowed: cooperation, head, lead, leader, trump)`},
		{"enum", "  talon: take", "  talon: keep",
			"bad.yaml:19:10: exchange.talon: value must be one of"},
		{"expression does not compile", "amount: game * 10}", "amount: game * * 10}",
			"bad.yaml:29:50: amount expression \"game * * 10\": unexpected token"},
		{"unknown name in expression", "when: played && made", "when: played && maade",
			"bad.yaml:27:21: when expression \"played && maade\": unknown name maade"},
		{"expression of the wrong type", "when: played && made", "when: game + 1",
			"bad.yaml:27:11: when expression \"game + 1\": expected bool, but got int"},
		{"bid missing its value", "{name: hearts, trumps: H, tricks: 6, values: {game: 2}}", "{name: hearts, trumps: H, tricks: 6}",
			`bad.yaml:15:5: contract "hearts" has values {} but "clubs" has {game}`},
		{"bid missing from the table", "ladder: [clubs, hearts]", "ladder: [clubs, spades]",
			`bad.yaml:17:19: ladder bid "spades": no contract named "spades" (contracts: clubs, hearts)`},
		{"packets do not add up", "    - {to: hands, cards: 5}\n    - {to: talon", "    - {to: hands, cards: 4}\n    - {to: talon",
			"bad.yaml:10:5: packets deal 29 cards (3 hands x 9 + talon 2) but the pack has 32"},
		{"trumps not a suit", "trumps: H, tricks: 6, values: {game: 2}", "trumps: X, tricks: 6, values: {game: 2}",
			`bad.yaml:15:28: trumps "X" is not a suit id`},
		{"yaml syntax", "auction:\n", "auction:\n  ladder: [clubs\n",
			"bad.yaml:17:1: YAML syntax: did not find expected ',' or ']' (in the collection that starts on this line)"},
		{"missing section", "play:\n  leader: declarer\n", "",
			"bad.yaml:1:1: ruleset: missing properties: 'play'"},
		{"amount not a number", "amount: game * 10}", "amount: made}",
			`bad.yaml:29:43: amount "made" has type bool; want a number`},
		{"talon leading a bid contract", "{name: clubs, trumps: C, tricks: 6, values: {game: 1}}", "{name: clubs, trumps: C, tricks: 6, talon_leads: suit, values: {game: 1}}",
			`bad.yaml:14:54: contract "clubs": talon_leads is for the contract everyone plays when all pass`},
		{"all-pass contract also bid", "ladder: [clubs, hearts]", "ladder: [clubs, hearts]\n  all_pass: {play: hearts}",
			`bad.yaml:18:20: all_pass play "hearts": a contract played when nobody declares cannot also be bid`},
		{"all-pass contract unknown", "ladder: [clubs, hearts]", "ladder: [clubs, hearts]\n  all_pass: {play: scramble}",
			`bad.yaml:18:20: all_pass play "scramble": no contract of that name`},
		{"open play without a hand played along", "each_needs: 2", "each_needs: 2\n  open: choose",
			`bad.yaml:23:9: open choose needs dropped_hand: played`},
		{"final expression of the wrong type", "play:\n", "table:\n  sheet:\n    accounts: [pool]\n    final: {closed_when: pool + 1, pair: pool}\nplay:\n",
			`bad.yaml:26:26: final closed_when expression "pool + 1": expected bool`},
		{"final names a deal variable", "play:\n", "table:\n  sheet:\n    accounts: [pool]\n    final: {closed_when: made, pair: pool}\nplay:\n",
			`bad.yaml:26:26: final closed_when expression "made": unknown name made`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := minimal(t)
			if !strings.Contains(src, tt.old) {
				t.Fatalf("test edit %q not found in the minimal ruleset", tt.old)
			}
			_, err := Load("bad.yaml", []byte(strings.Replace(src, tt.old, tt.new, 1)))
			if err == nil {
				t.Fatal("accepted")
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("error\n  %v\ndoes not contain\n  %s", err, tt.want)
			}
		})
	}
}

// A hostile expression is refused at load time, not run.
func TestHugeExpressionRefused(t *testing.T) {
	huge := "amount: " + strings.Repeat("game + ", 600) + "1}"
	src := strings.Replace(minimal(t), "amount: game * 10}", huge, 1)
	_, err := Load("bad.yaml", []byte(src))
	if err == nil || !strings.Contains(err.Error(), "bad.yaml:29:") {
		t.Fatalf("huge expression: %v", err)
	}
}

func TestExactDivision(t *testing.T) {
	src := strings.Replace(minimal(t), "amount: game * 10}", "amount: pot / 10 * game}", 1)
	r, err := Load("ok.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if got := r.Rules[0].Pay[0].Amount.Node().Type(); got != amountType {
		t.Fatalf("pot / 10 * game has type %v; want money.Amount", got)
	}
}

func TestOptionSets(t *testing.T) {
	src := minimal(t) + `options:
  must-head: {default: false, description: heads, sets: {play.head: must, play.trump: may}}
  unit: {default: 1, description: a number}
`
	r, err := Load("opt.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if r.Play.MustHead {
		t.Fatal("must-head is on by default")
	}
	on, err := r.With(map[string]any{"must-head": true, "unit": 3})
	if err != nil {
		t.Fatal(err)
	}
	if !on.Play.MustHead || on.Play.MustTrump {
		t.Fatalf("sets not applied: %+v", on.Play)
	}
	if o, _ := on.Option("unit"); o.Default != 3 || on.NewEnv()["unit"] != 3 {
		t.Fatalf("unit not in force: %v", o.Default)
	}
	if r.Play.MustHead || r.NewEnv()["unit"] != 1 {
		t.Fatal("With changed the original ruleset")
	}
	if _, err := r.With(map[string]any{"unit": true}); err == nil {
		t.Fatal("a bool for a number option was accepted")
	}
	bad := strings.Replace(src, "play.trump: may", "play.trump: sometimes", 1)
	_, err = Load("opt.yaml", []byte(bad))
	if err == nil || !strings.Contains(err.Error(), "opt.yaml:31:") || !strings.Contains(err.Error(), "option must-head") {
		t.Fatalf("a bad sets value: %v", err)
	}
}

func TestSheetAccountsChecked(t *testing.T) {
	src := minimal(t) + "table:\n  sheet: {accounts: [pool], pair_accounts: [whists]}\n"
	src = strings.Replace(src, "{from: pot, to: declarer, amount: game * 10}", "{to: declarer, account: pot_of_gold, amount: game}", 1)
	_, err := Load("sheet.yaml", []byte(src))
	if err == nil || !strings.Contains(err.Error(), `sheet.yaml:29:33: no score-sheet account "pot_of_gold" (table.sheet has pool, whists)`) {
		t.Fatalf("unknown account: %v", err)
	}
	src = strings.Replace(src, "account: pot_of_gold", "account: whists", 1)
	if _, err := Load("sheet.yaml", []byte(src)); err == nil || !strings.Contains(err.Error(), "kept against another player: name him with from") {
		t.Fatalf("pair account without from: %v", err)
	}
}
