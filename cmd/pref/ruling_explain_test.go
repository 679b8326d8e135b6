package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/preference-rules/pref/internal/rulings"
	"github.com/preference-rules/pref/interpreter/record"
	"github.com/preference-rules/pref/rulesets"
)

// explainJSON runs pref explain --json on path and decodes its deals.
func explainJSON(t *testing.T, path string, wantCode int) []rulings.Explained {
	t.Helper()
	var out, errOut bytes.Buffer
	if code := run([]string{"explain", "--json", path}, &out, &errOut); code != wantCode {
		t.Fatalf("pref explain %s: exit %d, want %d\n%s", path, code, wantCode, errOut.String())
	}
	var deals []rulings.Explained
	if err := json.Unmarshal(out.Bytes(), &deals); err != nil {
		t.Fatalf("pref explain --json %s: %v\n%s", path, err, out.String())
	}
	return deals
}

// definedName is the name a breakdown line tells: "stake 40 = ...",
// "game 40: ...", "unit 12, as above".
var definedName = regexp.MustCompile(`^([a-z_][a-z0-9_]*) `)

// TestRulingExplainEveryRuleset: for every ruleset, pref explain of a whole
// deal names the player of each card, each party that failed with by how
// much, and breaks every derived amount down to names it tells in turn
// (the ruleset's values and options, the deal's facts). Before, a trick
// was "KC 7C AC", nobody was said to have failed, and "stake = game *
// factor = 40 * 1" stopped at factor.
func TestRulingExplainEveryRuleset(t *testing.T) {
	for _, name := range rulesets.Names() {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join("..", "..", "conformance", name, "record-suit-game-made.yaml")
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			rec, err := record.Parse(path, data)
			if err != nil {
				t.Fatal(err)
			}
			deals := explainJSON(t, path, exitOK)
			if len(deals) != 1 {
				t.Fatalf("%d deals explained, want 1", len(deals))
			}
			e := deals[0]
			checkPlayers(t, e, rec)
			checkFailed(t, e)
			checkDerived(t, e)
		})
	}
}

// checkPlayers: every card of every trick is named with a seat of the
// record (or the talon), and the trick's line reads "Seat card, ...".
func checkPlayers(t *testing.T, e rulings.Explained, rec *record.Record) {
	t.Helper()
	if len(e.Tricks) == 0 {
		t.Fatal("no tricks explained")
	}
	for i, tr := range e.Tricks {
		if len(tr.Plays) < 3 {
			t.Errorf("trick %d: %d cards named with their player", i+1, len(tr.Plays))
		}
		for _, p := range tr.Plays {
			if !strings.Contains(tr.Cards, p.Player+" "+p.Card) {
				t.Errorf("trick %d %q does not read %q", i+1, tr.Cards, p.Player+" "+p.Card)
			}
			seat := p.Player == "the talon"
			for _, s := range rec.Seats {
				seat = seat || s == p.Player
			}
			if !seat {
				t.Errorf("trick %d: %s is played by %q, no seat of the record", i+1, p.Card, p.Player)
			}
		}
	}
}

// checkFailed: the declarer who lost is named, and every failed party
// with the tricks needed, taken and missing.
func checkFailed(t *testing.T, e rulings.Explained) {
	t.Helper()
	if strings.HasSuffix(e.Result, "lost") && (len(e.Failed) == 0 || !strings.Contains(e.Failed[0], "the declarer")) {
		t.Errorf("the contract was lost (%s) but the declarer is not named as failed: %q", e.Result, e.Failed)
	}
	shape := regexp.MustCompile(`^\S+, (the declarer|defending), needed (exactly )?\d+ tricks? and took \d+: (short by \d+ tricks?|\d+ tricks? too many)$`)
	for _, f := range e.Failed {
		if !shape.MatchString(f) {
			t.Errorf("failed party %q does not say who, needed, took and by how much", f)
		}
	}
}

// checkDerived: every name a derived amount's line reads is told on a
// line of its own in the deal's breakdown.
func checkDerived(t *testing.T, e rulings.Explained) {
	t.Helper()
	told := map[string]bool{}
	var defines []string
	for _, rr := range e.Settlement {
		if !rr.Applied && len(rr.Derived) > 0 {
			t.Errorf("rule %q did not apply but breaks down amounts", rr.Rule)
		}
		for _, line := range rr.Derived {
			m := definedName.FindStringSubmatch(line)
			if m == nil {
				t.Errorf("rule %q: breakdown line %q names nothing", rr.Rule, line)
				continue
			}
			told[m[1]] = true
			if parts := strings.SplitN(line, " = ", 3); len(parts) == 3 {
				defines = append(defines, parts[1])
			}
		}
	}
	ident := regexp.MustCompile(`[A-Za-z_][A-Za-z0-9_]*(\.[a-z_]+)?`)
	for _, src := range defines {
		for _, name := range ident.FindAllString(src, -1) {
			if strings.Contains(name, ".") || name == "true" || name == "false" || name == "min" || name == "max" {
				continue // a party's field, shown as its value; a literal; a function
			}
			if !told[name] {
				t.Errorf("%q reads %s, which no line of the breakdown tells", src, name)
			}
		}
	}
}

