package table

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"

	"github.com/preference-rules/pref/interpreter/cards"
	"github.com/preference-rules/pref/interpreter/deal"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/interpreter/money"
	"github.com/preference-rules/pref/interpreter/settle"
)

// Deal is one deal at a table from its ante to its booking. It is the one
// place the steps of a deal are taken, in their order, so that what spans
// deals (the pot, the all-pass run, the markings, the sheet, the dealer's
// seat) is carried from one deal to the next in one place:
//
//	d, err := t.Begin(g)  // the antes paid, the seats named
//	d.Shuffle(rng)        // or d.SetHands: the cards dealt
//	d.Run()               // or the caller steps d.G itself (Choices, Take, Apply)
//	d.Settle()            // the outcome and its ledger
//	d.Book()              // booked, the balance checked, the deal passed on
//
// PlayDeal takes every step at once, for players that all answer at once.
type Deal struct {
	T      *Table
	G      *game.Game        // the deal's state with its players; nil for a deal taken Apart from a bare state
	Seats  []string          // this deal's seats in playing order: forehand first, a dealer sitting out last
	Dealer int               // the dealer's index into T.Names
	Antes  []settle.Transfer // the antes Begin paid (table indexes), for display
	// Outcome and Ledger are Settle's (the ledger's seats are Seats).
	Outcome *deal.Outcome
	Ledger  *settle.Ledger

	state *game.State // G's, or the state taken Apart
	apart bool
	stage stage
	held  total // the balances and the pot added up before the deal: Book finds them the same
}

// stage is how far a deal has gone, so that a step taken out of order is
// refused rather than booked wrong.
type stage int

const (
	begun stage = iota
	dealt
	settled
	booked
)

// ErrUnbalanced is Book's error when the balances and the pot no longer
// add up to what they did before the deal (zero, for a session begun at
// this table): the antes and the settlement only move money, so this is a
// fault of the interpreter, not of the input.
var ErrUnbalanced = errors.New("the table does not balance")

// Seats is the names of this deal's seats in playing order (the hand
// holders from the dealer's left, then the dealer if sitting out),
// appended to dst.
func (t *Table) Seats(dst []string) []string {
	n := len(t.Names)
	for k := 1; k <= n; k++ {
		dst = append(dst, t.Names[(t.Dealer+k)%n])
	}
	return dst
}

// Begin starts the next deal on g: it pays the antes (an ante that would
// overflow is an error, and the table is left as it was), names the
// seats and tells g the size of the table. The cards are dealt next
// (Shuffle or SetHands).
func (t *Table) Begin(g *game.Game) (*Deal, error) {
	d := new(Deal)
	if err := t.begin(d, g); err != nil {
		return nil, err
	}
	return d, nil
}

// begin is Begin into d, the room of its lists reused.
func (t *Table) begin(d *Deal, g *game.Game) error {
	held := t.total()
	antes, err := t.Ante()
	if err != nil {
		return err
	}
	*d = Deal{T: t, G: g, Seats: t.Seats(d.Seats[:0]), Dealer: t.Dealer, Antes: antes,
		Outcome: d.Outcome, Ledger: d.Ledger, state: &g.State, held: held}
	g.TableSize = len(t.Names)
	for i, name := range d.Seats {
		if i < game.MaxSeats {
			g.Names[i] = name
		}
	}
	return nil
}

// Shuffle deals the cards from rng, the table's all-pass run told to the
// deal's auction.
func (d *Deal) Shuffle(rng *rand.Rand) {
	d.G.Deal(rng)
	d.G.SetAllPassRun(d.T.AllPassRun)
	d.stage = dealt
}

// SetHands deals given cards (a recorded or constructed deal), one hand
// per seat holding cards in playing order, and the talon.
func (d *Deal) SetHands(hands []cards.Mask, talon cards.Mask) error {
	if err := d.G.SetHands(hands, talon); err != nil {
		return err
	}
	d.G.SetAllPassRun(d.T.AllPassRun)
	d.stage = dealt
	return nil
}

