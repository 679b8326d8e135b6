package ppn

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/preference-rules/pref/interpreter/record"
)

// checkInput is what any input must give: a record, or an *Error that
// names where (a deal or a line or a field) and why; never a panic. A
// record imported must marshal into YAML that record.Parse reads back with
// the same seats, and a text that parses must format into text that parses
// to the same.
func checkInput(t *testing.T, data []byte) {
	checkParse(t, data)
	im, err := Import(data, nil)
	if err != nil {
		checkError(t, err)
		return
	}
	yml, err := record.Marshal(im.Record)
	if err != nil {
		t.Fatal(err)
	}
	checkReadBack(t, im, yml)
}

// checkParse: a text that parses formats into text that parses to the
// same.
func checkParse(t *testing.T, data []byte) {
	if f, err := Parse(data); err == nil {
		checkFormat(t, f)
	}
}

// checkFormat: f formats into text that parses to the same.
func checkFormat(t *testing.T, f *File) {
	text := f.Format()
	again, err := Parse(text)
	if err != nil {
		t.Fatalf("formatted text does not parse: %v\n%s", err, text)
	}
	if string(again.Format()) != string(text) {
		t.Fatalf("formatting is not stable:\n%s\n%s", text, again.Format())
	}
}

// checkError: a refusal is an *Error that says where and why.
func checkError(t *testing.T, err error) {
	var pe *Error
	if !errors.As(err, &pe) {
		t.Fatalf("%v: not an *Error", err)
	}
	if pe.Msg == "" || pe.Deal == 0 && pe.Line == 0 && pe.Field == "" && !strings.Contains(pe.Msg, "UTF-8") && !strings.Contains(pe.Msg, "no deal records") {
		t.Fatalf("%q: says neither where nor why", err)
	}
}

// checkReadBack: the record written (yml, marshalled from im's record)
// reads back with the same seats.
func checkReadBack(t *testing.T, im *Imported, yml []byte) {
	back, err := record.Parse("fuzz.yaml", yml)
	if err != nil {
		t.Fatalf("the record written does not read back: %v\n%s", err, yml)
	}
	if strings.Join(back.Seats, ",") != strings.Join(im.Record.Seats, ",") {
		t.Fatalf("seats %v read back as %v", im.Record.Seats, back.Seats)
	}
}

// seeds are texts near the format: the sample, its deals alone, and
// tags the importer must refuse or carry.
func seeds(t testing.TB) []string {
	sample := readSample(t)
	return []string{
		sample,
		header + deal4alone,
		header + allPass1 + allPass2 + deal3,
		"[Bula 60]\n[Refe 2]\n[Player1 \"cope x\"]\n[Player2 \"a: b\"]\n[Player3 \"#c\"]\n" + allPass1,
		"[Bula 60]\n[Refe 2]\n[Player1 1]\n[Player2 true]\n[Player3 \"-\"]\n" + deal4alone,
		header + "[1 123 WRONMIHG61VTLFEA8752QPKJDCB943SU 2,G4,G 2 XX G4 0 0 0 10 0 - 0,M0:-10,0]\n",
		"[Bula 999999999]\n[Refe 999999999]\n[Player1 A]\n[Player2 B]\n[Player3 C]\n" + deal4alone,
		"",
		"[",
		"[1]",
		"\xff",
	}
}

// TestRandomInputs is a short seeded run of random bytes and of the seeds
// mutated byte by byte (go test -fuzz FuzzImport runs longer).
func TestRandomInputs(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 14))
	alphabet := []byte("[]\" \n;%,:-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZPMGFKIRSX")
	n := 1500
	if testing.Short() {
		n = 300
	}
	base := seeds(t)
	for i := range n {
		var data []byte
		switch i % 3 {
		case 0: // random bytes
			data = make([]byte, rng.IntN(200))
			for j := range data {
				data[j] = byte(rng.IntN(256))
			}
		default: // a seed with a few bytes changed, dropped or put in
			data = []byte(base[rng.IntN(len(base))])
			for range 1 + rng.IntN(4) {
				if len(data) == 0 {
					break
				}
				k := rng.IntN(len(data))
				switch rng.IntN(3) {
				case 0:
					data[k] = alphabet[rng.IntN(len(alphabet))]
				case 1:
					data = append(data[:k], data[k+1:]...)
				default:
					data = append(data[:k], append([]byte{alphabet[rng.IntN(len(alphabet))]}, data[k:]...)...)
				}
			}
		}
		checkInput(t, data)
	}
}

// FuzzImport: whatever the edits to a valid PPN game, Import gives a
// record or an *Error saying where and why, never a panic or a hang; a
// record imported (it was replayed through the rules and compared with
// what PPN states) marshals into YAML that reads back with the same seats,
// and a text that parses formats into text that parses to the same. The
// input is not a PPN text but a few bytes choosing a short game (fuzzBases)
// and edits to it (mutatePPN, four bytes each), so that most inputs parse
// and reach the importer's rules; FuzzImportText fuzzes the text itself.
func FuzzImport(f *testing.F) {
	bases := fuzzBases(f)
	dict := learnPPN(bases)
	for i := range bases {
		// each game as it is, and with one edit, each kind of edit on
		// several games (a seed per game and kind made the fuzzer spend
		// five of twenty seconds on its baseline)
		f.Add(uint8(i), []byte{})
		op := byte(i % ppnOps)
		f.Add(uint8(i), []byte{op, byte(i), byte(op * 37), op * 11})
	}
	readBack := map[string]bool{}
	f.Fuzz(func(t *testing.T, base uint8, edits []byte) {
		if len(edits) > 64 {
			return // sixteen edits: more only makes the game further from valid
		}
		checkEdited(t, mutatePPN(bases[int(base)%len(bases)], dict, edits), readBack)
	})
}

// FuzzImportText feeds arbitrary text to the importer, with the promises
// of checkInput: go test -fuzz FuzzImportText ./interpreter/record/ppn.
// Seeded with short texts only (the whole sample session as a seed made
// each of the fuzzer's minimisations of a new input run for a minute, at
// 4 executions a second); FuzzImport edits whole games structurally.
func FuzzImportText(f *testing.F) {
	for _, s := range seeds(f)[1:] {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		checkInput(t, data)
	})
}
