package app

import (
	"github.com/preference-rules/pref/interpreter/money"
	"github.com/preference-rules/pref/interpreter/table"
)

// SheetFigures is where a session's players stand, for a front end that
// draws the score sheet as players draw it: every account of every player
// (pool, mountain; bule), every account one player keeps against another
// (whists, supe), the markings (refe), what closing the sheet now would
// give, and the pot and balances. They are the table's own figures, as the
// terminal's standings print them (Session.Standings): nothing is settled
// again.
type SheetFigures struct {
	Deals        int      // deals booked
	Accounts     []string // each player's own accounts (pool, mountain)
	PairAccounts []string // the accounts kept against each other player (whists)
	Players      []SheetPlayer
	Scores       bool   // the ruleset closes the sheet into scores (Players' Score is set)
	Closed       bool   // the sheet is closed: the game is over
	Money        bool   // the ruleset moves money: the pot and balances
	Pot          string // the pot, when Money
	MarkWord     string // the ruleset's word for its markings (refe), "" when it gives none and none is held
	// AccountWords and PairAccountWords are Accounts and PairAccounts in
	// the table's words (terms: gora for mountain), for the headers; the
	// canonical names stay the cells' keys.
	AccountWords, PairAccountWords []string
	// KindNames are the ruleset's named kinds of marker (markings:), and
	// KindWords each one's word for several (double rounds): a column each.
	KindNames, KindWords []string
}

// SheetPlayer is one player's part of the sheet.
type SheetPlayer struct {
	Name     string
	Accounts []string      // by SheetFigures.Accounts
	Pairs    [][]SheetPair // by SheetFigures.PairAccounts, one per player (himself included, Self set)
	Score    string        // what closing the sheet now gives him, signed
	Balance  string        // signed, when the ruleset moves money
	Marks    int
	Kinds    []int // his markers of each named kind, by SheetFigures.KindNames
}

// SheetPair is one account a player keeps against another.
type SheetPair struct {
	Against string
	Value   string
	Self    bool // the player himself: no account
}

// SheetOf is the sheet of table t as it stands.
func SheetOf(t *table.Table) (*SheetFigures, error) {
	r := t.R
	f := &SheetFigures{Deals: t.Deals, Accounts: r.Sheet.Accounts, PairAccounts: r.Sheet.PairAccounts, Money: r.MovesMoney()}
	var scores []money.Amount
	if r.Sheet.Final != nil {
		var err error
		if scores, err = t.Final(); err != nil {
			return nil, failed("%v", err)
		}
		if f.Closed, err = t.Closed(); err != nil {
			return nil, failed("%v", err)
		}
		f.Scores = true
	}
	if f.Money {
		f.Pot = t.Pot.String()
	}
	for _, a := range r.Sheet.Accounts {
		f.AccountWords = append(f.AccountWords, r.AccountWord(a))
	}
	for _, a := range r.Sheet.PairAccounts {
		f.PairAccountWords = append(f.PairAccountWords, r.AccountWord(a))
	}
	for k, kind := range r.MarkKinds {
		f.KindNames = append(f.KindNames, kind.Name)
		f.KindWords = append(f.KindWords, r.KindWords(k+1).Several)
	}
	if givesMarks(t) {
		f.MarkWord = r.Marking.Several
	}
	for i, n := range t.Names {
		pl := SheetPlayer{Name: n, Marks: t.Marks[i], Balance: t.Balance[i].Signed()}
		for _, a := range r.Sheet.Accounts {
			pl.Accounts = append(pl.Accounts, t.Sheet[n+" "+a].String())
		}
		for _, a := range r.Sheet.PairAccounts {
			var row []SheetPair
			for _, o := range t.Names {
				row = append(row, SheetPair{Against: o, Value: t.Sheet[n+" "+a+" "+o].String(), Self: o == n})
			}
			pl.Pairs = append(pl.Pairs, row)
		}
		for k := range r.MarkKinds {
			pl.Kinds = append(pl.Kinds, kindHeld(t, k+1, i))
		}
		if scores != nil {
			pl.Score = scores[i].Signed()
		}
		if pl.Marks != 0 {
			f.MarkWord = r.Marking.Several
		}
		f.Players = append(f.Players, pl)
	}
	return f, nil
}

// givesMarks reports whether the ruleset's settlement hands out markings
// (the Serbian refe): the sheet then has their column from the start.
func givesMarks(t *table.Table) bool {
	for _, rule := range t.R.Rules {
		for _, m := range rule.Mark {
			if m.Kind == 0 { // the default kind: refe (a named kind is not the column's)
				return true
			}
		}
	}
	return false
}

// kindHeld is what player i holds of the named kind of marker k (0 when
// the table keeps none of it).
func kindHeld(t *table.Table, k, i int) int {
	if k-1 < len(t.KindMarks) && i < len(t.KindMarks[k-1]) {
		return t.KindMarks[k-1][i]
	}
	return 0
}

// Sheet is SheetOf the session's table.
func (s *Session) Sheet() (*SheetFigures, error) { return SheetOf(s.t) }