// Run plays the dealt deal to its end, each decision asked of its seat's
// player.
func (d *Deal) Run() error {
	if d.stage != dealt {
		return fmt.Errorf("table: the deal is run before its cards are dealt")
	}
	return d.G.Run()
}

// Apart takes a deal played outside the table's session (a computer
// player's rollout, a tutorial's single deal) to be settled as a deal on
// its own: no ante is paid, and its outcome reads nothing the table
// carries (no pot, no sheet, no markings before it; the all-pass run is
// the state's own). Its seats are the hand holders of the table's next
// deal. d, when given, is reused; the outcome is ready at once.
func (t *Table) Apart(d *Deal, s *game.State) *Deal {
	if d == nil {
		d = new(Deal)
	}
	*d = Deal{T: t, Seats: t.Seats(d.Seats[:0])[:t.R.Hands], Dealer: t.Dealer,
		Outcome: d.Outcome, Ledger: d.Ledger, state: s, apart: true, stage: dealt, held: t.total()}
	if d.Outcome == nil {
		d.Outcome = new(deal.Outcome)
	}
	s.OutcomeInto(d.Outcome, d.Seats)
	d.Outcome.AllPassRun = s.AllPassRun
	return d
}

// Settle turns the finished deal into its outcome, with what the table
// carries into it (the pot, the markings, the all-pass run, the sheet),
// and settles it by the ruleset (with each transfer's arithmetic when the
// table's Explain is set). Nothing is booked yet.
func (d *Deal) Settle() error {
	t := d.T
	switch {
	case d.stage != dealt:
		return fmt.Errorf("table: the deal is settled before its cards are dealt, or twice")
	case !d.apart && !d.state.Over():
		return fmt.Errorf("table: the deal is settled before it is over")
	}
	if d.Outcome == nil {
		d.Outcome = new(deal.Outcome)
	}
	if !d.apart {
		t.fill(d.state, d.Outcome, d.Seats)
	}
	if d.Ledger == nil {
		d.Ledger = new(settle.Ledger)
	}
	if t.Settler == nil {
		t.Settler = settle.New(t.R)
	}
	if err := t.Settler.SettleInto(d.Ledger, d.Outcome, t.Explain); err != nil {
		return err
	}
	d.stage = settled
	return nil
}

// Book books the settled deal at the table (a balance, the pot or a sheet
// figure that would overflow is an error, and the table is left as it
// was), checks that the deal only moved money (ErrUnbalanced), and passes
// the deal to the left.
func (d *Deal) Book() error {
	t := d.T
	if d.stage != settled {
		return fmt.Errorf("table: the deal is booked before it is settled, or twice")
	}
	if err := t.Apply(d.Outcome, d.Ledger); err != nil {
		return err
	}
	if !t.total().same(d.held) {
		return fmt.Errorf("%w: %v, pot %v", ErrUnbalanced, t.Balance, t.Pot)
	}
	d.stage = booked
	t.Next()
	return nil
}

// Finish settles the deal and books it.
func (d *Deal) Finish() error {
	if err := d.Settle(); err != nil {
		return err
	}
	return d.Book()
}

// total is the balances and the pot added up: in an int64 where every
// figure is in whole units small enough that no sum of them can overflow
// (as Apply's limits keep them), else exactly in a big rational.
type total struct {
	whole int64
	exact *big.Rat // nil: whole holds the sum
}

// wholeLimit bounds the figures total adds in an int64: a table's
// figures (at most MaxSeats players and the pot) cannot overflow it.
const wholeLimit = math.MaxInt64 / (game.MaxSeats + 2)

func (t *Table) total() total {
	small := func(a money.Amount) bool {
		n := a.Num()
		return a.Den() == 1 && n <= wholeLimit && n >= -wholeLimit
	}
	sum, whole := t.Pot.Num(), small(t.Pot) && len(t.Balance) <= game.MaxSeats
	for _, b := range t.Balance {
		whole = whole && small(b)
		sum += b.Num() // read only when every figure is small
	}
	if !whole {
		return total{exact: t.sum()}
	}
	return total{whole: sum}
}

