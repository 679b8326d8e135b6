// Package oracle checks settlement against an independent oracle: for each
// ruleset covered, test code states the settling rules of the source texts
// directly (never by calling the ruleset's settlement expressions), and
// thousands of random deals played through the real engine at a real table
// are settled by pref and by the oracle; the two must agree deal by deal,
// and the table's balances, pot, score sheet and markings must agree with
// the oracle's own running account of them.
//
// The tests can fail: docs/reliability.md, "Tests that can fail", records
// which deliberate faults of the settlement (go run ./internal/mutate) they
// catch.
package oracle

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"
	"testing"

	"github.com/preference-rules/pref/interpreter/bot"
	"github.com/preference-rules/pref/interpreter/deal"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/interpreter/money"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/interpreter/settle"
	"github.com/preference-rules/pref/interpreter/table"
	"github.com/preference-rules/pref/rulesets"
)

// ---------------------------------------------------------------------------
// A player that explores: the simple bot's judgement most of the time, a
// random legal decision otherwise, so that drops, failed contracts, short
// defenders, hand games, misères, half-whists, invitations, contras and
// concessions all occur in a few thousand deals.

type chaos struct {
	bot bot.Simple
	rng *rand.Rand
}

func (c *chaos) chance(p float64) bool { return c.rng.Float64() < p }

// Choose is the bot's decision, or a random legal one.
func (c *chaos) Choose(g *game.Game, legal []game.Action) game.Action {
	a := legal[0]
	answer := func(yes bool) game.Action {
		a.Value = game.No
		if yes {
			a.Value = game.Yes
		}
		return a
	}
	botSaysYes := func() bool { return c.bot.Choose(g, legal).Value == game.Yes }
	switch a.Phase {
	case game.PhaseAuction:
		switch {
		case c.chance(0.05): // anything open, up to the highest contract
			return legal[c.rng.IntN(len(legal))]
		case c.chance(0.45):
			return c.bot.Choose(g, legal)
		case len(legal) == 1 || c.chance(0.5):
			a.Value = game.Pass
			return a
		}
		return legal[1+c.rng.IntN(min(3, len(legal)-1))] // one of the lowest bids open
	case game.PhaseOffer:
		if c.chance(0.5) {
			return answer(c.chance(0.5))
		}
		return answer(botSaysYes())
	case game.PhaseFromHand:
		return answer(c.chance(0.25) || botSaysYes())
	case game.PhaseAnnounce:
		b := c.bot.Choose(g, legal)
		var contracts []int
		mayConcede := false
		for _, l := range legal {
			if l.Concede {
				mayConcede = true
			} else {
				contracts = append(contracts, l.Value)
			}
		}
		if c.chance(0.3) {
			b.Value = contracts[c.rng.IntN(len(contracts))]
		}
		if mayConcede && c.chance(0.2) {
			b.Concede = !b.Concede
		}
		return b
	case game.PhaseDefend:
		if c.chance(0.4) {
			return c.bot.Choose(g, legal)
		}
		choices := []deal.Choice{deal.Play, deal.Play, deal.Drop}
		if g.MayHalf(a.Seat) {
			choices = append(choices, deal.Half)
		}
		a.Value = int(choices[c.rng.IntN(len(choices))])
		return a
	case game.PhaseGiveUp:
		return answer(c.chance(0.1) || botSaysYes())
	case game.PhaseInvite, game.PhaseRecontra, game.PhaseOpen:
		return answer(c.chance(0.5))
	case game.PhaseContra:
		return answer(c.chance(0.15) || botSaysYes())
	case game.PhaseRetrieve:
		if c.chance(0.3) {
			return answer(c.chance(0.5))
		}
		return answer(botSaysYes())
	case game.PhasePlay:
		if c.chance(0.4) {
			return legal[c.rng.IntN(len(legal))]
		}
	}
	return c.bot.Choose(g, legal)
}

// ---------------------------------------------------------------------------
// The facts of a finished deal, as the oracle reads them: taken from the
// game and from the test's own running account of the table, never from the
// outcome pref builds for settlement.

