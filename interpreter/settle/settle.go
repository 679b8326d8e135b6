package settle

import (
	"fmt"
	"math/big"
	"slices"
	"sort"
	"strings"

	"github.com/preference-rules/pref/interpreter/deal"
	"github.com/preference-rules/pref/interpreter/money"
	"github.com/preference-rules/pref/interpreter/ruleset"
)

// Pot is the party index of the pot in transfers.
const Pot = -1

// Transfer is one payment. From and To are seat indexes or Pot.
type Transfer struct {
	From, To int
	Amount   money.Amount
	Rule     string
	Explain  string // the arithmetic, when asked for
}

// Ledger is the settlement of one deal.
type Ledger struct {
	Seats     []string
	Transfers []Transfer
	Marks     []MarkChange
	// KindMarks are the changes of markers of the ruleset's named kinds
	// (a mark: line with kind:); Marks is the default kind's alone.
	KindMarks []KindMarkChange
	KindNames []string // the ruleset's named kinds: KindMarks' Kind k is KindNames[k-1]
	Sheet     []SheetEntry
	Rules     []RuleTrace // with explain: every rule, whether its condition held
	Told      *Told       // with explain: what the deal's sentences are made of (plain.go)
	// MovesMoney: the ruleset moves money (Ruleset.MovesMoney), however
	// the deal was settled: a deal that paid nothing is then told so.
	MovesMoney bool
}

// RuleTrace is one settlement rule as a deal met it.
type RuleTrace struct {
	Name, Source, When string
	Held               bool
}

// SheetEntry writes Amount to a score-sheet account of seat Seat (against
// seat Against for a pair account, else -1).
type SheetEntry struct {
	Seat, Against int
	Account       string
	Amount        money.Amount
	Rule, Explain string
}

// SheetKey names an entry's place on the sheet: "Anton pool" or
// "Brigitte whists Anton".
func (l *Ledger) SheetKey(e SheetEntry) string {
	if e.Against >= 0 {
		return l.Seats[e.Seat] + " " + e.Account + " " + l.Seats[e.Against]
	}
	return l.Seats[e.Seat] + " " + e.Account
}

// SheetNet is what each place on the sheet gains in this deal.
func (l *Ledger) SheetNet() map[string]money.Amount {
	out := map[string]money.Amount{}
	for _, e := range l.Sheet {
		k := l.SheetKey(e)
		out[k] = out[k].Add(e.Amount)
		if out[k].IsZero() {
			delete(out, k)
		}
	}
	return out
}

// MarkChange adds Delta markings to seat Seat.
type MarkChange struct {
	Seat  int
	Delta int
	Rule  string
}

// KindMarkChange is a change of markers of a named kind (a mark: line
// with kind:): Kind k is the ruleset's MarkKinds[k-1].
type KindMarkChange struct {
	Kind  int
	Seat  int
	Delta int
	Rule  string
}

// kindsHeld is what seat i holds of each named kind of marker at the
// start of the deal o.
func kindsHeld(o *deal.Outcome, i int) [ruleset.MaxMarkKinds]int {
	var held [ruleset.MaxMarkKinds]int
	for k := 0; k < len(o.KindMarks) && k < ruleset.MaxMarkKinds; k++ {
		if i >= 0 && i < len(o.KindMarks[k]) {
			held[k] = o.KindMarks[k][i]
		}
	}
	return held
}

// MarkNet is the net change of markings per seat.
func (l *Ledger) MarkNet() []int {
	net := make([]int, len(l.Seats))
	for _, m := range l.Marks {
		net[m.Seat] += m.Delta
	}
	return net
}

// Name of a party index.
func (l *Ledger) Name(i int) string {
	if i == Pot {
		return "pot"
	}
	return l.Seats[i]
}

// Net is each party's result: one entry per seat, then the pot. The entries
// add up to zero: money is only moved.
func (l *Ledger) Net() []money.Amount {
	net := make([]money.Amount, len(l.Seats)+1)
	idx := func(i int) int {
		if i == Pot {
			return len(l.Seats)
		}
		return i
	}
	for _, t := range l.Transfers {
		net[idx(t.From)] = net[idx(t.From)].Sub(t.Amount)
		net[idx(t.To)] = net[idx(t.To)].Add(t.Amount)
	}
	return net
}

