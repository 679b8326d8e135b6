package settle

import (
	"fmt"

	"github.com/preference-rules/pref/interpreter/deal"
	"github.com/preference-rules/pref/interpreter/money"
	"github.com/preference-rules/pref/interpreter/ruleset"
)

// bookkeeping applies the sheet's rules that follow a deal's entries: the
// write-off (a gain first clears another account) and the ceiling (an
// account that passes it fills the other players'). Both depend on the
// sheet as it stood before the deal (Outcome.Sheet), so they are entries of
// this deal, explained like any other.
func (s *Settler) bookkeeping(l *Ledger, o *deal.Outcome, explain bool) error {
	sh := &s.r.Sheet
	trace := func(name, source, when string, on bool) {
		if explain {
			if when == "" {
				when = "always"
			} else {
				when = fmt.Sprintf("%s = %v", when, on)
			}
			l.Rules = append(l.Rules, RuleTrace{Name: name, Source: source, When: when, Held: on})
		}
	}
	if w := sh.WriteOff; w != nil {
		on, err := s.optionalBool(w.When)
		if err != nil {
			return fmt.Errorf("write_off when %q: %v", w.WhenSrc, err)
		}
		trace(w.Rule, w.Source, w.WhenSrc, on)
		if on {
			s.writeOff(l, o, explain)
		}
	}
	if c := sh.Ceiling; c != nil {
		on, err := s.optionalBool(c.When)
		if err != nil {
			return fmt.Errorf("ceiling when %q: %v", c.WhenSrc, err)
		}
		trace(c.Rule, c.Source, c.WhenSrc, on)
		if on {
			return s.ceiling(l, o, explain)
		}
	}
	return nil
}

func (s *Settler) optionalBool(p *ruleset.Code) (bool, error) {
	if p == nil {
		return true, nil
	}
	return p.Bool(s.f)
}

// standing is seat's account as the sheet stood before the deal plus this
// deal's entries so far.
func standing(l *Ledger, o *deal.Outcome, seat int, account string) money.Amount {
	v := o.Sheet[o.Seats[seat]+" "+account]
	for _, e := range l.Sheet {
		if e.Seat == seat && e.Against < 0 && e.Account == account {
			v = v.Add(e.Amount)
		}
	}
	return v
}

// gained is what seat's account gained in this deal's entries so far.
func gained(l *Ledger, seat int, account string) money.Amount {
	var v money.Amount
	for _, e := range l.Sheet {
		if e.Seat == seat && e.Against < 0 && e.Account == account {
			v = v.Add(e.Amount)
		}
	}
	return v
}

func minAmount(a, b money.Amount) money.Amount {
	if a.Cmp(b) <= 0 {
		return a
	}
	return b
}

func (s *Settler) writeOff(l *Ledger, o *deal.Outcome, explain bool) {
	w := s.r.Sheet.WriteOff
	for seat := range o.Seats {
		gain := gained(l, seat, w.Account)
		off := standing(l, o, seat, w.Off)
		if gain.Sign() <= 0 || off.Sign() <= 0 {
			continue
		}
		x := minAmount(gain, off)
		var why string
		if explain {
			why = fmt.Sprintf("%v of the %v gained in %s clears the %s (%v)", x, gain, w.Account, w.Off, off)
		}
		l.Sheet = append(l.Sheet,
			SheetEntry{Seat: seat, Against: -1, Account: w.Account, Amount: x.Neg(), Rule: w.Rule, Explain: why},
			SheetEntry{Seat: seat, Against: -1, Account: w.Off, Amount: x.Neg(), Rule: w.Rule, Explain: why})
	}
}

func (s *Settler) ceiling(l *Ledger, o *deal.Outcome, explain bool) error {
	c := s.r.Sheet.Ceiling
	top, err := c.At.Amount(s.f)
	if err != nil {
		return fmt.Errorf("ceiling at %q: %v", c.AtSrc, err)
	}
	per, err := c.PerPoint.Amount(s.f)
	if err != nil {
		return fmt.Errorf("ceiling help per_point %q: %v", c.PerSrc, err)
	}
	n := len(o.Seats)
	for donor := 0; donor < n; donor++ {
		level := standing(l, o, donor, c.Account)
		excess := level.Sub(top)
		if excess.Sign() <= 0 {
			continue
		}
		entry := func(seat, against int, account string, amt money.Amount, why string) {
			e := SheetEntry{Seat: seat, Against: against, Account: account, Amount: amt, Rule: c.Rule}
			if explain {
				e.Explain = why
			}
			l.Sheet = append(l.Sheet, e)
		}
		entry(donor, -1, c.Account, excess.Neg(), fmt.Sprintf("%v passes the ceiling %v by %v", level, top, excess))
		for excess.Sign() > 0 {
			// the fullest account below the ceiling; between equals the
			// nearest on the donor's left (the next in playing order)
			best, bestLevel := -1, money.Amount{}
			for k := 1; k < n; k++ {
				j := (donor + k) % n
				lj := standing(l, o, j, c.Account)
				if lj.Cmp(top) < 0 && (best < 0 || lj.Cmp(bestLevel) > 0) {
					best, bestLevel = j, lj
				}
			}
			if best < 0 {
				break
			}
			give := minAmount(excess, top.Sub(bestLevel))
			whists := give.Mul(per)
			entry(best, -1, c.Account, give, fmt.Sprintf("%v of %s's excess, to the fullest %s below %v (%v)", give, o.Seats[donor], c.Account, top, bestLevel))
			entry(donor, best, c.HelpAccount, whists, fmt.Sprintf("%v given x %v", give, per))
			excess = excess.Sub(give)
		}
		if excess.Sign() > 0 {
			entry(donor, -1, c.Rest, excess.Neg(), fmt.Sprintf("%v of the excess that no %s could take", excess, c.Account))
		}
	}
	return nil
}