type oracleDeal struct {
	Ruleset     string
	Options     map[string]any
	Seats       []string // hand holders in playing order, forehand first
	Dealer      string   // the table's dealer: the last seat, or at four the one sitting out
	SitsOut     bool     // the dealer holds no hand
	Declarer    int      // index into Seats, -1 when nobody declared
	Contract    string   // "" when none
	Hand        bool     // played from the hand
	Forced      bool     // the declarer was forced by the all-pass procedure
	Conceded    bool     // the declarer gave up before play
	Open        bool     // the lone defender chose open play
	PotBid      int      // what the declarer offered into the pot in a pot auction
	Defence     []deal.Choice
	Doubled     []int // per seat: 1 contra, 2 recontra
	Tricks      []int // per seat, counted from the trick record
	TalonTricks int
	Pot         money.Amount // before settlement
	AllPassRun  int          // deals immediately before this one in which nobody declared
	Marks       []int        // per seat, markings held before the deal
	MarksGiven  int          // markings handed out earlier in the session
}

func (d *oracleDeal) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s options %v; seats %v, dealer %s", d.Ruleset, d.Options, d.Seats, d.Dealer)
	if d.SitsOut {
		b.WriteString(" (sits out)")
	}
	if d.Declarer < 0 {
		fmt.Fprintf(&b, "; nobody declared, contract %q", d.Contract)
	} else {
		fmt.Fprintf(&b, "; declarer %s, contract %q", d.Seats[d.Declarer], d.Contract)
	}
	fmt.Fprintf(&b, ", hand %v, forced %v, conceded %v, open %v, pot bid %d; defence [", d.Hand, d.Forced, d.Conceded, d.Open, d.PotBid)
	for i, c := range d.Defence {
		if i > 0 {
			b.WriteString(" ")
		}
		b.WriteString(c.String())
	}
	fmt.Fprintf(&b, "], contra %v; tricks %v, talon %d; pot %v, all-pass run %d, marks %v (given %d)",
		d.Doubled, d.Tricks, d.TalonTricks, d.Pot, d.AllPassRun, d.Marks, d.MarksGiven)
	return b.String()
}

func (d *oracleDeal) optBool(name string) bool {
	v, _ := d.Options[name].(bool)
	return v
}

func (d *oracleDeal) optInt(name string, def int) int {
	if v, ok := d.Options[name].(int); ok {
		return v
	}
	return def
}

// defenders are the seats holding a hand other than the declarer's.
func (d *oracleDeal) defenders() []int {
	var out []int
	for i := range d.Seats {
		if i != d.Declarer {
			out = append(out, i)
		}
	}
	return out
}

// ---------------------------------------------------------------------------
// What a deal settles to: money moved between the players and the pot,
// entries on the score sheet, markings. Compared the way outcome cases are
// (case-format.md): the net amount per pair of parties.

type result struct {
	pay   map[[2]string]money.Amount // from, to -> amount (gross, before netting)
	sheet map[string]money.Amount    // "Anton pool", "Brigitte whists Anton"
	marks map[string]int
	cases []string // which rules of the source applied: coverage
}

func newResult() *result {
	return &result{pay: map[[2]string]money.Amount{}, sheet: map[string]money.Amount{}, marks: map[string]int{}}
}

const pot = "pot"

func (r *result) transfer(from, to string, amt money.Amount) {
	if amt.IsZero() {
		return
	}
	if amt.Sign() < 0 {
		panic(fmt.Sprintf("oracle: a negative payment %v from %s to %s", amt, from, to))
	}
	k := [2]string{from, to}
	r.pay[k] = r.pay[k].Add(amt)
}

func (r *result) write(key string, amt money.Amount) {
	if amt.IsZero() {
		return
	}
	r.sheet[key] = r.sheet[key].Add(amt)
}

func (r *result) mark(who string, delta int) {
	if delta != 0 {
		r.marks[who] += delta
	}
}

func (r *result) because(c string) { r.cases = append(r.cases, c) }

// pairs nets payments per unordered pair: "A -> B amount", sorted.
func pairs(pay map[[2]string]money.Amount) []string {
	net := map[[2]string]money.Amount{}
	for k, v := range pay {
		a, b := k[0], k[1]
		if a > b {
			a, b, v = b, a, v.Neg()
		}
		net[[2]string{a, b}] = net[[2]string{a, b}].Add(v)
	}
	var out []string
	for k, v := range net {
		switch v.Sign() {
		case 1:
			out = append(out, fmt.Sprintf("%s -> %s %v", k[0], k[1], v))
		case -1:
			out = append(out, fmt.Sprintf("%s -> %s %v", k[1], k[0], v.Neg()))
		}
	}
	sort.Strings(out)
	return out
}

