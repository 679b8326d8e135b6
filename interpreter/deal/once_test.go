package deal_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// onceRules are the rules of play that package deal holds, each with the
// expression that writes it out (as the copies it replaced wrote it) and
// one such copy, so that the pattern is known to find what it looks for.
var onceRules = []struct {
	rule, pattern, copy string
}{
	{"card c beats card w: a higher card of its suit (deal.Beats)",
		`\w+\.Rank\(\) > \w+\.Rank\(\)`,
		`if (c.Suit() == w.Suit() && c.Rank() > w.Rank()) || (c.Suit() == g.Trump && w.Suit() != g.Trump) {`},
	{"card c beats card w: a trump on another suit (deal.Beats)",
		`\.Suit\(\) == [\w.]*(?i:trump)\b.*\.Suit\(\) != [\w.]*(?i:trump)\b`,
		`case c.Suit() == w.Suit() && c.Rank() > w.Rank() || s.trump != cards.NoSuit && c.Suit() == s.trump && w.Suit() != s.trump:`},
	{"a talon card that only fixes the suit is held by the first card of its suit (deal.Takes, deal.Winner)",
		`(?i:compet).*\.Suit\(\) == [\w.]+\.Suit\(\)|\.Suit\(\) == [\w.]+\.Suit\(\).*(?i:compet)`,
		`case t.Seats[0] == TalonSeat && g.winner == t.Cards[0] && c.Suit() == g.winner.Suit() && !g.TalonCompetes():`},
	{"cooperation rule 1: no overtaking unless every legal card wins (deal.Overtakes)",
		`\b(winners|win|w) (==|!=) (legal|l)\b`,
		`if w := s.winners(st, l); w != l {`},
	{"the seats in play in a position: holding cards or played to the trick (deal.InPlay)",
		`hands\[\w+\] != 0 \|\| played\(`,
		`if st.hands[i] != 0 || played(st, i) {`},
	{"the next seat going round the table (deal.Round, deal.Seats.After)",
		`\((seat|leader) \+ (k|step)\) % |\bleader \+ g\.k\b`,
		`t := (seat + k) % s.seats`},
}

// TestEachTrickRuleWrittenOnce: each rule of a trick is written in
// package deal and nowhere else in the interpreter's code (tests aside:
// they may restate a rule to check it). A copy elsewhere is a rule that can
// drift from the one the game, the solver and the players share.
func TestEachTrickRuleWrittenOnce(t *testing.T) {
	files, err := filepath.Glob("../*/*.go")
	if err != nil {
		t.Fatal(err)
	}
	more, _ := filepath.Glob("../*/*/*.go")
	files = append(files, more...)
	for _, r := range onceRules {
		re := regexp.MustCompile(r.pattern)
		if !re.MatchString(r.copy) {
			t.Fatalf("the pattern for %q does not find the copy it was written for: %s", r.rule, r.copy)
		}
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") || filepath.Base(filepath.Dir(f)) == "deal" {
				continue
			}
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			for i, line := range strings.Split(string(data), "\n") {
				if code := withoutComment(line); re.MatchString(code) {
					t.Errorf("%s:%d: %s is written here too; call package deal instead:\n\t%s", filepath.ToSlash(f), i+1, r.rule, strings.TrimSpace(code))
				}
			}
		}
	}
}

// withoutComment is line without a trailing // comment (one outside a
// string literal, near enough for the interpreter's code).
func withoutComment(line string) string {
	for i := 0; i+1 < len(line); i++ {
		if line[i] == '/' && line[i+1] == '/' && strings.Count(line[:i], `"`)%2 == 0 && strings.Count(line[:i], "`")%2 == 0 {
			return line[:i]
		}
	}
	return line
}
