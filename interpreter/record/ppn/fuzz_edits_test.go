package ppn

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/preference-rules/pref/interpreter/record"
)

// The structured fuzz input of FuzzImport: a few bytes choosing edits to a
// valid PPN game (a tag's value changed, a bid, card or trick token
// replaced, deleted, doubled or swapped, a number changed, a card moved
// from one hand to another, a deal record dropped or written twice), so
// that most inputs are games the parser accepts and the importer refuses
// deep in its rules or imports with differences, not texts refused at the
// first bracket; and the input stays a few bytes long, so the fuzzer's
// minimisation of an interesting one takes milliseconds.

// A ppnText is a PPN text cut into tokens and the separators between them.
type ppnText []segment

// A segment is a token (a run of characters between separators) or a
// separator; a token's class says where it stands (a tag's name, a tag's
// value, or the field of a deal record), so that a replacement is taken
// from the same place in another game and is mostly one the parser
// accepts there.
type segment struct {
	text  string
	class string // "" for a separator
	item  int    // which bracketed item it belongs to, -1 outside
}

const ppnSeparators = " \n\t[],:\""

// cut splits a PPN text (comments already gone) into segments.
func cut(text string) ppnText {
	var out ppnText
	items, item, field, kind := 0, -1, 0, ""
	for i := 0; i < len(text); {
		if strings.IndexByte(ppnSeparators, text[i]) >= 0 {
			c := text[i]
			switch {
			case c == '[':
				item, field, kind = items, 0, ""
				items++
			case c == ' ' && kind != "" && i > 0 && text[i-1] != ' ':
				field++
			}
			out = append(out, segment{text: text[i : i+1], item: item})
			if c == ']' {
				item = -1 // the text after it stands outside any item
			}
			i++
			continue
		}
		j := i
		for j < len(text) && strings.IndexByte(ppnSeparators, text[j]) < 0 {
			j++
		}
		tok := text[i:j]
		switch {
		case kind == "" && tok[0] >= '0' && tok[0] <= '9':
			kind = "deal"
		case kind == "":
			kind = "tag " + tok
		}
		class := fmt.Sprintf("%s field %d", kind, field)
		if kind != "deal" {
			class = kind
			if field > 0 {
				class += " value"
			}
		}
		out = append(out, segment{text: tok, class: class, item: item})
		i = j
	}
	return out
}

func (s segment) tagName() bool {
	return strings.HasPrefix(s.class, "tag ") && !strings.HasSuffix(s.class, " value")
}

func (p ppnText) String() string {
	var b strings.Builder
	for _, s := range p {
		b.WriteString(s.text)
	}
	return b.String()
}

// tokens are the indices of p's tokens but tags' names: a tag renamed is
// a tag missing, the importer's first refusal (dropOrDouble drops tags).
func (p ppnText) tokens() []int {
	var out []int
	for i, s := range p {
		if s.class != "" && !s.tagName() {
			out = append(out, i)
		}
	}
	return out
}

// A ppnDict is, for each class of token, the tokens written there in the
// bases, each once.
type ppnDict map[string][]string

func learnPPN(bases []ppnText) ppnDict {
	d := ppnDict{}
	seen := map[string]bool{}
	for _, b := range bases {
		for _, s := range b {
			if s.class != "" && !seen[s.class+"\x00"+s.text] {
				seen[s.class+"\x00"+s.text] = true
				d[s.class] = append(d[s.class], s.text)
			}
		}
	}
	return d
}

// ppnValues replace a token from anywhere: numbers at and beyond the
// edges the importer checks, the words of the bid, contract, kontra and
// summary fields, and names a pref record must refuse or quote.
var ppnValues = []string{
	"0", "1", "-1", "2", "3", "4", "5", "6", "7", "8", "10", "11", "60", "999999999", "1000000000",
	"9223372036854775807", "99999999999999999999", "-9223372036854775808",
	"P", "G", "X", "XX", "-", "M", "F", "L", "R", "I", "K", "S", "M0", "F1", "I2", "K3", "2G", "6", "7G",
	"123", "132", "321", "111", "1234", "12", "WVOMGA9742URQNJHE651TSLIFDCB83KP",
	"Anton", "a b", "#x", "é", "pass", "bula", "must-head=true", "no-subkontra=true", "igra-unnamed=true",
	"preferans=true", "refe=2", "x=1", "last-hand-scaled=1",
}

// ppnCards are the card codes and the letters of the bid, contract and
// summary fields: a character of a token is changed to one of them.
const ppnCards = "12345678-9ABCDEFGHIJKLMNOPQRSTUVWXPG0"

// ppnOps is the number of kinds of edit.
const ppnOps = 10

