package conformance

import (
	"github.com/preference-rules/pref/interpreter/verify"

	"hash/maphash"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/preference-rules/pref/internal/ledgercheck"
	"github.com/preference-rules/pref/internal/yamlmut"
	"github.com/preference-rules/pref/interpreter/money"
	"gopkg.in/yaml.v3"
)

// The structured fuzz input of FuzzCase: a byte choosing a short valid
// case and a few bytes choosing edits to it (yamlmut: a scalar replaced by
// one written at the same path in another case or by an edge value, a list
// item deleted, doubled or swapped, a mapping's entry dropped), so that
// most inputs are cases the runner reads and checks against a ruleset, not
// texts refused at the first colon; and the input stays a few bytes long,
// so the fuzzer's minimisation of an interesting one takes milliseconds
// (whole case files as seeds: 385 executions a second, most of a short run
// spent on the baseline and on minimising inputs byte by byte).

// caseBaseFiles are the cases FuzzCase edits: short ones of each kind the
// runner checks (an outcome settled into transfers, nets, a score sheet or
// markings; a refusal; a position's legal cards; the leader; an auction's
// open calls; a score sheet closed or not; a game record), of each
// ruleset, under options that set no fields but for one position under
// must-head (the ruleset is compiled again for such an option, at five
// times a case's cost; a case that loads the runner's test ruleset from its
// file costs as much, and is left to FuzzCaseText and the tests).
var caseBaseFiles = []string{
	// outcomes
	"austrian-1829/refuse-tricks-dont-add-up.yaml",
	"austrian-1829-pot-tenth/dealer-bete-pot-30.yaml",
	"austrian-modern/multiplied-give-up-hearts.yaml",
	"austrian-modern/four-aces-without-option.yaml",
	"danube-swabian/hearts-hand-six-fails.yaml",
	"danube-swabian/contra-talon-pair.yaml",
	"simple-pot/whole-pot-fraction-free.yaml",
	"west-balkans/both-drop.yaml",
	"west-balkans/slam-lost.yaml",
	"west-balkans/refa-rounds-one-first.yaml",
	"sochi/all-pass-three-talon-trick.yaml",
	"american-1909/penalty-zero-tricks.yaml",
	"american-1909/refuse-pot-bid-hand.yaml",
	"serbian/refe-second.yaml",
	"illustrated-six-in-a-row/misere-made.yaml",
	"illustrated-six-in-a-row/refuse-impossible-run.yaml",
	"vienna-pot/praemie-won.yaml",
	"rostov/all-pass-four-talon-not-turned.yaml",
	"rostov/gentlemans-whist-open-short.yaml",
	// outcomes on a score sheet
	"leningrad/misere-made.yaml",
	"leningrad/all-pass-third.yaml",
	"serbian/nobody-comes.yaml",
	"serbian/refa-other.yaml",
	"sochi/both-pass.yaml",
	"sochi/option-all-pass-amnesty.yaml",
	// score sheets closed or not
	"sochi/not-closed.yaml",
	"serbian/not-over.yaml",
	"serbian/refe-at-zero.yaml",
	// the leader, positions
	"serbian/suit-lead.yaml",
	"american-1909/lead-whist-forehand.yaml",
	"serbian/must-head-off.yaml",
	"american-1909/whist-play.yaml",
	"austrian-modern/must-head-lead.yaml",
	// auctions
	"sochi/auction-all-pass.yaml",
	"serbian/auction-igra-wins.yaml",
	"american-1909/auction-higher-suits.yaml",
	"serbian/auction-moje.yaml",
	"sochi/auction-after-misere.yaml",
	// a game record
	"austrian-1829/record-unfinished-illegal.yaml",
}

// hostileOutcome is a case the hostile seeds below vary.
const hostileOutcome = "ruleset: austrian-1829\nseats: [Anton, Brigitte, Charlotte]\ncontract: {declarer: Anton, bid: diamonds}\ntricks: {Anton: 6, Brigitte: 2, Charlotte: 2}\nexpect:\n  net: {Anton: \"18\"}\n"

