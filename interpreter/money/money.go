package money

import (
	"errors"
	"fmt"
	"math"
	"math/bits"
	"strconv"
	"strings"
)

// Amount is num/den with den > 0 and gcd(num, den) == 1. The zero value is 0.
type Amount struct {
	num, den int64
}

// ErrOverflow is the panic value of an operation whose result does not fit.
var ErrOverflow = errors.New("amount out of range")

// Int is the amount n. MinInt64 has no negation, so it is out of range
// like any result that does not fit.
func Int(n int64) Amount {
	if n == math.MinInt64 {
		panic(ErrOverflow)
	}
	return Amount{n, 1}
}

// MaxInput bounds every amount pref takes as input (a pot, a score-sheet
// figure) and every integer a ruleset writes: 10^12, far above any stake
// played, and far enough below 2^63 that products of two such figures in a
// settlement are caught as overflow rather than silently wrapped.
const MaxInput = 1_000_000_000_000

// MaxInputDen bounds the denominator of an input amount: a millionth of a
// unit is finer than any coin.
const MaxInputDen = 1_000_000

// CheckMagnitude refuses an amount beyond ±MaxInput, whatever its
// denominator.
func CheckMagnitude(a Amount) error {
	if a.Cmp(Int(MaxInput)) > 0 || a.Cmp(Int(-MaxInput)) < 0 {
		return fmt.Errorf("amount %v: beyond ±%d, the limit pref keeps", a, int64(MaxInput))
	}
	return nil
}

// CheckInput refuses an amount outside the input limits.
func CheckInput(a Amount) error {
	n, d := a.parts()
	if d > MaxInputDen {
		return fmt.Errorf("amount %v: finer than a millionth, the limit pref accepts", a)
	}
	if n > MaxInput*d || n < -MaxInput*d { // no overflow: d <= 10^6
		return fmt.Errorf("amount %v: beyond ±%d, the limit pref accepts", a, int64(MaxInput))
	}
	return nil
}

// Frac is n/d in lowest terms; d must not be 0.
func Frac(n, d int64) Amount {
	if d == 0 {
		panic(errors.New("division by zero"))
	}
	return norm(n, d)
}

func (a Amount) parts() (int64, int64) {
	if a.den == 0 {
		return a.num, 1
	}
	return a.num, a.den
}

// Num and Den are the numerator and (positive) denominator.
func (a Amount) Num() int64 { n, _ := a.parts(); return n }
func (a Amount) Den() int64 { _, d := a.parts(); return d }