// mutatePPN returns base with the edits data chooses, four bytes each:
// the kind, where (two bytes: a token, and with what is left over a second
// choice), and a value.
func mutatePPN(base ppnText, dict ppnDict, data []byte) []byte {
	p := append(ppnText(nil), base...)
	for ; len(data) >= 4; data = data[4:] {
		p = p.edit(dict, data[0], int(data[1])<<8|int(data[2]), data[3])
	}
	return []byte(p.String())
}

func (p ppnText) edit(dict ppnDict, op byte, where int, value byte) ppnText {
	toks := p.tokens()
	if len(toks) == 0 {
		return p
	}
	k := toks[where%len(toks)]
	s := &p[k]
	switch op % ppnOps {
	case 5: // a token goes, and with an odd value the separator after it
		end := k + 1
		if value%2 == 1 && end < len(p) && p[end].class == "" {
			end++
		}
		return append(p[:k:k], p[end:]...)
	case 6: // a token is written twice, within its field (a deal record's fields are counted)
		sep := segment{text: ",", item: s.item}
		if k+1 < len(p) && p[k+1].class == "" && strings.Contains(",:", p[k+1].text) {
			sep = p[k+1]
		}
		return append(p[:k+1:k+1], append(ppnText{sep, *s}, p[k+1:]...)...)
	case 7: // two tokens of the same class change places (two tricks, two bids, two deals' cards)
		var same []int
		for _, i := range toks {
			if p[i].class == s.class {
				same = append(same, i)
			}
		}
		j := same[int(value)%len(same)]
		p[k].text, p[j].text = p[j].text, p[k].text
	case 8: // the token's item (a tag pair, a deal record) goes, or with an odd value is written twice
		return p.dropOrDouble(s.item, value%2 == 1)
	default:
		s.text = changeToken(*s, dict, op%ppnOps, value, where/len(toks))
	}
	return p
}

// changeToken is s's text changed by edit op (0 to 4, or 9) with value,
// and rest a second choice.
func changeToken(s segment, dict ppnDict, op, value byte, rest int) string {
	if s.text == "" {
		op = 0 // an earlier edit emptied the token: it takes a value
	}
	b := []byte(s.text)
	switch op {
	case 2: // a number changes
		return changeNumber(s.text, value)
	case 3: // a character becomes another: a card, a bid, a winner
		b[int(value)%len(b)] = ppnCards[rest%len(ppnCards)]
		return string(b)
	case 4: // two characters change places: a card moves to another hand or trick
		i, j := int(value)%len(b), rest%len(b)
		b[i], b[j] = b[j], b[i]
		return string(b)
	}
	// the commonest edit: a value written in the same place elsewhere, or an edge value
	if same := dict[s.class]; value < 200 && len(same) > 0 {
		return same[int(value)%len(same)]
	}
	return ppnValues[int(value)%len(ppnValues)]
}

// changeNumber adds to the last number in a token (the 8 of M8 or of
// -8), multiplies or negates it; a token with no digit loses its last
// character.
func changeNumber(tok string, value byte) string {
	end := len(tok)
	for end > 0 && (tok[end-1] < '0' || tok[end-1] > '9') {
		end--
	}
	if end == 0 {
		return tok[:len(tok)-1]
	}
	start := end
	for start > 0 && tok[start-1] >= '0' && tok[start-1] <= '9' {
		start--
	}
	if start > 0 && tok[start-1] == '-' {
		start--
	}
	n, err := strconv.ParseInt(tok[start:end], 10, 64)
	if err != nil {
		n = 1 << 62 // beyond int64: written smaller, still beyond every bound
	}
	switch value % 6 {
	case 0:
		n++
	case 1:
		n--
	case 2:
		n = -n
	case 3:
		n *= 10
	case 4:
		n += int64(value) << 24
	default:
		n = 0
	}
	return tok[:start] + strconv.FormatInt(n, 10) + tok[end:]
}

// dropOrDouble removes the bracketed item (and the line it ends), or
// writes it again after itself.
func (p ppnText) dropOrDouble(item int, double bool) ppnText {
	if item < 0 {
		return p
	}
	first, last := -1, -1
	for i, s := range p {
		if s.item == item {
			if first < 0 {
				first = i
			}
			last = i
		}
	}
	if last+1 < len(p) && p[last+1].text == "\n" {
		last++
	}
	if !double {
		return append(p[:first:first], p[last+1:]...)
	}
	twin := append(ppnText(nil), p[first:last+1]...)
	return append(p[:last+1:last+1], append(twin, p[last+1:]...)...)
}

