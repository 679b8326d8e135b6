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

// Int is the amount n.
func Int(n int64) Amount { return Amount{n, 1} }

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

// Neg is -a.
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

// Cmp is -1, 0 or 1 as a <, ==, > b.
func (a Amount) Cmp(b Amount) int { return a.Sub(b).Sign() }

// Equal reports a == b.
func (a Amount) Equal(b Amount) bool { return a.Cmp(b) == 0 }

// String writes an integer as is, a fraction with a finite decimal expansion
// as a decimal ("5.5"), any other as n/d ("10/3").
func (a Amount) String() string {
	n, d := a.parts()
	if d == 1 {
		return strconv.FormatInt(n, 10)
	}
	// d has only factors 2 and 5: a finite decimal.
	k, scale := d, int64(1)
	digits := 0
	for k%2 == 0 || k%5 == 0 {
		if k%2 == 0 {
			k /= 2
		} else {
			k /= 5
		}
		scale *= 10
		digits++
		if digits > 18 {
			break
		}
	}
	if k != 1 || digits > 18 {
		return fmt.Sprintf("%d/%d", n, d)
	}
	scaled := n * (scale / d)
	sign := ""
	if scaled < 0 {
		sign, scaled = "-", -scaled
	}
	s := fmt.Sprintf("%0*d", digits+1, scaled)
	return sign + strings.TrimRight(s[:len(s)-digits]+"."+s[len(s)-digits:], "0")
}

// Parse reads "12", "-3", "5.5" or "11/2".
func Parse(s string) (Amount, error) {
	s = strings.TrimSpace(s)
	bad := fmt.Errorf("amount %q: want an integer, a decimal like 5.5 or a fraction like 11/2", s)
	if n, d, ok := strings.Cut(s, "/"); ok {
		num, err1 := strconv.ParseInt(strings.TrimSpace(n), 10, 64)
		den, err2 := strconv.ParseInt(strings.TrimSpace(d), 10, 64)
		if err1 != nil || err2 != nil || den == 0 {
			return Amount{}, bad
		}
		return norm(num, den), nil
	}
	if ip, fp, ok := strings.Cut(s, "."); ok {
		if len(fp) == 0 || len(fp) > 15 || strings.ContainsAny(fp, "+-") {
			return Amount{}, bad
		}
		whole, err1 := strconv.ParseInt(ip+fp, 10, 64)
		if err1 != nil {
			return Amount{}, bad
		}
		den := int64(1)
		for range fp {
			den *= 10
		}
		return norm(whole, den), nil
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
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
