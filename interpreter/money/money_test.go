package money

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"
)

func TestArithmeticAgainstBigRat(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	small := func() Amount { return Frac(r.Int64N(2001)-1000, r.Int64N(99)+1) }
	rat := func(a Amount) *big.Rat { return big.NewRat(a.Num(), a.Den()) }
	for i := 0; i < 20000; i++ {
		a, b := small(), small()
		check := func(op string, got Amount, want *big.Rat) {
			if rat(got).Cmp(want) != 0 {
				t.Fatalf("%v %s %v = %v, want %v", a, op, b, got, want.RatString())
			}
		}
		check("+", a.Add(b), new(big.Rat).Add(rat(a), rat(b)))
		check("-", a.Sub(b), new(big.Rat).Sub(rat(a), rat(b)))
		check("*", a.Mul(b), new(big.Rat).Mul(rat(a), rat(b)))
		if !b.IsZero() {
			check("/", a.Div(b), new(big.Rat).Quo(rat(a), rat(b)))
		}
		if a.Cmp(b) != rat(a).Cmp(rat(b)) {
			t.Fatalf("Cmp(%v, %v) wrong", a, b)
		}
	}
}

func TestStringParseRoundTrip(t *testing.T) {
	cases := map[string]Amount{
		"0": {}, "12": Int(12), "-3": Int(-3), "5.5": Frac(11, 2),
		"0.25": Frac(1, 4), "-1.2": Frac(-6, 5), "10/3": Frac(10, 3),
	}
	for s, want := range cases {
		if got := want.String(); got != s {
			t.Errorf("String(%v/%v) = %q, want %q", want.Num(), want.Den(), got, s)
		}
		got, err := Parse(s)
		if err != nil || !got.Equal(want) {
			t.Errorf("Parse(%q) = %v, %v", s, got, err)
		}
	}
	if got, _ := Parse("11/2"); got.String() != "5.5" {
		t.Errorf("11/2 prints as %s", got)
	}
	for _, bad := range []string{"", "x", "1/0", "1.", "1.2.3", "--1"} {
		if _, err := Parse(bad); err == nil {
			t.Errorf("Parse(%q) accepted", bad)
		}
	}
}

func TestOverflowIsCaught(t *testing.T) {
	f := func() (err error) {
		defer Catch(&err)
		Int(math.MaxInt64).Add(Int(1))
		return nil
	}
	if err := f(); err == nil {
		t.Fatal("overflow not reported")
	}
	g := func() (err error) {
		defer Catch(&err)
		Int(1 << 40).Mul(Int(1 << 40))
		return nil
	}
	if err := g(); err == nil {
		t.Fatal("multiplication overflow not reported")
	}
}

func BenchmarkAddMul(b *testing.B) {
	x, y := Frac(7, 10), Frac(3, 4)
	for i := 0; i < b.N; i++ {
		x = x.Add(y).Mul(Frac(1, 1))
		if x.Cmp(Int(1000)) > 0 {
			x = Frac(7, 10)
		}
	}
}

// Every amount prints as a string Parse reads back as the same amount,
// including the extremes (the 9.300000001 printed as -9.14...).
func TestStringParseRoundTripAnyAmount(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	pow := func(b int64, n int) int64 {
		out := int64(1)
		for range n {
			out *= b
		}
		return out
	}
	var amounts []Amount
	for _, n := range []int64{0, 1, -1, 7, math.MaxInt64, -math.MaxInt64, 9300000001, -9300000001} {
		for _, d := range []int64{1, 2, 3, 10, 1000000000, pow(2, 62), pow(5, 27), pow(2, 18) * pow(5, 3), pow(10, 18), math.MaxInt64} {
			amounts = append(amounts, Frac(n, d))
		}
	}
	for range 100000 {
		n := r.Int64() >> r.IntN(63)
		if r.IntN(2) == 0 {
			n = -n
		}
		d := pow(2, r.IntN(40)) * pow(5, r.IntN(20))
		if d <= 0 {
			d = 1
		}
		if r.IntN(4) == 0 {
			d = r.Int64N(math.MaxInt64) + 1
		}
		amounts = append(amounts, Frac(n, d))
	}
	for _, a := range amounts {
		s := a.String()
		back, err := Parse(s)
		if err != nil {
			t.Fatalf("%d/%d prints %q, which Parse refuses: %v", a.Num(), a.Den(), s, err)
		}
		if back != a {
			t.Fatalf("%d/%d prints %q, which reads back as %d/%d", a.Num(), a.Den(), s, back.Num(), back.Den())
		}
	}
	if got := Frac(9300000001, 1000000000).String(); got != "9.300000001" {
		t.Errorf("9.300000001 prints %q", got)
	}
}

