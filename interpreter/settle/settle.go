package settle

import (
	"fmt"
	"math/big"
	"sort"
	"strings"

	"github.com/expr-lang/expr/vm"
	"github.com/preference-rules/pref/interpreter/cards"
	"github.com/preference-rules/pref/interpreter/money"
	"github.com/preference-rules/pref/interpreter/ruleset"
)

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
	Sheet     []SheetEntry
	Rules     []RuleTrace // with explain: every rule, whether its condition held
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

// PairNet is the net amount moved between each pair of parties, keyed
// "from->to" with a positive amount.
func (l *Ledger) PairNet() map[string]money.Amount {
	type pair struct{ a, b int }
	sum := map[pair]money.Amount{}
	for _, t := range l.Transfers {
		a, b, amt := t.From, t.To, t.Amount
		if a > b {
			a, b, amt = b, a, amt.Neg()
		}
		sum[pair{a, b}] = sum[pair{a, b}].Add(amt)
	}
	out := map[string]money.Amount{}
	for p, amt := range sum {
		switch amt.Sign() {
		case 1:
			out[l.Name(p.a)+"->"+l.Name(p.b)] = amt
		case -1:
			out[l.Name(p.b)+"->"+l.Name(p.a)] = amt.Neg()
		}
	}
	return out
}

// Settler settles deals of one ruleset, reusing its environment. Not safe
// for concurrent use: make one per goroutine.
type Settler struct {
	vm      vm.VM // reused: a fresh VM per expression allocates its stack each time
	r       *ruleset.Ruleset
	env     ruleset.Env
	parties []ruleset.Party
	pot     ruleset.Party
}

// New makes a Settler for r.
func New(r *ruleset.Ruleset) *Settler {
	return &Settler{r: r, env: r.NewEnv(), pot: ruleset.Party{Name: "pot", Seat: -1, Pot: true}}
}

// Settle checks the outcome and applies every rule. With explain, each
// transfer carries its arithmetic.
func (s *Settler) Settle(o *Outcome, explain bool) (l *Ledger, err error) {
	if err := Check(s.r, o); err != nil {
		return nil, err
	}
	defer money.Catch(&err)
	if err := s.fill(o); err != nil {
		return nil, err
	}
	l = &Ledger{Seats: o.Seats}
	for i := range s.r.Rules {
		rule := &s.r.Rules[i]
		ok, err := s.runBool(rule.When)
		if err != nil {
			return nil, fmt.Errorf("rule %q: when %q: %v", rule.Name, rule.WhenSrc, err)
		}
		if mutation == "when" && i == len(s.r.Rules)-1 {
			ok = !ok
		}
		if explain {
			when, err := s.render(rule.WhenValues, rule.WhenSrc)
			if err != nil {
				return nil, fmt.Errorf("rule %q: %v", rule.Name, err)
			}
			l.Rules = append(l.Rules, RuleTrace{Name: rule.Name, Source: rule.Source, When: when, Held: ok})
		}
		if !ok {
			continue
		}
		for j := range rule.Mark {
			if err := s.mark(l, o, rule, &rule.Mark[j]); err != nil {
				return nil, fmt.Errorf("rule %q: %v", rule.Name, err)
			}
		}
		for j := range rule.Pay {
			if err := s.pay(l, o, rule, &rule.Pay[j], explain); err != nil {
				return nil, fmt.Errorf("rule %q: %v", rule.Name, err)
			}
		}
	}
	if err := s.bookkeeping(l, o, explain); err != nil {
		return nil, err
	}
	// Every total printed later must be computable: an overflow in a net
	// result stops the settlement here rather than a printer later.
	l.Net()
	l.PairNet()
	l.SheetNet()
	return l, nil
}

func (s *Settler) runBool(p *vm.Program) (bool, error) {
	v, err := s.vm.Run(p, map[string]any(s.env))
	if err != nil {
		return false, err
	}
	b, _ := v.(bool)
	return b, nil
}

func (s *Settler) candidates(sel ruleset.Selector, o *Outcome) []int {
	var out []int
	switch sel {
	case ruleset.SelPot:
		return []int{Pot}
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
			if (o.HoldsHand(s.r, i) || mutation == "sitout") && (sel == ruleset.SelPlayers || i != o.Declarer) {
				out = append(out, i)
			}
		}
	}
	return out
}

func (s *Settler) party(i int) ruleset.Party {
	if i == Pot {
		return s.pot
	}
	return s.parties[i]
}

