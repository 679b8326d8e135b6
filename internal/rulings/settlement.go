package rulings

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/preference-rules/pref/interpreter/deal"
	"github.com/preference-rules/pref/interpreter/money"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/interpreter/settle"
	"github.com/preference-rules/pref/interpreter/verify"
)

// Statement is a deal's outcome stated as pref settle's flags state it:
// the case the flags fill directly (seats, dealer, contract, pot, events,
// ...), and the texts still to read into it. Its errors name the flags.
type Statement struct {
	Case   verify.Case
	Tricks string   // N,N,N in seat order, or Name=N,...
	Drops  []string // defenders who dropped out
	Halves []string // a defender who took half without play
	Sheet  []string // Name.account=N or Name.account.Other=N
	// Contras are --contra NAME or NAME=CALL, Recontras --recontra NAME
	// (settle_state.go)
	Contras, Recontras []string
	Marks              []string // Name=N: markings held before the deal
}

// Settlement is a stated outcome settled by its ruleset.
type Settlement struct {
	Ledger *settle.Ledger
	Pot    money.Amount // the pot before the deal
	// Arithmetic: Print follows each sentence with the arithmetic and
	// the rule of its figures
	Arithmetic bool
	r          *ruleset.Ruleset
}

// Settle reads a statement against r, opts being the options in force,
// and settles it. An outcome that cannot happen is bad input; one that
// can, but that the ruleset's settlement fails on, a *Failure.
func Settle(r *ruleset.Ruleset, opts map[string]any, s Statement) (*Settlement, error) {
	c, err := s.read(opts)
	if err != nil {
		return nil, err
	}
	o, err := c.Outcome(r)
	if err != nil {
		return nil, err
	}
	if err := deal.Check(r, o); err != nil {
		return nil, err
	}
	l, err := settle.New(r).Settle(o, true)
	if err != nil {
		return nil, &Failure{fmt.Errorf("%s cannot settle this outcome: %v", r.Name, err)}
	}
	return &Settlement{Ledger: l, Pot: o.Pot, r: r}, nil
}

// read fills the statement's case from its texts.
func (s Statement) read(opts map[string]any) (verify.Case, error) {
	c := s.Case
	c.Options = opts
	if c.Defence == nil {
		c.Defence = map[string]string{}
	}
	for _, d := range s.Drops {
		c.Defence[d] = "drop"
	}
	for _, d := range s.Halves {
		if c.Defence[d] == "drop" {
			// One choice per defender: the later flag would
			// silently replace the earlier.
			return c, fmt.Errorf("--half %s: %s also dropped out (--drop)", d, d)
		}
		c.Defence[d] = "half"
	}
	var err error
	if c.Tricks, err = ParseTricks(s.Tricks, c.Seats); err != nil {
		return c, err
	}
	if c.AllPassRun < 0 || c.AllPassRun > verify.MaxCount {
		return c, fmt.Errorf("--all-pass-run %d: want 0 to %d deals", c.AllPassRun, verify.MaxCount)
	}
	if c.Sheet, err = ParseSheet(s.Sheet); err != nil {
		return c, err
	}
	if err := readContras(&c, s.Contras, s.Recontras); err != nil {
		return c, err
	}
	if err := readMarks(&c, s.Marks); err != nil {
		return c, err
	}
	return c, checkPot(c.Pot)
}

// checkPot checks --pot here to name the flag; the figure is printed
// back, so it must be one pref reads and writes exactly.
func checkPot(text string) error {
	if text == "" {
		return nil
	}
	pot, err := money.Parse(text)
	if err == nil {
		err = money.CheckInput(pot)
	}
	if err != nil {
		return fmt.Errorf("--pot: %v", err)
	}
	return nil
}

// Print writes the settlement in sentences: what happened, each
// payment (in a ruleset that moves money, or a deal with a transfer) and each score-sheet entry, then each player's result; with
// s.Arithmetic, each sentence is followed by the arithmetic and the rule
// of its figures. A ruleset kept on a sheet that wrote nothing says so. A
// total that does not fit is a *Failure, and nothing is printed.
func (s *Settlement) Print(w io.Writer) error {
	told, err := s.Told()
	if err != nil {
		return err
	}
	var b strings.Builder
	for _, line := range told.Lines(s.Arithmetic) {
		fmt.Fprintln(&b, line)
	}
	_, err = io.WriteString(w, b.String())
	return err
}