// hostileCases are cases at the edges the runner refuses or must compute
// exactly: a pot beyond exact arithmetic or int64, tricks whose sum wraps,
// a geometric progression of a long all-pass run, negative markings, two
// equal cards in a hand, accounts at int64's edge, a ruleset that is a
// device or a folder. Both targets start from them.
var hostileCases = []string{
	hostileOutcome + "pot: 9.300000001\n",
	hostileOutcome + "pot: -9223372036854775808/1\n",
	hostileOutcome + "pot: 9223372036854775807\n",
	"ruleset: austrian-1829\nseats: [Anton, Brigitte, Charlotte]\ncontract: {declarer: Anton, bid: diamonds}\ntricks: {Anton: 6148914691236517214, Brigitte: 6148914691236517206, Charlotte: 6148914691236517206}\nexpect:\n  net: {Anton: \"18\"}\n",
	"ruleset: sochi\nseats: [Anton, Brigitte, Charlotte]\ncontract: {passed: true}\nall_pass_run: 62\noptions: {geometric-progression: true, all-pass-steps: 0}\ntricks: {Anton: 5, Brigitte: 3, Charlotte: 2}\nexpect:\n  sheet: {Anton: {mountain: 1}}\n",
	"ruleset: west-balkans\nseats: [Ana, Boris, Ciril]\noptions: {refa: true}\nmarks_given: -9\nmarks: {Ana: -1}\ncontract: {passed: true}\nexpect:\n  marks: {Ana: 0}\n",
	"ruleset: american-1909\nseats: [Alice, Bob, Carol]\nposition: {contract: hearts, hand: [QH, QH, 10S], trick: [10S, JS, QS]}\nexpect: {legal: [QH]}\n",
	"ruleset: west-balkans\nseats: [Ana, Boris, Ciril]\nposition: {contract: diamonds, declarer: Ana, player: Ciril, hand: [AS, 7S, QH], trick: [9S, KS, 7S]}\nexpect: {legal: [7S], breach: {AS: 1}}\n",
	"ruleset: sochi\nseats: [Anton, Brigitte, Charlotte]\nsheet:\n  Anton: {pool: 9223372036854775807, whists: {Brigitte: -9223372036854775807}}\nexpect: {closed: true, final: {Anton: \"0\"}}\n",
	"ruleset: sochi\nauction: [pass, pass, pass, pass]\nexpect: {calls: []}\n",
	"ruleset: /dev/zero\n",
	"ruleset: .\n",
}

// caseValues replace a scalar from anywhere: numbers at and beyond the
// edges the runner checks (MaxCount, money's input limit, int64's),
// fractions and decimals, the empty string and null, names no case knows
// or that the runner's messages use (a seat called pot, or "A -> B"),
// cards, calls, and text a terminal would obey.
var caseValues = []string{
	"0", "1", "-1", "2", "10", "11", "1000", "1001", "-1000", "999999999999", "1000000000000", "-1000000000001",
	"9223372036854775807", "-9223372036854775808", "9223372036854775808", "-9223372036854775809",
	"1/3", "-2/3", "1/0", "0.1", "9.300000001", "-0.5", "1e3",
	"", "null", "true", "false",
	"Zed", "pot", "talon", "none", "Anton -> Brigitte", "->", "a: b", "#",
	"7S", "AS", "10H", "XX", "pass", "hand", "misere", "contra", "drop", "play",
	"\x1b[2J", "a\u202eb",
}

var caseEditor = yamlmut.NewEditor(caseValues)

// caseBases reads caseBaseFiles and hostileCases as documents, without
// their comments and sources (the runner reads them, but they are only
// longer text to parse), each checked to run.
func caseBases(t testing.TB) []*yaml.Node {
	texts := append([]string(nil), hostileCases...)
	for _, p := range caseBaseFiles {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		texts = append(texts, string(data))
	}
	var bases []*yaml.Node
	for i, text := range texts {
		var doc yaml.Node
		if err := yaml.Unmarshal([]byte(text), &doc); err != nil {
			t.Fatal(err)
		}
		stripCommentsAndSource(&doc)
		data, err := yaml.Marshal(&doc)
		if err != nil {
			t.Fatal(err)
		}
		// each case of the directory still passes when written back (the
		// hostile ones are refused, or fail)
		if i < len(hostileCases) {
			bases = append(bases, &doc)
			continue
		}
		if res, err := verify.RunBytes("testdata/fuzz.yaml", data); err != nil || !res.Passed() {
			t.Fatalf("base %s does not pass: %v %v\n%s", caseBaseFiles[i-len(hostileCases)], err, res.Problems, data)
		}
		bases = append(bases, &doc)
	}
	return bases
}

// stripCommentsAndSource removes n's comments and, in a mapping, a
// source: entry.
func stripCommentsAndSource(n *yaml.Node) {
	n.HeadComment, n.LineComment, n.FootComment = "", "", ""
	if n.Kind == yaml.MappingNode {
		for i := 0; i+1 < len(n.Content); i += 2 {
			if n.Content[i].Value == "source" {
				n.Content = append(n.Content[:i:i], n.Content[i+2:]...)
				i -= 2
			}
		}
	}
	for _, c := range n.Content {
		stripCommentsAndSource(c)
	}
}

