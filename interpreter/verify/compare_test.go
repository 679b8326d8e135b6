package verify

import (
	"strings"
	"testing"

	"github.com/preference-rules/pref/interpreter/money"
	"github.com/preference-rules/pref/interpreter/settle"
)

// Payments are compared pair by pair, not as "from->to" text: the payment
// pref settled (A->B to the pot) is not the one expected (A to B->pot),
// whatever the names.
func TestPaymentsComparedStructurally(t *testing.T) {
	c := Case{Seats: []string{"A", "B->pot", "A->B"}}
	c.Expect.Transfers = []TransferSpec{{From: "A", To: "B->pot", Amount: "6"}}
	got := &settle.Ledger{Seats: c.Seats, Transfers: []settle.Transfer{{From: 2, To: settle.Pot, Amount: money.Int(6)}}}
	problems := c.compare(got, nil)
	if len(problems) != 1 || !strings.Contains(problems[0], "transfers: got A->B -> pot 6; want A -> B->pot 6") {
		t.Fatalf("problems %q; want the transfers told apart", problems)
	}
}