func sheetLines(s map[string]money.Amount) []string {
	var out []string
	for k, v := range s {
		if !v.IsZero() {
			out = append(out, fmt.Sprintf("%s %v", k, v))
		}
	}
	sort.Strings(out)
	return out
}

func markLines(m map[string]int) []string {
	var out []string
	for k, v := range m {
		if v != 0 {
			out = append(out, fmt.Sprintf("%s %+d", k, v))
		}
	}
	sort.Strings(out)
	return out
}

// fromLedger reads pref's settlement by names, without the ledger's own
// netting helpers.
func fromLedger(l *settle.Ledger) *result {
	r := newResult()
	name := func(i int) string {
		if i == settle.Pot {
			return pot
		}
		return l.Seats[i]
	}
	for _, t := range l.Transfers {
		r.transfer(name(t.From), name(t.To), t.Amount)
	}
	for _, e := range l.Sheet {
		k := l.Seats[e.Seat] + " " + e.Account
		if e.Against >= 0 {
			k += " " + l.Seats[e.Against]
		}
		r.write(k, e.Amount)
	}
	for _, m := range l.Marks {
		r.mark(l.Seats[m.Seat], m.Delta)
	}
	return r
}

// differ describes how got differs from want, or "".
func differ(want, got *result) string {
	var b strings.Builder
	if w, g := pairs(want.pay), pairs(got.pay); strings.Join(w, "; ") != strings.Join(g, "; ") {
		fmt.Fprintf(&b, "\n  transfers: oracle [%s]\n             pref   [%s]", strings.Join(w, "; "), strings.Join(g, "; "))
	}
	if w, g := sheetLines(want.sheet), sheetLines(got.sheet); strings.Join(w, "; ") != strings.Join(g, "; ") {
		fmt.Fprintf(&b, "\n  sheet: oracle [%s]\n         pref   [%s]", strings.Join(w, "; "), strings.Join(g, "; "))
	}
	if w, g := markLines(want.marks), markLines(got.marks); strings.Join(w, "; ") != strings.Join(g, "; ") {
		fmt.Fprintf(&b, "\n  markings: oracle [%s]\n            pref   [%s]", strings.Join(w, "; "), strings.Join(g, "; "))
	}
	return b.String()
}

// ---------------------------------------------------------------------------
// The session driver.

// scale multiplies the sessions played: go test ./conformance/oracle
// -args -scale 50 for a longer search.
var scale = flag.Int("scale", 1, "multiply the random sessions of the oracle tests")

// spec is one ruleset under test.
type spec struct {
	ruleset  string
	sessions int
	deals    int                                 // at most, per session
	options  func(rng *rand.Rand) map[string]any // the options of one session
	// ante is the oracle's antes before a deal: first deal or not, every
	// name at the table, the dealer's name, the pot before the antes.
	ante func(first bool, names []string, dealer string, pot money.Amount) *result
	// settle is the oracle. Without one only the session's bookkeeping is
	// checked: pref's settlement of each deal is taken as it is, and the
	// antes, the pot, balances, sheet, markings and all-pass run the table
	// keeps must agree with the oracle's own account of them.
	settle func(d *oracleDeal) *result
	// sheetStart is what each player's account holds on the sheet at the
	// start of a session, as the source states it ("bule": 100).
	sheetStart map[string]int
	// final, when set, checks the table at the end of a session against the
	// oracle's sheet.
	final func(t *testing.T, d *oracleDeal, tb *table.Table, sheet map[string]money.Amount)
	// must lists the oracle's cases every run must reach.
	must []string
}

// ledger is the oracle's running account of a table.
type ledger struct {
	balance map[string]money.Amount
	pot     money.Amount
	sheet   map[string]money.Amount
	marks   map[string]int
	given   int // markings handed out
	allPass int // deals in a row, up to now, in which nobody declared
}

func (a *ledger) apply(r *result) {
	for k, v := range r.pay {
		for i, who := range k {
			amt := v
			if i == 0 {
				amt = v.Neg()
			}
			if who == pot {
				a.pot = a.pot.Add(amt)
			} else {
				a.balance[who] = a.balance[who].Add(amt)
			}
		}
	}
	for k, v := range r.sheet {
		a.sheet[k] = a.sheet[k].Add(v)
	}
	for k, v := range r.marks {
		a.marks[k] += v
		if v > 0 {
			a.given += v
		}
	}
}

