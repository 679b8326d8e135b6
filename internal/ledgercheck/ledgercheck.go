// Package ledgercheck holds the checks tests make of a settled deal and of
// a table's session in place of Ledger.Balanced and Table.Balanced, which
// hold by construction (a ledger adds to one party what each transfer takes
// from another). These re-derive the figures by name, the test's own way,
// and compare them with what pref computes and prints, so they fail when
// the code they guard is broken (docs/reliability.md).
package ledgercheck

import (
	"fmt"
	"sort"
	"strings"

	"github.com/preference-rules/pref/interpreter/money"
	"github.com/preference-rules/pref/interpreter/settle"
	"github.com/preference-rules/pref/interpreter/table"
)

const pot = "pot"

// Nets checks a ledger against its own transfers and entries: every
// transfer moves a positive amount between two different parties that
// exist; every sheet entry belongs to a seat (against another seat, for a
// pair account); and each party's net result (Net) and each pair's net
// payment (PairNet), which pref prints, are what the transfers add up to,
// added up here by name.
func Nets(l *settle.Ledger) error {
	net, pair, err := byName(l)
	if err != nil {
		return err
	}
	if err := places(l); err != nil {
		return err
	}
	for i, v := range l.Net() {
		who := pot
		if i < len(l.Seats) {
			who = l.Seats[i]
		}
		if !v.Equal(net[who]) {
			return fmt.Errorf("the ledger's Net gives %s %v; the transfers add up to %v", who, v, net[who])
		}
	}
	want := map[settle.Pair]money.Amount{}
	for k, v := range pair {
		switch v.Sign() {
		case 1:
			want[settle.Pair{From: k[0], To: k[1]}] = v
		case -1:
			want[settle.Pair{From: k[1], To: k[0]}] = v.Neg()
		}
	}
	if printed := l.PairNet(); !settle.SamePairs(want, printed) {
		return fmt.Errorf("the ledger's PairNet gives [%s]; the transfers add up to [%s]",
			strings.Join(settle.SortedPairs(printed), "; "), strings.Join(settle.SortedPairs(want), "; "))
	}
	return nil
}

// byName adds up the transfers by name: each party's net, and each pair's
// (the first name in alphabetical order receiving a positive amount).
func byName(l *settle.Ledger) (net map[string]money.Amount, pair map[[2]string]money.Amount, err error) {
	n := len(l.Seats)
	name := func(i int) (string, error) {
		switch {
		case i == settle.Pot:
			return pot, nil
		case i < 0 || i >= n:
			return "", fmt.Errorf("party %d: the ledger has %d seats", i, n)
		}
		return l.Seats[i], nil
	}
	net, pair = map[string]money.Amount{}, map[[2]string]money.Amount{}
	for _, t := range l.Transfers {
		from, err := name(t.From)
		if err == nil {
			var to string
			if to, err = name(t.To); err == nil {
				if from == to || t.Amount.Sign() <= 0 {
					return nil, nil, fmt.Errorf("transfer %v from %s to %s (%s): a payment moves a positive amount between two parties", t.Amount, from, to, t.Rule)
				}
				net[from] = net[from].Sub(t.Amount)
				net[to] = net[to].Add(t.Amount)
				if from < to {
					pair[[2]string{from, to}] = pair[[2]string{from, to}].Add(t.Amount)
				} else {
					pair[[2]string{to, from}] = pair[[2]string{to, from}].Sub(t.Amount)
				}
			}
		}
		if err != nil {
			return nil, nil, fmt.Errorf("transfer %v (%s): %v", t.Amount, t.Rule, err)
		}
	}
	return net, pair, nil
}

// places checks that every sheet entry is a place on the sheet: a seat's
// account, against another seat for a pair account.
func places(l *settle.Ledger) error {
	n := len(l.Seats)
	for _, e := range l.Sheet {
		if e.Seat < 0 || e.Seat >= n || e.Against < -1 || e.Against >= n || e.Against == e.Seat {
			return fmt.Errorf("sheet entry %v on %s of seat %d against %d (%s): no such place on the sheet", e.Amount, e.Account, e.Seat, e.Against, e.Rule)
		}
	}
	return nil
}

// Account is a test's own running account of a table: what each player
// and the pot hold, the sheet and the markings, from the table's state when
// the account was opened plus every ante and deal booked since, by name.
type Account struct {
	balance map[string]money.Amount
	pot     money.Amount
	sheet   map[string]money.Amount
	marks   map[string]int
}

// Open starts an account from the table as it stands.
func Open(tb *table.Table) *Account {
	a := &Account{balance: map[string]money.Amount{}, pot: tb.Pot, sheet: map[string]money.Amount{}, marks: map[string]int{}}
	for i, name := range tb.Names {
		a.balance[name] = tb.Balance[i]
		a.marks[name] = tb.Marks[i]
	}
	for k, v := range tb.Sheet {
		a.sheet[k] = v
	}
	return a
}

func (a *Account) move(from, to string, amt money.Amount) {
	if from == pot {
		a.pot = a.pot.Sub(amt)
	} else {
		a.balance[from] = a.balance[from].Sub(amt)
	}
	if to == pot {
		a.pot = a.pot.Add(amt)
	} else {
		a.balance[to] = a.balance[to].Add(amt)
	}
}

// Ante books the antes tb.Ante returned (seats are the table's indexes).
func (a *Account) Ante(tb *table.Table, antes []settle.Transfer) {
	for _, t := range antes {
		from := pot
		if t.From != settle.Pot {
			from = tb.Names[t.From]
		}
		a.move(from, pot, t.Amount)
	}
}

// Deal books a deal's ledger by the names of its seats.
func (a *Account) Deal(l *settle.Ledger) {
	name := func(i int) string {
		if i == settle.Pot {
			return pot
		}
		return l.Seats[i]
	}
	for _, t := range l.Transfers {
		a.move(name(t.From), name(t.To), t.Amount)
	}
	for _, e := range l.Sheet {
		k := l.Seats[e.Seat] + " " + e.Account
		if e.Against >= 0 {
			k += " " + l.Seats[e.Against]
		}
		a.sheet[k] = a.sheet[k].Add(e.Amount)
	}
	for _, m := range l.Marks {
		a.marks[l.Seats[m.Seat]] += m.Delta
	}
}

// Compare reports how the table differs from the account, or nil.
func (a *Account) Compare(tb *table.Table) error {
	var bad []string
	for i, name := range tb.Names {
		if !tb.Balance[i].Equal(a.balance[name]) {
			bad = append(bad, fmt.Sprintf("%s's balance %v, booked %v", name, tb.Balance[i], a.balance[name]))
		}
		if tb.Marks[i] != a.marks[name] {
			bad = append(bad, fmt.Sprintf("%s holds %d markings, booked %d", name, tb.Marks[i], a.marks[name]))
		}
	}
	if !tb.Pot.Equal(a.pot) {
		bad = append(bad, fmt.Sprintf("pot %v, booked %v", tb.Pot, a.pot))
	}
	keys := map[string]bool{}
	for k := range tb.Sheet {
		keys[k] = true
	}
	for k := range a.sheet {
		keys[k] = true
	}
	for k := range keys {
		if !tb.Sheet[k].Equal(a.sheet[k]) {
			bad = append(bad, fmt.Sprintf("%s %v, booked %v", k, tb.Sheet[k], a.sheet[k]))
		}
	}
	if len(bad) == 0 {
		return nil
	}
	sort.Strings(bad)
	return fmt.Errorf("the table and the account differ: %s", strings.Join(bad, "; "))
}
