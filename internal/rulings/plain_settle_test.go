package rulings

import (
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/preference-rules/pref/interpreter/money"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/interpreter/verify"
	"github.com/preference-rules/pref/rulesets"
)

// The 1829 rules' four worked examples (003_9bb31e99ee2b6d46.txt,
// "Settling"), as pref settle says them. Hand-written from the source's
// own sentences, quoted above each.
var workedExamples = []struct {
	source    string
	seats     string
	declarer  string
	bid       string
	tricks    string
	sentences []string
}{
	{
		source:   "Anton announces Diamonds. He takes 6 tricks, Brigitte 2 and Charlotte 2. Anton draws 30 kr from the pot and pays Brigitte and Charlotte 6 each.",
		seats:    "Anton,Brigitte,Charlotte",
		declarer: "Anton", bid: "diamonds", tricks: "6,2,2",
		sentences: []string{
			"Anton needed 6 tricks in diamonds and took 6, so the game was made.",
			"Brigitte took 2 tricks and Charlotte 2.",
			"Anton draws 30 from the pot (the game's value) and pays Brigitte and Charlotte 6 each for 2 tricks at 3.",
			"Anton: +18 this deal.",
			"Brigitte: +6 this deal.",
			"Charlotte: +6 this deal.",
			"The pot: -30 this deal.",
		},
	},
	{
		source:   "Diamonds being trumps, if Anne had taken 7 tricks, Berti 2 and Carl 1, Carl would pay from his own pocket 21 kr to Anne and 6 to Berti.",
		seats:    "Anne,Berti,Carl",
		declarer: "Anne", bid: "diamonds", tricks: "7,2,1",
		sentences: []string{
			"Anne needed 6 tricks in diamonds and took 7, so the game was made with 1 trick over.",
			"Berti took 2 tricks and Carl 1.",
			"Carl needed 2 tricks and took 1 trick, so Carl failed.",
			"Carl pays Anne 21 for 7 tricks at 3 and Berti 6 for 2 tricks at 3.",
			"Anne: +21 this deal.",
			"Berti: +6 this deal.",
			"Carl: -27 this deal.",
		},
	},
	{
		source:   "Anton names Diamonds as trumps and takes 5 tricks, Brigitte 3 and Charlotte 2. Anton pays 30 kr to the pot, 9 to Brigitte and 6 to Charlotte.",
		seats:    "Anton,Brigitte,Charlotte",
		declarer: "Anton", bid: "diamonds", tricks: "5,3,2",
		sentences: []string{
			"Anton needed 6 tricks in diamonds and took 5, so the game failed by 1 trick.",
			"Brigitte took 3 tricks and Charlotte 2.",
			"Anton pays 30 into the pot (the game's value), Brigitte 9 for 3 tricks at 3 and Charlotte 6 for 2 tricks at 3.",
			"Anton: -45 this deal.",
			"Brigitte: +9 this deal.",
			"Charlotte: +6 this deal.",
			"The pot: +30 this deal.",
		},
	},
	{
		source:   "Anne announces a Préférence and takes 5 tricks, Berti 4 and Carl 1. Anne and Carl pay 40 kr to the pot and Anne pays Berti 16 kr for his 4 tricks and Carl 4 for his single trick.",
		seats:    "Anne,Berti,Carl",
		declarer: "Anne", bid: "hearts", tricks: "5,4,1",
		sentences: []string{
			"Anne needed 6 tricks in Préférence and took 5, so the game failed by 1 trick.",
			"Berti took 4 tricks and Carl 1.",
			"Carl needed 2 tricks and took 1 trick, so Carl failed too.",
			"Anne and Carl pay 40 each into the pot (the game's value).",
			"Anne pays Berti 16 for 4 tricks at 4 and Carl 4 for 1 trick at 4.",
			"Anne: -60 this deal.",
			"Berti: +16 this deal.",
			"Carl: -36 this deal.",
			"The pot: +80 this deal.",
		},
	},
}

