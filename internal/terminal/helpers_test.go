package terminal

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/teatest"
	"github.com/preference-rules/pref/internal/app"
	"github.com/preference-rules/pref/interpreter/money"
	"github.com/preference-rules/pref/interpreter/settle"
)

// defaultNames are the players pref seats when none are named.
var defaultNames = []string{"Anton", "Brigitte", "Charlotte", "Dora"}

// updating reports -update, the flag the teatest golden files already
// define: rewrite the golden screens (then read every diff before
// committing).
func updating() bool {
	f := flag.Lookup("update")
	return f != nil && f.Value.String() == "true"
}

// withLedger gives p a plain ledger for a deal played to its settlement:
// the settlement's own words are pref settle's, tested in cmd/pref.
func withLedger(p *app.Printer) *app.Printer {
	p.PrintLedger = func(w io.Writer, l *settle.Ledger, potBefore money.Amount) error {
		_, err := fmt.Fprintf(w, "net: %v\n", l.Net())
		return err
	}
	p.PrintSheet = func(io.Writer, *settle.Ledger) {}
	return p
}

// waitFor reads the screen's output until one of the texts appears and says which.
func waitFor(t *testing.T, out io.Reader, texts ...string) string {
	t.Helper()
	found := ""
	teatest.WaitFor(t, out, func(b []byte) bool {
		for _, s := range texts {
			if bytes.Contains(b, []byte(s)) {
				found = s
				return true
			}
		}
		return false
	}, teatest.WithDuration(10*time.Second), teatest.WithCheckInterval(5*time.Millisecond))
	return found
}