// Balanced reports whether the net results add up to zero, pot included:
// settlement only moves money. It always should; tests check it.
func (l *Ledger) Balanced() bool {
	// Summed exactly in big rationals: partial sums of nets that each fit
	// may not (+5e18 +5e18 -5e18 -5e18).
	sum := new(big.Rat)
	for _, v := range l.Net() {
		sum.Add(sum, big.NewRat(v.Num(), v.Den()))
	}
	return sum.Sign() == 0
}

// Pair is a net payment's two parties by name: From pays To. A struct,
// not a joined "from->to" string: no name can then be read as two (a seat
// named "B->pot" and the pair A, B->pot against the seat "A->B" and the
// pot).
type Pair struct{ From, To string }

// PairNet is the net amount moved between each pair of parties, with a
// positive amount.
func (l *Ledger) PairNet() map[Pair]money.Amount {
	type pair struct{ a, b int }
	sum := map[pair]money.Amount{}
	for _, t := range l.Transfers {
		a, b, amt := t.From, t.To, t.Amount
		if a > b {
			a, b, amt = b, a, amt.Neg()
		}
		sum[pair{a, b}] = sum[pair{a, b}].Add(amt)
	}
	out := map[Pair]money.Amount{}
	for p, amt := range sum {
		switch amt.Sign() {
		case 1:
			out[Pair{l.Name(p.a), l.Name(p.b)}] = amt
		case -1:
			out[Pair{l.Name(p.b), l.Name(p.a)}] = amt.Neg()
		}
	}
	return out
}

// SamePairs reports whether two PairNet results are the same payments:
// compared pair by pair, amount by amount, never through text.
func SamePairs(a, b map[Pair]money.Amount) bool {
	if len(a) != len(b) {
		return false
	}
	for p, x := range a {
		y, ok := b[p]
		if !ok || !x.Equal(y) {
			return false
		}
	}
	return true
}

// Settler settles deals of one ruleset, reusing its frame (the values
// the settlement expressions read) and its buffers. Not safe for
// concurrent use: make one per goroutine.
type Settler struct {
	r       *ruleset.Ruleset
	f       *ruleset.Frame
	parties []ruleset.Party // per seat, this deal's
	pot     ruleset.Party
	facts   ruleset.Facts // this deal's, which the frame's variables are filled from
	bound   *ruleset.FactsBinding
	cand    [2][]int // the candidates of a payment line's from and to

	// the slots of the ruleset's own names, found once
	values  []ruleset.Slot // per r.ValueNames
	options []ruleset.Slot // per r.Options
	events  []ruleset.Slot // per r.Events
	lowest  []ruleset.Slot // per r.Sheet.Accounts: lowest_<account>
	total   []ruleset.Slot // per r.Sheet.Accounts: total_<account>
	defines []ruleset.Slot // per r.Defines

	// an explained settlement's sentences, noted as pay pays (plain.go)
	whys, sheetWhys []Why

	kindNames  []string // r's named kinds of marker, for marks_of
	movesMoney bool     // r.MovesMoney(), read once: each ledger carries it

	// Trace, when set, lists every rule in Ledger.Rules with whether its
	// condition held even when the settlement is not explained (no
	// arithmetic rendered, no sentences): for lint, which reads only which
	// rules held and what they paid, over thousands of made-up outcomes.
	Trace bool
}

// New makes a Settler for r.
func New(r *ruleset.Ruleset) *Settler {
	s := &Settler{r: r, f: r.NewFrame(), pot: ruleset.Party{Name: "pot", Seat: -1, Pot: true}, kindNames: r.MarkKindNames(), movesMoney: r.MovesMoney()}
	s.bound = ruleset.Bind(&s.facts)
	l := r.Layout()
	slot := func(name string) ruleset.Slot {
		sl, ok := l.Slot(name)
		if !ok {
			panic(fmt.Sprintf("settle: %s has no slot for %q", r.Name, name))
		}
		return sl
	}
	for _, k := range r.ValueNames {
		s.values = append(s.values, slot(k))
	}
	for _, o := range r.Options {
		s.options = append(s.options, slot(o.Ident))
	}
	for _, ev := range r.Events {
		s.events = append(s.events, slot(ev.Ident))
	}
	for _, a := range r.Sheet.Accounts {
		s.lowest = append(s.lowest, slot("lowest_"+a))
		s.total = append(s.total, slot("total_"+a))
	}
	for _, d := range r.Defines {
		s.defines = append(s.defines, slot(d.Name))
	}
	return s
}

