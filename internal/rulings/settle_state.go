package rulings

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/interpreter/settle"
	"github.com/preference-rules/pref/interpreter/verify"
)

// The decisions pref settle states beyond the contract and the tricks:
// the contras called and how far each chain went (--contra, --recontra)
// and the markings held before the deal (--marks). They fill the case's
// own fields (doubled, marks), so that a stated contra meets the checks
// an outcome case meets: the ruleset's contra rule (deal.Defence.WhyNoContra)
// refuses one the game would not have offered, with its reason.

// readContras fills the case's doublings from --contra NAME or
// NAME=CALL (contra, recontra, subcontra, mortcontra) and --recontra
// NAME, NAME being the defender whose contra the declarer answered, or
// the declarer himself when one defender called contra.
func readContras(c *verify.Case, contras, recontras []string) error {
	if len(contras) == 0 && len(recontras) == 0 {
		return nil
	}
	c.Doubled = map[string]string{}
	for _, text := range contras {
		name, call, leveled := strings.Cut(text, "=")
		name = strings.TrimSpace(name)
		if !leveled {
			call = ruleset.ContraCalls[1]
		}
		call = strings.TrimSpace(call)
		if !slices.Contains(ruleset.ContraCalls[1:], call) {
			return fmt.Errorf("--contra %s: %q is not a call; want %s", text, call, strings.Join(ruleset.ContraCalls[1:], ", "))
		}
		if err := statedSeat("--contra", name, c.Seats); err != nil {
			return err
		}
		if _, twice := c.Doubled[name]; twice {
			return fmt.Errorf("--contra %s: %s is given twice", text, name)
		}
		c.Doubled[name] = call
	}
	for _, name := range recontras {
		defender, err := answered(c, strings.TrimSpace(name))
		if err != nil {
			return err
		}
		if c.Doubled[defender] != "" && c.Doubled[defender] != ruleset.ContraCalls[1] {
			return fmt.Errorf("--recontra %s: --contra already says %s went to %s", name, defender, c.Doubled[defender])
		}
		c.Doubled[defender] = ruleset.ContraCalls[2]
	}
	return nil
}

// answered is the defender whose contra --recontra name answers: name
// itself, or when name is the declarer, the one defender who called
// contra.
func answered(c *verify.Case, name string) (string, error) {
	if err := statedSeat("--recontra", name, c.Seats); err != nil {
		return "", err
	}
	if name != c.Contract.Declarer || c.Contract.Declarer == "" {
		return name, nil
	}
	if len(c.Doubled) != 1 {
		return "", fmt.Errorf("--recontra %s: %s declared; name the defender whose contra %s answered", name, name, name)
	}
	for defender := range c.Doubled {
		return defender, nil
	}
	return "", nil // not reached: one entry
}

// readMarks fills the markings each player holds before the deal from
// --marks Name=N, and checks --marks-given.
func readMarks(c *verify.Case, marks []string) error {
	if c.MarksGiven < 0 || c.MarksGiven > verify.MaxCount {
		return fmt.Errorf("--marks-given %d: want 0 to %d", c.MarksGiven, verify.MaxCount)
	}
	if len(marks) == 0 {
		return nil
	}
	c.Marks = map[string]int{}
	for _, text := range marks {
		name, val, ok := strings.Cut(text, "=")
		name = strings.TrimSpace(name)
		if !ok {
			return fmt.Errorf("--marks %s: want Name=N, the markings Name holds before the deal", text)
		}
		if err := statedSeat("--marks", name, c.Seats); err != nil {
			return err
		}
		n, err := strconv.Atoi(strings.TrimSpace(val))
		if err != nil || n < 0 || n > verify.MaxCount {
			return fmt.Errorf("--marks %s: %q is not a number of markings (0 to %d)", text, val, verify.MaxCount)
		}
		if _, twice := c.Marks[name]; twice {
			return fmt.Errorf("--marks %s: %s is given twice", text, name)
		}
		c.Marks[name] = n
	}
	return nil
}

