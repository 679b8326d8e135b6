package game_test

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/preference-rules/pref/internal/ledgercheck"
	"github.com/preference-rules/pref/internal/yamlmut"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/interpreter/money"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/interpreter/settle"
	"gopkg.in/yaml.v3"
)

// FuzzAnyValidRulesetPlays: every ruleset the loader accepts can be dealt,
// played and settled without a panic, with cards conserved, legal play and
// balanced settlements. A house variant must never crash the interpreter.
//
// The input is a few bytes of structural edits to a shipped ruleset (or
// the two below) and a seed (internal/yamlmut): most inputs are rulesets
// the loader accepts, each then dealt, played and settled twice. A ruleset
// is loaded from its parsed document by a ruleset.Loader, which keeps the
// programs of the expressions the edits left alone; it makes every check
// of a user's file but compiling the ruleset once more for each value of
// each option that sets fields (FuzzLoad makes that one).
//
// The schema is checked only when it matters (it is half of a load, and
// FuzzLoad fuzzes it): the ruleset is loaded without it and played; only
// if something fails (a panic, a check) is it loaded again with every
// check, and played again with t when that load accepts it. An error
// without the schema is an error with it, and on a document the schema
// accepts both loads are the same: so a failure is reported exactly when
// the full loader accepts the ruleset, as before.
func FuzzAnyValidRulesetPlays(f *testing.F) {
	_, texts := gameFuzzBases(f)
	var bases []*yaml.Node
	for _, data := range texts {
		var doc yaml.Node
		if err := yaml.Unmarshal(data, &doc); err != nil {
			f.Fatal(err)
		}
		bases = append(bases, &doc)
	}
	dict := yamlmut.Learn(bases...)
	loader := ruleset.NewLoader()
	loader.CheckOptions = false
	fast := ruleset.NewLoader()
	fast.CheckOptions, fast.SkipSchema = false, true
	for i := range bases {
		// each ruleset as it is and with one edit, each kind of edit on
		// two rulesets (see FuzzLoad)
		op := byte(i % yamlmut.Ops)
		f.Add(uint8(i), []byte{}, uint64(i))
		f.Add(uint8(i), []byte{op, byte(i), byte(op * 37), op * 11}, uint64(op))
	}
	f.Fuzz(func(t *testing.T, base uint8, edits []byte, seed uint64) {
		if len(edits) > 64 {
			return // sixteen edits: more only makes the ruleset further from valid
		}
		doc := bases[int(base)%len(bases)]
		failed := playsWithoutSchema(fast, yamlmut.Mutate(doc, dict, edits), seed)
		if failed == "" {
			return
		}
		r, err := loader.Load("fuzz.yaml", yamlmut.Mutate(doc, dict, edits))
		if err != nil {
			return // the schema refuses it: no ruleset pref would play
		}
		playAndSettle(t, r, rand.New(rand.NewPCG(seed, 1)), 2)
		t.Fatalf("loaded without the schema the ruleset failed (%s); loaded with it, it plays: the loads differ", failed)
	})
}

// readAll is the text of each file pattern matches, in the order of
// their names.
func readAll(f testing.TB, pattern string) [][]byte {
	files, _ := filepath.Glob(pattern)
	var texts [][]byte
	for _, p := range files {
		data, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		texts = append(texts, data)
	}
	return texts
}

// playsWithoutSchema loads doc with fast (a Loader with SkipSchema), deals,
// plays and settles it as the fuzz target does, and says what failed: ""
// when nothing did or the load refused it (as the full load would).
func playsWithoutSchema(fast *ruleset.Loader, doc *yaml.Node, seed uint64) (failed string) {
	defer func() {
		if v := recover(); v != nil {
			failed = fmt.Sprint(v)
		}
	}()
	r, err := fast.Load("fuzz.yaml", doc)
	if err != nil {
		return ""
	}
	playAndSettle(panicking{}, r, rand.New(rand.NewPCG(seed, 1)), 2)
	return ""
}

// fataler is what the checks of a deal need of a test: a *testing.T, or
// panicking.
type fataler interface {
	Helper()
	Fatalf(format string, args ...any)
}