// Settle checks the outcome and applies every rule. With explain, each
// transfer carries its arithmetic.
func (s *Settler) Settle(o *deal.Outcome, explain bool) (*Ledger, error) {
	l := new(Ledger)
	if err := s.SettleInto(l, o, explain); err != nil {
		return nil, err
	}
	return l, nil
}

// SettleInto is Settle into a ledger the caller keeps: its lists are
// emptied and refilled, their room reused (a simulation settles deal after
// deal into one ledger without allocating).
func (s *Settler) SettleInto(l *Ledger, o *deal.Outcome, explain bool) (err error) {
	if err := deal.Check(s.r, o); err != nil {
		return err
	}
	defer money.Catch(&err)
	if err := s.fill(o); err != nil {
		return err
	}
	*l = Ledger{Seats: o.Seats, Transfers: l.Transfers[:0], Marks: l.Marks[:0], KindMarks: l.KindMarks[:0], KindNames: s.kindNames, Sheet: l.Sheet[:0], Rules: l.Rules[:0], MovesMoney: s.movesMoney}
	s.whys, s.sheetWhys = nil, nil // this deal's: the last deal's Told keeps its own
	for i := range s.r.Rules {
		rule := &s.r.Rules[i]
		ok, err := rule.When.Bool(s.f)
		if err != nil {
			return fmt.Errorf("rule %q: when %q: %v", rule.Name, rule.WhenSrc, err)
		}
		if explain {
			when, err := s.render(rule.WhenValues, rule.WhenSrc)
			if err != nil {
				return fmt.Errorf("rule %q: %v", rule.Name, err)
			}
			l.Rules = append(l.Rules, RuleTrace{Name: rule.Name, Source: rule.Source, When: when, Held: ok})
		} else if s.Trace {
			l.Rules = append(l.Rules, RuleTrace{Name: rule.Name, Source: rule.Source, Held: ok})
		}
		if !ok {
			continue
		}
		for j := range rule.Mark {
			if err := s.mark(l, o, rule, &rule.Mark[j]); err != nil {
				return fmt.Errorf("rule %q: %v", rule.Name, err)
			}
		}
		paid := len(l.Transfers)
		for j := range rule.Pay {
			if err := s.pay(l, o, rule, &rule.Pay[j], explain); err != nil {
				return fmt.Errorf("rule %q: %v", rule.Name, err)
			}
		}
		s.movePot(l.Transfers[paid:])
	}
	if err := s.bookkeeping(l, o, explain); err != nil {
		return err
	}
	// Every total printed later must be computable: an overflow in a net
	// result stops the settlement here rather than a printer later.
	l.checkTotals()
	if explain {
		l.Told = s.tell(l, o)
	}
	return nil
}

// checkTotals adds up what Net, PairNet and SheetNet add up, in the same
// order and with the same checked additions, so that an overflow in any
// of them panics here; on a stack, without the maps and names they build
// (a table of more than seven seats, or names with spaces, which might
// share a SheetNet key, is checked by building them).
func (l *Ledger) checkTotals() {
	const most = 8
	n := len(l.Seats) + 1 // the seats, then the pot
	spaced := false
	for _, name := range l.Seats {
		spaced = spaced || strings.Contains(name, " ")
	}
	if n > most || spaced {
		l.Net()
		l.PairNet()
		l.SheetNet()
		return
	}
	idx := func(i int) int {
		if i == Pot {
			return n - 1
		}
		return i
	}
	var net [most]money.Amount
	var pair [most][most]money.Amount
	for _, t := range l.Transfers {
		f, to := idx(t.From), idx(t.To)
		net[f] = net[f].Sub(t.Amount)
		net[to] = net[to].Add(t.Amount)
		a, b, amt := t.From, t.To, t.Amount
		if a > b {
			a, b, amt = b, a, amt.Neg()
		}
		pair[idx(a)][idx(b)] = pair[idx(a)][idx(b)].Add(amt)
	}
	// SheetNet sums each place's entries (a seat's account, against a
	// seat for a pair account), from its first entry on.
	same := func(a, b SheetEntry) bool {
		return a.Seat == b.Seat && a.Against == b.Against && a.Account == b.Account
	}
	for i, e := range l.Sheet {
		if slices.ContainsFunc(l.Sheet[:i], func(prev SheetEntry) bool { return same(prev, e) }) {
			continue // summed at its first entry
		}
		var sum money.Amount
		for _, next := range l.Sheet[i:] {
			if same(next, e) {
				sum = sum.Add(next.Amount)
			}
		}
	}
}