// statedSeat refuses a name that is not at the table, naming the flag.
func statedSeat(flag, name string, seats []string) error {
	if !slices.Contains(seats, name) {
		return fmt.Errorf("%s %s: %q is not one of the seats %v", flag, name, name, seats)
	}
	return nil
}

// markSentences say the markings the deal gives or uses up, a sentence
// for each rule that changed them, and what each player holds then:
// "Anton, Brigitte and Charlotte each get a refa." in the ruleset's word
// for a marking; before is each seat's markings before the deal (nil:
// none).
func markSentences(l *settle.Ledger, before []int, words ruleset.MarkingWords) []Said {
	return markSentencesAt(l, before, words, "markings")
}

// markSentencesAt is markSentences with place the name the arithmetic
// gives each seat's markers: "markings" for the default kind, a named
// kind's own words (Anton "double rounds") for the others.
func markSentencesAt(l *settle.Ledger, before []int, words ruleset.MarkingWords, place string) []Said {
	var out []Said
	for start := 0; start < len(l.Marks); {
		end := start + 1
		for end < len(l.Marks) && l.Marks[end].Rule == l.Marks[start].Rule && l.Marks[end].Delta == l.Marks[start].Delta {
			end++
		}
		out = append(out, markSaid(l, l.Marks[start:end], words, place))
		start = end
	}
	if len(out) > 0 {
		out = append(out, Said{Sentence: holdingSentence(l, before, words)})
	}
	return out
}

// kindMarkSentences say, kind by kind, the markers of the ruleset's named
// kinds (markings:) the deal gives or uses up and what each player holds
// then, in the kind's words, as markSentences says the default kind's.
func kindMarkSentences(l *settle.Ledger, t *settle.Told) []Said {
	var out []Said
	for k := 1; k <= len(t.R.MarkKinds); k++ {
		view := *l
		view.Marks = nil
		for _, m := range l.KindMarks {
			if m.Kind == k {
				view.Marks = append(view.Marks, settle.MarkChange{Seat: m.Seat, Delta: m.Delta, Rule: m.Rule})
			}
		}
		var before []int
		if k-1 < len(t.KindMarksBefore) {
			before = t.KindMarksBefore[k-1]
		}
		words := t.R.KindWords(k)
		out = append(out, markSentencesAt(&view, before, words, words.Several)...)
	}
	return out
}

// markSaid is one rule's change of markings, the same for each seat it
// names; place names a seat's markers of the kind in the arithmetic.
func markSaid(l *settle.Ledger, changes []settle.MarkChange, words ruleset.MarkingWords, place string) Said {
	var names []string
	var arith []Arithmetic
	for _, m := range changes {
		names = append(names, l.Seats[m.Seat])
		a := Arithmetic{Place: l.Seats[m.Seat] + " " + place, Amount: fmt.Sprintf("%+d", m.Delta), Rule: m.Rule}
		a.line = fmt.Sprintf("%s %s  (rule %q)", a.Place, a.Amount, m.Rule)
		arith = append(arith, a)
	}
	d := changes[0].Delta
	verb, n := "gets", d
	if len(names) > 1 {
		verb = "each get"
	}
	if d < 0 {
		verb, n = "uses up", -d
		if len(names) > 1 {
			verb = "each use up"
		}
	}
	what := fmt.Sprintf("%d %s", n, words.Several)
	if n == 1 {
		what = article(words.One) + " " + words.One
	}
	return Said{Sentence: fmt.Sprintf("%s %s %s.", list(names), verb, what), Arithmetic: arith}
}

// holdingSentence says each player's markings after the deal.
func holdingSentence(l *settle.Ledger, before []int, words ruleset.MarkingWords) string {
	net := l.MarkNet()
	var held []string
	for i, name := range l.Seats {
		n := net[i]
		if i < len(before) {
			n += before[i]
		}
		held = append(held, fmt.Sprintf("%s %d", name, n))
	}
	return game.UpperFirst(words.Several) + " held now: " + list(held) + "."
}

// article is "a" or "an" before a word.
func article(word string) string {
	if word != "" && strings.ContainsRune("aeiouAEIOU", rune(word[0])) {
		return "an"
	}
	return "a"
}
