package table

import (
	"fmt"
	"math/big"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/preference-rules/pref/interpreter/cards"
	"github.com/preference-rules/pref/interpreter/deal"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/interpreter/money"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/interpreter/settle"
)

// Table is a session of deals.
type Table struct {
	R          *ruleset.Ruleset
	Names      []string // clockwise seating
	Balance    []money.Amount
	Pot        money.Amount
	Dealer     int   // index into Names
	Deals      int   // deals booked (this deal's number in the session is Deals+1)
	Length     int   // the deals the session is agreed to last (0: not agreed): settlement's session_deals
	Marks      []int // markings each player holds (refa)
	MarksGiven int   // markings handed out so far
	// KindMarks are the markers of the ruleset's named kinds each player
	// holds: KindMarks[k-1][player] for kind k (markings:).
	KindMarks  [][]int
	Sheet      map[string]money.Amount // the score sheet: "Anton pool", "Brigitte whists Anton"
	AllPassRun int                     // deals in a row, up to now, in which nobody declared
	// Settler settles the table's deals (Deal.Settle), made on first use;
	// tables played one after another may share one (not at once).
	Settler *settle.Settler
	// Explain: settle with each transfer's arithmetic (a person reads the
	// ledger), as settle.Settler.Settle's explain.
	Explain bool

	fin  *finalFrame // the final's frame, made on first use
	undo undo        // Apply's
	keys map[place]string
}

// New seats players (clockwise) at a table for r; the first dealer is the
// last name, so the first name is forehand of the first deal.
func New(r *ruleset.Ruleset, names []string) (*Table, error) {
	if len(names) < r.Hands || len(names) > r.TableMax {
		return nil, fmt.Errorf("%d players: %s seats %d to %d", len(names), r.Name, r.Hands, r.TableMax)
	}
	t := &Table{R: r, Names: names, Balance: make([]money.Amount, len(names)), Dealer: len(names) - 1, Marks: make([]int, len(names)), Sheet: map[string]money.Amount{}}
	for range r.MarkKinds {
		t.KindMarks = append(t.KindMarks, make([]int, len(names)))
	}
	for _, st := range r.Sheet.Start {
		v, err := r.StartValue(st.Account, len(names))
		if err == nil {
			err = money.CheckInput(v)
		}
		if err != nil {
			return nil, err
		}
		for _, name := range names {
			if !v.IsZero() {
				t.Sheet[name+" "+st.Account] = v
			}
		}
	}
	return t, nil
}

// DrawForDealer settles the first dealer as the ruleset says (FirstDealer):
// each player in turn draws a card from a shuffled pack and the highest
// deals. It returns the cards drawn, by table index (nil when the last
// seat deals first, as New has it).
func (t *Table) DrawForDealer(rng *rand.Rand) []cards.Card {
	if t.R.FirstDealer == "" {
		return nil
	}
	pack := t.R.Deck.All().Cards()
	rng.Shuffle(len(pack), func(i, j int) { pack[i], pack[j] = pack[j], pack[i] })
	drawn := pack[:len(t.Names)]
	key := func(c cards.Card) int {
		if t.R.FirstDealer == "draw-rank-first" {
			return c.Rank()*cards.MaxRanks*4 + int(c.Suit())
		}
		return int(c.Suit())*cards.MaxRanks + c.Rank() // suit first: a seven of hearts beats the ace of diamonds
	}
	best := 0
	for i, c := range drawn {
		if key(c) > key(drawn[best]) {
			best = i
		}
	}
	t.Dealer = best
	return drawn
}

// Order lists the table indexes in playing order for this deal: the hand
// holders from the dealer's left, then the dealer if sitting out.
func (t *Table) Order() []int {
	n := len(t.Names)
	order := make([]int, 0, n)
	for k := 1; k <= t.R.Hands; k++ {
		order = append(order, (t.Dealer+k)%n)
	}
	if n > t.R.Hands {
		order = append(order, t.Dealer)
	}
	return order
}

