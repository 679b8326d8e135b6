package settle

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/preference-rules/pref/interpreter/money"
)

// overflows reports whether f stops on an overflow.
func overflows(f func()) (out bool) {
	defer func() {
		if r := recover(); r != nil {
			out = true
		}
	}()
	f()
	return false
}

// TestCheckTotalsAsNets: checkTotals, which adds up on the stack what
// Net, PairNet and SheetNet add up, stops on an overflow exactly when one
// of them would, over random ledgers with amounts near the limits.
func TestCheckTotalsAsNets(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	amount := func() money.Amount {
		switch rng.IntN(4) {
		case 0:
			return money.Int(math.MaxInt64 / int64(1+rng.IntN(3)))
		case 1:
			return money.Frac(int64(rng.IntN(100)+1), int64(rng.IntN(7)+1)).Neg()
		case 2:
			return money.Frac(math.MaxInt64/int64(2+rng.IntN(3)), int64(rng.IntN(9)+1))
		}
		return money.Int(int64(rng.IntN(50)))
	}
	seats := []string{"A", "B", "C", "D"}
	accounts := []string{"pool", "mountain", "whists"}
	overflowed, fine := 0, 0
	for range 20000 {
		n := 3 + rng.IntN(2)
		l := &Ledger{Seats: seats[:n]}
		for range rng.IntN(5) {
			from, to := rng.IntN(n+1)-1, rng.IntN(n+1)-1
			l.Transfers = append(l.Transfers, Transfer{From: from, To: to, Amount: amount()})
		}
		for range rng.IntN(5) {
			l.Sheet = append(l.Sheet, SheetEntry{Seat: rng.IntN(n), Against: rng.IntN(n+1) - 1, Account: accounts[rng.IntN(3)], Amount: amount()})
		}
		want := overflows(func() { l.Net(); l.PairNet(); l.SheetNet() })
		if got := overflows(l.checkTotals); got != want {
			t.Fatalf("checkTotals overflows: %v; Net, PairNet, SheetNet: %v\n%+v", got, want, l)
		}
		if want {
			overflowed++
		} else {
			fine++
		}
	}
	if overflowed == 0 || fine == 0 {
		t.Errorf("%d ledgers overflowed, %d did not: the test tries too little", overflowed, fine)
	}
}
