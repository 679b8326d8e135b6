package settle_test

import (
	"math"
	"testing"

	"github.com/preference-rules/pref/internal/ledgercheck"
	"github.com/preference-rules/pref/interpreter/deal"
	"github.com/preference-rules/pref/interpreter/money"
	"github.com/preference-rules/pref/interpreter/settle"
	"github.com/preference-rules/pref/rulesets"
)

// bytesReader hands out fuzz bytes as small numbers, zero when used up.
type bytesReader struct {
	b []byte
	i int
}

func (r *bytesReader) next() int {
	if r.i >= len(r.b) {
		return 0
	}
	r.i++
	return int(r.b[r.i-1])
}

// FuzzSettleAnyOutcome: any outcome of any embedded ruleset, with any pot,
// run, markings and trick counts (huge and negative ones included), is
// either refused with an error or settled into a ledger whose every total
// can be computed: never a panic, a negative payment or unbalanced money.
func FuzzSettleAnyOutcome(f *testing.F) {
	f.Add(uint8(1), []byte{0, 1, 1, 2, 6, 2, 2}, "30", int64(0), int64(0))
	f.Add(uint8(11), []byte{255, 0, 0, 0, 5, 3, 2}, "0", int64(62), int64(0))
	f.Add(uint8(2), []byte{0, 2, 1, 1, 6, 2, 2}, "9223372036854775807", int64(0), int64(math.MaxInt64))
	f.Add(uint8(4), []byte{1, 5, 1, 2, 0, 10, 0}, "-9223372036854775808/1", int64(-1), int64(math.MinInt64))
	f.Add(uint8(12), []byte{0, 0, 0, 0, 0, 0, 0, 4, 4, 4, 4}, "9.300000001", int64(1000), int64(6148914691236517206))
	names := rulesets.Names()
	f.Fuzz(func(t *testing.T, which uint8, data []byte, pot string, run, wild int64) {
		r, err := rulesets.Open(names[int(which)%len(names)])
		if err != nil {
			t.Fatal(err)
		}
		in := &bytesReader{b: data}
		n := r.Hands + in.next()%2
		if n > r.TableMax {
			n = r.TableMax
		}
		o := &deal.Outcome{
			Seats:    []string{"A", "B", "C", "D"}[:n],
			Dealer:   in.next() % n,
			Declarer: in.next()%(n+1) - 1,
			Contract: in.next()%(len(r.Contracts)+1) - 1,
			Defence:  make([]deal.Choice, n),
			Tricks:   make([]int, n),
		}
		flags := in.next()
		o.Hand, o.Forced, o.Conceded, o.Open = flags&1 != 0, flags&2 != 0, flags&4 != 0, flags&8 != 0
		for i := range n {
			o.Tricks[i] = in.next() % (r.HandSize + 2)
			o.Defence[i] = deal.Choice(in.next() % 5)
		}
		if k := in.next(); k < n {
			o.Tricks[k] = int(wild) // a huge or negative count
		}
		if in.next()%2 == 1 {
			o.Doubled = make([]int, n)
			for i := range n {
				o.Doubled[i] = in.next() % 3
			}
		}
		if in.next()%2 == 1 {
			o.Marks = make([]int, n)
			for i := range n {
				o.Marks[i] = in.next() - 8
			}
		}
		o.Run = in.next() % (r.HandSize + 1)
		o.AllPassRun = int(run)
		o.MarksGiven = in.next() - 2
		o.TalonTricks = in.next() % 3
		o.PotBid = in.next()
		if p, err := money.Parse(pot); err == nil {
			o.Pot = p
		}
		l, err := settle.New(r).Settle(o, true)
		if err != nil {
			return
		}
		if err := ledgercheck.Nets(l); err != nil {
			t.Fatal(err)
		}
		for _, tr := range l.Transfers {
			if tr.Amount.Sign() <= 0 {
				t.Fatalf("a payment of %v (%s)", tr.Amount, tr.Rule)
			}
		}
		_ = l.SheetNet()
		_ = settle.SortedPairs(l.PairNet())
	})
}
