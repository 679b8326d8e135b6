package ruleset

import (
	"math"
	"math/rand/v2"

	"github.com/expr-lang/expr/vm"
	"github.com/preference-rules/pref/interpreter/money"
)

// Codes is every settlement expression of r, for the tests that run them
// both ways; FinalCodes the final's (over NewFinalFrame's frames).
func (r *Ruleset) Codes() []*Code      { return r.codes }
func (r *Ruleset) FinalCodes() []*Code { return r.finals }

// RunVM runs c on expr's machine over env, as before it was compiled.
func (c *Code) RunVM(env map[string]any) (any, error) { return vm.Run(c.Program, env) }

// RandomFrame fills a copy of the frame zero with random values: small
// numbers mostly, now and then one near the limits of 64 bits (an
// overflow must fail both ways alike), strings from words.
func RandomFrame(zero *Frame, rng *rand.Rand, words []string) *Frame {
	f := zero.clone()
	integer := func() int {
		switch rng.IntN(20) {
		case 0:
			return math.MaxInt64 - rng.IntN(3)
		case 1:
			return math.MinInt64 + rng.IntN(3)
		case 2:
			return int(MaxInt) * (1 + rng.IntN(3))
		}
		return rng.IntN(16) - 3
	}
	amount := func() money.Amount {
		switch rng.IntN(10) {
		case 0:
			return money.Frac(math.MaxInt64-int64(rng.IntN(3)), int64(1+rng.IntN(3)))
		case 1:
			return money.Frac(int64(rng.IntN(200)-100), int64(1+rng.IntN(12)))
		case 2:
			return money.Amount{} // the zero value, as a frame resets it
		}
		return money.Int(int64(rng.IntN(60) - 20))
	}
	for i := range f.ints {
		f.ints[i] = integer()
	}
	for i := range f.bools {
		f.bools[i] = rng.IntN(2) == 0
	}
	for i := range f.amounts {
		f.amounts[i] = amount()
	}
	for i := range f.strs {
		f.strs[i] = words[rng.IntN(len(words))]
	}
	for i := range f.parties {
		p := &Party{Name: words[rng.IntN(len(words))], Seat: rng.IntN(4), Tricks: rng.IntN(11),
			Played: rng.IntN(2) == 0, Dropped: rng.IntN(2) == 0, Failed: rng.IntN(2) == 0,
			Declarer: rng.IntN(2) == 0, Defender: rng.IntN(2) == 0, Dealer: rng.IntN(2) == 0,
			Pot: rng.IntN(5) == 0, Invited: rng.IntN(3) == 0, Inviter: rng.IntN(3) == 0,
			Credited: rng.IntN(11), Doubling: 1 << rng.IntN(5), Marks: rng.IntN(4), Share: rng.IntN(4),
			Short: rng.IntN(3), OwnShort: rng.IntN(3), Half: rng.IntN(4) == 0}
		if rng.IntN(10) == 0 {
			p.Tricks, p.Credited = integer(), integer()
		}
		f.parties[i] = p
	}
	return f
}
