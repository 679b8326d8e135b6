package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestAuthoringGuide runs docs/authoring.md: every ```yaml file=NAME block
// is written, every "$ pref ..." line of a ```console block is run (in an
// empty directory, in order) and its output compared with the lines shown
// after it, "..." standing for any lines; "# exit N" gives the exit status
// expected (else 0). The guide cannot drift from what pref does.
func TestAuthoringGuide(t *testing.T) {
	guide, err := os.ReadFile(filepath.Join("..", "..", "docs", "authoring.md"))
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(t.TempDir())
	var block, file string
	var body []string
	commands := 0
	sc := bufio.NewScanner(bytes.NewReader(guide))
	for sc.Scan() {
		line := sc.Text()
		switch {
		case block == "" && strings.HasPrefix(line, "```console"):
			block, body = "console", nil
		case block == "" && strings.HasPrefix(line, "```yaml file="):
			block, file, body = "file", strings.TrimPrefix(line, "```yaml file="), nil
		case block != "" && line == "```":
			if block == "file" {
				if err := os.WriteFile(file, []byte(strings.Join(body, "\n")+"\n"), 0o644); err != nil {
					t.Fatal(err)
				}
			} else {
				commands += runConsole(t, body)
			}
			block = ""
		case block != "":
			body = append(body, line)
		}
	}
	if commands < 10 {
		t.Fatalf("the guide ran %d commands: its blocks were not found", commands)
	}
}

// runConsole runs the commands of one console block and checks each one's
// output; it returns how many ran.
func runConsole(t *testing.T, lines []string) int {
	t.Helper()
	n := 0
	for i := 0; i < len(lines); {
		cmdLine, ok := strings.CutPrefix(lines[i], "$ ")
		if !ok {
			t.Fatalf("console block: %q is not a command", lines[i])
		}
		want := 0
		if c, code, found := strings.Cut(cmdLine, "# exit "); found {
			cmdLine = c
			want, _ = strconv.Atoi(strings.TrimSpace(code))
		}
		args := strings.Fields(cmdLine)
		if len(args) == 0 || args[0] != "pref" {
			t.Fatalf("console block: %q does not run pref", cmdLine)
		}
		j := i + 1
		for j < len(lines) && !strings.HasPrefix(lines[j], "$ ") {
			j++
		}
		var out bytes.Buffer
		if code := run(args[1:], &out, &out); code != want {
			t.Errorf("%s: exit %d, want %d\n%s", cmdLine, code, want, out.String())
		}
		if !matches(strings.Split(strings.TrimRight(out.String(), "\n"), "\n"), lines[i+1:j]) {
			t.Errorf("%s: the output differs from the guide\n--- got\n%s\n--- guide\n%s", cmdLine, out.String(), strings.Join(lines[i+1:j], "\n"))
		}
		n++
		i = j
	}
	return n
}

// matches reports whether got is want, where a "..." line of want stands
// for any number of lines.
func matches(got, want []string) bool {
	if len(want) == 0 {
		return len(got) == 0 || len(got) == 1 && got[0] == ""
	}
	if want[0] == "..." {
		for k := 0; k <= len(got); k++ {
			if matches(got[k:], want[1:]) {
				return true
			}
		}
		return false
	}
	return len(got) > 0 && strings.TrimRight(got[0], " ") == want[0] && matches(got[1:], want[1:])
}

// Your own rulesets are opened by name from $PREF_RULESETS and listed
// beside the embedded ones; verify and validate say when they are given
// the other kind of file.
func TestUserRulesetsAndFileKinds(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("PREF_RULESETS", dir)
	house := "extends: austrian-1829\nname: attic\ndescription: The rules of the attic table.\nplay: {head: must}\n"
	if err := os.WriteFile(filepath.Join(dir, "attic.yaml"), []byte(house), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir(t.TempDir())
	caseText := "ruleset: attic\ntitle: t\nseats: [Anton, Brigitte, Charlotte]\ncontract: {declarer: Anton, bid: hearts}\ntricks: {Anton: 6, Brigitte: 2, Charlotte: 2}\nexpect: {net: {Anton: 24}}\n"
	for name, text := range map[string]string{"case.yaml": caseText, "house.yaml": house} {
		if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"rulesets"}, exitOK, "attic"},
		{[]string{"rules", "attic", "--plain"}, exitOK, "Head the trick"},
		{[]string{"show", "attic"}, exitOK, "  head: must"},
		{[]string{"verify", "case.yaml"}, exitOK, "1 passed"},
		{[]string{"validate", "case.yaml"}, exitUsage, "case.yaml is an outcome case, not a ruleset: pref verify case.yaml checks it"},
		{[]string{"verify", "house.yaml"}, exitFailed, "this is a ruleset, not an outcome case or a game record: pref validate house.yaml checks it"},
		{[]string{"play", "--ruleset", "atic"}, exitUsage, "did you mean attic?"},
	} {
		var out bytes.Buffer
		code := run(tc.args, &out, &out)
		if code != tc.code || !strings.Contains(out.String(), tc.want) {
			t.Errorf("pref %v: exit %d, want %d and %q in:\n%s", tc.args, code, tc.code, tc.want, out.String())
		}
	}
}