// TestPlainWorkedExamples1829: each of the four worked examples of the
// 1829 rules is settled in sentences that say what the source says, and
// the arithmetic comes only on request, under them.
func TestPlainWorkedExamples1829(t *testing.T) {
	r, err := rulesets.Open("austrian-1829")
	if err != nil {
		t.Fatal(err)
	}
	for _, ex := range workedExamples {
		var st Statement
		st.Case.Seats = strings.Split(ex.seats, ",")
		st.Case.Contract.Declarer, st.Case.Contract.Bid = ex.declarer, ex.bid
		st.Tricks = ex.tricks
		settled, err := Settle(r, nil, st)
		if err != nil {
			t.Fatalf("%s: %v", ex.source, err)
		}
		var b strings.Builder
		if err := settled.Print(&b); err != nil {
			t.Fatal(err)
		}
		want := strings.Join(ex.sentences, "\n") + "\n"
		if b.String() != want {
			t.Errorf("the source says: %s\npref says:\n%s\nwant:\n%s", ex.source, b.String(), want)
		}
		b.Reset()
		settled.Arithmetic = true
		if err := settled.Print(&b); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(b.String(), "  "+ex.declarer+" -> ") && !strings.Contains(b.String(), "  pot -> "+ex.declarer) && !strings.Contains(b.String(), "  Carl -> ") {
			t.Errorf("%s: --arithmetic shows no payment's arithmetic:\n%s", ex.source, b.String())
		}
	}
}

// expression is what must never reach a sentence: an operator, a dotted
// name (to.credited), a name with an underscore (trick_value), a rule
// quoted, an arrow.
var expression = regexp.MustCompile(`[*=&|?<>{}]|->|\b[a-z]+\.[a-z_]+\b|\b[a-z]+_[a-z_]+\b|rule "`)

// TestPlainSettlementsAreSentences: for every outcome case of every
// ruleset, every line pref settle prints without --arithmetic (and every
// sentence of --json) is a sentence: a capital or a figure first, a full
// stop last, no expression, no internal name of a variable, no option or
// define or contract value's name, no player called "it", no "1 tricks".
func TestPlainSettlementsAreSentences(t *testing.T) {
	dirs, err := filepath.Glob(filepath.Join("..", "..", "conformance", "*"))
	if err != nil {
		t.Fatal(err)
	}
	for _, dir := range dirs {
		name := filepath.Base(dir)
		if _, err := rulesets.Open(name); err != nil {
			continue // not a ruleset's cases (testdata, oracle)
		}
		files, _ := filepath.Glob(filepath.Join(dir, "*.yaml"))
		settled := 0
		for _, file := range files {
			res, err := verify.RunFile(file)
			if err != nil || res.Ledger == nil {
				continue
			}
			settled++
			told, err := Tell(res.Ledger, money.Amount{}, nil)
			if err != nil {
				t.Errorf("%s: %v", file, err)
				continue
			}
			banned := bannedNames(res.Ledger.Told.R) // the ruleset with the case's options
			if len(told.Deal) == 0 {
				t.Errorf("%s: no sentence says what happened", file)
			}
			for _, line := range told.Lines(false) {
				if problem := notASentence(line, banned); problem != "" {
					t.Errorf("%s: %q: %s", file, line, problem)
				}
			}
		}
		if settled == 0 {
			t.Errorf("%s: no outcome case settled", name)
		}
	}
}

// internalNames are the names of r a sentence must not show: its
// options, defines and contract values (names an author gave the
// expressions) and the interpreter's variables written with an
// underscore.
func internalNames(r *ruleset.Ruleset) []string {
	var out []string
	for _, o := range r.Options {
		if _, contract := r.ContractByName(o.Name); !contract { // a contract's name is said
			out = append(out, o.Name, o.Ident)
		}
	}
	for _, d := range r.Defines {
		if strings.ContainsAny(d.Name, "_-") {
			out = append(out, d.Name)
		}
	}
	for _, v := range r.ValueNames {
		if strings.ContainsAny(v, "_-") {
			out = append(out, v)
		}
	}
	for _, v := range ruleset.Variables {
		if strings.Contains(v.Name, "_") {
			out = append(out, v.Name)
		}
	}
	return out
}

// bannedNames are internalNames as patterns that find them as words.
func bannedNames(r *ruleset.Ruleset) map[string]*regexp.Regexp {
	out := map[string]*regexp.Regexp{}
	for _, name := range internalNames(r) {
		if name == r.Marking.One || name == r.Marking.Several {
			continue // the ruleset's word for a marking (refa), which sentences say
		}
		re, ok := bannedWord.Load(name)
		if !ok { // compiled once per name: the test reads some 500 cases (CPU time)
			re, _ = bannedWord.LoadOrStore(name, regexp.MustCompile(`(^|[^\p{L}-])`+regexp.QuoteMeta(name)+`($|[^\p{L}-])`))
		}
		out[name] = re.(*regexp.Regexp)
	}
	return out
}

