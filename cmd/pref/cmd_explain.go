package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/preference-rules/pref/internal/safeio"
	"github.com/preference-rules/pref/internal/termtext"
	"github.com/preference-rules/pref/interpreter/deal"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/interpreter/record"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/interpreter/settle"
	"github.com/preference-rules/pref/interpreter/verify"
	"github.com/spf13/cobra"
)

func explainCmd() *cobra.Command {
	var all, asJSON bool
	cmd := &cobra.Command{
		Use:   "explain RECORD|CASE",
		Short: "Tell every ruling of a game record or an outcome case, with the rule and the arithmetic",
		Long: `Read a game record (docs/records.md) and tell, deal by deal, what a referee
would read aloud: the calls and who won the auction, the exchange and the
contract, each defender's choice, each trick's winner and why, the contract's
result, and each payment or score-sheet entry with the settlement rule whose
condition held and its arithmetic. For an outcome case, the settlement part.
--all lists the settlement rules that did not apply as well; --json prints the
same as data. Exit status 1 when the record breaks a rule (the step is named),
2 when the file cannot be read.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			path := args[0]
			data, err := safeio.ReadFile(path, safeio.MaxFile)
			if err != nil {
				return badInput(err)
			}
			var deals []explained
			if record.IsRecord(data) {
				rec, err := record.Parse(path, data)
				if err != nil {
					return badInput(err)
				}
				r, err := record.Open(path, rec)
				if err != nil {
					return badInput(err)
				}
				res, err := record.Replay(rec, r)
				for _, d := range res {
					deals = append(deals, explainDeal(d, all))
				}
				var step *record.StepError
				if errors.As(err, &step) {
					printExplained(termtext.NewWriter(cmd.OutOrStdout()), deals, asJSON)
					return failed("%v", step)
				}
				if err != nil {
					return badInput(err)
				}
			} else {
				res, err := verify.RunBytes(path, data)
				if err != nil {
					return badInput(err)
				}
				if res.Ledger == nil {
					return failed("%s: nothing settled to explain (%s)", path, strings.Join(res.Problems, "; "))
				}
				deals = append(deals, explained{Settlement: explainLedger(res.Ledger, all)})
			}
			printExplained(termtext.NewWriter(cmd.OutOrStdout()), deals, asJSON)
			return nil
		},
	}
	cmd.Flags().BoolVar(&all, "all", false, "also list the settlement rules that did not apply")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the explanation as JSON")
	return cmd
}

// explained is one deal's rulings, for text and JSON alike.
type explained struct {
	Deal       int           `json:"deal,omitempty"`
	Dealer     string        `json:"dealer,omitempty"`
	Calls      []string      `json:"calls,omitempty"`
	Auction    string        `json:"auction,omitempty"`
	Exchange   []string      `json:"exchange,omitempty"`
	Defence    []string      `json:"defence,omitempty"`
	Tricks     []trickRuling `json:"tricks,omitempty"`
	Result     string        `json:"result,omitempty"`
	Unfinished bool          `json:"unfinished,omitempty"`
	Settlement []ruleRuling  `json:"settlement"`
}

type trickRuling struct {
	Cards string `json:"cards"`
	Why   string `json:"why"`
}

type ruleRuling struct {
	Rule     string   `json:"rule"`
	Source   string   `json:"source,omitempty"`
	When     string   `json:"when"`
	Applied  bool     `json:"applied"`
	Payments []string `json:"payments,omitempty"`
}

func explainDeal(d record.DealResult, all bool) explained {
	st := d.State
	r := st.R
	e := explained{Deal: d.Index + 1}
	if d.Outcome != nil && d.Outcome.Dealer < len(d.Seats) {
		e.Dealer = d.Seats[d.Outcome.Dealer]
	}
	if st == nil {
		return e
	}
	for _, c := range st.Calls {
		call := "passes"
		if c.Call != game.Pass {
			call = "bids " + r.CallName(r.Ladder[c.Call])
		}
		e.Calls = append(e.Calls, st.SeatName(c.Seat)+" "+call)
	}
	switch {
	case st.Declarer >= 0 && st.Bid != game.Pass:
		e.Auction = fmt.Sprintf("%s wins the auction with %s, the last bid standing: the others passed", st.SeatName(st.Declarer), r.CallName(r.Ladder[st.Bid]))
	case st.Declarer >= 0 && st.Forced:
		e.Auction = fmt.Sprintf("everyone passed; %s is forced to declare", st.SeatName(st.Declarer))
	case st.Declarer >= 0 && st.PotBid > 0:
		e.Auction = fmt.Sprintf("everyone passed; %s wins the pot auction offering %d", st.SeatName(st.Declarer), st.PotBid)
	case st.Declarer >= 0:
		e.Auction = fmt.Sprintf("everyone passed; %s takes the offer to declare", st.SeatName(st.Declarer))
	case st.Contract >= 0:
		e.Auction = "everyone passed: " + r.Contracts[st.Contract].Display() + " is played by everyone, each for himself"
	default:
		e.Auction = "everyone passed: nobody declares"
	}
	if st.Declarer >= 0 {
		switch {
		case st.Hand:
			e.Exchange = append(e.Exchange, fmt.Sprintf("%s plays from the hand: the talon (%s) stays aside", st.SeatName(st.Declarer), r.Deck.Format(st.Talon, false)))
		case st.Laid != 0:
			e.Exchange = append(e.Exchange, fmt.Sprintf("%s takes the talon (%s) and lays aside %s", st.SeatName(st.Declarer), r.Deck.Format(st.Talon, false), r.Deck.Format(st.Laid, false)))
		}
		switch {
		case st.Conceded:
			e.Exchange = append(e.Exchange, st.SeatName(st.Declarer)+" gives up")
		case st.Contract >= 0:
			ct := &r.Contracts[st.Contract]
			trumps := "no trumps"
			if ct.Trumps != 255 {
				trumps = r.Deck.SuitNames[ct.Trumps] + " trumps"
			}
			e.Exchange = append(e.Exchange, fmt.Sprintf("the contract is %s (%s): %d tricks needed", ct.Display(), trumps, r.Need(st.Contract, st.Hand)))
		}
		for k := 1; k < r.Hands; k++ {
			s := (st.Declarer + k) % r.Hands
			if ch := st.Defence[s]; ch != deal.NoChoice {
				line := fmt.Sprintf("%s: %v", st.SeatName(s), ch)
				caller := st.ContraCaller()
				switch {
				case st.Doubled[s] > 0 && r.Defence.Contra.Team:
					line = st.SeatName(s) + ": play" // the contra's caller, who plays for both
				case st.Invited(s) && caller >= 0 && r.Defence.Contra.Team:
					line = st.SeatName(s) + ": brought in by the contra, plays for " + st.SeatName(caller)
				case st.Invited(s):
					line = st.SeatName(s) + ": invited, plays for the other defender"
				}
				if d := st.Doubled[s]; d == 1 {
					line += ", contra"
				} else if d >= 2 && d <= ruleset.MaxContraLevels {
					line += ", contra, answered by " + strings.Join(ruleset.ContraCalls[2:d+1], ", ")
				}
				e.Defence = append(e.Defence, line)
			}
		}
		if st.Open {
			e.Defence = append(e.Defence, "the defending hands are played open")
		}
	}
	for i := 0; i < st.NTricks; i++ {
		t := &st.Record[i]
		names := make([]string, t.N)
		for k := 0; k < t.N; k++ {
			names[k] = r.Deck.Name(t.Cards[k])
		}
		e.Tricks = append(e.Tricks, trickRuling{Cards: strings.Join(names, " "), Why: st.TrickReason(i)})
	}
	if d.Unfinished {
		e.Unfinished = true
		e.Result = fmt.Sprintf("the deal was left unfinished after %d complete tricks: nothing is settled", st.NTricks)
		return e
	}
	if o := d.Outcome; o != nil && o.Declarer >= 0 && o.Contract >= 0 && o.Played() {
		need := r.Need(o.Contract, o.Hand)
		got := o.Tricks[o.Declarer]
		verdict := "made"
		if !r.Contracts[o.Contract].Made(need, got, o.Run) {
			verdict = "lost"
		}
		e.Result = fmt.Sprintf("%s took %d tricks, %d needed: %s", d.Seats[o.Declarer], got, need, verdict)
		if st.Stopped {
			e.Result += " (play stopped when it was lost)"
		}
		if st.Claimed {
			e.Result += fmt.Sprintf(" (the last %d tricks by a claim)", r.HandSize-st.NTricks)
		}
	}
	e.Settlement = explainLedger(d.Ledger, all)
	return e
}

// explainLedger pairs each rule with what it wrote.
func explainLedger(l *settle.Ledger, all bool) []ruleRuling {
	var out []ruleRuling
	if l == nil {
		return nil
	}
	for _, rt := range l.Rules {
		if !rt.Held && !all {
			continue
		}
		rr := ruleRuling{Rule: rt.Name, Source: rt.Source, When: rt.When, Applied: rt.Held}
		for _, t := range l.Transfers {
			if t.Rule == rt.Name {
				rr.Payments = append(rr.Payments, fmt.Sprintf("%s -> %s %v: %s", l.Name(t.From), l.Name(t.To), t.Amount, t.Explain))
			}
		}
		for _, s := range l.Sheet {
			if s.Rule == rt.Name {
				rr.Payments = append(rr.Payments, fmt.Sprintf("%s %s: %s", l.SheetKey(s), s.Amount.Signed(), s.Explain))
			}
		}
		for _, m := range l.Marks {
			if m.Rule == rt.Name {
				rr.Payments = append(rr.Payments, fmt.Sprintf("%s %+d marking", l.Name(m.Seat), m.Delta))
			}
		}
		out = append(out, rr)
	}
	return out
}

func printExplained(w io.Writer, deals []explained, asJSON bool) {
	if asJSON {
		enc := json.NewEncoder(w)
		enc.SetEscapeHTML(false) // "->" stays readable
		enc.SetIndent("", "  ")
		_ = enc.Encode(deals)
		return
	}
	for _, e := range deals {
		if e.Deal > 0 {
			fmt.Fprintf(w, "Deal %d", e.Deal)
			if e.Dealer != "" {
				fmt.Fprintf(w, " (%s deals)", e.Dealer)
			}
			fmt.Fprintln(w)
		}
		if len(e.Calls) > 0 {
			fmt.Fprintf(w, "Auction: %s.\n  %s.\n", strings.Join(e.Calls, ", "), e.Auction)
		}
		for _, x := range e.Exchange {
			fmt.Fprintf(w, "  %s.\n", x)
		}
		if len(e.Defence) > 0 {
			fmt.Fprintf(w, "Defence: %s.\n", strings.Join(e.Defence, "; "))
		}
		for i, t := range e.Tricks {
			fmt.Fprintf(w, "Trick %d: %s - %s.\n", i+1, t.Cards, t.Why)
		}
		if e.Result != "" {
			fmt.Fprintf(w, "Result: %s.\n", e.Result)
		}
		if e.Unfinished {
			continue // nothing settled
		}
		fmt.Fprintln(w, "Settlement:")
		if len(e.Settlement) == 0 {
			fmt.Fprintln(w, "  no rule applies: nothing is paid or written")
		}
		for _, rr := range e.Settlement {
			state := "applies"
			if !rr.Applied {
				state = "does not apply"
			}
			fmt.Fprintf(w, "  rule %q %s: %s\n", rr.Rule, state, rr.When)
			for _, p := range rr.Payments {
				fmt.Fprintf(w, "    %s\n", p)
			}
		}
		fmt.Fprintln(w)
	}
}