func (s *Settler) pay(l *Ledger, o *Outcome, rule *ruleset.Rule, p *ruleset.Pay, explain bool) error {
	for _, from := range s.candidates(p.From, o) {
		for _, to := range s.candidates(p.To, o) {
			if from == to {
				continue
			}
			s.env["from"], s.env["to"] = s.party(from), s.party(to)
			if p.Where != nil {
				ok, err := s.runBool(p.Where)
				if err != nil {
					return fmt.Errorf("where: %v", err)
				}
				if !ok {
					continue
				}
			}
			v, err := s.vm.Run(p.Amount, map[string]any(s.env))
			if err != nil {
				return fmt.Errorf("amount %q: %v", p.AmountSrc, err)
			}
			amt := toAmount(v)
			if amt.IsZero() {
				continue
			}
			if mutation == "double" {
				amt = amt.Add(amt)
			}
			from, to := from, to // a swapped payment must not leak into the next one
			if mutation == "swap" && (p.Account == "" || p.Pair) {
				from, to = to, from
			}
			if p.Account != "" {
				e := SheetEntry{Seat: to, Against: -1, Account: p.Account, Amount: amt, Rule: rule.Name}
				if p.Pair {
					e.Against = from
				}
				if mutation == "against" && p.Pair {
					if e.Against = (e.Against + 1) % len(o.Seats); e.Against == e.Seat {
						e.Against = (e.Against + 1) % len(o.Seats)
					}
				}
				if mutation == "account" {
					e.Seat = (e.Seat + 1) % len(o.Seats)
				}
				if explain {
					if e.Explain, err = s.explain(p); err != nil {
						return err
					}
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
			}
			l.Transfers = append(l.Transfers, t)
		}
	}
	return nil
}

func (s *Settler) mark(l *Ledger, o *Outcome, rule *ruleset.Rule, m *ruleset.Mark) error {
	for _, who := range s.candidates(m.Who, o) {
		s.env["to"] = s.party(who)
		if m.Where != nil {
			ok, err := s.runBool(m.Where)
			if err != nil {
				return fmt.Errorf("where: %v", err)
			}
			if !ok {
				continue
			}
		}
		v, err := s.vm.Run(m.Add, map[string]any(s.env))
		if err != nil {
			return fmt.Errorf("add %q: %v", m.AddSrc, err)
		}
		if d, _ := v.(int); d != 0 {
			if s.parties[who].Marks+d < 0 {
				return fmt.Errorf("add %q: %s holds %d markings, cannot lose %d", m.AddSrc, l.Name(who), s.parties[who].Marks, -d)
			}
			l.Marks = append(l.Marks, MarkChange{Seat: who, Delta: d, Rule: rule.Name})
		}
	}
	return nil
}

func toAmount(v any) money.Amount {
	switch x := v.(type) {
	case int:
		return money.Int(int64(x))
	case money.Amount:
		return x
	}
	return money.Amount{}
}

// fill sets the environment from the outcome. A define or an event's
// condition that fails to evaluate is an error: a value left at zero would
// settle the deal silently wrong.
func (s *Settler) fill(o *Outcome) error {
	r, env := s.r, s.env
	r.ResetEnv(env) // options may differ between outcomes
	played := o.Played()
	var ct *ruleset.Contract
	if o.Contract >= 0 {
		ct = &r.Contracts[o.Contract]
	}
	s.parties = s.parties[:0]
	var playing, dropped, failed, defTricks int
	inviter := o.Inviter(r)
	for i, name := range o.Seats {
		p := ruleset.Party{Name: name, Seat: i, Tricks: o.Tricks[i], Credited: o.Tricks[i], Dealer: i == o.Dealer, Doubling: 1 << o.doubledAt(i)}
		if i < len(o.Marks) {
			p.Marks = o.Marks[i]
		}
		if mutation == "tricks" && i == o.Declarer {
			p.Tricks++
			p.Credited++
		}
		switch {
		case i == o.Declarer:
			p.Declarer, p.Played = true, played
			p.Failed = played && ct != nil && !ct.Made(s.need(o), p.Tricks, o.Run)
		case o.Declarer < 0:
			p.Played = played && o.HoldsHand(r, i) // a contract everyone plays
		case o.HoldsHand(r, i):
			p.Defender = true
			p.Dropped = o.Defence[i] == Drop
			p.Half = o.Defence[i] == Half
			p.Played = o.InPlay(r, i)
			// invited: dropped and asked back, or the partner of a team contra
			p.Invited = p.Played && i != inviter && inviter >= 0
			p.Inviter = i == inviter
			if p.Dropped {
				dropped++
			}
			if p.Played {
				defTricks += p.Tricks
			}
			if p.Played && !p.Invited {
				playing++
				need := 0
				if ct != nil {
					need = ct.EachNeeds
				}
				if p.Inviter {
					need = r.Defence.InviteNeeds
					if r.Defence.Contra.Team && o.doubledAt(i) > 0 {
						need = r.Defence.Contra.TeamNeeds
					}
					for j := range o.Seats { // the invited player's tricks count for the inviter
						if j != i && j != o.Declarer && o.HoldsHand(r, j) && mutation != "invited" {
							p.Credited += o.Tricks[j]
						}
					}
				}
				if p.Credited < need {
					p.Failed = true
					failed++
				}
			}
			if p.Invited {
				p.Credited = 0
			}
		}
		s.parties = append(s.parties, p)
	}
	if ct != nil && ct.DefenceNeeds > 0 && played && o.Declarer >= 0 {
		failed += s.shares(o, ct.DefenceNeeds, defTricks)
	}
	fewest := -1
	for i := range o.Seats {
		if o.HoldsHand(r, i) && (fewest < 0 || o.Tricks[i] < fewest) {
			fewest = o.Tricks[i]
		}
	}
	env["fewest_tricks"] = fewest
	env["talon_tricks"] = o.TalonTricks
	env["all_pass_run"] = o.AllPassRun
	if mutation == "run" {
		env["all_pass_run"] = o.AllPassRun + 1
	}
	env["players"] = len(o.Seats)
	env["open"] = played && (o.Open || (ct != nil && ct.DefendersOpen))
	env["someone_invited"] = inviter >= 0
	env["declarer_aces"], env["declarer_aces_all"] = o.DeclarerAces, o.DeclarerAcesAll
	env["declarer_run"] = o.Run
	env["pot_bid"] = o.PotBid
	env["marks_given"] = o.MarksGiven
	level := 0
	for i := range o.Seats {
		level = max(level, o.doubledAt(i))
	}
	env["contra"], env["recontra"], env["doubling"] = level >= 1, level >= 2, 1<<level
	for _, a := range r.Sheet.Accounts { // the lowest any player holds before the deal
		var low money.Amount
		for i, name := range o.Seats {
			if v := o.Sheet[name+" "+a]; i == 0 || v.Cmp(low) < 0 {
				low = v
			}
		}
		env["lowest_"+a] = low
	}
	env["talon_same_rank"] = sameRank(o.Talon)
	env["declared"] = o.Declarer >= 0
	env["passed"] = o.Declarer < 0
	env["forced"], env["conceded"], env["hand"] = o.Forced, o.Conceded, o.Hand
	env["uncontested"] = o.Uncontested
	env["played"] = played
	env["pot"] = o.Pot
	env["dealer"] = s.parties[o.Dealer]
	env["forehand"] = s.parties[0]
	env["playing_defenders"], env["dropped_defenders"], env["failed_defenders"] = playing, dropped, failed
	env["defence_tricks"] = defTricks
	if o.Declarer >= 0 {
		env["declarer"] = s.parties[o.Declarer]
	}
	if ct != nil {
		env["contract"] = ct.Name
		env["number"] = ct.Number
		env["defence_needs"] = ct.DefenceNeeds
		if ct.Trumps != 255 {
			env["trumps"] = r.Deck.SuitIDs[ct.Trumps]
		}
		for i, k := range r.ValueNames {
			env[k] = ct.Values[i]
		}
		need := s.need(o)
		env["tricks_needed"] = need
		if o.Declarer >= 0 && played {
			t := s.parties[o.Declarer].Tricks
			made := ct.Made(need, t, o.Run)
			env["made"] = made
			if made {
				env["overtricks"] = t - need
			} else if t < need {
				env["undertricks"] = need - t
			} else {
				env["undertricks"] = t - need // an exact contract overshot
			}
		}
	}
	for _, opt := range r.Options {
		if v, ok := o.Options[opt.Name]; ok {
			env[opt.Ident] = v
		}
	}
	for _, ev := range r.Events {
		env[ev.Ident] = o.Events[ev.Name]
	}
	// Events with a condition are derived from the cards of a played deal.
	for _, ev := range r.Events {
		if ev.When != nil && o.CardsKnown {
			v, err := s.vm.Run(ev.When, map[string]any(env))
			if err != nil {
				return fmt.Errorf("event %s: when: %v", ev.Name, err)
			}
			env[ev.Ident] = v == true
		}
	}
	for _, d := range r.Defines {
		v, err := s.vm.Run(d.Program, map[string]any(env))
		if err != nil {
			return fmt.Errorf("define %s %q: %v", d.Name, d.Src, err)
		}
		env[d.Name] = v
	}
	return nil
}

// need is the tricks the contract played needs.
func (s *Settler) need(o *Outcome) int {
	if mutation == "need" {
		return s.r.Need(o.Contract, o.Hand) + 1
	}
	return s.r.Need(o.Contract, o.Hand)
}

// shares divides the defence's obligation among the defenders who answer
// for tricks (those playing, not those whose hand is played along), seated
// from the declarer's left; an odd trick goes to the later or the earlier
// as the ruleset says. A defender is short by what his share lacks, but
// never by more than the defence as a whole: it returns the newly failed.
func (s *Settler) shares(o *Outcome, needs, defTricks int) int {
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
		v, err := s.vm.Run(part.Program, map[string]any(s.env))
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

// sameRank reports whether m holds two or more cards, all of one rank.
func sameRank(m cards.Mask) bool {
	if m.Count() < 2 {
		return false
	}
	r := m.Lowest().Rank()
	for ; m != 0; m &= m - 1 {
		if m.Lowest().Rank() != r {
			return false
		}
	}
	return true
}

// SortedPairs lists PairNet as "from -> to amount" lines, sorted.
func SortedPairs(m map[string]money.Amount) []string {
	var out []string
	for k, v := range m {
		out = append(out, strings.Replace(k, "->", " -> ", 1)+" "+v.String())
	}
	sort.Strings(out)
	return out
}