// Ante makes this deal's antes and applies them; it returns them for
// display. An ante that would overflow a balance is an error, and the
// table is left as it was. Table.Begin pays them.
func (t *Table) Ante() (_ []settle.Transfer, err error) {
	a := t.R.Ante
	switch a.When {
	case ruleset.AnteFirstDeal:
		if t.Deals > 0 {
			return nil, nil
		}
	case ruleset.AntePotEmpty:
		if t.Pot.Sign() > 0 {
			return nil, nil
		}
	}
	var out []settle.Transfer
	if a.Each > 0 {
		for i := range t.Names {
			out = append(out, settle.Transfer{From: i, To: settle.Pot, Amount: money.Int(int64(a.Each)), Rule: "ante"})
		}
	}
	if a.Dealer > 0 {
		out = append(out, settle.Transfer{From: t.Dealer, To: settle.Pot, Amount: money.Int(int64(a.Dealer)), Rule: "dealer's ante"})
	}
	pot, balance := t.Pot, slices.Clone(t.Balance)
	defer func() {
		if err != nil { // nothing written half
			t.Pot, t.Balance = pot, balance
		}
	}()
	defer money.Catch(&err)
	for _, tr := range out {
		t.move(tr.From, tr.To, tr.Amount)
	}
	return out, nil
}

func (t *Table) move(from, to int, amt money.Amount) {
	if from == settle.Pot {
		t.Pot = t.Pot.Sub(amt)
	} else {
		t.Balance[from] = t.Balance[from].Sub(amt)
	}
	if to == settle.Pot {
		t.Pot = t.Pot.Add(amt)
	} else {
		t.Balance[to] = t.Balance[to].Add(amt)
	}
}

// Outcome turns a finished game into an outcome over this deal's seats
// (playing order, the sitting-out dealer last). Deal.Settle makes it.
func (t *Table) Outcome(g *game.Game) *deal.Outcome {
	o := new(deal.Outcome)
	t.outcome(g, o, nil)
	return o
}

// outcome writes the outcome into o, the names appended to names.
func (t *Table) outcome(g *game.Game, o *deal.Outcome, names []string) []string {
	names = t.Seats(names)
	t.fill(&g.State, o, names)
	return names
}

// fill writes the outcome of the finished deal s over o: the game's
// outcome over the seats (this deal's, in playing order), with what the
// table carries into the deal.
func (t *Table) fill(s *game.State, o *deal.Outcome, seats []string) {
	n := len(t.Names)
	marks, kinds := o.Marks[:0], o.KindMarks
	s.OutcomeInto(o, seats[:t.R.Hands])
	o.KindMarks = kinds // OutcomeInto starts the outcome afresh: the room kept
	o.Seats = seats
	o.Pot = t.Pot
	for k := 1; k <= n; k++ {
		marks = append(marks, t.Marks[(t.Dealer+k)%n])
	}
	o.Marks = marks
	o.MarksGiven = t.MarksGiven
	t.fillKinds(o)
	o.AllPassRun = t.AllPassRun
	o.DealNumber, o.SessionDeals = t.Deals+1, t.Length
	o.Sheet = t.Sheet
	if n > t.R.Hands {
		o.Dealer = n - 1
		o.Defence = append(o.Defence, deal.NoChoice)
		o.Tricks = append(o.Tricks, 0)
		if o.Doubled != nil {
			o.Doubled = append(o.Doubled, 0)
		}
	}
}

// fillKinds writes what each seat of the deal holds of each named kind
// of marker over o (in this deal's order, as Marks), its lists' room
// reused.
func (t *Table) fillKinds(o *deal.Outcome) {
	n := len(t.Names)
	if len(t.KindMarks) == 0 {
		o.KindMarks = o.KindMarks[:0]
		return
	}
	for len(o.KindMarks) < len(t.KindMarks) {
		o.KindMarks = append(o.KindMarks, nil)
	}
	o.KindMarks = o.KindMarks[:len(t.KindMarks)]
	for k, km := range t.KindMarks {
		held := o.KindMarks[k][:0]
		for j := 1; j <= n; j++ {
			held = append(held, km[(t.Dealer+j)%n])
		}
		o.KindMarks[k] = held
	}
}