// editedCase is base with edits, as text.
func editedCase(t testing.TB, base *yaml.Node, dict yamlmut.Dict, edits []byte) []byte {
	data, err := yaml.Marshal(caseEditor.Mutate(base, dict, edits))
	if err != nil {
		t.Fatal(err) // the edits only place scalars, lists and mappings a marshal writes
	}
	return data
}

// checkCase runs a case text: the runner answers with a result or an
// error, never a panic; a case that passes with a ledger settled it to
// nets that balance.
func checkCase(t testing.TB, text []byte) (verify.Result, error) {
	// In testdata, where the runner's own test rulesets are found by
	// relative path.
	res, err := verify.RunBytes("testdata/fuzz.yaml", text)
	if err != nil || !res.Passed() || res.Ledger == nil {
		return res, err
	}
	// Ledger.Balanced adds the nets in turn, and a partial sum may not
	// fit even when every net does: that is the ledger's limit, not the
	// runner's, so only a sum that fits and is not zero fails here.
	var overflow error
	balanced := func() bool {
		defer money.Catch(&overflow)
		return ledgercheck.Nets(res.Ledger) == nil
	}()
	if overflow == nil && !balanced {
		t.Fatalf("a passing case settled to a ledger that does not balance:\n%s", text)
	}
	return res, err
}

// checkedTexts are the texts FuzzCase has checked (by a 64-bit hash, up
// to a million): the runner's verdict is a function of the text alone, and
// four of five of the fuzzer's inputs are edits that give a text already
// checked (a value replaced by itself, an edit past the end of a list that
// wraps round to an edit made before, a byte the edits do not read), so
// only the edit and the marshal are made again for those. A text that
// fails is never recorded: the fuzzer stops at it, and its minimisation
// runs it again.
type checkedTexts struct {
	seed maphash.Seed
	seen map[uint64]bool
}

func newCheckedTexts() *checkedTexts {
	return &checkedTexts{seed: maphash.MakeSeed(), seen: map[uint64]bool{}}
}

// check is checkCase for a text not checked before.
func (c *checkedTexts) check(t testing.TB, text []byte) {
	h := maphash.Bytes(c.seed, text)
	if c.seen[h] {
		return
	}
	_, _ = checkCase(t, text)
	if len(c.seen) < 1<<20 {
		c.seen[h] = true
	}
}

// A caseInput is one input of FuzzCase: a base and edits.
type caseInput struct {
	base  int
	edits []byte
}

// editedInputs are n inputs of one to three random edits each, seeded.
func editedInputs(bases int, n int, seed uint64) []caseInput {
	rng := rand.New(rand.NewPCG(seed, seed))
	out := make([]caseInput, n)
	for i := range out {
		edits := make([]byte, 4*(1+rng.IntN(3)))
		for j := range edits {
			edits[j] = byte(rng.IntN(256))
		}
		out[i] = caseInput{rng.IntN(bases), edits}
	}
	return out
}

// TestEditedCases is FuzzCase's deterministic cousin, run with every go
// test: edited cases checked as the fuzz target checks them. Many must
// still reach a verdict (pass or fail against the ruleset), and some be
// refused: else the edits test nothing but the reader's first refusals, or
// nothing at all.
func TestEditedCases(t *testing.T) {
	bases := caseBases(t)
	dict := yamlmut.Learn(bases...)
	n := 600
	if testing.Short() {
		n = 150
	}
	verdicts, refusals := 0, 0
	for _, in := range editedInputs(len(bases), n, 24) {
		if _, err := checkCase(t, editedCase(t, bases[in.base], dict, in.edits)); err != nil {
			refusals++
		} else {
			verdicts++
		}
	}
	t.Logf("%d of %d edited cases reached a verdict, %d refused", verdicts, n, refusals)
	if verdicts < n/3 || refusals < n/10 {
		t.Errorf("%d of %d edited cases reached a verdict and %d were refused: the edits are too mild or too wild", verdicts, n, refusals)
	}
}

// BenchmarkEditedCases is FuzzCase's body over a fixed set of inputs, for
// profiling: go test ./conformance -run XXX -bench EditedCases -cpuprofile
// cpu.out.
func BenchmarkEditedCases(b *testing.B) {
	bases := caseBases(b)
	dict := yamlmut.Learn(bases...)
	inputs := editedInputs(len(bases), 400, 7)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		in := inputs[i%len(inputs)]
		_, _ = checkCase(b, editedCase(b, bases[in.base], dict, in.edits))
	}
}
