package ppn

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/preference-rules/pref/internal/termtext"
)

// fieldNames are the fourteen fields of a deal record, in order.
var fieldNames = [14]string{"id", "deal order", "cards", "bids", "main", "discarded", "contract",
	"accepted", "kontra", "refa", "value", "starts", "throws", "summary"}

// The places in fieldNames of fields named apart from their parsing.
const (
	fieldKontra = 8
	fieldRefa   = 9
)

// Parse reads a PPN text: tag pairs, then deal records. Outside brackets
// only white space and comments (from ; to the end of the line, or a line
// starting with %, as in PGN) may stand. Malformed input is refused with
// an *Error naming the deal (or line) and the field.
func Parse(data []byte) (*File, error) {
	if !utf8.Valid(data) {
		return nil, &Error{Msg: "the text is not UTF-8"}
	}
	s := string(data)
	s = strings.TrimPrefix(s, "\uFEFF")
	f := &File{}
	line := 1
	lineStart := true
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '\n':
			line++
			i++
			lineStart = true
		case c == ' ' || c == '\t' || c == '\r':
			i++
		case c == ';' || (c == '%' && lineStart):
			i = lineEnd(s, i)
		case c == '[':
			start := line
			j, lines := closingBracket(s, i+1)
			line += lines
			if j >= len(s) {
				return nil, &Error{Line: start, Msg: "'[' is never closed by ']'"}
			}
			if err := f.item(s[i+1:j], start); err != nil {
				return nil, err
			}
			i = j + 1
			lineStart = false
		default:
			r, _ := utf8.DecodeRuneInString(s[i:])
			return nil, &Error{Line: line, Msg: fmt.Sprintf("%q outside brackets: a PPN text is tag pairs [Name value] and deal records [id order cards ...]; a comment starts with ;", r)}
		}
	}
	return f, nil
}

// lineEnd is where the line holding s[i] ends: its line break, or the
// end of s.
func lineEnd(s string, i int) int {
	for i < len(s) && s[i] != '\n' {
		i++
	}
	return i
}

// closingBracket is the place of the ']' that closes a bracket opened
// just before s[from] (one in double quotes does not, and \ escapes a
// character in them), or len(s); and how many line breaks lie before it.
func closingBracket(s string, from int) (j, lines int) {
	inQuote := false
	for j = from; j < len(s); j++ {
		switch {
		case s[j] == '\n':
			lines++
		case inQuote && s[j] == '\\' && j+1 < len(s) && s[j+1] != '\n':
			j++
		case s[j] == '"':
			inQuote = !inQuote
		}
		if s[j] == ']' && !inQuote {
			break
		}
	}
	return j, lines
}

// item reads what one pair of brackets holds: a deal record when it starts
// with a number, else a tag pair.
func (f *File) item(body string, line int) error {
	body = strings.TrimSpace(body)
	if body == "" {
		return &Error{Line: line, Msg: "[] holds nothing: a tag pair is [Name value], a deal record [id order cards ...]"}
	}
	if body[0] >= '0' && body[0] <= '9' {
		d, err := parseDeal(body, len(f.Deals)+1, line)
		if err != nil {
			return err
		}
		f.Deals = append(f.Deals, *d)
		return nil
	}
	return f.tag(body, line)
}

// tag reads a tag pair, [Name value], the value bare or quoted.
func (f *File) tag(body string, line int) error {
	name, value := body, ""
	if k := strings.IndexAny(body, " \t\r\n"); k >= 0 {
		name, value = body[:k], body[k+1:]
	}
	value = strings.TrimSpace(value)
	field := "tag " + name
	if !tagName(name) {
		return &Error{Line: line, Msg: fmt.Sprintf("[%s]: a tag's name is letters and digits, starting with a letter", clip(body))}
	}
	if len(f.Deals) > 0 {
		return &Error{Line: line, Field: field, Msg: "a tag pair after the deals: the info section comes first, and a PPN text holds one game"}
	}
	value, err := tagValue(value)
	if err != nil {
		return &Error{Line: line, Field: field, Msg: err.Error()}
	}
	if _, dup := f.Tag(name); dup {
		return &Error{Line: line, Field: field, Msg: "given twice"}
	}
	f.Tags = append(f.Tags, Tag{Name: name, Value: value, Line: line})
	return nil
}