// Apply books a deal's outcome and ledger (seats in this deal's order) to
// the table. A balance, the pot or a sheet figure that would overflow is an
// error, and the table is left as it was. Deal.Book books through it.
func (t *Table) Apply(o *deal.Outcome, l *settle.Ledger) (err error) {
	// What the deal changes is kept to be put back (not the whole table
	// copied, its sheet with it, for every deal).
	u := &t.undo
	u.pot, u.allPassRun, u.marksGiven = t.Pot, t.AllPassRun, t.MarksGiven
	u.balance = append(u.balance[:0], t.Balance...)
	u.marks = append(u.marks[:0], t.Marks...)
	u.kindMarks = u.kindMarks[:0]
	for _, km := range t.KindMarks {
		u.kindMarks = append(u.kindMarks, km...)
	}
	u.sheet = u.sheet[:0]
	defer func() {
		if err != nil {
			t.Pot, t.AllPassRun, t.MarksGiven = u.pot, u.allPassRun, u.marksGiven
			copy(t.Balance, u.balance)
			copy(t.Marks, u.marks)
			for k, km := range t.KindMarks {
				copy(km, u.kindMarks[k*len(km):])
			}
			for i := len(u.sheet) - 1; i >= 0; i-- { // the first value of a key last
				if w := u.sheet[i]; w.had {
					t.Sheet[w.key] = w.v
				} else {
					delete(t.Sheet, w.key)
				}
			}
		}
	}()
	defer money.Catch(&err)
	switch {
	case o.Declarer < 0:
		t.AllPassRun++
	case !t.R.RunEndsOnPlay || o.Played():
		t.AllPassRun = 0
	} // a contract nobody played, where only play ends a run, leaves it as it was
	n := len(t.Names)
	idx := func(i int) int { // Order()[i]: the hand holders from the dealer's left, then the dealer
		if i == settle.Pot {
			return settle.Pot
		}
		return (t.Dealer + 1 + i) % n
	}
	for _, tr := range l.Transfers {
		t.move(idx(tr.From), idx(tr.To), tr.Amount)
	}
	t.book(l) // the ledger's seat names are the table's names
	for _, m := range l.Marks {
		t.Marks[idx(m.Seat)] += m.Delta
		if m.Delta > 0 {
			t.MarksGiven += m.Delta
		}
	}
	for _, m := range l.KindMarks {
		if m.Kind >= 1 && m.Kind <= len(t.KindMarks) {
			t.KindMarks[m.Kind-1][idx(m.Seat)] += m.Delta
		}
	}
	return t.checkLimits()
}

// undo is what Apply keeps to put the table back as it was.
type undo struct {
	pot                    money.Amount
	allPassRun, marksGiven int
	balance                []money.Amount
	marks                  []int
	kindMarks              []int      // each kind's after the other's
	sheet                  []sheetWas // each sheet figure before it changed, in order
}

type sheetWas struct {
	key string
	v   money.Amount
	had bool
}

// place names a figure on the sheet, for the table's keys.
type place struct{ name, account, against string }

// book adds the ledger's sheet entries to the sheet, as SheetNet has them:
// each place's entries added up, a place whose entries cancel out left
// untouched. The keys are made once per table ("Anton pool"); names with
// a space, whose keys might coincide, are booked through SheetNet itself.
func (t *Table) book(l *settle.Ledger) {
	if slices.ContainsFunc(l.Seats, func(name string) bool { return strings.Contains(name, " ") }) {
		for k, v := range l.SheetNet() {
			t.set(k, t.Sheet[k].Add(v))
		}
		return
	}
	same := func(a, b settle.SheetEntry) bool {
		return a.Seat == b.Seat && a.Against == b.Against && a.Account == b.Account
	}
	for i, e := range l.Sheet {
		if slices.ContainsFunc(l.Sheet[:i], func(prev settle.SheetEntry) bool { return same(prev, e) }) {
			continue // booked with its place's first entry
		}
		var sum money.Amount
		for _, next := range l.Sheet[i:] {
			if same(next, e) {
				sum = sum.Add(next.Amount)
			}
		}
		if sum.IsZero() {
			continue
		}
		p := place{name: l.Seats[e.Seat], account: e.Account}
		if e.Against >= 0 {
			p.against = l.Seats[e.Against]
		}
		k, ok := t.keys[p]
		if !ok {
			if t.keys == nil {
				t.keys = map[place]string{}
			}
			k = l.SheetKey(e)
			t.keys[p] = k
		}
		t.set(k, t.Sheet[k].Add(sum))
	}
}