func (s *Settler) candidates(k int, sel ruleset.Selector, o *deal.Outcome) []int {
	out := s.cand[k][:0]
	switch sel {
	case ruleset.SelPot:
		out = append(out, Pot)
	case ruleset.SelDeclarer:
		if o.Declarer >= 0 {
			out = append(out, o.Declarer)
		}
	case ruleset.SelDealer:
		out = append(out, o.Dealer)
	case ruleset.SelForehand:
		out = append(out, 0)
	case ruleset.SelDefenders, ruleset.SelPlayers:
		for i := range o.Seats {
			if o.HoldsHand(s.r, i) && (sel == ruleset.SelPlayers || i != o.Declarer) {
				out = append(out, i)
			}
		}
	}
	s.cand[k] = out
	return out
}

func (s *Settler) party(i int) *ruleset.Party {
	if i == Pot {
		return &s.pot
	}
	return &s.parties[i]
}

func (s *Settler) pay(l *Ledger, o *deal.Outcome, rule *ruleset.Rule, p *ruleset.Pay, explain bool) error {
	for _, from := range s.candidates(0, p.From, o) {
		for _, to := range s.candidates(1, p.To, o) {
			if from == to {
				continue
			}
			s.f.SetParty(ruleset.PayFrom, s.party(from))
			s.f.SetParty(ruleset.PayTo, s.party(to))
			if p.Where != nil {
				ok, err := p.Where.Bool(s.f)
				if err != nil {
					return fmt.Errorf("where: %v", err)
				}
				if !ok {
					continue
				}
			}
			amt, err := p.Amount.Amount(s.f)
			if err != nil {
				return fmt.Errorf("amount %q: %v", p.AmountSrc, err)
			}
			if amt.IsZero() {
				continue
			}
			if p.Account != "" {
				e := SheetEntry{Seat: to, Against: -1, Account: p.Account, Amount: amt, Rule: rule.Name}
				if p.Pair {
					e.Against = from
				}
				if explain {
					if e.Explain, err = s.explain(p); err != nil {
						return err
					}
					s.tellPayment(rule, p, amt, from, to, o)
				}
				l.Sheet = append(l.Sheet, e)
				continue
			}
			if amt.Sign() < 0 {
				return fmt.Errorf("amount %q is %v for %s -> %s: a payment must not be negative (swap from and to)", p.AmountSrc, amt, l.Name(from), l.Name(to))
			}
			t := Transfer{From: from, To: to, Amount: amt, Rule: rule.Name}
			if explain {
				if t.Explain, err = s.explain(p); err != nil {
					return err
				}
				s.tellPayment(rule, p, amt, from, to, o)
			}
			l.Transfers = append(l.Transfers, t)
		}
	}
	return nil
}

// movePot moves pot_after by a rule's payments from and to the pot, so
// that the rules after it read the pot as it now stands (every line of
// one rule reads the same pot: a rule that shares out what exceeds a cap
// shares it equally).
func (s *Settler) movePot(paid []Transfer) {
	moved := false
	for _, t := range paid {
		switch {
		case t.From == Pot:
			s.facts.PotAfter, moved = s.facts.PotAfter.Sub(t.Amount), true
		case t.To == Pot:
			s.facts.PotAfter, moved = s.facts.PotAfter.Add(t.Amount), true
		}
	}
	if moved {
		s.f.SetAmount(ruleset.PotAfter, s.facts.PotAfter)
	}
}

func (s *Settler) mark(l *Ledger, o *deal.Outcome, rule *ruleset.Rule, m *ruleset.Mark) error {
	for _, who := range s.candidates(0, m.Who, o) {
		s.f.SetParty(ruleset.PayTo, s.party(who))
		if m.Where != nil {
			ok, err := m.Where.Bool(s.f)
			if err != nil {
				return fmt.Errorf("where: %v", err)
			}
			if !ok {
				continue
			}
		}
		d, err := m.Add.Int(s.f)
		if err != nil {
			return fmt.Errorf("add %q: %v", m.AddSrc, err)
		}
		if d != 0 && m.Kind > 0 {
			if held := kindsHeld(o, who)[m.Kind-1]; held+d < 0 {
				return fmt.Errorf("add %q: %s holds %d %s, cannot lose %d", m.AddSrc, l.Name(who), held, s.r.KindWords(m.Kind).Several, -d)
			}
			l.KindMarks = append(l.KindMarks, KindMarkChange{Kind: m.Kind, Seat: who, Delta: d, Rule: rule.Name})
			continue
		}
		if d != 0 {
			if s.parties[who].Marks+d < 0 {
				return fmt.Errorf("add %q: %s holds %d markings, cannot lose %d", m.AddSrc, l.Name(who), s.parties[who].Marks, -d)
			}
			l.Marks = append(l.Marks, MarkChange{Seat: who, Delta: d, Rule: rule.Name})
		}
	}
	return nil
}

