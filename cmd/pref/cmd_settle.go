package main

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/preference-rules/pref/internal/termtext"
	"github.com/preference-rules/pref/interpreter/deal"
	"github.com/preference-rules/pref/interpreter/money"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/interpreter/settle"
	"github.com/preference-rules/pref/interpreter/verify"
	"github.com/preference-rules/pref/rulesets"
	"github.com/spf13/cobra"
)

func settleCmd() *cobra.Command {
	var (
		c       verify.Case
		tricks  string
		drops   []string
		halves  []string
		options []string
		sheet   []string
	)
	cmd := &cobra.Command{
		Use:   "settle --ruleset NAME --declarer NAME --bid CONTRACT --tricks N,N,N",
		Short: "Settle a stated outcome: every payment with its rule and arithmetic",
		Long: `Settle a deal from its outcome alone: the contract, who dropped out and the
tricks. Prints each transfer with the rule that produced it and its
arithmetic, then each party's net result.

Seats are in playing order, forehand first; the dealer is the last seat
unless --dealer names another (with four seats the dealer sits out). For a
ruleset kept on a score sheet each entry is printed with its rule and
arithmetic; when all pass and the all-pass game is played, give --passed and
the tricks (talon=N for tricks the talon won).`,
		Example: `  pref settle --ruleset austrian-1829 --seats Anton,Brigitte,Charlotte \
      --declarer Anton --bid diamonds --tricks 6,2,2
  pref settle --ruleset austrian-1829 --declarer Anton --bid spades --drop Brigitte --tricks Anton=7,Charlotte=3
  pref settle --ruleset sochi --declarer Anton --bid 6-spades --tricks 7,2,1
  pref settle --ruleset leningrad --passed --all-pass-run 1 --tricks 5,3,2`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			r, opts, err := openWithOptions(c.Ruleset, options)
			if err != nil {
				return err
			}
			c.Options = opts
			if c.Defence == nil {
				c.Defence = map[string]string{}
			}
			for _, d := range drops {
				c.Defence[d] = "drop"
			}
			for _, d := range halves {
				if c.Defence[d] == "drop" {
					// One choice per defender: the later flag would
					// silently replace the earlier.
					return badInput(fmt.Errorf("--half %s: %s also dropped out (--drop)", d, d))
				}
				c.Defence[d] = "half"
			}
			if c.Tricks, err = parseTricks(tricks, c.Seats); err != nil {
				return badInput(err)
			}
			if c.AllPassRun < 0 || c.AllPassRun > verify.MaxCount {
				return badInput(fmt.Errorf("--all-pass-run %d: want 0 to %d deals", c.AllPassRun, verify.MaxCount))
			}
			if c.Sheet, err = parseSheet(sheet); err != nil {
				return badInput(err)
			}
			if c.Pot != "" {
				// Checked here to name the flag; the figure is printed
				// back, so it must be one pref reads and writes exactly.
				pot, err := money.Parse(c.Pot)
				if err == nil {
					err = money.CheckInput(pot)
				}
				if err != nil {
					return badInput(fmt.Errorf("--pot: %v", err))
				}
			}
			o, err := c.Outcome(r)
			if err != nil {
				return badInput(err)
			}
			// An outcome that cannot happen is bad input; one that can,
			// but that the ruleset's settlement fails on, is a failed
			// ruling: exit 1, and no figure printed.
			if err := deal.Check(r, o); err != nil {
				return badInput(err)
			}
			l, err := settle.New(r).Settle(o, true)
			if err != nil {
				return failed("%s cannot settle this outcome: %v", r.Name, err)
			}
			if usesMoney(r) || len(l.Transfers) > 0 {
				if err := printLedger(termtext.NewWriter(cmd.OutOrStdout()), l, o.Pot); err != nil {
					return failed("%s cannot settle this outcome: %v", r.Name, err)
				}
			}
			printSheet(termtext.NewWriter(cmd.OutOrStdout()), l) // rule names and explanations come from the ruleset
			if !usesMoney(r) && len(l.Sheet) == 0 && len(l.Transfers) == 0 {
				fmt.Fprintln(cmd.OutOrStdout(), "nothing is written on the sheet")
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&c.Ruleset, "ruleset", rulesets.Default, "embedded ruleset name or path to a .yaml file")
	f.StringSliceVar(&c.Seats, "seats", []string{"Anton", "Brigitte", "Charlotte"}, "player names in playing order, forehand first")
	f.StringVar(&c.Dealer, "dealer", "", "the dealer (default: the last seat)")
	f.StringVar(&c.Contract.Declarer, "declarer", "", "who declared")
	f.StringVar(&c.Contract.Bid, "bid", "", "the contract played, a name from the ruleset's bid table")
	f.BoolVar(&c.Contract.Hand, "hand", false, "played from the hand (talon unused)")
	f.BoolVar(&c.Contract.Forced, "forced", false, "the declarer was forced after everyone passed")
	f.BoolVar(&c.Contract.Conceded, "conceded", false, "the declarer gave up before play")
	f.BoolVar(&c.Contract.Passed, "passed", false, "everyone passed and nobody declared")
	f.StringSliceVar(&drops, "drop", nil, "defenders who dropped out")
	f.StringSliceVar(&halves, "half", nil, "a defender who took half without play (the other dropped out)")
	f.StringVar(&tricks, "tricks", "", "tricks per seat: N,N,N in seat order, or Name=N,...")
	f.StringVar(&c.Pot, "pot", "", "the pot before settlement: at most ±10^12, to a millionth")
	f.StringSliceVar(&options, "option", nil, "ruleset option, name=value (e.g. hand-doubles=true)")
	f.StringSliceVar(&c.Events, "event", nil, "an event the ruleset knows (e.g. four-aces)")
	f.BoolVar(&c.Open, "open", false, "the lone defender chose open play (score-sheet rulesets)")
	f.IntVar(&c.AllPassRun, "all-pass-run", 0, "all-pass deals immediately before this one (0 to 1000)")
	f.StringSliceVar(&sheet, "sheet", nil, "the score sheet before the deal: Name.account=N or Name.account.Other=N (e.g. Anton.pool=16,Anton.mountain=5)")
	_ = cmd.RegisterFlagCompletionFunc("ruleset", completeRulesets)
	return cmd
}

// parseSheet reads --sheet entries, Name.account=N or Name.account.Other=N
// for an account kept against another player, into a case's sheet.
func parseSheet(entries []string) (map[string]map[string]verify.Figure, error) {
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

func parseTricks(s string, seats []string) (map[string]int, error) {
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

// parseOptions reads --option name=value pairs by the one reader every
// door into pref shares (ruleset.ParseOptions): the same words, bound and
// refusal of an option given twice for every command.
func parseOptions(r *ruleset.Ruleset, opts []string) (map[string]any, error) {
	out, err := r.ParseOptions(opts)
	if err != nil {
		return nil, fmt.Errorf("--option %v", err)
	}
	return out, nil
}

// printLedger writes each transfer with its rule and arithmetic, then the net
// result of each party. Every figure is computed before anything is
// written: a total that does not fit is an error and nothing is printed,
// never half a settlement.
func printLedger(w io.Writer, l *settle.Ledger, potBefore money.Amount) (err error) {
	defer money.Catch(&err)
	var b strings.Builder
	if len(l.Transfers) == 0 {
		fmt.Fprintln(&b, "no payments")
	}
	for _, t := range l.Transfers {
		fmt.Fprintf(&b, "%s -> %s %v  (%s: rule %q)\n", l.Name(t.From), l.Name(t.To), t.Amount, t.Explain, t.Rule)
	}
	net := l.Net()
	parts := make([]string, 0, len(net))
	for i, v := range net {
		name := "pot"
		if i < len(l.Seats) {
			name = l.Seats[i]
		}
		parts = append(parts, fmt.Sprintf("%s %s", name, v.Signed()))
	}
	fmt.Fprintf(&b, "net: %s\n", strings.Join(parts, ", "))
	if !potBefore.IsZero() {
		fmt.Fprintf(&b, "pot: %v -> %v\n", potBefore, potBefore.Add(net[len(net)-1]))
	}
	_, err = io.WriteString(w, b.String())
	return err
}

// printSheet writes each score-sheet entry of a ledger with its rule and
// arithmetic.
func printSheet(w io.Writer, l *settle.Ledger) {
	for _, e := range l.Sheet {
		fmt.Fprintf(w, "%s %s  (%s: rule %q)\n", l.SheetKey(e), e.Amount.Signed(), e.Explain, e.Rule)
	}
}
