package terminal

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"
	"github.com/preference-rules/pref/internal/app"
	"github.com/preference-rules/pref/interpreter/table"
	"github.com/preference-rules/pref/rulesets"
)

// tableScreen is the full screen of ruleset name's deal from seed, Anton
// at the table, on a terminal w x h.
func tableScreen(t *testing.T, name string, seed uint64, w, h int) *Screen {
	t.Helper()
	r, err := rulesets.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	tb, _ := table.New(r, defaultNames[:r.Hands])
	p := withLedger(&app.Printer{Ruleset: r})
	scr := NewScreen(r.Title, app.NewSession(p, tb, rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15)), 1, nil, "Anton"), p, "Anton")
	scr.Update(tea.WindowSizeMsg{Width: w, Height: h})
	return scr
}

// press sends keys by name: "enter", "home", "end", "pgup", "pgdown", or runes.
func press(m tea.Model, keys ...string) tea.Cmd {
	types := map[string]tea.KeyType{"enter": tea.KeyEnter, "home": tea.KeyHome, "end": tea.KeyEnd,
		"pgup": tea.KeyPgUp, "pgdown": tea.KeyPgDown, "right": tea.KeyRight, "left": tea.KeyLeft,
		"up": tea.KeyUp, "down": tea.KeyDown}
	var cmd tea.Cmd
	for _, k := range keys {
		msg := tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(k)}
		if ty, ok := types[k]; ok {
			msg = tea.KeyMsg{Type: ty}
		}
		_, cmd = m.Update(msg)
	}
	return cmd
}

// After q, the key that answers "stay" only stays: Enter is not also
// taken as the call under the cursor (issue 27: Anton passed).
func TestStayAfterLeaveAsksTakesNoCall(t *testing.T) {
	scr := tableScreen(t, "austrian-1829", 3, 100, 32)
	press(scr, "q")
	if !strings.Contains(scr.status, "Press q again") {
		t.Fatalf("q: status %q", scr.status)
	}
	if cmd := press(scr, "enter"); cmd != nil {
		t.Fatal("enter after q left")
	}
	if calls := len(scr.sess.Game().Calls); calls != 0 {
		t.Fatalf("enter after q (stay) was taken as a call: %d call(s) made", calls)
	}
	if scr.status != "" || scr.req == nil {
		t.Fatalf("stay: status %q, question %v", scr.status, scr.req)
	}
}

// playOut takes the advised choice until the deal is over.
func playOut(t *testing.T, scr *Screen) {
	t.Helper()
	for i := 0; !scr.done; i++ {
		if i > 300 {
			t.Fatal("the deal never ends")
		}
		press(scr, "?", "enter")
	}
}

// trickLine is a line of the trick list: "   3. Anton 7♥, ... -> Anton".
var trickLine = regexp.MustCompile(`^ *[0-9]+\. `)

// In colour the trick list's "-> winner" column stands where it stands
// without colour: the colour codes of a red card take no room (issue 27:
// they were counted as width, and a trick with a red card stood apart).
func TestTrickColumnAlignedInColour(t *testing.T) {
	before := lipgloss.ColorProfile()
	lipgloss.SetColorProfile(termenv.ANSI256) // colour, as at a terminal
	t.Cleanup(func() { lipgloss.SetColorProfile(before) })
	if !colour {
		t.Skip("NO_COLOR is set")
	}
	scr := tableScreen(t, "austrian-1829", 3, 100, 32)
	playOut(t, scr)
	columns := map[int]int{} // where "->" stands: how many trick lines put it there
	red := 0
	for _, l := range scr.Transcript() {
		plain := ansi.Strip(l)
		i := strings.Index(plain, " -> ")
		if i < 0 || !trickLine.MatchString(plain) {
			continue
		}
		if plain != l {
			red++
		}
		columns[ansi.StringWidth(plain[:i])]++
	}
	if red == 0 || len(columns) == 0 {
		t.Fatalf("no coloured trick line in the deal:\n%s", strings.Join(scr.Transcript(), "\n"))
	}
	if len(columns) != 1 {
		t.Errorf("the winner column stands at %d different places (column: lines) %v:\n%s", len(columns), columns, ansi.Strip(strings.Join(scr.Transcript(), "\n")))
	}
}

// A log scrolled back follows again once the person decides: the
// settlement is on screen at the end of the deal, not behind "(9 lines
// below)" (issue 27).
func TestLogFollowsAfterScrollingBack(t *testing.T) {
	scr := tableScreen(t, "austrian-1829", 3, 80, 24)
	press(scr, "?", "enter") // Anton's call: the auction goes on to his next decision
	press(scr, "pgup", "pgup")
	if v := scr.View(); !strings.Contains(v, "lines below") {
		t.Fatalf("PgUp did not scroll back:\n%s", ansi.Strip(v))
	}
	playOut(t, scr)
	v := ansi.Strip(scr.View())
	if strings.Contains(v, "lines below") || !strings.Contains(v, "net: ") {
		t.Fatalf("the deal is over but its settlement is not on screen:\n%s", v)
	}
}

// Home and End jump to the first and the last choice: sochi's 27 calls
// need no 26 presses of → (issue 27).
func TestHomeEndJumpInTheCallList(t *testing.T) {
	scr := tableScreen(t, "sochi", 2, 100, 32)
	n := len(scr.req.Choices)
	if n < 20 {
		t.Fatalf("want the long call list, got %d choices", n)
	}
	press(scr, "end")
	if scr.cursor != n-1 {
		t.Fatalf("End: cursor on %d (%s), want the last, %s", scr.cursor, scr.req.Choices[scr.cursor].Label, scr.req.Choices[n-1].Label)
	}
	press(scr, "home")
	if scr.cursor != 0 {
		t.Fatalf("Home: cursor on %d, want 0", scr.cursor)
	}
}

// screenLines is the screen as the terminal shows it, colour removed.
func screenLines(m tea.Model) []string {
	return strings.Split(ansi.Strip(m.View()), "\n")
}

// Once the deal is over the footer offers only what can be done: no hint,
// no taking back (issue 27).
func TestFooterAfterTheDealOffersNoHint(t *testing.T) {
	scr := tableScreen(t, "austrian-1829", 3, 100, 32)
	playOut(t, scr)
	lines := screenLines(scr)
	footer := lines[len(lines)-1]
	if strings.Contains(footer, "hint") || strings.Contains(footer, "take back") || !strings.Contains(footer, "q leave") {
		t.Fatalf("footer after the deal: %q", footer)
	}
}

// At 80 and at 60 columns every line of the table screen fits, the
// footer's keys included: nothing is cut off (issue 27: "↑/↓ scroll" was).
func TestTableScreenFitsNarrowTerminals(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {60, 20}} {
		scr := tableScreen(t, "sochi", 2, size[0], size[1])
		for step := 0; step < 3; step++ {
			lines := screenLines(scr)
			for _, l := range lines {
				if w := ansi.StringWidth(l); w > size[0] {
					t.Errorf("%dx%d: a line %d wide: %q", size[0], size[1], w, l)
				}
			}
			if all := strings.Join(lines, "\n"); !strings.Contains(all, "q leave") || !strings.Contains(all, "scroll") {
				t.Errorf("%dx%d: the footer lost its keys:\n%s", size[0], size[1], all)
			}
			press(scr, "?", "enter")
		}
	}
}