// tagName reports whether name is a tag's name: letters, digits and _,
// not starting with a digit.
func tagName(name string) bool {
	for i, r := range name {
		if !(r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' || r == '_' || i > 0 && r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

// tagValue is a tag's value as written: quoted, or one word.
func tagValue(value string) (string, error) {
	if strings.HasPrefix(value, `"`) {
		v, err := unquote(value)
		if err != nil {
			return "", err
		}
		value = v
	} else if strings.ContainsAny(value, " \t\r\n\"") {
		return "", fmt.Errorf("value %q: a value with spaces is written in double quotes", clip(value))
	}
	// A tag's value is printed and written into records' comments: a
	// control character or a line break would act on the terminal or end
	// the comment.
	if err := termtext.Check("value", value, true); err != nil {
		return "", err
	}
	return value, nil
}

// unquote reads a PGN string: in double quotes, \" and \\ escaped.
func unquote(q string) (string, error) {
	var b strings.Builder
	for i := 1; i < len(q); i++ {
		switch c := q[i]; c {
		case '\\':
			if i+1 < len(q) && (q[i+1] == '"' || q[i+1] == '\\') {
				b.WriteByte(q[i+1])
				i++
				continue
			}
			return "", fmt.Errorf("value %s: only \\\" and \\\\ are escapes in a quoted value", clip(q))
		case '"':
			if i != len(q)-1 {
				return "", fmt.Errorf("value %s: text after the closing quote", clip(q))
			}
			return b.String(), nil
		case '\n', '\r':
			return "", fmt.Errorf("value %s: a quoted value stays on one line", clip(q))
		default:
			b.WriteByte(c)
		}
	}
	return "", fmt.Errorf("value %s: the quote is never closed", clip(q))
}

// clip shortens text quoted in an error.
func clip(s string) string {
	if len(s) > 40 {
		for i := 40; i > 0; i-- {
			if utf8.RuneStart(s[i]) {
				return s[:i] + "..."
			}
		}
	}
	return s
}

// parseDeal reads one deal record (the text between its brackets).
func parseDeal(body string, n, line int) (*Deal, error) {
	rec := &dealRecord{fields: strings.Fields(body), d: &Deal{Line: line, Refa: -1}, n: n, line: line}
	switch len(rec.fields) {
	case 4, 13, 14:
	default:
		return nil, rec.fail("", "%d fields; a deal record has 14 (%s), 13 without refa, 4 when everybody passed",
			len(rec.fields), strings.Join(fieldNames[:], ", "))
	}
	if err := rec.dealt(); err != nil {
		return nil, err
	}
	if len(rec.fields) == 4 {
		return rec.d, nil
	}
	rec.d.Declared = true
	for _, step := range [...]func() error{rec.declaration, rec.defence, rec.play, rec.summary} {
		if err := step(); err != nil {
			return nil, err
		}
	}
	return rec.d, nil
}

// dealRecord is a deal record's fields being read into its deal, field
// by field.
type dealRecord struct {
	fields []string
	d      *Deal
	n      int // the deal's place, from 1
	line   int
}

func (rec *dealRecord) fail(field, format string, args ...any) error {
	return &Error{Deal: rec.n, ID: rec.d.ID, Line: rec.line, Field: field, Msg: fmt.Sprintf(format, args...)}
}

// at is field k (0-based, of 14) as written, and its name: a record of
// 13 fields leaves out refa (field 9), which reads as "".
func (rec *dealRecord) at(k int) (string, string) {
	if len(rec.fields) == 13 && k >= 9 {
		if k == 9 {
			return "", fieldNames[9]
		}
		return rec.fields[k-1], fieldNames[k]
	}
	return rec.fields[k], fieldNames[k]
}

// dealt reads the fields every record has: id, deal order, cards and bids.
func (rec *dealRecord) dealt() error {
	d, fields := rec.d, rec.fields
	id, ok := number(fields[0])
	if !ok || id == 0 {
		return rec.fail("id", "%q is no deal number", clip(fields[0]))
	}
	d.ID = id
	o := fields[1]
	if len(o) != 3 || !strings.ContainsRune(o, '1') || !strings.ContainsRune(o, '2') || !strings.ContainsRune(o, '3') {
		return rec.fail("deal order", "%q: want the players 1, 2 and 3 in the order dealt, the dealer last (231)", clip(o))
	}
	for i := range 3 {
		d.Order[i] = int(o[i] - '0')
	}
	if err := parseCards(d, fields[2]); err != nil {
		return rec.fail("cards", "%v", err)
	}
	bids := strings.Split(fields[3], ",")
	if len(bids) != 3 {
		return rec.fail("bids", "%q: want three highest bids separated by commas, in deal order (M3,P,3)", clip(fields[3]))
	}
	for i, b := range bids {
		bid, ok := parseBid(b)
		if !ok {
			return rec.fail("bids", "%q: a highest bid is P, 2 to 8, M and a level (moje), G or G and a level (igra)", clip(b))
		}
		d.Bids[i] = bid
	}
	return nil
}

// declaration reads the fields main, discarded, contract and accepted.
func (rec *dealRecord) declaration() error {
	d := rec.d
	var ok bool
	v, name := rec.at(4)
	if d.Main, ok = player(v); !ok {
		return rec.fail(name, "%q: want the player who won the auction, 1, 2 or 3", clip(v))
	}
	v, name = rec.at(5)
	switch {
	case v == "XX":
		d.Discarded = [2]byte{'X', 'X'}
	case len(v) == 2 && cardName(v[0]) != "" && cardName(v[1]) != "" && v[0] != v[1]:
		d.Discarded = [2]byte{v[0], v[1]}
	default:
		return rec.fail(name, "%q: want the two cards laid aside (two card codes), or XX when the talon was not taken", clip(v))
	}
	v, name = rec.at(6)
	c, ok := parseContract(v)
	if !ok {
		return rec.fail(name, "%q: want a level 2 to 8, G before it for a game from the hand (G4)", clip(v))
	}
	d.Contract = c
	v, name = rec.at(7)
	if len(v) != 1 || v[0] < '0' || v[0] > '9' {
		return rec.fail(name, "%q: want 0 (nobody came), 1, 2 or 3 (that player alone), or 4 to 9 (both; 8 by custom)", clip(v))
	}
	d.Accepted = int(v[0] - '0')
	return nil
}

// defence reads the fields kontra and refa (when written).
func (rec *dealRecord) defence() error {
	d := rec.d
	v, name := rec.at(8)
	switch {
	case v == "0":
		d.Kontra = Kontra{Kind: '0'}
	case len(v) == 2 && strings.IndexByte("IKRSM", v[0]) >= 0 && v[1] >= '1' && v[1] <= '3':
		d.Kontra = Kontra{Kind: v[0], By: int(v[1] - '0')}
	default:
		return rec.fail(name, "%q: want 0, or I (invitation), K, R, S or M (kontra to mortkontra) and the player who began it (K2)", clip(v))
	}
	if v, name = rec.at(9); v != "" {
		switch v {
		case "0", "1":
			d.Refa = int(v[0] - '0')
		default:
			return rec.fail(name, "%q: want 0, or 1 for a deal played under the declarer's refa", clip(v))
		}
	}
	return nil
}

// play reads the fields value, starts and throws.
func (rec *dealRecord) play() error {
	d := rec.d
	var ok bool
	v, name := rec.at(10)
	if d.Value, ok = number(v); !ok {
		return rec.fail(name, "%q: want the contract's value, a whole number", clip(v))
	}
	v, name = rec.at(11)
	if v == "0" {
		d.Starts = 0
	} else if d.Starts, ok = player(v); !ok {
		return rec.fail(name, "%q: want the player who led to the first trick, 1, 2 or 3 (0 when nobody played)", clip(v))
	}
	v, name = rec.at(12)
	if v == "-" || v == "0" {
		return nil
	}
	for k, t := range strings.Split(v, ",") {
		th, err := parseThrow(t)
		if err != nil {
			return rec.fail(name, "trick %d, %q: %v", k+1, clip(t), err)
		}
		d.Throws = append(d.Throws, th)
	}
	if len(d.Throws) > 10 {
		return rec.fail(name, "%d tricks; a deal has 10", len(d.Throws))
	}
	return nil
}

// summary reads the field summary: three entries, in deal order.
func (rec *dealRecord) summary() error {
	v, name := rec.at(13)
	entries := strings.Split(v, ",")
	if len(entries) != 3 {
		return rec.fail(name, "%q: want three entries separated by commas, in deal order (M6:-20,F2:L20,F2:R20)", clip(v))
	}
	for i, e := range entries {
		en, err := parseEntry(e)
		if err != nil {
			return rec.fail(name, "%q: %v", clip(e), err)
		}
		rec.d.Summary[i] = en
	}
	return nil
}

func parseCards(d *Deal, s string) error {
	if len(s) != 32 {
		return fmt.Errorf("%d characters; a deal is 32 (ten to each player in deal order, then the two of the talon)", len(s))
	}
	seen := map[byte]int{}
	for i := range 32 {
		c := s[i]
		if cardName(c) == "" {
			return fmt.Errorf("character %d, %q, is no card code (1-8 spades, 9-G diamonds, H-O hearts, P-W clubs, each 7 to ace)", i+1, rune(c))
		}
		if j, dup := seen[c]; dup {
			return fmt.Errorf("%s (code %c) is dealt twice, characters %d and %d", cardName(c), c, j+1, i+1)
		}
		seen[c] = i
		d.Cards[i] = c
	}
	return nil
}

func parseBid(s string) (Bid, bool) {
	switch {
	case s == "P":
		return Bid{Kind: 'P'}, true
	case s == "G":
		return Bid{Kind: 'G'}, true
	case len(s) == 1 && s[0] >= '2' && s[0] <= '8':
		return Bid{Kind: 'N', Level: int(s[0] - '0')}, true
	case len(s) == 2 && (s[0] == 'M' || s[0] == 'G') && s[1] >= '2' && s[1] <= '8':
		return Bid{Kind: s[0], Level: int(s[1] - '0')}, true
	}
	return Bid{}, false
}

func parseContract(s string) (Contract, bool) {
	game := strings.HasPrefix(s, "G")
	s = strings.TrimPrefix(s, "G")
	if len(s) != 1 || s[0] < '2' || s[0] > '8' {
		return Contract{}, false
	}
	return Contract{Number: int(s[0] - '0'), Game: game}, true
}

func parseThrow(s string) (Throw, error) {
	if len(s) < 3 || len(s) > 4 {
		return Throw{}, fmt.Errorf("want two or three card codes and the winner (2A11)")
	}
	w, ok := player(s[len(s)-1:])
	if !ok {
		return Throw{}, fmt.Errorf("the last character names the winner, 1, 2 or 3")
	}
	cs := []byte(s[:len(s)-1])
	for _, c := range cs {
		if cardName(c) == "" {
			return Throw{}, fmt.Errorf("%q is no card code", rune(c))
		}
	}
	return Throw{Cards: cs, Winner: w}, nil
}

func parseEntry(s string) (Entry, error) {
	if s == "0" {
		return Entry{Kind: '0'}, nil
	}
	bad := fmt.Errorf("want 0, M<tricks>:<middle> for the main player (M6:-20) or F<tricks>:L|R<side>[:<middle>] for a defender (F1:L20:20)")
	if len(s) < 2 || (s[0] != 'M' && s[0] != 'F') {
		return Entry{}, bad
	}
	e := Entry{Kind: s[0]}
	parts := strings.Split(s[1:], ":")
	t, ok := number(parts[0])
	if !ok || t > 10 {
		return Entry{}, fmt.Errorf("tricks %q: want 0 to 10", clip(parts[0]))
	}
	e.Tricks = t
	if e.Kind == 'M' {
		if len(parts) != 2 {
			return Entry{}, bad
		}
		if e.Middle, ok = signed(parts[1]); !ok {
			return Entry{}, fmt.Errorf("middle %q: want a whole number", clip(parts[1]))
		}
		e.HasMiddle = true
		return e, nil
	}
	if len(parts) != 2 && len(parts) != 3 {
		return Entry{}, bad
	}
	p := parts[1]
	if p == "" || (p[0] != 'L' && p[0] != 'R') {
		return Entry{}, fmt.Errorf("side %q: want L or R (the column) and the amount", clip(p))
	}
	e.Side = p[0]
	if e.SideValue, ok = number(p[1:]); !ok {
		return Entry{}, fmt.Errorf("side %q: want L or R (the column) and the amount", clip(p))
	}
	if len(parts) == 3 {
		if e.Middle, ok = signed(parts[2]); !ok {
			return Entry{}, fmt.Errorf("middle %q: want a whole number", clip(parts[2]))
		}
		e.HasMiddle = true
	}
	return e, nil
}

// maxDigits bounds the figures read: PPN's values and entries are small,
// and nine digits cannot overflow an int anywhere they are added.
const maxDigits = 9

// number reads a whole number of at most maxDigits digits.
func number(s string) (int, bool) {
	if s == "" || len(s) > maxDigits {
		return 0, false
	}
	for i := range len(s) {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
	}
	n, err := strconv.Atoi(s)
	return n, err == nil
}

// signed reads a whole number with an optional sign.
func signed(s string) (int, bool) {
	switch {
	case strings.HasPrefix(s, "-"):
		n, ok := number(s[1:])
		return -n, ok
	case strings.HasPrefix(s, "+"):
		return number(s[1:])
	}
	return number(s)
}

// player reads a player number, 1 to 3.
func player(s string) (int, bool) {
	if len(s) != 1 || s[0] < '1' || s[0] > '3' {
		return 0, false
	}
	return int(s[0] - '0'), true
}
