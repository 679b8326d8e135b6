package tutorial

import (
	"fmt"
	"github.com/preference-rules/pref/interpreter/deal"
	"regexp"
	"slices"
	"strings"
	"unicode"

	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/interpreter/ruleset"
)

// The glossary: each term a ruleset's lessons use, in one sentence.
//
// A term is listed only where the ruleset's own texts (the course and the
// rulebook generated from it) use it, and defined from the ruleset's
// concepts and figures: the talon's size, the contracts a defender may
// take half against, the score sheet's own accounts. Nothing here names a
// variant; a ruleset's words come from its data.

// Term is one glossary entry.
type Term struct {
	Term, Definition string
}

// concept is a term the lessons may use: its forms as the text writes
// them (the first the text uses is the term listed), and its definition for r ("" where
// r has no such thing).
type concept struct {
	forms  []string
	define func(r *ruleset.Ruleset) string
	// inline: the lessons define the term where they first use it (the
	// basics define the others in their own words)
	inline   bool
	boldOnly bool // defined in place only where the lessons introduce it in bold (the word has other uses)
	// formsOf: the forms are the ruleset's own words (an option's name),
	// for a term a ruleset names
	formsOf func(r *ruleset.Ruleset) []string
}

// formsFor are c's forms for r.
func (c concept) formsFor(r *ruleset.Ruleset) []string {
	if c.formsOf != nil {
		return c.formsOf(r)
	}
	return c.forms
}

// startWords are the ruleset's words for what an account starts the game
// at: the plain name of the option that sets it (as startName says it).
func startWords(r *ruleset.Ruleset) []string {
	var out []string
	for _, st := range r.Sheet.Start {
		if w := strings.TrimSuffix(strings.TrimPrefix(startName(r, st.Account), " (the "), ")"); w != "" {
			out = append(out, w)
		}
	}
	return out
}

