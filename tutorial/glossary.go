package tutorial

import (
	"fmt"
	"regexp"
	"strings"

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
}

// concepts are the game's terms, in the order a learner meets them.
var concepts = []concept{
	{[]string{"trick", "tricks"}, func(r *ruleset.Ruleset) string {
		return fmt.Sprintf("One card from each player in play, in turn; the highest card of the suit led wins it, or the highest trump if any was played, and a deal has %s.", plural(r.HandSize, "trick"))
	}},
	{[]string{"trump", "trumps"}, func(*ruleset.Ruleset) string {
		return "The suit a contract names to beat every other suit: a player who cannot follow suit may play one and win the trick."
	}},
	{[]string{"talon"}, func(r *ruleset.Ruleset) string {
		if r.TalonSize == 0 {
			return ""
		}
		return fmt.Sprintf("The %s dealt face down beside the hands, which the declarer takes (or leaves, playing from the hand) before laying aside as many.", plural(r.TalonSize, "card"))
	}},
	{[]string{"declarer"}, func(*ruleset.Ruleset) string {
		return "The player who won the auction and plays his contract alone against the others; he must take the tricks it needs."
	}},
	{[]string{"defender", "defenders", "defence"}, func(*ruleset.Ruleset) string {
		return "A player against the declarer; each decides to play (defend) or to drop out, and those who play must take the tricks the defence needs."
	}},
	{[]string{"head the trick"}, func(r *ruleset.Ruleset) string {
		if !r.Play.MustHead {
			return "To play a card that beats the best card of the trick so far; here nobody must."
		}
		return "To play a card that beats the best card of the trick so far, as a player following suit or trumping must when he can."
	}},
	{[]string{"drop out", "dropped out", "drops out", "drop"}, func(r *ruleset.Ruleset) string {
		if !r.Defence.MayDrop {
			return ""
		}
		return "A defender's choice not to defend: he takes on no obligation for the tricks."
	}},
	{[]string{"invited", "invite", "invites"}, func(r *ruleset.Ruleset) string {
		if !r.Defence.MayInvite {
			return ""
		}
		return "A defender left alone may invite the one who dropped out to play along; the invited player answers for nothing and his tricks count for the inviter."
	}},
	{[]string{"half"}, func(r *ruleset.Ruleset) string {
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
	}},
	{[]string{"contra"}, func(r *ruleset.Ruleset) string {
		if !r.Defence.Contra.On {
			return ""
		}
		return "A defender's call doubling what passes between him and the declarer; the answers to it double again."
	}},
	{[]string{"pot"}, func(r *ruleset.Ruleset) string {
		if r.Sheet.Accounts != nil {
			return ""
		}
		return "The money on the table that the players pay into and a declarer who makes his game takes from."
	}},
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
			if form := firstUsed(text, c.forms); form != "" {
				terms = append(terms, Term{form, def})
			}
		}
	}
	for _, a := range r.Sheet.Accounts {
		if usesAny(text, []string{a}) {
			terms = append(terms, Term{a, fmt.Sprintf("One of the score sheet's accounts (%s), kept for each player; the settlement rules say what is written to it.", strings.Join(r.Sheet.Accounts, ", "))})
		}
	}
	for _, a := range r.Sheet.PairAccounts {
		if usesAny(text, []string{a}) {
			terms = append(terms, Term{a, "An account of the score sheet kept for each pair of players: what one player has written against another."})
		}
	}
	return terms, nil
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

// plural is n and its noun, singular for one.
func plural(n int, noun string) string { return game.Count(n, noun) }