// pref analyse solves the Kovalevskaya misère: the third hand leads and
// the declarer cannot escape a trick.
func TestAnalyseKovalevskaya(t *testing.T) {
	args := []string{"analyse", "--ruleset", "sochi", "--contract", "misere", "--declarer", "Anton", "--lead", "Charlotte",
		"--hand", "Anton=7S 8S 9S 10S 8C 7D 8D 9D 8H 9H", "--hand", "Brigitte=KS AS 10C JC QC AD 10H QH KH AH",
		"--hand", "Charlotte=JS,QS,7C,9C,10D,JD,QD,KD,7H,JH"}
	var out bytes.Buffer
	if code := run(append(args, "--json"), &out, &out); code != exitOK || !strings.Contains(out.String(), `{"declarer_tricks":1}`) {
		t.Fatalf("exit %d: %s", code, out.String())
	}
	out.Reset()
	bad := append(slices.Clone(args[:len(args)-1]), "Charlotte=JS QS 7C 9C 10D JD QD KD 7H AH")
	if code := run(bad, &out, &out); code != exitUsage || !strings.Contains(out.String(), "AH is in two hands") {
		t.Errorf("a card in two hands: exit %d: %s", code, out.String())
	}
}

// pref analyse solves the all-pass game for the player counted, the
// talon's card opening the first trick: at a table of three it only fixes
// the suit (Charlotte's KS takes it, then her 10H the second: 2 tricks);
// where the dealer sits out it competes (the talon's AS takes the first
// trick, Anton keeps the lead: 1). A record's all-pass deal is analysed
// trick by trick for every player.
func TestAnalyseAllPass(t *testing.T) {
	args := []string{"analyse", "--ruleset", "sochi", "--contract", "all-pass", "--declarer", "Charlotte", "--lead", "Anton",
		"--hand", "Anton=7S 8H", "--hand", "Brigitte=QS 9H", "--hand", "Charlotte=KS 10H", "--talon", "AS", "--json"}
	for _, tc := range []struct {
		extra []string
		want  string
	}{{nil, `{"declarer_tricks":2}`}, {[]string{"--dealer-sits-out"}, `{"declarer_tricks":1}`}} {
		var out bytes.Buffer
		if code := run(append(slices.Clone(args), tc.extra...), &out, &out); code != exitOK || strings.TrimSpace(out.String()) != tc.want {
			t.Errorf("%v: exit %d: %s, want %s", tc.extra, code, out.String(), tc.want)
		}
	}
	var out bytes.Buffer
	if code := run([]string{"analyse", "../../conformance/sochi/record-all-pass-game.yaml"}, &out, &out); code != exitOK ||
		!strings.Contains(out.String(), "the fewest tricks each can hold themselves to") || !strings.Contains(out.String(), "after trick 10: ") {
		t.Errorf("the all-pass record: exit %d:\n%s", code, out.String())
	}
	for _, bad := range []struct{ talon, want string }{
		{"KS", "KS is in a hand and in the talon"},
		{"AD AH 7C", "--talon: 3 cards; the talon of sochi holds 2"},
	} {
		out.Reset()
		if code := run(append(slices.Clone(args[:len(args)-3]), "--talon", bad.talon), &out, &out); code != exitUsage || !strings.Contains(out.String(), bad.want) {
			t.Errorf("--talon %s: exit %d: %s", bad.talon, code, out.String())
		}
	}
}

// pref analyse RECORD --json: each deal's best play as play began and after
// every trick, by name, and the first card that cost a trick, as the text
// says them (Anton's diamonds: 7 from the start, KD to trick 2 costs one;
// the passed-out deal: every player's count after each of the ten tricks).
func TestAnalyseRecordJSON(t *testing.T) {
	type deal struct {
		Deal      int              `json:"deal"`
		Contract  string           `json:"contract"`
		Declarer  string           `json:"declarer"`
		Best      []map[string]int `json:"best"`
		FirstCost *struct {
			Trick         int
			Seat, Card    string
			Before, After int
		} `json:"first_cost"`
	}
	read := func(path string) []deal {
		var out bytes.Buffer
		if code := run([]string{"analyse", path, "--json"}, &out, &out); code != exitOK {
			t.Fatalf("%s: exit %d: %s", path, code, out.String())
		}
		var v struct{ Deals []deal }
		if err := json.Unmarshal(out.Bytes(), &v); err != nil {
			t.Fatalf("%s: %v\\n%s", path, err, out.String())
		}
		return v.Deals
	}
	d := read("../../conformance/austrian-1829/record-anton-diamonds.yaml")
	if len(d) != 1 || d[0].Declarer != "Anton" || d[0].Contract != "diamonds" || len(d[0].Best) != 11 || d[0].Best[0]["Anton"] != 7 || d[0].Best[2]["Anton"] != 6 ||
		d[0].FirstCost == nil || d[0].FirstCost.Trick != 2 || d[0].FirstCost.Card != "KD" || d[0].FirstCost.Before != 7 || d[0].FirstCost.After != 6 {
		t.Errorf("Anton's diamonds: %+v", d)
	}
	p := read("../../conformance/sochi/record-all-pass-game.yaml")
	if len(p) != 1 || p[0].Declarer != "" || p[0].Contract != "all-pass" || len(p[0].Best) != 11 || len(p[0].Best[0]) != 3 || p[0].Best[0]["Charlotte"] != 4 {
		t.Errorf("the passed-out deal: %+v", p)
	}
}