func gcd(a, b int64) int64 {
	if a < 0 {
		a = -a
	}
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

func norm(n, d int64) Amount {
	if n == math.MinInt64 || d == math.MinInt64 {
		panic(ErrOverflow)
	}
	if d < 0 {
		n, d = -n, -d
	}
	if g := gcd(n, d); g > 1 {
		n, d = n/g, d/g
	}
	return Amount{n, d}
}

func mul(a, b int64) int64 {
	hi, lo := bits.Mul64(uint64(abs(a)), uint64(abs(b)))
	if hi != 0 || lo > math.MaxInt64 {
		panic(ErrOverflow)
	}
	if (a < 0) != (b < 0) {
		return -int64(lo)
	}
	return int64(lo)
}

func add(a, b int64) int64 {
	s := a + b
	if (a > 0 && b > 0 && s < 0) || (a < 0 && b < 0 && s >= 0) {
		panic(ErrOverflow)
	}
	return s
}

func abs(a int64) int64 {
	if a < 0 {
		if a == math.MinInt64 {
			panic(ErrOverflow)
		}
		return -a
	}
	return a
}

// Add is a + b.
func (a Amount) Add(b Amount) Amount {
	an, ad := a.parts()
	bn, bd := b.parts()
	if ad == bd {
		return norm(add(an, bn), ad)
	}
	g := gcd(ad, bd)
	return norm(add(mul(an, bd/g), mul(bn, ad/g)), mul(ad, bd/g))
}

// Neg is -a. (No Amount holds MinInt64, so this cannot overflow.)
func (a Amount) Neg() Amount { n, d := a.parts(); return Amount{-n, d} }

// Sub is a - b.
func (a Amount) Sub(b Amount) Amount { return a.Add(b.Neg()) }

// Mul is a * b.
func (a Amount) Mul(b Amount) Amount {
	an, ad := a.parts()
	bn, bd := b.parts()
	g1, g2 := gcd(an, bd), gcd(bn, ad)
	if g1 == 0 {
		g1 = 1
	}
	if g2 == 0 {
		g2 = 1
	}
	return norm(mul(an/g1, bn/g2), mul(ad/g2, bd/g1))
}

// Div is a / b; b must not be zero.
func (a Amount) Div(b Amount) Amount {
	bn, bd := b.parts()
	if bn == 0 {
		panic(errors.New("division by zero"))
	}
	return a.Mul(norm(bd, bn))
}

// Sign is -1, 0 or 1.
func (a Amount) Sign() int {
	switch {
	case a.num < 0:
		return -1
	case a.num > 0:
		return 1
	}
	return 0
}

// IsZero reports a == 0.
func (a Amount) IsZero() bool { return a.num == 0 }

// Cmp is -1, 0 or 1 as a <, ==, > b. It never overflows: the cross
// products are compared in 128 bits.
func (a Amount) Cmp(b Amount) int {
	an, ad := a.parts()
	bn, bd := b.parts()
	sa, sb := a.Sign(), b.Sign()
	if sa != sb {
		if sa < sb {
			return -1
		}
		return 1
	}
	if sa == 0 {
		return 0
	}
	// same sign: compare |an|*bd with |bn|*ad
	h1, l1 := bits.Mul64(uint64(abs(an)), uint64(bd))
	h2, l2 := bits.Mul64(uint64(abs(bn)), uint64(ad))
	c := 0
	switch {
	case h1 < h2 || (h1 == h2 && l1 < l2):
		c = -1
	case h1 > h2 || (h1 == h2 && l1 > l2):
		c = 1
	}
	return c * sa
}

// Equal reports a == b.
func (a Amount) Equal(b Amount) bool { return a.Cmp(b) == 0 }

// Signed writes the amount with its sign, as an entry on a sheet: +4, -3
// (zero as 0).
func (a Amount) Signed() string {
	if a.Sign() > 0 {
		return "+" + a.String()
	}
	return a.String()
}

// String writes an integer as is, a fraction with a finite decimal expansion
// of at most 18 places as a decimal ("5.5"), any other as n/d ("10/3").
// Parse reads back every string it writes.
func (a Amount) String() string {
	n, d := a.parts()
	if d == 1 {
		return strconv.FormatInt(n, 10)
	}
	// d = 2^twos * 5^fives (anything else: no finite decimal) needs
	// max(twos, fives) places.
	k, twos, fives := d, 0, 0
	for k%2 == 0 {
		k, twos = k/2, twos+1
	}
	for k%5 == 0 {
		k, fives = k/5, fives+1
	}
	places := max(twos, fives)
	if k != 1 || places > 18 {
		return strconv.FormatInt(n, 10) + "/" + strconv.FormatInt(d, 10)
	}
	scale := int64(1)
	for range places {
		scale *= 10
	}
	// |n| = whole*d + rem with rem < d, so rem*(scale/d) < scale <= 10^18.
	sign, un := "", n
	if n < 0 {
		sign, un = "-", -n
	}
	whole, rem := un/d, un%d
	frac := strconv.FormatInt(rem*(scale/d), 10)
	frac = strings.Repeat("0", places-len(frac)) + frac
	return sign + strconv.FormatInt(whole, 10) + "." + strings.TrimRight(frac, "0")
}

// Parse reads "12", "-3", "5.5" or "11/2".
func Parse(s string) (Amount, error) {
	s = strings.TrimSpace(s)
	bad := fmt.Errorf("amount %q: want an integer, a decimal like 5.5 or a fraction like 11/2", s)
	if n, d, ok := strings.Cut(s, "/"); ok {
		num, err1 := strconv.ParseInt(strings.TrimSpace(n), 10, 64)
		den, err2 := strconv.ParseInt(strings.TrimSpace(d), 10, 64)
		if err1 != nil || err2 != nil || den == 0 || num == math.MinInt64 || den == math.MinInt64 {
			return Amount{}, bad
		}
		return norm(num, den), nil
	}
	if ip, fp, ok := strings.Cut(s, "."); ok {
		if len(fp) == 0 || len(fp) > 18 || strings.ContainsAny(fp, "+-") {
			return Amount{}, bad
		}
		neg := strings.HasPrefix(ip, "-")
		ip = strings.TrimPrefix(strings.TrimPrefix(ip, "-"), "+")
		if ip == "" {
			ip = "0"
		}
		whole, err1 := strconv.ParseInt(ip, 10, 64)
		frac, err2 := strconv.ParseInt(fp, 10, 64)
		if err1 != nil || err2 != nil || strings.ContainsAny(ip, "+-") {
			return Amount{}, bad
		}
		den := int64(1)
		for range fp {
			den *= 10
		}
		// whole + frac/den, exactly; a sum that does not fit is refused
		var a Amount
		var err error
		func() {
			defer Catch(&err)
			a = Int(whole).Add(Frac(frac, den))
		}()
		if err != nil {
			return Amount{}, bad
		}
		if neg {
			a = a.Neg()
		}
		return a, nil
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n == math.MinInt64 {
		return Amount{}, bad
	}
	return Int(n), nil
}

// Catch turns an ErrOverflow or division-by-zero panic into an error; use as
// defer money.Catch(&err).
func Catch(err *error) {
	if r := recover(); r != nil {
		if e, ok := r.(error); ok && (errors.Is(e, ErrOverflow) || e.Error() == "division by zero") {
			*err = e
			return
		}
		panic(r)
	}
}