// run plays sp.sessions sessions at three and at four players (where the
// ruleset seats four) and fails on the first deal pref and the oracle settle
// differently.
func run(t *testing.T, sp spec) {
	base, err := rulesets.Open(sp.ruleset)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1829, 2026))
	seen := map[string]int{}
	compiled := map[string]*ruleset.Ruleset{}
	deals := 0
	sessions := sp.sessions * *scale
	for session := 0; session < sessions; session++ {
		names := []string{"Anton", "Brigitte", "Charlotte", "Dora"}[:base.Hands+session%2]
		if len(names) > base.TableMax {
			names = names[:base.Hands]
		}
		opts := sp.options(rng)
		// An option that sets fields of the ruleset compiles it again:
		// once per combination of those; the others only change values.
		sets, plain := map[string]any{}, map[string]any{}
		for k, v := range opts {
			if o, ok := base.Option(k); ok && o.Sets != nil {
				sets[k] = v
			} else {
				plain[k] = v
			}
		}
		key := fmt.Sprint(sets) // maps print sorted by key
		r := compiled[key]
		if r == nil {
			if r, err = base.With(sets); err != nil {
				t.Fatalf("options %v: %v", sets, err)
			}
			compiled[key] = r
		}
		if r, err = r.With(plain); err != nil {
			t.Fatalf("options %v: %v", plain, err)
		}
		tb, err := table.New(r, names)
		if err != nil {
			t.Fatal(err)
		}
		players := make([]game.Player, r.Hands)
		for i := range players {
			players[i] = &chaos{rng: rand.New(rand.NewPCG(uint64(session), uint64(i)))}
		}
		g := game.New(r, players)
		g.TableSize = len(names)
		s := settle.New(r)
		acct := &ledger{balance: map[string]money.Amount{}, sheet: map[string]money.Amount{}, marks: map[string]int{}}
		for account, v := range sp.sheetStart {
			for _, name := range names {
				acct.sheet[name+" "+account] = amt(v)
			}
		}
		dealer := len(names) - 1 // the first dealer is the last name: the first name is forehand
		var last *oracleDeal
		n := 1 + rng.IntN(sp.deals)
		for k := 0; k < n; k++ {
			// The antes.
			for _, c := range checkAntes(t, sp, tb, acct, k == 0, names[dealer]) {
				seen[c]++
			}

			// The deal, through the engine.
			g.Deal(rng)
			if err := g.Run(); err != nil {
				t.Fatalf("session %d deal %d: %v", session, k, err)
			}
			d := facts(sp.ruleset, opts, names, dealer, g, acct)
			last = d

			// pref's settlement, through the table as a session plays it.
			o := tb.Outcome(g)
			l, err := settleSafely(s, o)
			if err != nil {
				t.Fatalf("session %d deal %d: pref refused the deal: %v\n  deal: %v", session, k, err, d)
			}
			got := fromLedger(l)
			want := got
			if sp.settle != nil {
				want = sp.settle(d)
			}
			if diff := differ(want, got); diff != "" {
				t.Fatalf("session %d deal %d: pref and the oracle settle differently\n  deal: %v%s", session, k, d, diff)
			}
			for _, c := range want.cases {
				seen[c]++
			}
			if err := tb.Apply(o, l); err != nil {
				t.Fatalf("session %d deal %d: apply: %v", session, k, err)
			}
			acct.apply(want)
			if d.Declarer < 0 {
				acct.allPass++
			} else {
				acct.allPass = 0
			}
			compareTable(t, session, k, d, tb, acct)
			tb.Next()
			dealer = (dealer + 1) % len(names)
			deals++
		}
		if sp.final != nil {
			sp.final(t, last, tb, acct.sheet)
		}
	}
	var missing []string
	for _, c := range sp.must {
		if seen[c] == 0 {
			missing = append(missing, c)
		}
	}
	var lines []string
	for c, n := range seen {
		lines = append(lines, fmt.Sprintf("%s: %d", c, n))
	}
	sort.Strings(lines)
	t.Logf("%d deals in %d sessions; cases: %s", deals, sessions, strings.Join(lines, ", "))
	if len(missing) > 0 {
		t.Errorf("the random deals never reached: %s", strings.Join(missing, "; "))
	}
}