// set writes a sheet figure, keeping what it was for Apply's undo.
func (t *Table) set(k string, v money.Amount) {
	was, had := t.Sheet[k]
	t.undo.sheet = append(t.undo.sheet, sheetWas{k, was, had})
	t.Sheet[k] = v
}

// checkLimits refuses a table whose figures have grown past what pref
// keeps (±10^12): the next deal could not be settled, so the deal that
// would take them there is not booked.
func (t *Table) checkLimits() error {
	if err := money.CheckMagnitude(t.Pot); err != nil {
		return fmt.Errorf("the pot would grow too large: %v", err)
	}
	for i, b := range t.Balance {
		if err := money.CheckMagnitude(b); err != nil {
			return fmt.Errorf("%s's balance would grow too large: %v", t.Names[i], err)
		}
	}
	for k, v := range t.Sheet {
		if err := money.CheckMagnitude(v); err != nil {
			return fmt.Errorf("%s would grow too large: %v", k, err)
		}
	}
	for i, m := range t.Marks {
		if m > deal.MaxRun {
			return fmt.Errorf("%s would hold %d markings, more than %d", t.Names[i], m, deal.MaxRun)
		}
	}
	for k, km := range t.KindMarks {
		for i, m := range km {
			if m > deal.MaxRun {
				return fmt.Errorf("%s would hold %d %s, more than %d", t.Names[i], m, t.R.KindWords(k+1).Several, deal.MaxRun)
			}
		}
	}
	if t.AllPassRun > deal.MaxRun || t.MarksGiven > deal.MaxRun {
		return fmt.Errorf("the session has run past %d all-pass deals or markings given", deal.MaxRun)
	}
	return nil
}

// Next passes the deal to the left (Deal.Book does, once the deal is
// booked).
func (t *Table) Next() {
	t.Deals++
	t.Dealer = (t.Dealer + 1) % len(t.Names)
}

// Balanced reports whether balances plus pot add up to zero, as they must:
// settlement only moves money. The sum is taken exactly in big rationals,
// since the partial sums of figures near the limits of an amount may not
// fit one even when the total is zero.
func (t *Table) Balanced() bool { return t.sum().Sign() == 0 }

// sum is the balances and the pot added up exactly.
func (t *Table) sum() *big.Rat {
	sum := new(big.Rat)
	for _, a := range append([]money.Amount{t.Pot}, t.Balance...) {
		sum.Add(sum, big.NewRat(a.Num(), a.Den()))
	}
	return sum
}

// Closed reports whether a game kept on a score sheet is over: the
// ruleset's closed_when holds for every player. Without a final it never is.
func (t *Table) Closed() (_ bool, err error) {
	f := t.R.Sheet.Final
	if f == nil {
		return false, nil
	}
	defer money.Catch(&err)
	fs := t.finalState()
	for i := range t.Names {
		fs.fill(i, i)
		v, err := f.ClosedWhen.Bool(fs.frame)
		if err != nil {
			return false, fmt.Errorf("final closed_when %q: %v", f.ClosedSrc, err)
		}
		if !v {
			return false, nil
		}
	}
	return true, nil
}

// Final is each player's final score from the sheet: the sum over the
// others of pair(player, other) - pair(other, player). The scores add up to
// zero whatever the ruleset's pair expression.
func (t *Table) Final() ([]money.Amount, error) { return t.FinalInto(nil) }