// fill sets the frame from the outcome. A define or an event's condition
// that fails to evaluate is an error: a value left at zero would settle
// the deal silently wrong.
func (s *Settler) fill(o *deal.Outcome) error {
	r := s.r
	r.ResetFrame(s.f) // options may differ between outcomes
	// the defence asked once for every seat (Outcome.InPlay builds it per call)
	d := dealView{o: o, played: o.Played(), defence: o.Defenders()}
	if o.Contract >= 0 {
		d.ct = &r.Contracts[o.Contract]
	}
	d.inviter = d.defence.Inviter(r)
	count := s.fillParties(&d)
	if d.ct != nil && d.ct.DefenceNeeds > 0 && d.played && o.Declarer >= 0 {
		count.failed += s.shares(o, d.ct.DefenceNeeds, count.tricks)
	}
	s.fillFacts(&d, count)
	if len(o.Sheet) > 0 { // else zero, as reset
		s.fillSheet(o)
	}
	if o.Declarer >= 0 {
		s.facts.Declarer = &s.parties[o.Declarer]
	}
	if d.ct != nil {
		s.contractFacts(o, d.ct, d.played)
		for i := range r.ValueNames {
			s.f.SetIntAt(s.values[i], d.ct.Values[i])
		}
	}
	s.bound.Fill(s.f)
	return s.fillRulesetNames(o)
}

// dealView is what fill works out of an outcome once and every seat's
// party reads.
type dealView struct {
	o       *deal.Outcome
	ct      *ruleset.Contract // the contract played, or nil
	played  bool              // cards were played
	defence deal.Defence
	inviter int // the defender who plays for the other, or -1
}

// defenceCount tallies the defenders as their parties are filled.
type defenceCount struct {
	playing int // defenders who answer for tricks (the invited do not)
	dropped int
	failed  int
	tricks  int // taken by the defenders in play
}

// fillParties makes every seat's party of this deal.
func (s *Settler) fillParties(d *dealView) defenceCount {
	var count defenceCount
	o, r := d.o, s.r
	s.parties = s.parties[:0]
	for i, name := range o.Seats {
		// filled in place: a party is too large to copy for nothing
		s.parties = append(s.parties, ruleset.Party{Name: name, Seat: i, Tricks: o.Tricks[i], Credited: o.Tricks[i], Dealer: i == o.Dealer, Doubling: 1 << o.DoubledAt(i)})
		p := &s.parties[i]
		if i < len(o.Marks) {
			p.Marks = o.Marks[i]
		}
		if len(r.MarkKinds) > 0 {
			p.SetMarkKinds(s.kindNames, kindsHeld(o, i))
		}
		if i < deal.MaxHands {
			p.SetCards(&r.Deck, o.Held[i], o.Won[i])
			p.LastTrick = o.LastTrick == i+1
		}
		switch {
		case i == o.Declarer:
			p.Declarer, p.Played = true, d.played
			p.Failed = d.played && d.ct != nil && !d.ct.Made(s.need(o), p.Tricks, o.Run)
		case o.Declarer < 0:
			p.Played = d.played && o.HoldsHand(r, i) // a contract everyone plays
		case o.HoldsHand(r, i):
			s.fillDefender(d, p, &count)
		}
	}
	return count
}