// same reports whether two totals are equal.
func (a total) same(b total) bool {
	if a.exact == nil && b.exact == nil {
		return a.whole == b.whole
	}
	return a.rat().Cmp(b.rat()) == 0
}

func (a total) rat() *big.Rat {
	if a.exact != nil {
		return a.exact
	}
	return new(big.Rat).SetInt64(a.whole)
}

// Hooks are told the moments of a deal PlayDeal plays; a hook's error
// stops the deal. Each may be nil.
type Hooks struct {
	// Dealt: the antes paid and the cards dealt, before the first decision.
	Dealt func(d *Deal) error
	// Action: each decision as it is taken, with the state before it
	// (copied for the hook: set it only to narrate or record).
	Action func(before *game.State, a game.Action)
	// Settled: the deal settled, before it is booked.
	Settled func(d *Deal) error
}

// Stages of a deal, as a StageError names them.
const (
	StageAnte    = "ante"
	StageDealt   = "dealt"
	StagePlay    = "play"
	StageSettle  = "settlement"
	StageSettled = "settled"
	StageBook    = "booking"
)

// StageError is PlayDeal's error: the stage of the deal it stopped at,
// and the error as that stage gave it (its text unchanged).
type StageError struct {
	Stage string
	Err   error
}

func (e *StageError) Error() string { return e.Err.Error() }
func (e *StageError) Unwrap() error { return e.Err }

// PlayDeal plays the next deal to its end with g's players: the antes,
// the cards dealt from rng, every decision, the settlement and the
// booking, telling h (may be nil) as it goes. d, when given, is reused
// with the room of its lists (its outcome and ledger valid until the next
// deal played into it): a simulation plays deal after deal into one.
// An error is a *StageError.
func (t *Table) PlayDeal(d *Deal, g *game.Game, rng *rand.Rand, h *Hooks) (*Deal, error) {
	if d == nil {
		d = new(Deal)
	}
	if h == nil {
		h = &Hooks{}
	}
	if err := t.begin(d, g); err != nil {
		return d, &StageError{StageAnte, err}
	}
	d.Shuffle(rng)
	if err := call(h.Dealt, d); err != nil {
		return d, &StageError{StageDealt, err}
	}
	if err := d.play(h.Action); err != nil {
		return d, &StageError{StagePlay, err}
	}
	if err := d.Settle(); err != nil {
		return d, &StageError{StageSettle, err}
	}
	if err := call(h.Settled, d); err != nil {
		return d, &StageError{StageSettled, err}
	}
	if err := d.Book(); err != nil {
		return d, &StageError{StageBook, err}
	}
	return d, nil
}

func call(hook func(*Deal) error, d *Deal) error {
	if hook == nil {
		return nil
	}
	return hook(d)
}

// play runs the deal; with a hook for each action, step by step as Run
// does, the state before each kept for the hook.
func (d *Deal) play(told func(before *game.State, a game.Action)) error {
	if told == nil {
		return d.Run()
	}
	g := d.G
	g.History = g.History[:0]
	for !g.Over() {
		before := g.State
		ruling, err := g.Take(g.Players[g.Chooser()].Choose(g, g.Choices()))
		if err != nil {
			return err
		}
		told(&before, ruling.Action)
	}
	return nil
}

// Standing is each player's position, by table index: the balance, or
// for a ruleset that keeps a score sheet the final score were the sheet
// closed now, written over the room of dst. The balances are the table's
// own (read them before the next deal changes them). What a deal brings a
// player is his standing after it less his standing before.
func (t *Table) Standing(dst []money.Amount) ([]money.Amount, error) {
	if t.R.Sheet.Final != nil {
		return t.FinalInto(dst)
	}
	return t.Balance, nil
}

// PassRefused passes the deal on after a deal that was refused, unbooked
// (a game record's replay that goes on past a refused deal to say every
// deal's fault): the figures stand as the refused deal left them, which
// are no longer the game's, so the deals after it are replayed for their
// steps, not their settlements.
func (t *Table) PassRefused() { t.Next() }