// panicking stops a check at its first failure with a panic saying it,
// for playsWithoutSchema to recover.
type panicking struct{}

func (panicking) Helper() {}

func (panicking) Fatalf(format string, args ...any) { panic(fmt.Sprintf(format, args...)) }

// playAndSettle deals, plays and settles deals deals of r, checking the
// cards, the play and the balance of each settlement.
func playAndSettle(t fataler, r *ruleset.Ruleset, rng *rand.Rand, deals int) {
	t.Helper()
	g := game.New(r, bots(r.Hands))
	s := settle.New(r)
	for i := 0; i < deals; i++ {
		g.Deal(rng)
		checkDeal(t, r, g)
		if err := g.Run(); err != nil {
			t.Fatalf("deal %d: %v", i, err)
		}
		checkPlay(t, r, g)
		o := g.Outcome(names(r.Hands))
		o.Pot = money.Int(30)
		l, err := s.Settle(o, true)
		if err != nil {
			continue // a ruleset may refuse to settle (a negative amount): an error, not a crash
		}
		// The ledger re-added by name (Ledger.Balanced holds by
		// construction); a sum of the nets that does not fit 64 bits is
		// the amounts' limit, not a fault of the settlement.
		var overflow error
		checked := func() error {
			defer money.Catch(&overflow)
			return ledgercheck.Nets(l)
		}()
		if overflow == nil && checked != nil {
			t.Fatalf("deal %d: %v", i, checked)
		}
	}
}

// tinyVariant is at the edges of the format: two hands, a 12-card pack, no
// talon, a contract needing no trick.
const tinyVariant = `
name: tiny
title: Tiny
description: two players, twelve cards.
players: {hands: 2}
cards:
  suits: [{id: S, name: spades}, {id: H, name: hearts}]
  ranks: [Q, K, A, "7", "8", "9"]
deal:
  packets: [{to: hands, cards: 6}]
contracts:
  - {name: nothing, tricks: 0, exact: true, stop_when_lost: true}
  - {name: hearts, trumps: H, tricks: 4}
auction:
  ladder: [nothing, hearts]
  all_pass: {offers: [{seat: dealer, forced: true}]}
exchange: {talon: none}
defence: {choices: [play]}
play: {leader: forehand, head: must}
settlement:
  - rule: r
    when: played
    pay: [{from: defenders, to: declarer, amount: declarer.tricks + 1}]
`

// TestMutatedRulesetsNeverCrash is the fuzz target's deterministic cousin,
// run with every go test: seeded byte mutations of each shipped ruleset,
// 30 each (about 15 s of CPU over all rulesets: the suite's two minutes
// are shared with everything else; FuzzLoad and FuzzAnyValidRulesetPlays
// go deeper), or 1000 with PREF_SOAK=1 (several minutes).
// Whatever loads must deal, play and settle with the invariants; whatever
// does not load must be an error, never a panic.
func TestMutatedRulesetsNeverCrash(t *testing.T) {
	files, _ := filepath.Glob("../../rulesets/*.yaml")
	mutations := 30
	if os.Getenv("PREF_SOAK") != "" {
		mutations = 1000
	}
	const alphabet = "0123456789abcdefgh: -[]{}\n&*!'\""
	for fi, p := range files {
		t.Run(filepath.Base(p), func(t *testing.T) {
			t.Parallel() // each ruleset with its own seeded mutations
			checkMutations(t, p, rand.New(rand.NewPCG(1, uint64(fi))), mutations, alphabet)
		})
	}
}

func checkMutations(t *testing.T, p string, rng *rand.Rand, mutations int, alphabet string) {
	base, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	loaded := 0
	for i := 0; i < mutations; i++ {
		data := append([]byte(nil), base...)
		for k := 0; k < 1+rng.IntN(3); k++ {
			data[rng.IntN(len(data))] = alphabet[rng.IntN(len(alphabet))]
		}
		r, err := ruleset.Load("mutated.yaml", data)
		if err != nil {
			continue
		}
		loaded++
		g := game.New(r, bots(r.Hands))
		s := settle.New(r)
		for d := 0; d < 5; d++ {
			g.Deal(rng)
			checkDeal(t, r, g)
			if err := g.Run(); err != nil {
				t.Fatalf("%s mutated: %v\n%s", p, err, data)
			}
			checkPlay(t, r, g)
			_, _ = s.Settle(g.Outcome(names(r.Hands)), true)
		}
	}
	if loaded == 0 {
		t.Errorf("%s: no mutation loaded; the test exercises nothing", p)
	}
}