// TestRulingExplainWrongExpectation: an outcome case whose expect: is
// wrong is a failed ruling (exit 1), the expected figure shown next to
// the settled one. Before, pref explain exited 0 and said nothing of it.
func TestRulingExplainWrongExpectation(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "conformance", "sochi", "failed-by-one.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	wrong := strings.Replace(string(data), "mountain: 4", "mountain: 5", 1)
	path := filepath.Join(t.TempDir(), "wrong.yaml")
	if err := os.WriteFile(path, []byte(wrong), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errOut bytes.Buffer
	if code := run([]string{"explain", "--arithmetic", path}, &out, &errOut); code != exitFailed {
		t.Fatalf("pref explain of a case with a wrong expect: exit %d, want %d\n%s%s", code, exitFailed, out.String(), errOut.String())
	}
	for _, want := range []string{"expect: is wrong", "got Anton mountain 4", "want Anton mountain 5", `rule "failed, the game value per missing trick on the declarer's mountain" applies`} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("pref explain does not say %q:\n%s", want, out.String())
		}
	}
	deals := explainJSON(t, path, exitFailed)
	if len(deals) != 1 || len(deals[0].Expectation) == 0 {
		t.Errorf("--json does not carry the expectation that differs: %+v", deals)
	}
	// the case as written agrees: exit 0
	var ok, okErr bytes.Buffer
	if code := run([]string{"explain", filepath.Join("..", "..", "conformance", "sochi", "failed-by-one.yaml")}, &ok, &okErr); code != exitOK {
		t.Errorf("pref explain of a right case: exit %d\n%s", code, okErr.String())
	}
}

// TestRulingExplainIllegalRecord: a record refused at a step is told up
// to the fault (the auction, the tricks played, the cards of the trick
// under way), then the fault with the card, the seat, the trick and the
// rule. Before, only the error was printed.
func TestRulingExplainIllegalRecord(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "conformance", "austrian-1829", "record-suit-game-made.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	// Anton leads trick 3 with the KC he played to trick 1
	bad := strings.Replace(string(data), "  - QC AH 10C", "  - KC AH 10C", 1)
	path := filepath.Join(t.TempDir(), "twice.yaml")
	if err := os.WriteFile(path, []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errOut bytes.Buffer
	if code := run([]string{"explain", path}, &out, &errOut); code != exitFailed {
		t.Fatalf("exit %d, want %d\n%s", code, exitFailed, errOut.String())
	}
	text := out.String()
	for _, want := range []string{
		"Auction: Anton bids hearts",
		"Trick 1: Anton KC, Brigitte 7C, Charlotte AC",
		"Trick 2: Charlotte AS, Anton 8H, Brigitte 7S",
		"Fault: deal 1, trick 3: KC is written for Anton, but Anton played it already, to trick 1",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("pref explain does not say %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "Settlement:") || strings.Contains(text, "Trick 3:") {
		t.Errorf("the deal refused at trick 3 is settled or played on:\n%s", text)
	}
}

// TestRulingExplainOnlyRulesThatWrite: without --all, a rule whose
// condition held but which wrote nothing is not printed. Before, sochi's
// "a whister short of his share" rule was printed with no payment.
func TestRulingExplainOnlyRulesThatWrite(t *testing.T) {
	path := filepath.Join("..", "..", "conformance", "sochi", "failed-by-one.yaml")
	var out, errOut bytes.Buffer
	if code := run([]string{"explain", path}, &out, &errOut); code != exitOK {
		t.Fatalf("exit %d\n%s", code, errOut.String())
	}
	if strings.Contains(out.String(), "a whister short of his share") {
		t.Errorf("a rule that wrote nothing is printed:\n%s", out.String())
	}
	out.Reset()
	if code := run([]string{"explain", "--all", path}, &out, &errOut); code != exitOK || !strings.Contains(out.String(), "a whister short of his share") {
		t.Errorf("--all does not print every rule (exit %d):\n%s", code, out.String())
	}
}
