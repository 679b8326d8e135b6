package web

import (
	"strconv"
	"strings"

	"github.com/preference-rules/pref/internal/app"
)

// sheetView is the score sheet drawn as players draw it: a row per player,
// his own accounts (pool, mountain; bule), the accounts he keeps against
// each other player (whists, supe), the markings (refe), what closing the
// sheet now would give; for a ruleset that moves money, the balances and
// the pot. The figures are the session's table's (app.SheetOf), never
// settled again here.
type sheetView struct {
	*app.SheetFigures
	Caption string
	You     string // the person's name: his row is marked "(you)"
}

// Drawn reports whether there is a sheet or a pot to draw at all.
func (v *sheetView) Drawn() bool {
	return v != nil && (len(v.Accounts) > 0 || len(v.PairAccounts) > 0 || v.Money)
}

// Others is how many players each pair account has a column for.
func (v *sheetView) Others() int { return len(v.Players) }

// sheet is the table's sheet as it stands, nil when it cannot be drawn
// (the session's error says why).
func (w *webTable) sheet() *sheetView {
	f, err := w.sess.Sheet()
	if err != nil {
		return nil
	}
	v := &sheetView{SheetFigures: f, You: w.you}
	switch {
	case f.Closed:
		v.Caption = "The score sheet: the game is over"
	case f.Deals == 0:
		v.Caption = "The score sheet: nothing booked yet"
	case f.Deals == 1:
		v.Caption = "The score sheet after 1 deal"
	default:
		v.Caption = "The score sheet after " + strconv.Itoa(f.Deals) + " deals"
	}
	if len(f.Accounts) == 0 && len(f.PairAccounts) == 0 {
		v.Caption = "The pot and the balances" + v.Caption[len("The score sheet"):]
	}
	return v
}

// dropStatusLine is the panel's lines without the status's one-line sheet
// (or pot and balances), when the sheet is drawn below them.
func (v *sheetView) dropStatusLine(panel []string) []string {
	n := len(panel)
	if n > 0 && v.Drawn() && (strings.HasPrefix(panel[n-1], "Sheet: ") || strings.HasPrefix(panel[n-1], "Pot ")) {
		return panel[:n-1]
	}
	return panel
}
