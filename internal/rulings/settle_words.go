package rulings

import (
	"fmt"
	"strings"

	"github.com/preference-rules/pref/interpreter/money"
	"github.com/preference-rules/pref/interpreter/settle"
)

// A settlement is told in two layers: sentences a player understands
// (what happened, who pays whom what and for what, what each entry on
// the sheet means, each player's result), and under them, on request,
// the arithmetic with the rule that made each figure. The sentences are
// made from the settlement's facts (settle.Told) and the ruleset's own
// names (contracts, sheet accounts, contra calls): no variant is known
// here, and no expression or internal name reaches a sentence.

// Told is a settled deal in both layers.
type Told struct {
	Deal     []string `json:"deal"`     // what happened at the table
	Payments []Said   `json:"payments"` // who pays whom, in sentences
	Sheet    []Said   `json:"sheet"`    // what is written on the score sheet
	Results  []Result `json:"results"`  // each player's result of the deal
	Pot      string   `json:"pot,omitempty"`
}

// Said is one sentence and the arithmetic of the figures it states.
type Said struct {
	Sentence   string       `json:"sentence"`
	Arithmetic []Arithmetic `json:"arithmetic"`
}

// Arithmetic is one payment or sheet entry as the ruleset computed it.
type Arithmetic struct {
	From       string `json:"from,omitempty"`
	To         string `json:"to,omitempty"`
	Place      string `json:"place,omitempty"` // a sheet entry's place: "Anton mountain"
	Amount     string `json:"amount"`
	Rule       string `json:"rule"`
	Expression string `json:"expression"`
	line       string // as pref settle --arithmetic prints it
}

// Result is a player's result of the deal (and of the session so far).
type Result struct {
	Player   string `json:"player"`
	Deal     string `json:"deal"`
	Session  string `json:"session,omitempty"`
	Sheet    string `json:"sheet,omitempty"` // a deal kept on the sheet only: its entries for him
	Sentence string `json:"sentence"`
}

// Tell puts a settled ledger into words. session, when not nil, is each
// seat's balance after the deal (a session's running total).
func Tell(l *settle.Ledger, potBefore money.Amount, session []money.Amount) (out Told, err error) {
	defer money.Catch(&err)
	t := l.Told
	out.Deal = dealSentences(l, t)
	out.Payments = paymentSentences(l, t)
	out.Sheet = sheetSentences(l, t)
	if t != nil {
		// the markings are kept with the sheet: they are its bookkeeping
		out.Sheet = append(out.Sheet, markSentences(l, t.MarksBefore, t.R.Marking)...)
		out.Sheet = append(out.Sheet, kindMarkSentences(l, t)...)
	}
	if movesMoney(l) {
		if len(l.Transfers) == 0 {
			out.Payments = []Said{{Sentence: "Nobody pays anything."}}
		}
		out.Results = results(l, session)
		net := l.Net()[len(l.Seats)]
		switch {
		case !potBefore.IsZero() && net.IsZero():
			out.Pot = fmt.Sprintf("The pot stays at %v.", potBefore)
		case !potBefore.IsZero():
			out.Pot = fmt.Sprintf("The pot goes from %v to %v.", potBefore, potBefore.Add(net))
		case !net.IsZero():
			out.Pot = fmt.Sprintf("The pot: %s this deal.", net.Signed())
		}
	} else if len(l.Sheet) > 0 {
		out.Results = sheetResults(l, t)
	}
	return out, nil
}

// movesMoney reports whether a settled deal is told in money: it moved
// some, or its ruleset moves money (a deal that paid nothing then says so).
func movesMoney(l *settle.Ledger) bool {
	return len(l.Transfers) > 0 || l.MovesMoney
}