// houseSeedFiles are the merged house variants in dir in the order
// dir/seeds.txt lists them (a kept fuzz input names its base by index, so
// a new variant is listed last, wherever its name sorts).
func houseSeedFiles(f testing.TB, dir string) []string {
	data, err := os.ReadFile(filepath.Join(dir, "seeds.txt"))
	if err != nil {
		f.Fatal(err)
	}
	var files []string
	for _, name := range strings.Fields(string(data)) {
		files = append(files, filepath.Join(dir, name))
	}
	return files
}

// gameFuzzBases are the names and texts of the documents
// FuzzAnyValidRulesetPlays mutates, in the order a fuzz input names them
// by: the shipped rulesets, the test's house and tiny variants, and the
// house variants of the conformance suite merged (the rules of the lead,
// markers of named kinds: see ruleset's testBases), last, in the order of
// their seeds.txt, so that the inputs kept in testdata/fuzz keep their
// bases (TestKeptFuzzInputsKeepTheirBases).
func gameFuzzBases(f testing.TB) (names []string, texts [][]byte) {
	files, _ := filepath.Glob("../../rulesets/*.yaml")
	texts = readAll(f, "../../rulesets/*.yaml")
	for _, p := range files {
		names = append(names, filepath.Base(p))
	}
	names = append(names, "houseVariant", "tinyVariant")
	texts = append(texts, []byte(houseVariant), []byte(tinyVariant))
	for _, p := range houseSeedFiles(f, "../ruleset/testdata/house") {
		data, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		names = append(names, filepath.Base(p))
		texts = append(texts, data)
	}
	return names, texts
}

// keptInputBases is the base each fuzz input kept in
// testdata/fuzz/FuzzAnyValidRulesetPlays was found on (the file names
// its base by index into gameFuzzBases).
var keptInputBases = map[string]string{
	"21856295da51e446": "lead-house.yaml", // trumps in the talon-led all-pass game
	"227d01bb66b13205": "sochi.yaml",
	"93035c5110f335ee": "tinyVariant",
	"9ab7472245421591": "sochi.yaml",
}

// TestKeptFuzzInputsKeepTheirBases: each fuzz input kept for
// FuzzAnyValidRulesetPlays still mutates the base it was found on. A base
// added before it (a house variant whose name sorts first) would shift the
// index it names and leave the input testing another ruleset, passing
// whatever the bug it was kept for.
func TestKeptFuzzInputsKeepTheirBases(t *testing.T) {
	names, _ := gameFuzzBases(t)
	files, _ := filepath.Glob("testdata/fuzz/FuzzAnyValidRulesetPlays/*")
	if len(files) != len(keptInputBases) {
		t.Errorf("%d inputs kept, %d bases named in keptInputBases: name the base of each", len(files), len(keptInputBases))
	}
	for _, p := range files {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(string(data), "\n")
		if len(lines) < 2 || !strings.HasPrefix(lines[1], "byte(") {
			t.Fatalf("%s: not a fuzz input of a base byte", p)
		}
		lit, err := strconv.Unquote(strings.TrimSuffix(strings.TrimPrefix(lines[1], "byte("), ")"))
		if err != nil || len([]rune(lit)) != 1 {
			t.Fatalf("%s: its base %q: %v", p, lines[1], err)
		}
		b := []rune(lit)[0]
		got := names[int(b)%len(names)]
		if want := keptInputBases[filepath.Base(p)]; got != want {
			t.Errorf("%s mutates %s (base %d), not %s, the base it was kept for", filepath.Base(p), got, b, want)
		}
	}
}