// Told is the settlement in both layers (pref settle --json).
func (s *Settlement) Told() (Told, error) {
	l := s.Ledger
	told, err := Tell(l, s.Pot, nil)
	if err != nil {
		return told, &Failure{fmt.Errorf("%s cannot settle this outcome: %v", s.r.Name, err)}
	}
	if !movesMoney(l) && len(told.Sheet) == 0 {
		told.Sheet = []Said{{Sentence: "Nothing is written on the sheet."}}
	}
	return told, nil
}

// ParseSheet reads --sheet entries, Name.account=N or Name.account.Other=N
// for an account kept against another player, into a case's sheet.
func ParseSheet(entries []string) (map[string]map[string]verify.Figure, error) {
	if len(entries) == 0 {
		return nil, nil
	}
	out := map[string]map[string]verify.Figure{}
	for _, kv := range entries {
		place, val, ok := strings.Cut(kv, "=")
		parts := strings.Split(place, ".")
		if !ok || len(parts) < 2 || len(parts) > 3 {
			return nil, fmt.Errorf("--sheet %s: want Name.account=N or Name.account.Other=N", kv)
		}
		name, account := parts[0], parts[1]
		if out[name] == nil {
			out[name] = map[string]verify.Figure{}
		}
		f := out[name][account]
		if len(parts) == 2 {
			if f.Text != "" || f.Against != nil {
				return nil, fmt.Errorf("--sheet %s: %s.%s is given twice", kv, name, account)
			}
			f.Text = val
		} else {
			if f.Text != "" {
				return nil, fmt.Errorf("--sheet %s: %s.%s is given as a figure and against a player", kv, name, account)
			}
			if f.Against == nil {
				f.Against = map[string]string{}
			}
			if _, twice := f.Against[parts[2]]; twice {
				return nil, fmt.Errorf("--sheet %s: %s is given twice", kv, place)
			}
			f.Against[parts[2]] = val
		}
		out[name][account] = f
	}
	return out, nil
}

// ParseTricks reads --tricks, N,N,N in the order of seats or Name=N,...,
// into tricks by name.
func ParseTricks(s string, seats []string) (map[string]int, error) {
	if s == "" {
		return nil, nil
	}
	out := map[string]int{}
	parts := strings.Split(s, ",")
	for i, p := range parts {
		name, val, named := strings.Cut(p, "=")
		if !named {
			if len(parts) != len(seats) {
				return nil, fmt.Errorf("--tricks %s: %d numbers for %d seats; give one per seat or Name=N", s, len(parts), len(seats))
			}
			name, val = seats[i], p
		}
		n, err := strconv.Atoi(strings.TrimSpace(val))
		if err != nil {
			return nil, fmt.Errorf("--tricks: %q is not a number of tricks", val)
		}
		name = strings.TrimSpace(name)
		if _, twice := out[name]; twice {
			// The later count would silently replace the earlier one.
			return nil, fmt.Errorf("--tricks %s: %s is given twice", s, name)
		}
		out[name] = n
	}
	return out, nil
}

// PrintLedger writes a settled deal in sentences: what happened, who
// pays whom what, each player's result and the pot. Every figure is
// computed before anything is written: a total that does not fit is an
// error and nothing is printed, never half a settlement.
func PrintLedger(w io.Writer, l *settle.Ledger, potBefore money.Amount) error {
	return PrintLedgerSession(w, l, potBefore, nil)
}

// PrintLedgerSession is PrintLedger in a session: session is each seat's
// balance after the deal, said after the deal's result ("Anton: -45 this
// deal; -236 in the session").
func PrintLedgerSession(w io.Writer, l *settle.Ledger, potBefore money.Amount, session []money.Amount) error {
	told, err := Tell(l, potBefore, session)
	if err != nil {
		return err
	}
	told.Sheet = nil // PrintSheet's
	var b strings.Builder
	for _, line := range told.Lines(false) {
		fmt.Fprintln(&b, line)
	}
	_, err = io.WriteString(w, b.String())
	return err
}

// PrintSheet writes each score-sheet entry of a ledger in a sentence, and
// what happened at the table where PrintLedger did not say it (a ruleset
// that only writes on the sheet).
func PrintSheet(w io.Writer, l *settle.Ledger) {
	told, err := Tell(l, money.Amount{}, nil)
	if err != nil {
		return // PrintLedger reports totals that do not fit
	}
	told.Payments, told.Pot = nil, ""
	if movesMoney(l) {
		// PrintLedger's; a deal kept on the sheet only has them here
		told.Deal, told.Results = nil, nil
	}
	for _, line := range told.Lines(false) {
		fmt.Fprintln(w, line)
	}
}
