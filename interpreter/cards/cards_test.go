package cards

import "testing"

func piquet() *Deck {
	return &Deck{
		SuitIDs:   []string{"C", "S", "D", "H"},
		SuitNames: []string{"clubs", "spades", "diamonds", "hearts"},
		Symbols:   []string{"♣", "♠", "♦", "♥"},
		Ranks:     []string{"7", "8", "9", "10", "J", "Q", "K", "A"},
	}
}

func TestParseAndName(t *testing.T) {
	d := piquet()
	for _, name := range []string{"7C", "10D", "AH", "QS"} {
		c, err := d.Parse(name)
		if err != nil {
			t.Fatal(err)
		}
		if got := d.Name(c); got != name {
			t.Errorf("Name(Parse(%q)) = %q", name, got)
		}
	}
	for _, bad := range []string{"", "1C", "AX", "11H"} {
		if _, err := d.Parse(bad); err == nil {
			t.Errorf("Parse(%q) accepted", bad)
		}
	}
}

func TestMasks(t *testing.T) {
	d := piquet()
	if got := d.All().Count(); got != 32 {
		t.Fatalf("piquet deck has %d cards", got)
	}
	small := &Deck{SuitIDs: []string{"C", "S", "D", "H"}, Ranks: []string{"9", "10", "J", "Q", "K", "A"}}
	if got := small.All().Count(); got != 24 {
		t.Fatalf("24-card deck has %d cards", got)
	}
	tenD, _ := d.Parse("10D")
	above := Above(tenD)
	if got := d.Format(above, false); got != "AD KD QD JD" {
		t.Errorf("above 10D = %q", got)
	}
	m := above | SuitMask(0)&^Above(Make(0, 0))
	if m.Lowest() != Make(0, 0) || m.Highest() != Make(2, 7) {
		t.Errorf("lowest/highest wrong: %v %v", m.Lowest(), m.Highest())
	}
	if m.Nth(1) != Make(2, 4) {
		t.Errorf("Nth(1) = %s", d.Name(m.Nth(1)))
	}
}

// SameRank: two or more cards, all of one rank (a talon of two sevens).
func TestSameRank(t *testing.T) {
	sevenS, sevenH, eightS := Make(0, 0), Make(3, 0), Make(0, 1)
	for _, tc := range []struct {
		m    Mask
		want bool
	}{
		{0, false}, {sevenS.Bit(), false}, {sevenS.Bit() | sevenH.Bit(), true}, {sevenS.Bit() | eightS.Bit(), false},
		{sevenS.Bit() | sevenH.Bit() | eightS.Bit(), false},
	} {
		if got := tc.m.SameRank(); got != tc.want {
			t.Errorf("%b: SameRank %v, want %v", tc.m, got, tc.want)
		}
	}
}