// pref analyse --trick: a position in the middle of a trick. In the
// Kovalevskaya misère Charlotte's JH lets Anton escape and her 10D catches
// him, as the values of her cards say; Anton is then the one to play, his
// cards valued; a trick card still in a hand, or a trick already full, is
// refused.
func TestAnalyseMidTrick(t *testing.T) {
	base := []string{"analyse", "--ruleset", "sochi", "--contract", "misere", "--declarer", "Anton", "--lead", "Charlotte",
		"--hand", "Anton=7S 8S 9S 10S 8C 7D 8D 9D 8H 9H", "--hand", "Brigitte=KS AS 10C JC QC AD 10H QH KH AH"}
	for _, tc := range []struct {
		charlotte, trick, want string
		code                   int
	}{
		{"JS QS 7C 9C 10D JD QD KD 7H", "JH", `{"declarer_tricks":0,"cards":{"8H":0,"9H":0}}`, exitOK},
		{"JS QS 7C 9C JD QD KD 7H JH", "10D", `{"declarer_tricks":1,"cards":{"7D":1,"8D":1,"9D":1}}`, exitOK},
		{"JS QS 7C 9C 10D JD QD KD 7H JH", "JH", "JH is in a hand and in the trick", exitUsage},
		{"JS QS 7C 9C 10D JD QD KD 7H", "JH 9H 10H", "3 cards complete the trick", exitUsage},
	} {
		var out bytes.Buffer
		args := append(slices.Clone(base), "--hand", "Charlotte="+tc.charlotte, "--trick", tc.trick, "--cards", "--json")
		if code := run(args, &out, &out); code != tc.code || !strings.Contains(out.String(), tc.want) {
			t.Errorf("--trick %s: exit %d: %s, want %s", tc.trick, code, out.String(), tc.want)
		}
	}
	var out bytes.Buffer
	run(append(slices.Clone(base), "--hand", "Charlotte=JS QS 7C 9C 10D JD QD KD 7H", "--trick", "JH"), &out, &out)
	if want := "Charlotte led, the trick holds JH, Anton to play. With best play by both sides Anton takes 0 tricks of 10."; !strings.Contains(out.String(), want) {
		t.Errorf("%s\nwant %s", out.String(), want)
	}
}

// pref analyse --line: a line of best play to the end. In the small
// all-pass ending the talon's AS opens the first trick and Charlotte's KS
// takes it, then her 10H the second: her two tricks, card by card. In the
// Kovalevskaya misère the line has ten tricks, every card once.
func TestAnalyseLine(t *testing.T) {
	var out bytes.Buffer
	args := []string{"analyse", "--ruleset", "sochi", "--contract", "all-pass", "--declarer", "Charlotte", "--lead", "Anton",
		"--hand", "Anton=7S 8H", "--hand", "Brigitte=QS 9H", "--hand", "Charlotte=KS 10H", "--talon", "AS", "--line", "--json"}
	want := `{"declarer_tricks":2,"line":[{"trick":1,"seat":"Anton","card":"7S","talon":"AS"},{"trick":1,"seat":"Brigitte","card":"QS","talon":"AS"},` +
		`{"trick":1,"seat":"Charlotte","card":"KS","talon":"AS"},{"trick":2,"seat":"Charlotte","card":"10H"},{"trick":2,"seat":"Anton","card":"8H"},{"trick":2,"seat":"Brigitte","card":"9H"}]}`
	if code := run(args, &out, &out); code != exitOK || strings.TrimSpace(out.String()) != want {
		t.Errorf("exit %d:\n%s\nwant\n%s", code, out.String(), want)
	}
	out.Reset()
	run([]string{"analyse", "--ruleset", "sochi", "--contract", "misere", "--declarer", "Anton", "--lead", "Charlotte",
		"--hand", "Anton=7S 8S 9S 10S 8C 7D 8D 9D 8H 9H", "--hand", "Brigitte=KS AS 10C JC QC AD 10H QH KH AH",
		"--hand", "Charlotte=JS QS 7C 9C 10D JD QD KD 7H JH", "--line"}, &out, &out)
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 12 || lines[1] != "A line of best play:" || !strings.HasPrefix(strings.TrimSpace(lines[11]), "10. ") {
		t.Fatalf("%q", lines)
	}
	seen := map[string]bool{}
	for _, l := range lines[2:] {
		for _, part := range strings.Split(strings.SplitN(strings.TrimSpace(l), ". ", 2)[1], ", ") {
			if seen[part] {
				t.Errorf("%s twice", part)
			}
			seen[part] = true
		}
	}
	if len(seen) != 30 {
		t.Errorf("%d cards in the line, want 30", len(seen))
	}
}
