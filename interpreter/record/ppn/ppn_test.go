package ppn

import (
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/preference-rules/pref/interpreter/record"
	"github.com/preference-rules/pref/interpreter/verify"
)

const samplePath = "../../../conformance/serbian/session-refa.ppn"

func readSample(t testing.TB) string {
	t.Helper()
	data, err := os.ReadFile(samplePath)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// header is the info section of the tests' own deals.
const header = "[Bula 100]\n[Refe 2]\n[Player1 Anton]\n[Player2 Brigitte]\n[Player3 Charlotte]\n\n"

// deal3 and deal4 are the sample's played deals; with two all-pass deals
// before them each player holds refe. Alone (as deal 1) neither is under
// refa: deal3alone and deal4alone are the same deals dealt first.
const (
	allPass1   = "[1 123 WVOMGA9742URQNJHE651TSLIFDCB83KP P,P,P]\n"
	allPass2   = "[2 231 SRQPMIDA73WVOJGCB542UTNLKHFE9861 P,P,P]\n"
	deal3      = "[3 312 WTQONFEC98VUPLDBA543SRMJIG7621KH 2,P,P 3 TQ 3 2 0 1 12 3 FG2,783,OI3,E13,NJ3,C23,KM2,SW3,9R3,H63 M8:-12,0,F2:R24]\n"
	deal4alone = "[1 123 WRONMIHG61VTLFEA8752QPKJDCB943SU 2,P,P 1 61 4 2 I2 0 8 1 OLJ1,N2K1,WTP1,MA91,UVQ2,83H1,S5B1,GEC1,I741,RFD1 M9:-8,F1:L8:8,0]\n"
)

// TestSample reads the hand-written sample: every deal replays, nothing
// differs from pref's settlement, and the record is the one pref play
// wrote (the same calls, discards, defence and tricks).
func TestSample(t *testing.T) {
	im, err := Import([]byte(readSample(t)), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(im.Differences) > 0 {
		t.Fatalf("differences: %v", im.Differences)
	}
	if len(im.Notes) != 1 || !strings.Contains(im.Notes[0].Msg, "not over after these 4 deals") {
		t.Errorf("notes: %v", im.Notes)
	}
	rec := im.Record
	if strings.Join(rec.Seats, " ") != "Anton Brigitte Charlotte" || rec.Options["bula"] != 100 || rec.Options["refe"] != 2 {
		t.Errorf("seats %v, options %v", rec.Seats, rec.Options)
	}
	var acts []string
	for _, a := range rec.Deals[3].Actions {
		acts = append(acts, a.Seat+": "+a.Word)
	}
	want := "Anton: pik; Brigitte: pass; Charlotte: pass; Anton: discard QS 7S; Anton: herc; Brigitte: play; Charlotte: drop; Brigitte: invite"
	if got := strings.Join(acts, "; "); got != want {
		t.Errorf("deal 4 actions:\n got %s\nwant %s", got, want)
	}
	if rec.Deals[2].Dealer != "Brigitte" || rec.Deals[2].Hands[0].Seat != "Charlotte" || rec.Deals[2].Hands[0].Cards != "AC JC 8C AH KH KD QD 10D 7D AS" {
		t.Errorf("deal 3: %+v", rec.Deals[2])
	}
	data, err := record.Marshal(rec)
	if err != nil {
		t.Fatal(err)
	}
	res, err := verify.RunBytes("sample.yaml", data)
	if err != nil || !res.Passed() {
		t.Fatalf("pref verify: %v %v", err, res.Problems)
	}
	// written out again, it is the sample (pref lays the discard out lowest first)
	f, err := FromRecord(rec, im.Ruleset)
	if err != nil {
		t.Fatal(err)
	}
	back := string(f.Format())
	for _, line := range strings.Split(readSample(t), "\n") {
		if strings.HasPrefix(line, "[") {
			line = strings.NewReplacer(" TQ ", " QT ", " 61 ", " 16 ").Replace(line)
			if !strings.Contains(back, line+"\n") {
				t.Errorf("written again, the sample lacks %s:\n%s", line, back)
			}
		}
	}
}

// TestParse reads tags (quoted values with escapes, comments) and the
// fields of a deal, in both the 14- and the 13-field form.
func TestParse(t *testing.T) {
	text := "; a comment\n% an escape line\n[Bula 60] ; after a tag\n[Event \"Belgrade \\\"open\\\" 2008\"]\n" +
		"[3 312 WTQONFEC98VUPLDBA543SRMJIG7621KH 2,P,P 3 TQ 3 2 0 12 3 FG2,783 M8:-12,0,F2:R24]\n"
	f, err := Parse([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	if v, _ := f.Tag("Event"); v != `Belgrade "open" 2008` {
		t.Errorf("Event %q", v)
	}
	d := f.Deals[0]
	if d.ID != 3 || d.Order != [3]int{3, 1, 2} || d.Main != 3 || d.Refa != -1 || d.Value != 12 || d.Starts != 3 ||
		len(d.Throws) != 2 || d.Throws[1].Winner != 3 || d.Summary[2] != (Entry{Kind: 'F', Tricks: 2, Side: 'R', SideValue: 24}) ||
		d.Bids[0] != (Bid{Kind: 'N', Level: 2}) || d.Contract != (Contract{Number: 3}) || d.Kontra.Kind != '0' {
		t.Errorf("deal: %+v", d)
	}
	if got := string(f.Format()); !strings.Contains(got, `[Event "Belgrade \"open\" 2008"]`) || !strings.Contains(got, "3 TQ 3 2 0 12 3 FG2,783 M8") {
		t.Errorf("formatted again:\n%s", got)
	}
}

// TestMalformed: every malformed input is refused with the deal (or line)
// and the field, as malformed, not as a ruling.
func TestMalformed(t *testing.T) {
	d := func(s string) string { return header + s }
	good := strings.TrimSuffix(strings.TrimPrefix(deal4alone, "["), "]\n")
	with := func(i int, v string) string { // deal4alone with field i (0-based) replaced
		fs := strings.Fields(good)
		fs[i] = v
		return d("[" + strings.Join(fs, " ") + "]\n")
	}
	for _, c := range []struct{ text, want string }{
		{"\xff\xfe", "not UTF-8"},
		{"[Bula 100", "line 1: '[' is never closed"},
		{"Bula 100", `line 1: 'B' outside brackets`},
		{"[]", "line 1: [] holds nothing"},
		{"[Bu-la 100]", "a tag's name is letters and digits"},
		{"[Bula 100]\n[Bula 60]", "line 2, tag Bula: given twice"},
		{"[Event \"open]", "line 1: '[' is never closed"},
		{"[Event \"a\" b]", "tag Event: value \"a\" b: text after the closing quote"},
		{"[Event two words]", "a value with spaces is written in double quotes"},
		{d(allPass1) + "[Date 2008.03.08]", "tag Date: a tag pair after the deals"},
		{d("[1 123 WVOMGA9742 P,P,P P]"), "deal 1 (line 7): 5 fields; a deal record has 14"},
		{d("[x1 123 WVOMGA9742URQNJHE651TSLIFDCB83KP P,P,P]"), "line 7, tag x1: value \"123 WVOMGA9742URQNJHE651TSLIFDCB83KP P,P...\": a value with spaces"},
		{d("[0 123 WVOMGA9742URQNJHE651TSLIFDCB83KP P,P,P]"), "deal 1 (line 7), id: \"0\" is no deal number"},
		{d("[1 113 WVOMGA9742URQNJHE651TSLIFDCB83KP P,P,P]"), "deal order: \"113\""},
		{d("[1 123 WVOMGA9742URQNJHE651TSLIFDCB83K P,P,P]"), "cards: 31 characters"},
		{d("[1 123 WVOMGA9742URQNJHE651TSLIFDCB83KZ P,P,P]"), "cards: character 32, 'Z', is no card code"},
		{d("[1 123 WVOMGA9742URQNJHE651TSLIFDCB83KW P,P,P]"), "cards: AC (code W) is dealt twice, characters 1 and 32"},
		{d("[1 123 WVOMGA9742URQNJHE651TSLIFDCB83KP P,P]"), "bids: \"P,P\": want three"},
		{d("[1 123 WVOMGA9742URQNJHE651TSLIFDCB83KP P,M9,P]"), "bids: \"M9\""},
		{with(4, "4"), "main: \"4\""},
		{with(5, "6Z"), "discarded: \"6Z\""},
		{with(5, "66"), "discarded: \"66\""},
		{with(6, "G9"), "contract: \"G9\""},
		{with(7, "B"), "accepted: \"B\""},
		{with(8, "X2"), "kontra: \"X2\""},
		{with(9, "2"), "refa: \"2\""},
		{with(10, "-8"), "value: \"-8\""},
		{with(10, "9999999999"), "value: \"9999999999\""},
		{with(11, "5"), "starts: \"5\""},
		{with(12, "OLJ1,N2K"), "throws: trick 2, \"N2K\": the last character names the winner"},
		{with(12, "OLJ1,N2Z1"), "throws: trick 2, \"N2Z1\": 'Z' is no card code"},
		{with(12, "O1"), "throws: trick 1, \"O1\": want two or three card codes"},
		{with(12, strings.Repeat("OLJ1,", 10)+"OLJ1"), "throws: 11 tricks"},
		{with(13, "M9:-8,F1:L8:8"), "summary: \"M9:-8,F1:L8:8\": want three entries"},
		{with(13, "M11:-8,F1:L8:8,0"), "summary: \"M11:-8\": tricks \"11\": want 0 to 10"},
		{with(13, "M9:x,F1:L8:8,0"), "summary: \"M9:x\": middle \"x\""},
		{with(13, "M9:-8,F1:X8:8,0"), "summary: \"F1:X8:8\": side \"X8\": want L or R"},
		{with(13, "M9:-8,F1:L8:8:1,0"), "summary: \"F1:L8:8:1\": want 0, M<tricks>"},
		{with(13, "M9:-8,Q1,0"), "summary: \"Q1\": want 0"},
		{header, "no deal records"},
		{header + allPass1 + "[2 132 SRQPMIDA73WVOJGCB542UTNLKHFE9861 P,P,P]\n", "deal 2 (line 8), deal order: 132 seats the players in another order than deal 1's 123"},
		{"[Bula 100]\n[Player1 A]\n[Player2 B]\n[Player3 C]\n" + allPass1, "tag Refe: missing"},
		{"[Bula sixty]\n[Refe 2]\n[Player1 A]\n[Player2 B]\n[Player3 C]\n" + allPass1, "tag Bula: \"sixty\": want a whole number"},
		{"[Bula 100]\n[Refe 2]\n[Player1 A]\n[Player2 B]\n" + allPass1, "tag Player3: missing"},
		{"[Bula 100]\n[Refe 2]\n[Player1 A]\n[Player2 A]\n[Player3 C]\n" + allPass1, "tag Player2: \"A\" names two players"},
		{"[Bula 100]\n[Refe 2]\n[Player1 pot]\n[Player2 B]\n[Player3 C]\n" + allPass1, "tag Player1: \"pot\" cannot name a player"},
		{"[Bula 100]\n[Refe 2]\n[PrefOptions must-head=maybe]\n[Player1 A]\n[Player2 B]\n[Player3 C]\n" + allPass1, "tag PrefOptions: \"must-head=maybe\": want true or false"},
		{"[Bula 100]\n[Refe 2]\n[PrefOptions colour=red]\n[Player1 A]\n[Player2 B]\n[Player3 C]\n" + allPass1, "serbian has no such option"},
	} {
		_, err := Import([]byte(c.text), nil)
		var pe *Error
		switch {
		case err == nil:
			t.Errorf("%q: imported", c.text)
		case !errors.As(err, &pe):
			t.Errorf("%q: %v is no *Error", c.text, err)
		case pe.Rules:
			t.Errorf("%q: %v: refused as a ruling, not as malformed", c.text, err)
		case !strings.Contains(err.Error(), c.want):
			t.Errorf("%q:\n got %v\nwant %s", c.text, err, c.want)
		}
	}
}

// TestRefused: well-formed PPN that serbian's rules refuse, each with the
// deal, the field and the rule.
func TestRefused(t *testing.T) {
	good := strings.TrimSuffix(strings.TrimPrefix(deal4alone, "["), "]\n")
	with := func(kv ...string) string { // deal4alone with fields replaced: index, value, ...
		fs := strings.Fields(good)
		for i := 0; i < len(kv); i += 2 {
			k := int(kv[i][0] - 'a')
			fs[k] = kv[i+1]
		}
		return header + "[" + strings.Join(fs, " ") + "]\n"
	}
	// fields: a id, b order, c cards, d bids, e main, f discarded, g contract,
	// h accepted, i kontra, j refa, k value, l starts, m throws, n summary
	for _, c := range []struct{ text, want string }{
		{with("d", "3,P,P"), "deal 1 (line 7), bids: 3,P,P: no auction under serbian's rules gives these highest bids"},
		{with("d", "M2,P,P"), "no auction under serbian's rules"},
		{with("d", "2,3,P"), "main: 1, but the auction these bids give (Anton pik, Brigitte karo, Charlotte pass, Anton pass) is won by Brigitte"},
		{with("d", "P,P,P"), "bids: P,P,P: everybody passed, but the record goes on as if 1 (Anton) won the auction"},
		{header + "[1 123 WRONMIHG61VTLFEA8752QPKJDCB943SU 2,P,P]\n", "bids: 2,P,P: the auction (Anton pik, Brigitte pass, Charlotte pass) is won by Anton, but the record stops after the bids"},
		{with("g", "G4"), "contract: G4 cannot follow the auction these bids give"},
		{with("g", "8"), "contract: 8: serbian has no contract 8 (preferans"},
		{with("f", "XX"), "discarded: XX, but Anton took the talon (QC 10C) and lays aside two cards"},
		{with("f", "PQ"), "discarded: discard 8C 7C: Anton must lay aside 2 of the cards held"},
		{with("h", "1"), "accepted: 1 is the main player"},
		{with("i", "I3"), "kontra: I3, but 3 (Charlotte) was not asked to invite"},
		{with("i", "K3", "m", "-"), "kontra: K3, but 3 (Charlotte) was not asked for kontra"},
		{with("l", "2"), "starts: 2 (Brigitte) leads in PPN; under serbian's rules Anton leads"},
		{with("m", "OLJ2,N2K1,WTP1,MA91,UVQ2,83H1,S5B1,GEC1,I741,RFD1"), "throws, trick 1: AH JH 9H: PPN gives it to 2 (Brigitte); under serbian's rules Anton wins it (Anton wins with AH"},
		{with("m", "OLJ1,N2K1,WTP1,MA91,UVQ2,83H1,S5B1,GEC1,I741"), "throws: 9 tricks written, but the deal goes on: Anton is to play to trick 10"},
		{with("m", "OL1"), "throws, trick 1: AH JH: 2 cards, but Charlotte is still to play to it"},
		{with("m", "OLJ1,N2K1,WTP1,MA91,UVQ2,H831"), "throws: trick 6: Brigitte does not hold 7H"},
		{with("m", "-"), "throws: 0 tricks written, but the deal goes on"},
		{with("l", "0"), "starts: 0, but the deal is played and Anton leads"},
		{with("h", "0", "i", "0"), "throws: nobody came to defend, so nothing is played"},
		{header + "[1 123 WVOMGA9742URQNJHE651TSLIFDCB83KP P,P,P]\n[2 123 SRQPMIDA73WVOJGCB542UTNLKHFE9861 P,P,P]\n", "deal 2 (line 8), deal order: the deal passes to the left: Anton deals, not Charlotte"},
	} {
		_, err := Import([]byte(c.text), nil)
		var pe *Error
		switch {
		case err == nil:
			t.Errorf("%q: imported", c.text)
		case !errors.As(err, &pe):
			t.Errorf("%q: %v is no *Error", c.text, err)
		case !pe.Rules:
			t.Errorf("%q: %v: refused as malformed, not as a ruling", c.text, err)
		case !strings.Contains(err.Error(), c.want):
			t.Errorf("%q:\n got %v\nwant %s", c.text, err, c.want)
		}
	}
}

// TestDifferences: figures PPN states and pref settles otherwise are
// reported (never resolved for either), and the record still replays with
// PPN's figures in expect:, so that pref verify fails on them too.
func TestDifferences(t *testing.T) {
	text := header + strings.NewReplacer(" 0 8 1 ", " 1 10 1 ", "M9:-8,F1:L8:8,0", "M9:-10,F1:R8,0").Replace(deal4alone)
	im, err := Import([]byte(text), nil)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, d := range im.Differences {
		got = append(got, d.String())
	}
	want := []string{
		"deal 1, value: PPN writes 10; pref settles 8",
		"deal 1, refa: PPN writes 1; in pref's replay Anton holds 0 refa before this deal",
		"deal 1, summary: Anton: PPN writes M9:-10; pref settles M9:-8",
		"deal 1, summary: Brigitte: PPN writes F1:R8; pref settles F1:L8:8",
	}
	if len(got) != len(want) {
		t.Fatalf("differences:\n%s", strings.Join(got, "\n"))
	}
	for i := range want {
		if !strings.HasPrefix(got[i], want[i]) {
			t.Errorf("difference %d:\n got %s\nwant %s", i, got[i], want[i])
		}
	}
	data, err := record.Marshal(im.Record)
	if err != nil {
		t.Fatal(err)
	}
	res, err := verify.RunBytes("diff.yaml", data)
	if err != nil || res.Passed() {
		t.Fatalf("pref verify should fail on PPN's figures: %v %v", err, res.Problems)
	}
	// the results, when the game is over: a game of 2 bule that deal 3 of
	// the sample, dealt first, ends (Charlotte karo made, -6). The bule are
	// 2, 2, -4; the final score is supe net - 10 x bule: Anton -20,
	// Brigitte 12 - 20 = -8, Charlotte -12 + 40 = 28 (worked by hand).
	closed := "[Bula 2]\n[Refe 2]\n[Player1 Anton]\n[Player2 Brigitte]\n[Player3 Charlotte]\n[Result1 -20]\n[Result2 x]\n[Result3 27]\n" +
		strings.NewReplacer("[3 ", "[1 ", " 1 12 3 ", " 0 6 3 ", "M8:-12,0,F2:R24", "M8:-6,0,F2:R12").Replace(deal3)
	im, err = Import([]byte(closed), nil)
	if err != nil {
		t.Fatal(err)
	}
	got = got[:0]
	for _, d := range im.Differences {
		got = append(got, d.String())
	}
	if j := strings.Join(got, "\n"); !strings.Contains(j, "tag Result3: Charlotte: PPN writes 27; pref's final score is 28") ||
		!strings.Contains(j, `tag Result2: "x" is no number`) || strings.Contains(j, "Result1") || len(got) != 2 {
		t.Errorf("results:\n%s", j)
	}
}

// TestReadings: how the importer reads what PPN leaves open, each with a
// note: an auction rebuilt from highest bids, a bare G (igra without the
// game named), a defender's tricks given for himself, 13 fields.
func TestReadings(t *testing.T) {
	// the README's "2,G4,G": 2, igra, igra, hearts, "yours wins". In pref the
	// igra bidder names his game as he bids and a later igra must be
	// higher, so Charlotte's G is a pass. Deal 4's cards with Brigitte
	// playing herc from the hand and nobody coming.
	cards := "WRONMIHG61VTLFEA8752QPKJDCB943SU"
	text := header + "[1 123 " + cards + " 2,G4,G 2 XX G4 0 0 0 10 0 - 0,M0:-10,0]\n"
	im, err := Import([]byte(text), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(im.Differences) > 0 {
		t.Errorf("differences: %v", im.Differences)
	}
	if a := im.Record.Deals[0].Actions; len(a) < 4 || a[0].Word != "pik" || a[1].Word != "herc hand" || a[2].Word != "pass" || a[3].Word != "pass" {
		t.Errorf("auction: %v", a)
	}
	if len(im.Notes) != 1 || !strings.Contains(im.Notes[0].String(), "deal 1, bids: Charlotte's G (igra, the game not named) is written pass") {
		t.Errorf("notes: %v", im.Notes)
	}
	// a bare G that wins: the game the contract names
	text = header + "[1 123 " + cards + " P,G,P 2 XX G5 0 0 0 12 0 - 0,M10:-12,0]\n"
	if im, err = Import([]byte(text), nil); err != nil {
		t.Fatal(err)
	}
	if a := im.Record.Deals[0].Actions; a[1].Word != "tref hand" || !strings.Contains(im.Notes[0].Msg, "the game the contract names") {
		t.Errorf("auction %v, notes %v", a, im.Notes)
	}
	// moje, as the PPN README has it: M3,P,3 is 2, pass, 3, moje 3, pass
	text = header + "[1 123 " + cards + " M3,P,3 1 61 4 0 0 0 8 0 - M0:-8,0,0]\n"
	if im, err = Import([]byte(text), nil); err != nil {
		t.Fatal(err)
	}
	var words []string
	for _, a := range im.Record.Deals[0].Actions[:5] {
		words = append(words, a.Seat+" "+a.Word)
	}
	if got := strings.Join(words, ", "); got != "Anton pik, Brigitte pass, Charlotte karo, Anton karo, Charlotte pass" {
		t.Errorf("moje: %s", got)
	}
	// the inviter may give his own tricks or the pair's; 13 fields (no refa)
	for _, summary := range []string{"M9:-8,F1:L8:8,0", "M9:-8,F0:L8:8,0"} {
		text = header + strings.Replace(strings.Replace(deal4alone, " I2 0 8 ", " I2 8 ", 1), "M9:-8,F1:L8:8,0", summary, 1)
		im, err = Import([]byte(text), nil)
		if err != nil {
			t.Fatal(err)
		}
		if (summary == "M9:-8,F1:L8:8,0") != (len(im.Differences) == 0) {
			t.Errorf("%s: differences %v", summary, im.Differences)
		}
	}
}

// TestExportRefuses: what PPN has no form for is refused, naming it.
func TestExportRefuses(t *testing.T) {
	im, err := Import([]byte(readSample(t)), nil)
	if err != nil {
		t.Fatal(err)
	}
	rec := *im.Record
	rec.Deals = append([]record.Deal(nil), rec.Deals...)
	rec.Deals[3].Tricks = rec.Deals[3].Tricks[:4]
	rec.Deals[3].Claim = map[string]int{"Anton": 9, "Brigitte": 1, "Charlotte": 0}
	if _, err := FromRecord(&rec, im.Ruleset); !errors.Is(err, ErrCannotWrite) || !strings.Contains(err.Error(), "deal 4 ends in a claim") {
		t.Errorf("claim: %v", err)
	}
	rec.Deals[3].Claim = nil
	rec.Deals[3].Unfinished = true
	if _, err := FromRecord(&rec, im.Ruleset); !errors.Is(err, ErrCannotWrite) || !strings.Contains(err.Error(), "deal 4 is unfinished") {
		t.Errorf("unfinished: %v", err)
	}
	rec.Deals[3].Unfinished = false
	var step *record.StepError
	if _, err := FromRecord(&rec, im.Ruleset); !errors.As(err, &step) {
		t.Errorf("a record that stops early: %v", err)
	}
	rec.Table = &record.Table{AllPassRun: 1}
	if _, err := FromRecord(&rec, im.Ruleset); !errors.Is(err, ErrCannotWrite) {
		t.Errorf("table: %v", err)
	}
}