// fillDefender fills the party of a defender holding a hand and counts him.
func (s *Settler) fillDefender(d *dealView, p *ruleset.Party, count *defenceCount) {
	o, i := d.o, p.Seat
	p.Defender = true
	p.Dropped = o.Defence[i] == deal.Drop
	p.Half = o.Defence[i] == deal.Half
	p.Played = d.played && d.defence.Plays(s.r, i, true) // o.InPlay(r, i): i holds a hand
	// invited: dropped and asked back, or the partner of a team contra
	p.Invited = p.Played && i != d.inviter && d.inviter >= 0
	p.Inviter = i == d.inviter
	if p.Dropped {
		count.dropped++
	}
	if p.Played {
		count.tricks += p.Tricks
	}
	if p.Played && !p.Invited {
		count.playing++
		if p.Inviter { // the invited player's tricks count for the inviter
			p.Credited += s.invitedTricks(o, i)
		}
		if p.Credited < s.defenderNeeds(d, p) {
			p.Failed = true
			count.failed++
		}
	}
	if p.Invited {
		p.Credited = 0
	}
}

// defenderNeeds is the tricks a defender who answers for tricks must take:
// the contract's for each, or the inviter's (a team contra's when he
// doubled in team mode).
func (s *Settler) defenderNeeds(d *dealView, p *ruleset.Party) int {
	r := s.r
	if p.Inviter {
		if r.Defence.Contra.Team && d.o.DoubledAt(p.Seat) > 0 {
			return r.Defence.Contra.TeamNeeds
		}
		return r.Defence.InviteNeeds
	}
	if d.ct != nil {
		return d.ct.EachNeeds
	}
	return 0
}

// invitedTricks is the tricks of the other defenders holding a hand, which
// count for the inviter.
func (s *Settler) invitedTricks(o *deal.Outcome, inviter int) int {
	tricks := 0
	for j := range o.Seats {
		if j != inviter && j != o.Declarer && o.HoldsHand(s.r, j) {
			tricks += o.Tricks[j]
		}
	}
	return tricks
}

// fillFacts sets the facts of the whole deal, the parties made.
func (s *Settler) fillFacts(d *dealView, count defenceCount) {
	o, played := d.o, d.played
	s.facts = ruleset.Facts{
		FewestTricks: s.fewestTricks(o), TalonTricks: o.TalonTricks, AllPassRun: o.AllPassRun, Players: len(o.Seats),
		Open:           played && (o.Open || (d.ct != nil && d.ct.DefendersOpen)),
		SomeoneInvited: d.inviter >= 0,
		DeclarerAces:   o.DeclarerAces, DeclarerAcesAll: o.DeclarerAcesAll, DeclarerRun: o.Run,
		PotBid: o.PotBid, MarksGiven: o.MarksGiven,
		TalonSameRank: o.Talon.SameRank(), Declared: o.Declarer >= 0, Passed: o.Declarer < 0,
		Forced: o.Forced, Conceded: o.Conceded, Hand: o.Hand, Uncontested: o.Uncontested, Played: played,
		Pot: o.Pot, PotAfter: o.Pot, DealNumber: o.DealNumber, SessionDeals: o.SessionDeals,
		Dealer: &s.parties[o.Dealer], Forehand: &s.parties[0],
		PlayingDefenders: count.playing, DroppedDefenders: count.dropped, FailedDefenders: count.failed, DefenceTricks: count.tricks,
	}
	level := 0
	for i := range o.Seats {
		level = max(level, o.DoubledAt(i))
	}
	x := &s.facts
	x.Contra, x.Recontra, x.Doubling = level >= 1, level >= 2, 1<<level
}

// fewestTricks is the fewest tricks any hand took, or -1 when no seat
// holds a hand.
func (s *Settler) fewestTricks(o *deal.Outcome) int {
	fewest := -1
	for i := range o.Seats {
		if o.HoldsHand(s.r, i) && (fewest < 0 || o.Tricks[i] < fewest) {
			fewest = o.Tricks[i]
		}
	}
	return fewest
}

// fillSheet sets, per sheet account, the lowest any player holds before
// the deal and all together.
func (s *Settler) fillSheet(o *deal.Outcome) {
	for k, a := range s.r.Sheet.Accounts {
		var low, total money.Amount
		for i, name := range o.Seats {
			v := o.Sheet[name+" "+a]
			if i == 0 || v.Cmp(low) < 0 {
				low = v
			}
			total = total.Add(v)
		}
		s.f.SetAmountAt(s.lowest[k], low)
		s.f.SetAmountAt(s.total[k], total)
	}
}

