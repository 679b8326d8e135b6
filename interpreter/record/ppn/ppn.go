package ppn

import (
	"fmt"
	"strconv"
	"strings"
)

// File is a PPN text: the info section's tags and the deals in order.
type File struct {
	Tags  []Tag
	Deals []Deal
}

// Tag is one tag pair of the info section: [Name Value].
type Tag struct {
	Name, Value string
	Line        int
}

// Tag returns the value of the tag called name and whether it is there.
func (f *File) Tag(name string) (string, bool) {
	for _, t := range f.Tags {
		if t.Name == name {
			return t.Value, true
		}
	}
	return "", false
}

// Deal is one deal record of the game section. Players are numbered 1 to
// 3 (Player1..Player3); Bids and Summary are in deal order, as Order
// lists the players (the dealer last).
type Deal struct {
	Line  int      // where its record starts
	ID    int      // field 1
	Order [3]int   // field 2: the players in the order dealt, the dealer last
	Cards [32]byte // field 3: ten cards to each in deal order, then the talon
	Bids  [3]Bid   // field 4

	// Fields 5 to 14, when somebody won the auction.
	Declared  bool
	Main      int     // field 5: the player who won the auction
	Discarded [2]byte // field 6: 'X','X' when nothing was laid aside (igra)
	Contract  Contract
	Accepted  int // field 8: 0 nobody, 1-3 that player alone, 4-9 both
	Kontra    Kontra
	Refa      int // field 10: 0, 1, or -1 when the record leaves it out (13 fields)
	Value     int
	Starts    int     // field 12: the player leading to the first trick; 0 when nobody played
	Throws    []Throw // field 13
	Summary   [3]Entry
}

// Bid is one player's highest bid: P (pass), a level 2-8, M and a level
// (moje: held the bid standing), G (igra) alone or with the game named.
type Bid struct {
	Kind  byte // 'P', 'N' (a level), 'M', 'G'
	Level int  // 2..8; 0 for P and a bare G
}

func (b Bid) String() string {
	switch b.Kind {
	case 'P':
		return "P"
	case 'N':
		return strconv.Itoa(b.Level)
	case 'G':
		if b.Level == 0 {
			return "G"
		}
	}
	return string(b.Kind) + strconv.Itoa(b.Level)
}

// Contract is field 7: a level 2-8, G for a game from the hand.
type Contract struct {
	Number int
	Game   bool
}

func (c Contract) String() string {
	if c.Game {
		return "G" + strconv.Itoa(c.Number)
	}
	return strconv.Itoa(c.Number)
}

// Kontra is field 9: 0, or I (invitation), K, R, S, M (kontra up to
// mortkontra) and the player who invited or said kontra.
type Kontra struct {
	Kind byte // '0', 'I', 'K', 'R', 'S', 'M'
	By   int
}

func (k Kontra) String() string {
	if k.Kind == '0' || k.Kind == 0 {
		return "0"
	}
	return string(k.Kind) + strconv.Itoa(k.By)
}

// level is the doubling a kontra field names: 1 kontra .. 4 mortkontra.
func (k Kontra) level() int { return strings.IndexByte("KRSM", k.Kind) + 1 }

// Throw is one trick: the cards in the order played, the leader first,
// and the player who won it.
type Throw struct {
	Cards  []byte
	Winner int
}

func (t Throw) String() string { return string(t.Cards) + strconv.Itoa(t.Winner) }

// Entry is one player's summary: 0 (no part), the main player's M<tricks>:
// <middle>, or a defender's F<tricks>:<L|R><side>[:<middle>] (the paper's
// columns: the ruleset's ppn section names the accounts they are).
type Entry struct {
	Kind      byte // '0', 'M', 'F'
	Tricks    int
	Side      byte // 'L' or 'R': the side column a defender writes in
	SideValue int  // what he writes there
	Middle    int  // the change of the middle column
	HasMiddle bool
}

func (e Entry) String() string {
	switch e.Kind {
	case 'M':
		return fmt.Sprintf("M%d:%d", e.Tricks, e.Middle)
	case 'F':
		s := fmt.Sprintf("F%d:%c%d", e.Tricks, e.Side, e.SideValue)
		if e.HasMiddle {
			s += fmt.Sprintf(":%d", e.Middle)
		}
		return s
	}
	return "0"
}

// codes are the card codes of PPN: spades 7 to ace, then diamonds, hearts
// and clubs.
const codes = "12345678" + "9ABCDEFG" + "HIJKLMNO" + "PQRSTUVW"

// suitIDs and rankNames name a code's card as pref writes it: code i is
// rank i%8 of suit i/8.
var (
	suitIDs   = [4]string{"S", "D", "H", "C"}
	rankNames = [8]string{"7", "8", "9", "10", "J", "Q", "K", "A"}
)

// cardName is the card a code stands for ("10S"), or "" for no code.
func cardName(code byte) string {
	i := strings.IndexByte(codes, code)
	if i < 0 {
		return ""
	}
	return rankNames[i%8] + suitIDs[i/8]
}

// Error is PPN refused: where (the deal and its field, or a line of the
// info section) and why. Rules reports a record that is well formed but
// that the bound ruleset's rules refuse (an auction no rule allows, a card that
// must follow suit), as against malformed text.
type Error struct {
	Deal  int // from 1; 0 outside the deals
	ID    int // the deal's id as written, when it differs from Deal
	Line  int
	Field string // "bids", "throws", "tag Bula"
	Msg   string
	Rules bool
}

func (e *Error) Error() string {
	var where []string
	if e.Deal > 0 {
		var more []string
		if e.ID != 0 && e.ID != e.Deal {
			more = append(more, fmt.Sprintf("id %d", e.ID))
		}
		if e.Line > 0 {
			more = append(more, fmt.Sprintf("line %d", e.Line))
		}
		d := fmt.Sprintf("deal %d", e.Deal)
		if len(more) > 0 {
			d += " (" + strings.Join(more, ", ") + ")"
		}
		where = append(where, d)
	} else if e.Line > 0 {
		where = append(where, fmt.Sprintf("line %d", e.Line))
	}
	if e.Field != "" {
		where = append(where, e.Field)
	}
	if len(where) == 0 {
		return e.Msg
	}
	return strings.Join(where, ", ") + ": " + e.Msg
}

// Note is something Import says about a deal: an ambiguity it resolved, or
// a difference between what PPN states and what pref's rules settle.
type Note struct {
	Deal  int // from 1; 0 for the file
	Field string
	Msg   string
}

func (n Note) String() string {
	switch {
	case n.Deal > 0 && n.Field != "":
		return fmt.Sprintf("deal %d, %s: %s", n.Deal, n.Field, n.Msg)
	case n.Deal > 0:
		return fmt.Sprintf("deal %d: %s", n.Deal, n.Msg)
	case n.Field != "":
		return n.Field + ": " + n.Msg
	}
	return n.Msg
}