// FinalInto is Final written over the room of dst.
func (t *Table) FinalInto(dst []money.Amount) (_ []money.Amount, err error) {
	defer money.Catch(&err)
	f := t.R.Sheet.Final
	if f == nil {
		return nil, fmt.Errorf("%s keeps no score sheet to close (table.sheet.final)", t.R.Name)
	}
	fs := t.finalState()
	n := len(t.Names)
	pair := fs.pair
	for i := range n {
		for j := range n {
			pair[i*n+j] = money.Amount{}
			if i == j {
				continue
			}
			fs.fill(i, j)
			v, err := f.Pair.Amount(fs.frame)
			if err != nil {
				return nil, fmt.Errorf("final pair %q: %v", f.PairSrc, err)
			}
			pair[i*n+j] = v
		}
	}
	out := append(dst[:0], make([]money.Amount, n)...)
	for i := range out {
		for j := range out {
			out[i] = out[i].Add(pair[i*n+j]).Sub(pair[j*n+i])
		}
	}
	return out, nil
}

// finalFrame is the frame the final's compiled expressions read, with the
// slots of every account and the sheet's figures read once per call.
type finalFrame struct {
	t                  *Table
	frame              *ruleset.Frame
	own, other, total  []ruleset.Slot // per account
	pairOwn, pairOther []ruleset.Slot // per pair account
	players            ruleset.Slot
	figures            []money.Amount // per player and account
	pairFigures        []money.Amount // per player, other player and pair account
	totals             []money.Amount // per account
	pair               []money.Amount // pair(i, j) at i*n+j
}

// finalState makes the final's frame for this table's sheet as it stands:
// every figure read from the sheet once (the totals added up in seating
// order, as the expressions see them).
func (t *Table) finalState() *finalFrame {
	r := t.R
	fs := t.fin
	if fs == nil {
		f := r.Sheet.Final
		fs = &finalFrame{frame: r.NewFinalFrame()}
		slot := func(name string) ruleset.Slot {
			sl, ok := f.Slot(name)
			if !ok {
				panic(fmt.Sprintf("table: the final of %s has no %q", r.Name, name))
			}
			return sl
		}
		for _, a := range r.Sheet.Accounts {
			fs.own = append(fs.own, slot(a))
			fs.other = append(fs.other, slot("other_"+a))
			fs.total = append(fs.total, slot("total_"+a))
		}
		for _, a := range r.Sheet.PairAccounts {
			fs.pairOwn = append(fs.pairOwn, slot(a))
			fs.pairOther = append(fs.pairOther, slot("other_"+a))
		}
		fs.players = slot(ruleset.PlayersName)
		n := len(t.Names)
		fs.figures = make([]money.Amount, n*len(r.Sheet.Accounts))
		fs.pairFigures = make([]money.Amount, n*n*len(r.Sheet.PairAccounts))
		fs.totals = make([]money.Amount, len(r.Sheet.Accounts))
		fs.pair = make([]money.Amount, n*n)
		t.fin = fs
	}
	fs.t = t
	n, na, np := len(t.Names), len(r.Sheet.Accounts), len(r.Sheet.PairAccounts)
	for k, a := range r.Sheet.Accounts {
		var total money.Amount
		for i, name := range t.Names {
			v := t.Sheet[name+" "+a]
			fs.figures[i*na+k] = v
			total = total.Add(v)
		}
		fs.totals[k] = total
	}
	for i, me := range t.Names {
		for j, other := range t.Names {
			for k, a := range r.Sheet.PairAccounts {
				fs.pairFigures[(i*n+j)*np+k] = t.Sheet[me+" "+a+" "+other]
			}
		}
	}
	fs.frame.SetIntAt(fs.players, n)
	return fs
}

// fill sets the frame for player i against player j.
func (fs *finalFrame) fill(i, j int) {
	r := fs.t.R
	n, na, np := len(fs.t.Names), len(r.Sheet.Accounts), len(r.Sheet.PairAccounts)
	f := fs.frame
	for k := range na {
		f.SetAmountAt(fs.own[k], fs.figures[i*na+k])
		f.SetAmountAt(fs.other[k], fs.figures[j*na+k])
		f.SetAmountAt(fs.total[k], fs.totals[k])
	}
	for k := range np {
		f.SetAmountAt(fs.pairOwn[k], fs.pairFigures[(i*n+j)*np+k])
		f.SetAmountAt(fs.pairOther[k], fs.pairFigures[(j*n+i)*np+k])
	}
}