// fuzzBases are the games FuzzImport edits: the tests' own deals (one
// under refa), and single deals of computer players' sessions, one of each
// kind PPN encodes (igra, betl, sans, nobody or one coming, invit and each
// kontra), and one with pref's options tag. Each is short: an import
// costs about a millisecond a deal.
func fuzzBases(t testing.TB) []ppnText {
	texts := []string{
		header + deal4alone,
		header + allPass1 + allPass2 + deal3,
		"[Bula 60]\n[Refe 2]\n[Player1 \"cope x\"]\n[Player2 \"a: b\"]\n[Player3 \"#c\"]\n" + allPass1,
	}
	r, err := Ruleset()
	if err != nil {
		t.Fatal(err)
	}
	// Options that set no fields: with one that does (must-head) the
	// ruleset is compiled again for each import, at five to ten times an
	// import's cost; the edits still reach them (ppnValues).
	opts := map[string]any{"free-when-beaten": true, "defence-together": true}
	withOpts, err := r.With(opts)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for seed := range uint64(60) {
		rr, o := r, map[string]any(nil)
		if seed%5 == 4 {
			rr, o = withOpts, opts
		}
		rec := session(t, rr, o, 1, seed)
		f, err := FromRecord(rec, rr)
		if errors.Is(err, ErrCannotWrite) {
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		kind := dealKind(&f.Deals[0])
		if o != nil {
			kind = "options" // one game with pref's options tag
		}
		if !seen[kind] {
			seen[kind] = true
			texts = append(texts, string(f.Format()))
		}
	}
	var bases []ppnText
	for _, text := range texts {
		if _, err := Import([]byte(text), nil); err != nil {
			t.Fatalf("a base does not import: %v\n%s", err, text)
		}
		bases = append(bases, cut(text))
	}
	return bases
}

// dealKind names what a deal shows of PPN's fields.
func dealKind(d *Deal) string {
	if !d.Declared {
		return "all pass"
	}
	return fmt.Sprintf("%d %v %d %c", d.Contract.Number, d.Contract.Game, min(d.Accepted, 4), d.Kontra.Kind)
}

// checkEdited is checkInput for FuzzImport, whose inputs are near a valid
// game: the same promises, with the text parsed once (Import is Parse then
// ImportFile) and the record written read back once per distinct YAML
// (record.Parse is a function of the text alone, and edits that change
// only what PPN states beside the cards give the same record).
func checkEdited(t *testing.T, data []byte, readBack map[string]bool) {
	f, err := Parse(data)
	if err != nil {
		checkError(t, err)
		return
	}
	checkFormat(t, f)
	im, err := ImportFile(f, nil)
	if err != nil {
		checkError(t, err)
		return
	}
	yml, err := record.Marshal(im.Record)
	if err != nil {
		t.Fatal(err)
	}
	if readBack[string(yml)] {
		return
	}
	checkReadBack(t, im, yml)
	if len(readBack) < 10000 {
		readBack[string(yml)] = true
	}
}

// editedGames are n games of bases with one to three random edits each,
// seeded.
func editedGames(bases []ppnText, dict ppnDict, n int, seed uint64) [][]byte {
	rng := rand.New(rand.NewPCG(seed, seed))
	out := make([][]byte, n)
	for i := range out {
		edits := make([]byte, 4*(1+rng.IntN(3)))
		for j := range edits {
			edits[j] = byte(rng.IntN(256))
		}
		out[i] = mutatePPN(bases[rng.IntN(len(bases))], dict, edits)
	}
	return out
}

// TestEditedGames is FuzzImport's deterministic cousin, run with every go
// test: edited games checked as the fuzz target checks them. Most must
// still parse, and many reach the rules (imported, or refused by them):
// else the edits test nothing but the parser's first refusals.
func TestEditedGames(t *testing.T) {
	bases := fuzzBases(t)
	dict := learnPPN(bases)
	n := 800
	if testing.Short() {
		n = 200
	}
	readBack := map[string]bool{}
	parsed, rules, imported := 0, 0, 0
	for _, text := range editedGames(bases, dict, n, 14) {
		if _, err := Parse(text); err == nil {
			parsed++
		}
		_, err := Import(text, nil)
		var pe *Error
		switch {
		case err == nil:
			imported++
		case errors.As(err, &pe) && pe.Rules:
			rules++
		}
		checkEdited(t, text, readBack)
	}
	t.Logf("%d edited games: %d parse, %d refused by the rules, %d import", n, parsed, rules, imported)
	// measured: 49% parse, 18% refused by the rules, 21% import (of
	// single edits, 67% parse)
	if parsed < n*4/10 || rules+imported < n*3/10 {
		t.Errorf("of %d edited games %d parse, %d reach the rules, %d import: the edits do not reach the importer", n, parsed, rules, imported)
	}
}

// BenchmarkFuzzImport runs FuzzImport's body over a fixed set of edited
// games, for its cost per execution and a profile (go test -fuzz cannot
// write one): go test -run XXX -bench FuzzImport -cpuprofile cpu.out.
func BenchmarkFuzzImport(b *testing.B) {
	bases := fuzzBases(b)
	dict := learnPPN(bases)
	inputs := editedGames(bases, dict, 1000, 24)
	t := &testing.T{}
	readBack := map[string]bool{}
	i := 0
	for b.Loop() {
		checkEdited(t, inputs[i%len(inputs)], readBack)
		i++
	}
}