// markingWords are the ruleset's words for its markings: the plain names
// of the options its marking rules read, and the words of those rules'
// names that share such a name's stem (a "refe" option, a rule giving "a
// refa").
func markingWords(r *ruleset.Ruleset) []string {
	var names, out []string
	for k := range r.Rules {
		if len(r.Rules[k].Mark) == 0 {
			continue
		}
		read := ruleReads(r, k)
		for _, o := range r.Options {
			if read[o.Ident] && !strings.ContainsAny(o.Name, "-_") && !slices.Contains(names, o.Name) {
				names = append(names, o.Name)
			}
		}
	}
	for k := range r.Rules {
		if len(r.Rules[k].Mark) == 0 {
			continue
		}
		for _, w := range strings.FieldsFunc(strings.ToLower(r.Rules[k].Name), func(c rune) bool { return !unicode.IsLetter(c) }) {
			for _, n := range names {
				if len(n) >= 4 && strings.HasPrefix(w, n[:len(n)-1]) && !slices.Contains(out, w) {
					out = append(out, w)
				}
			}
		}
	}
	for _, n := range names {
		if !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	return out
}

// concepts are the game's terms, in the order a learner meets them.
var concepts = []concept{
	{forms: []string{"trick", "tricks"}, define: func(r *ruleset.Ruleset) string {
		return fmt.Sprintf("One card from each player in play, in turn; the highest card of the suit led wins it, or the highest trump if any was played, and a deal has %s.", deal.Count(r.HandSize, "trick"))
	}},
	{forms: []string{"trump", "trumps"}, define: func(*ruleset.Ruleset) string {
		return "The suit a contract names to beat every other suit: a player who cannot follow suit may play one and win the trick."
	}},
	{forms: []string{"talon"}, define: func(r *ruleset.Ruleset) string {
		if r.TalonSize == 0 {
			return ""
		}
		return fmt.Sprintf("The %s dealt face down beside the hands, which the declarer takes (or leaves, playing from the hand) before laying aside as many.", deal.Count(r.TalonSize, "card"))
	}},
	{forms: []string{"declarer"}, define: func(*ruleset.Ruleset) string {
		return "The player who won the auction and plays his contract alone against the others; he must take the tricks it needs."
	}},
	{forms: []string{"defender", "defenders", "defence"}, define: func(*ruleset.Ruleset) string {
		return "A player against the declarer; each decides to play (defend) or to drop out, and those who play must take the tricks the defence needs."
	}},
	{forms: []string{"head the trick"}, define: func(r *ruleset.Ruleset) string {
		if !r.Play.MustHead {
			return "To play a card that beats the best card of the trick so far; here nobody must."
		}
		return "To play a card that beats the best card of the trick so far, as a player following suit or trumping must when he can."
	}, inline: true},
	{forms: []string{"drop out", "dropped out", "drops out", "drop"}, define: func(r *ruleset.Ruleset) string {
		if !r.Defence.MayDrop {
			return ""
		}
		return "A defender's choice not to defend: he takes on no obligation for the tricks."
	}},
	{forms: []string{"invited", "invite", "invites"}, define: func(r *ruleset.Ruleset) string {
		if !r.Defence.MayInvite {
			return ""
		}
		return "A defender left alone may invite the one who dropped out to play along; the invited player answers for nothing and his tricks count for the inviter."
	}, inline: true},
	{forms: []string{"half"}, define: func(r *ruleset.Ruleset) string {
		if !r.Defence.MayHalf {
			return ""
		}
		var against []string
		for i := range r.Contracts {
			if r.Contracts[i].Half {
				against = append(against, r.Contracts[i].Display())
			}
		}
		return fmt.Sprintf("When the first defender dropped out, the second may take half the defence's obligation as won without play (against %s).", strings.Join(against, ", "))
	}, inline: true, boldOnly: true},
	{formsOf: func(r *ruleset.Ruleset) []string { return []string{r.ContraWord(1)} }, define: func(r *ruleset.Ruleset) string {
		if !r.Defence.Contra.On {
			return ""
		}
		return "A defender's call doubling what passes between him and the declarer; the answers to it double again."
	}, inline: true},
	{forms: []string{"pot"}, define: func(r *ruleset.Ruleset) string {
		if r.Sheet.Accounts != nil {
			return ""
		}
		return "The money on the table that the players pay into and a declarer who makes his game takes from."
	}},
	{forms: []string{"bête", "bete"}, define: func(r *ruleset.Ruleset) string {
		if rules := rulesSaying(r, "bête"); len(rules) > 0 {
			return "A penalty paid into the pot, as these rules charge it: " + rules + "."
		}
		return ""
	}, inline: true},
	{formsOf: markingWords, define: marking, inline: true},
	{formsOf: startWords, define: func(r *ruleset.Ruleset) string {
		for _, st := range r.Sheet.Start {
			if v, err := r.StartValue(st.Account, r.Hands); err == nil && !v.IsZero() {
				return fmt.Sprintf("The %s every player starts the game with (%v here), counted down to zero.", st.Account, v)
			}
		}
		return ""
	}, inline: true},
	{forms: []string{"double-dummy", "perfect play"}, define: func(*ruleset.Ruleset) string {
		return "Play worked out with every hand known, each side choosing its best card: what the cards could have given, which the hints and the guided deal's review compare a deal with."
	}},
}

// marking defines the marks some rulesets write beside a player's name
// (a refa), by the rules that give and use them.
func marking(r *ruleset.Ruleset) string {
	var rules []string
	for i := range r.Rules {
		if len(r.Rules[i].Mark) > 0 {
			rules = append(rules, "\""+r.Rules[i].Name+"\"")
		}
	}
	if len(rules) == 0 {
		return ""
	}
	return "A mark written beside a player's name on the score sheet, given and used up as these rules say: " + strings.Join(rules, "; ") + "."
}

// rulesSaying are the names of r's settlement rules that use word, quoted.
func rulesSaying(r *ruleset.Ruleset, word string) string {
	var rules []string
	for i := range r.Rules {
		if strings.Contains(strings.ToLower(r.Rules[i].Name), word) {
			rules = append(rules, "\""+r.Rules[i].Name+"\"")
		}
	}
	return strings.Join(rules, "; ")
}

// defineAtFirstUse adds to each page, after the paragraph that first uses
// one of r's terms the lessons define in place, the term's definition:
// "*bête*: a penalty paid into the pot ...". A term is looked for where
// the lessons introduce it in bold first, then anywhere.
func defineAtFirstUse(r *ruleset.Ruleset, pages []Page) {
	for _, c := range concepts {
		if !c.inline {
			continue
		}
		def := c.define(r)
		if def == "" {
			continue
		}
		for i := range pages {
			if at, form := firstUse(pages[i].Markdown, c.formsFor(r), c.boldOnly); at >= 0 {
				pages[i].Markdown = insertAfterParagraph(pages[i].Markdown, at, fmt.Sprintf("*%s*: %s", form, def))
				break
			}
		}
	}
}

// firstUse is where text first uses one of forms (in bold first), and the
// form; -1 for none.
func firstUse(text string, forms []string, boldOnly bool) (int, string) {
	text, _, _ = strings.Cut(text, "\n## Options\n") // the options list its words, defined by their descriptions
	lower := strings.ToLower(text)
	for _, bold := range []bool{true, false} {
		if !bold && boldOnly {
			break
		}
		for _, f := range forms {
			pat := `(^|[^\p{L}-])` + regexp.QuoteMeta(strings.ToLower(f)) + `($|[^\p{L}-])`
			if bold {
				pat = regexp.QuoteMeta("**" + strings.ToLower(f) + "**")
			}
			if m := regexp.MustCompile(pat).FindStringIndex(lower); m != nil {
				return m[0], f
			}
		}
	}
	return -1, ""
}

// insertAfterParagraph puts line after the paragraph (or list, or table)
// of text that holds byte at.
func insertAfterParagraph(text string, at int, line string) string {
	end := strings.Index(text[at:], "\n\n")
	if end < 0 {
		return text + "\n\n" + line
	}
	end += at
	return text[:end] + "\n\n" + line + text[end:]
}

// Glossary is every term r's lessons use, each defined in one sentence:
// the game's terms first, then the score sheet's accounts.
func Glossary(r *ruleset.Ruleset, ascii bool) ([]Term, error) {
	course, err := lessonText(r, ascii)
	if err != nil {
		return nil, err
	}
	text := strings.ToLower(course)
	var terms []Term
	for _, c := range concepts {
		if def := c.define(r); def != "" {
			if form := firstUsed(text, c.formsFor(r)); form != "" {
				terms = append(terms, Term{form, def})
			}
		}
	}
	accounts := make([]string, len(r.Sheet.Accounts))
	for i, a := range r.Sheet.Accounts {
		accounts[i] = r.AccountWord(a)
	}
	for _, a := range r.Sheet.Accounts {
		if usesAny(text, []string{a, r.AccountWord(a)}) {
			terms = append(terms, Term{spelled(r, r.AccountWord(a)), fmt.Sprintf("One of the score sheet's accounts (%s), kept for each player; the settlement rules say what is written to it.", strings.Join(accounts, ", "))})
		}
	}
	for _, a := range r.Sheet.PairAccounts {
		if usesAny(text, []string{a, r.AccountWord(a)}) {
			terms = append(terms, Term{spelled(r, r.AccountWord(a)), "An account of the score sheet kept for each pair of players: what one player has written against another."})
		}
	}
	return append(terms, tableTerms(r, terms)...), nil
}

// tableTerms are the words of the table's term set in force (words:),
// each with its own script beside it where the ruleset gives it, but
// those the glossary already defines (an account's word).
func tableTerms(r *ruleset.Ruleset, listed []Term) []Term {
	var out []Term
	for _, g := range r.Terms.Glossary {
		term := spelled(r, g.Term)
		if slices.ContainsFunc(listed, func(t Term) bool { return t.Term == term }) {
			continue
		}
		out = append(out, Term{term, game.UpperFirst(strings.TrimSuffix(g.Means, ".")) + "."})
	}
	return out
}

// spelled is a word of the table with its own script beside it, where the
// term set in force gives one: "gora (гора)".
func spelled(r *ruleset.Ruleset, word string) string {
	for _, g := range r.Terms.Glossary {
		if g.Term == word && g.Native != "" && g.Native != word {
			return word + " (" + g.Native + ")"
		}
	}
	return word
}

// lessonText is the course and the rulebook of r, the texts whose terms
// the glossary defines.
func lessonText(r *ruleset.Ruleset, ascii bool) (string, error) {
	course, err := Course(r, ascii)
	if err != nil {
		return "", err
	}
	book, err := Rulebook(r, ascii)
	if err != nil {
		return "", err
	}
	return course + "\n" + book, nil
}

// usesAny is whether text (lower case) holds any of forms as whole words.
func usesAny(text string, forms []string) bool { return firstUsed(text, forms) != "" }

// firstUsed is the first of forms text (lower case) holds as whole words,
// the term listed for them; "" for none.
func firstUsed(text string, forms []string) string {
	for _, f := range forms {
		if regexp.MustCompile(`(^|[^\p{L}-])` + regexp.QuoteMeta(strings.ToLower(f)) + `($|[^\p{L}-])`).MatchString(text) {
			return f
		}
	}
	return ""
}

// GlossaryMarkdown is r's glossary as a markdown list.
func GlossaryMarkdown(r *ruleset.Ruleset, ascii bool) (string, error) {
	terms, err := Glossary(r, ascii)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "# Glossary: %s\n\n", r.Title)
	for _, t := range terms {
		fmt.Fprintf(&b, "- %s: %s\n", t.Term, t.Definition)
	}
	return b.String(), nil
}