// fillRulesetNames sets the names the ruleset declares itself: the
// outcome's options, its events (those with a condition derived from the
// cards of a played deal) and the defines, in that order.
func (s *Settler) fillRulesetNames(o *deal.Outcome) error {
	r, f := s.r, s.f
	if len(o.Options) > 0 {
		for i, opt := range r.Options {
			if v, ok := o.Options[opt.Name]; ok {
				if err := f.Set(s.options[i], v); err != nil {
					return fmt.Errorf("option %s: %v", opt.Name, err)
				}
			}
		}
	}
	for i, ev := range r.Events {
		f.SetBoolAt(s.events[i], o.Events[ev.Name])
	}
	for i, ev := range r.Events {
		if ev.When != nil && o.CardsKnown {
			v, err := ev.When.Bool(f)
			if err != nil {
				return fmt.Errorf("event %s: when: %v", ev.Name, err)
			}
			f.SetBoolAt(s.events[i], v)
		}
	}
	for i, d := range r.Defines {
		if err := d.Program.Store(f, s.defines[i]); err != nil {
			return fmt.Errorf("define %s %q: %v", d.Name, d.Src, err)
		}
	}
	return nil
}

// contractFacts works out the facts of the contract played.
func (s *Settler) contractFacts(o *deal.Outcome, ct *ruleset.Contract, played bool) {
	x := &s.facts
	x.Contract, x.Number, x.DefenceNeeds = ct.Name, ct.Number, ct.DefenceNeeds
	if ct.Trumps != 255 {
		x.Trumps = s.r.Deck.SuitIDs[ct.Trumps]
	}
	need := s.need(o)
	x.TricksNeeded = need
	if o.Declarer >= 0 && played {
		t := s.parties[o.Declarer].Tricks
		x.Made = ct.Made(need, t, o.Run)
		if x.Made {
			x.Overtricks = t - need
		} else if t < need {
			x.Undertricks = need - t
		} else {
			x.Undertricks = t - need // an exact contract overshot
		}
	}
}

// need is the tricks the contract played needs.
func (s *Settler) need(o *deal.Outcome) int {
	return s.r.Need(o.Contract, o.Hand)
}

// shares divides the defence's obligation among the defenders who answer
// for tricks (those playing, not those whose hand is played along), seated
// from the declarer's left; an odd trick goes to the later or the earlier
// as the ruleset says. A defender is short by what his share lacks, but
// never by more than the defence as a whole: it returns the newly failed.
func (s *Settler) shares(o *deal.Outcome, needs, defTricks int) int {
	r := s.r
	var answer []int
	for k := 1; k < r.Hands; k++ {
		i := (o.Declarer + k) % r.Hands
		if p := &s.parties[i]; p.Played && !p.Invited {
			answer = append(answer, i)
		}
	}
	if len(answer) == 0 {
		return 0
	}
	whole, odd := needs/len(answer), needs%len(answer)
	missing := max(0, needs-defTricks)
	failed := 0
	for k, i := range answer {
		p := &s.parties[i]
		p.Share = whole
		if (r.Defence.OddEarlier && k < odd) || (!r.Defence.OddEarlier && k >= len(answer)-odd) {
			p.Share++
		}
		p.OwnShort = max(0, p.Share-p.Credited)
		p.Short = min(missing, p.OwnShort)
		if p.Short > 0 && !p.Failed {
			p.Failed = true
			failed++
		}
	}
	return failed
}

// explain renders the explanation of one payment with the current env:
// parts compiled when the ruleset loaded, only run here.
func (s *Settler) explain(p *ruleset.Pay) (string, error) { return s.render(p.Explain, p.AmountSrc) }

// render runs the parts of an explanation with the current env.
func (s *Settler) render(parts []ruleset.ExplainPart, src string) (string, error) {
	var b strings.Builder
	for _, part := range parts {
		if part.Program == nil {
			b.WriteString(part.Text)
			continue
		}
		v, err := part.Program.Value(s.f)
		if err != nil {
			return "", fmt.Errorf("explaining %q: %v", src, err)
		}
		if part.Quote {
			fmt.Fprintf(&b, "%q", v)
			continue
		}
		fmt.Fprint(&b, v)
	}
	return b.String(), nil
}

// SortedPairs lists PairNet as "from -> to amount" lines, sorted: for
// people to read. Compare payments with SamePairs.
func SortedPairs(m map[Pair]money.Amount) []string {
	var out []string
	for k, v := range m {
		out = append(out, k.From+" -> "+k.To+" "+v.String())
	}
	sort.Strings(out)
	return out
}
