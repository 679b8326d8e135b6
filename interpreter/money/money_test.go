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