// sheetResults are, for a deal kept on a score sheet only, each seat's
// entries of the deal in a line: "Anton: whists against Charlotte +4 and
// mountain +2 this deal".
func sheetResults(l *settle.Ledger, t *settle.Told) []Result {
	var out []Result
	for i, name := range l.Seats {
		var places []string
		sums := map[string]money.Amount{}
		for _, e := range l.Sheet {
			if e.Seat != i {
				continue
			}
			place := e.Account
			if t != nil {
				place = t.R.AccountWord(e.Account) // the table's word for it (gora)
			}
			if e.Against >= 0 && e.Against < len(l.Seats) {
				place += " against " + l.Seats[e.Against]
			}
			if _, seen := sums[place]; !seen {
				places = append(places, place)
			}
			sums[place] = sums[place].Add(e.Amount)
		}
		r := Result{Player: name}
		var figures []string
		for _, p := range places {
			figures = append(figures, p+" "+sums[p].Signed())
		}
		r.Sheet = list(figures)
		if r.Sheet == "" {
			r.Sentence = name + ": nothing on the sheet this deal"
		} else {
			r.Sentence = fmt.Sprintf("%s: %s this deal", name, r.Sheet)
		}
		out = append(out, r)
	}
	return out
}

// count writes n of a noun: "1 trick", "3 tricks", "no trick".
func count(n int, noun string) string {
	switch n {
	case 0:
		return "no " + noun
	case 1:
		return "1 " + noun
	}
	return fmt.Sprintf("%d %s", n, plural(noun))
}

// plural of a noun of the settlement's words: "trick over" is "tricks
// over".
func plural(noun string) string {
	if head, tail, ok := strings.Cut(noun, " over"); ok {
		return head + "s over" + tail
	}
	return noun + "s"
}

// list joins words: "a", "a and b", "a, b and c".
func list(words []string) string {
	switch len(words) {
	case 0:
		return ""
	case 1:
		return words[0]
	}
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}

// results are each seat's result of the deal, in a line each.
func results(l *settle.Ledger, session []money.Amount) []Result {
	net := l.Net()
	var out []Result
	for i, name := range l.Seats {
		r := Result{Player: name, Deal: net[i].Signed()}
		r.Sentence = fmt.Sprintf("%s: %s this deal", name, r.Deal)
		if i < len(session) {
			r.Session = session[i].Signed()
			r.Sentence += fmt.Sprintf("; %s in the session", r.Session)
		}
		out = append(out, r)
	}
	return out
}

// Lines are the sentences in print order: the deal, the payments, the
// sheet, the results and the pot; with arithmetic, each sentence followed
// by its arithmetic, indented.
func (t Told) Lines(arithmetic bool) []string {
	var out []string
	out = append(out, t.Deal...)
	for _, group := range [][]Said{t.Payments, t.Sheet} {
		for _, s := range group {
			out = append(out, s.Sentence)
			if arithmetic {
				for _, a := range s.Arithmetic {
					out = append(out, "  "+a.line)
				}
			}
		}
	}
	for _, r := range t.Results {
		out = append(out, r.Sentence+".")
	}
	if t.Pot != "" {
		out = append(out, t.Pot)
	}
	return out
}

// transferArithmetic is a transfer as pref settle printed it before
// sentences: the figure, the expression and the rule.
func transferArithmetic(l *settle.Ledger, tr settle.Transfer) Arithmetic {
	a := Arithmetic{From: l.Name(tr.From), To: l.Name(tr.To), Amount: tr.Amount.String(), Rule: tr.Rule, Expression: tr.Explain}
	a.line = fmt.Sprintf("%s -> %s %v  (%s: rule %q)", a.From, a.To, tr.Amount, tr.Explain, tr.Rule)
	return a
}

// entryArithmetic is a sheet entry's figure, expression and rule.
func entryArithmetic(l *settle.Ledger, e settle.SheetEntry) Arithmetic {
	a := Arithmetic{Place: l.SheetKey(e), Amount: e.Amount.Signed(), Rule: e.Rule, Expression: e.Explain}
	a.line = fmt.Sprintf("%s %s  (%s: rule %q)", a.Place, a.Amount, e.Explain, e.Rule)
	return a
}