func TestParseRefusesWhatCannotBeHeld(t *testing.T) {
	for _, s := range []string{"-9223372036854775808", "-9223372036854775808/1", "1/-9223372036854775808",
		"9223372036854775808", "-9223372036854775808.0", "1/0", "", "1.", "x", "1.+5"} {
		if a, err := Parse(s); err == nil {
			t.Errorf("Parse(%q) = %v, want an error", s, a)
		}
	}
}

func TestCmpNeverOverflows(t *testing.T) {
	big, small := Int(math.MaxInt64), Int(-math.MaxInt64)
	if small.Cmp(big) != -1 || big.Cmp(small) != 1 || big.Cmp(big) != 0 {
		t.Error("Cmp at the extremes")
	}
	if Frac(math.MaxInt64, 3).Cmp(Frac(math.MaxInt64-1, 3)) != 1 {
		t.Error("Cmp of close large fractions")
	}
	if Frac(-1, math.MaxInt64).Cmp(Frac(-1, math.MaxInt64-1)) != 1 {
		t.Error("Cmp of close small negative fractions")
	}
}

func TestCheckInput(t *testing.T) {
	for s, ok := range map[string]bool{"1000000000000": true, "-1000000000000": true, "1000000000001": false,
		"-1000000000000.5": false, "0.000001": true, "0.0000001": false, "9223372036854775807": false, "1/3": true} {
		a, err := Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		if got := CheckInput(a) == nil; got != ok {
			t.Errorf("CheckInput(%s) ok = %v, want %v", s, got, ok)
		}
	}
}

func FuzzParseString(f *testing.F) {
	for _, s := range []string{"0", "12", "-3", "5.5", "11/2", "9.300000001", "-9223372036854775808/1", "1/3", " 7 ", "0.000000000000001"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		a, err := Parse(s)
		if err != nil {
			return
		}
		back, err := Parse(a.String())
		if err != nil || back != a {
			t.Fatalf("Parse(%q) = %d/%d prints %q, reads back as %v (%v)", s, a.Num(), a.Den(), a.String(), back, err)
		}
		_ = CheckInput(a)
		_ = a.Cmp(Int(1))
	})
}

func FuzzArithmetic(f *testing.F) {
	f.Add(int64(1), int64(2), int64(3), int64(4))
	f.Add(int64(math.MaxInt64), int64(1), int64(math.MaxInt64), int64(3))
	f.Add(int64(math.MinInt64), int64(1), int64(-1), int64(1))
	f.Fuzz(func(t *testing.T, an, ad, bn, bd int64) {
		if ad == 0 || bd == 0 || an == math.MinInt64 || ad == math.MinInt64 || bn == math.MinInt64 || bd == math.MinInt64 {
			return
		}
		a, b := Frac(an, ad), Frac(bn, bd)
		ra, rb := big.NewRat(a.Num(), a.Den()), big.NewRat(b.Num(), b.Den())
		check := func(op string, f func() Amount, want *big.Rat) {
			var got Amount
			var err error
			func() {
				defer Catch(&err)
				got = f()
			}()
			// An overflow error is allowed (an intermediate product may not
			// fit where the result would); a wrong value never is.
			if err == nil && big.NewRat(got.Num(), got.Den()).Cmp(want) != 0 {
				t.Fatalf("%v %s %v = %v, want %v", a, op, b, got, want.RatString())
			}
		}
		check("+", func() Amount { return a.Add(b) }, new(big.Rat).Add(ra, rb))
		check("-", func() Amount { return a.Sub(b) }, new(big.Rat).Sub(ra, rb))
		check("*", func() Amount { return a.Mul(b) }, new(big.Rat).Mul(ra, rb))
		if !b.IsZero() {
			check("/", func() Amount { return a.Div(b) }, new(big.Rat).Quo(ra, rb))
		}
		if a.Cmp(b) != ra.Cmp(rb) {
			t.Fatalf("Cmp(%v, %v) = %d, want %d", a, b, a.Cmp(b), ra.Cmp(rb))
		}
	})
}