// checkAntes makes the table's antes before a deal, compares them with the
// oracle's and books them to the oracle's account; it returns the cases of
// the oracle's ante that applied.
func checkAntes(t *testing.T, sp spec, tb *table.Table, acct *ledger, first bool, dealer string) []string {
	t.Helper()
	antes, err := tb.Ante()
	if err != nil {
		t.Fatal(err)
	}
	got := newResult()
	for _, a := range antes {
		from := pot
		if a.From != settle.Pot {
			from = tb.Names[a.From]
		}
		got.transfer(from, pot, a.Amount)
	}
	want := newResult()
	if sp.ante != nil {
		want = sp.ante(first, tb.Names, dealer, acct.pot)
	}
	if diff := differ(want, got); diff != "" {
		t.Fatalf("deal %d of a session at %v: antes differ:%s", tb.Deals, tb.Names, diff)
	}
	acct.apply(want)
	return want.cases
}

// settleSafely settles o; a panic in settlement is a failure of this
// deal, reported as such, and does not take the other tests down with it.
func settleSafely(s *settle.Settler, o *deal.Outcome) (l *settle.Ledger, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("settlement panicked: %v", p)
		}
	}()
	return s.Settle(o, false)
}

// facts reads the finished deal off the game and the oracle's account.
func facts(rs string, opts map[string]any, names []string, dealer int, g *game.Game, acct *ledger) *oracleDeal {
	r := g.R
	n := len(names)
	d := &oracleDeal{
		Ruleset: rs, Options: opts, Dealer: names[dealer], SitsOut: n > r.Hands,
		Declarer: g.Declarer, Hand: g.Hand, Forced: g.Forced, Conceded: g.Conceded, Open: g.Open, PotBid: g.PotBid,
		Pot: acct.pot, AllPassRun: acct.allPass, MarksGiven: acct.given,
	}
	// The hand holders from the dealer's left; at four the dealer sits out.
	for s := 0; s < r.Hands; s++ {
		d.Seats = append(d.Seats, names[(dealer+1+s)%n])
	}
	if g.Contract >= 0 {
		d.Contract = r.Contracts[g.Contract].Name
	}
	d.Defence = append([]deal.Choice(nil), g.Defence[:r.Hands]...)
	d.Doubled = append([]int(nil), g.Doubled[:r.Hands]...)
	d.Tricks = make([]int, r.Hands)
	for i := 0; i < g.NTricks; i++ {
		if w := g.Record[i].Winner; w == game.TalonSeat {
			d.TalonTricks++
		} else {
			d.Tricks[w]++
		}
	}
	for _, s := range d.Seats {
		d.Marks = append(d.Marks, acct.marks[s])
	}
	return d
}

// compareTable checks the table's running state against the oracle's.
func compareTable(t *testing.T, session, k int, d *oracleDeal, tb *table.Table, acct *ledger) {
	t.Helper()
	var bad []string
	for i, name := range tb.Names {
		if !tb.Balance[i].Equal(acct.balance[name]) {
			bad = append(bad, fmt.Sprintf("%s's balance %v, oracle %v", name, tb.Balance[i], acct.balance[name]))
		}
		if tb.Marks[i] != acct.marks[name] {
			bad = append(bad, fmt.Sprintf("%s holds %d markings, oracle %d", name, tb.Marks[i], acct.marks[name]))
		}
	}
	if !tb.Pot.Equal(acct.pot) {
		bad = append(bad, fmt.Sprintf("pot %v, oracle %v", tb.Pot, acct.pot))
	}
	if w, g := sheetLines(acct.sheet), sheetLines(tb.Sheet); strings.Join(w, "; ") != strings.Join(g, "; ") {
		bad = append(bad, fmt.Sprintf("sheet [%s], oracle [%s]", strings.Join(g, "; "), strings.Join(w, "; ")))
	}
	if tb.MarksGiven != acct.given {
		bad = append(bad, fmt.Sprintf("%d markings given, oracle %d", tb.MarksGiven, acct.given))
	}
	if tb.AllPassRun != acct.allPass {
		bad = append(bad, fmt.Sprintf("all-pass run %d, oracle %d", tb.AllPassRun, acct.allPass))
	}
	if len(bad) > 0 {
		t.Fatalf("session %d after deal %d: the table and the oracle's account differ: %s\n  last deal: %v", session, k, strings.Join(bad, "; "), d)
	}
}

func amt(n int) money.Amount { return money.Int(int64(n)) }