// bannedWord holds bannedNames's patterns by name.
var bannedWord sync.Map

var (
	sentenceStart = regexp.MustCompile(`^[\p{Lu}0-9]`)
	pluralAfter1  = regexp.MustCompile(`\b1 (missing )?tricks\b`)
	playerIt      = regexp.MustCompile(`\b[Ii]t (pays|took|failed|needed|draws)\b`)
)

// notASentence says what is wrong with a printed line, or "".
func notASentence(line string, banned map[string]*regexp.Regexp) string {
	switch {
	case line == "" || line != strings.TrimSpace(line):
		return "not a sentence of its own (indented or empty)"
	case !sentenceStart.MatchString(line):
		return "does not begin as a sentence"
	case !strings.HasSuffix(line, "."):
		return "does not end as a sentence"
	case expression.MatchString(line):
		return "shows an expression or an internal name: " + expression.FindString(line)
	case pluralAfter1.MatchString(line):
		return "a plural after 1"
	case playerIt.MatchString(line):
		return "a player called it"
	}
	for name, re := range banned {
		if strings.Contains(line, name) && re.MatchString(line) { // the pattern is tried on a line holding the name only
			return "names " + name
		}
	}
	return ""
}

// TestPlainSessionSaysTheSame: pref settle and a session print a deal in
// the same sentences; the session adds each player's running total.
func TestPlainSessionSaysTheSame(t *testing.T) {
	r, err := rulesets.Open("austrian-1829")
	if err != nil {
		t.Fatal(err)
	}
	var st Statement
	st.Case.Seats = []string{"Anton", "Brigitte", "Charlotte"}
	st.Case.Contract.Declarer, st.Case.Contract.Bid = "Anton", "diamonds"
	st.Tricks = "5,3,2"
	settled, err := Settle(r, nil, st)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	session := []money.Amount{money.Int(-236), money.Int(9), money.Int(6)}
	if err := PrintLedgerSession(&b, settled.Ledger, money.Int(720), session); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"Anton pays 30 into the pot (the game's value), Brigitte 9 for 3 tricks at 3 and Charlotte 6 for 2 tricks at 3.\n",
		"Anton: -45 this deal; -236 in the session.\n",
		"The pot goes from 720 to 750.\n",
	} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("the session's settlement has no %q:\n%s", want, b.String())
		}
	}
}

// TestPlainSheetMeaning: on a score sheet each entry says whom it helps
// at the end, read from the ruleset's final score: pool for its owner,
// mountain against, whists for the writer and against the other; bule
// against, supe for.
func TestPlainSheetMeaning(t *testing.T) {
	for _, c := range []struct {
		ruleset, declarer, bid, tricks string
		want                           []string
	}{
		{"sochi", "Anton", "6-spades", "5,3,2", []string{
			"6 goes onto Brigitte's whists against Anton for 3 tricks at 2, which counts for Brigitte and against Anton at the end.",
			"2 goes onto Anton's mountain for 1 missing trick at 2, which counts against Anton at the end.",
		}},
		{"serbian", "Anton", "tref", "6,3,1", []string{
			"10 comes off Anton's bule, which counts for Anton at the end.",
			"10 goes onto Charlotte's bule (the unit written), which counts against Charlotte at the end.",
		}},
	} {
		r, err := rulesets.Open(c.ruleset)
		if err != nil {
			t.Fatal(err)
		}
		var st Statement
		st.Case.Seats = []string{"Anton", "Brigitte", "Charlotte"}
		st.Case.Contract.Declarer, st.Case.Contract.Bid = c.declarer, c.bid
		st.Tricks = c.tricks
		settled, err := Settle(r, nil, st)
		if err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		if err := settled.Print(&b); err != nil {
			t.Fatal(err)
		}
		for _, want := range c.want {
			if !strings.Contains(b.String(), want+"\n") {
				t.Errorf("%s: no %q in\n%s", c.ruleset, want, b.String())
			}
		}
		if regexp.MustCompile(`: [-+]?[0-9/]+ this deal`).MatchString(b.String()) {
			t.Errorf("%s: a result in money for a ruleset kept on a sheet:\n%s", c.ruleset, b.String())
		}
	}
}
