package rulings

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/preference-rules/pref/interpreter/deal"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/interpreter/money"
	"github.com/preference-rules/pref/interpreter/record"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/interpreter/settle"
	"github.com/preference-rules/pref/interpreter/verify"
	"github.com/preference-rules/pref/schema"
)

// Explained is one deal's rulings, for text and JSON alike.
type Explained struct {
	Deal       int           `json:"deal,omitempty"`
	Dealer     string        `json:"dealer,omitempty"`
	Calls      []string      `json:"calls,omitempty"`
	Auction    string        `json:"auction,omitempty"`
	Exchange   []string      `json:"exchange,omitempty"`
	Defence    []string      `json:"defence,omitempty"`
	Tricks     []TrickRuling `json:"tricks,omitempty"`
	Result     string        `json:"result,omitempty"`
	Failed     []string      `json:"failed,omitempty"` // each party short of what he had to take, and by how much
	Unfinished bool          `json:"unfinished,omitempty"`
	Settlement []RuleRuling  `json:"settlement"`
	// Sentences are the settlement as pref settle says it: what happened,
	// who pays whom what and for what, the sheet, each player's result.
	Sentences []string `json:"sentences,omitempty"`
	// Amounts are the amounts the settlement read, in the ruleset's words,
	// down to the table of contracts and the options.
	Amounts []string `json:"amounts,omitempty"`
	// Net is what each party gains or loses by the deal and what each
	// place on the score sheet gains ("Anton +24", "Brigitte pool +4").
	Net []string `json:"net,omitempty"`
	// Expectation is how an outcome case's expect: differs from the
	// settlement, the right figure next to the wrong one; empty when it
	// agrees (or states nothing).
	Expectation []string `json:"expectation,omitempty"`
	// Ruled is, for an outcome case that settles nothing (an auction, a
	// position, the lead, a sheet to close, a refused outcome), what pref
	// rules, in sentences.
	Ruled []string `json:"ruled,omitempty"`
	// Fault is the step a record breaks, after its deal up to it.
	Fault string `json:"fault,omitempty"`
	// arithmetic: the text prints the rules with their conditions and
	// arithmetic under the sentences
	arithmetic bool
}

// ExplainOptions choose what an explanation tells: All, the settlement
// rules that did not apply as well; Arithmetic, the rules with their
// conditions and arithmetic under the sentences (All implies it).
type ExplainOptions struct {
	All, Arithmetic bool
}

// TrickRuling is a trick's cards, who played each, and why its winner won
// it.
type TrickRuling struct {
	Cards string     `json:"cards"`
	Plays []CardPlay `json:"plays,omitempty"`
	Why   string     `json:"why"`
}

// CardPlay is one card of a trick and who played it ("the talon" for a
// talon's card).
type CardPlay struct {
	Player string `json:"player"`
	Card   string `json:"card"`
}

// RuleRuling is a settlement rule, whether it applied, what it wrote, and
// each amount its payments read broken down to the ruleset's values and
// options.
type RuleRuling struct {
	Rule     string   `json:"rule"`
	Source   string   `json:"source,omitempty"`
	When     string   `json:"when"`
	Applied  bool     `json:"applied"`
	Payments []string `json:"payments,omitempty"`
	Derived  []string `json:"derived,omitempty"`
}

// Explain tells the rulings of a game record or an outcome case read from
// path: a record deal by deal, a case its settlement. all lists the
// settlement rules that did not apply, or applied and wrote nothing, as
// well. A record that breaks a rule gives the deals ruled so far, the
// deal up to the fault with the fault, and a *Failure wrapping the
// *record.StepError (several deals refused: a *Failure wrapping each
// one's fault at its line and column in the file, a schema.List); a case that settles nothing, or whose expect:
// differs from the settlement, a *Failure.
func Explain(path string, data []byte, all bool) ([]Explained, error) {
	return ExplainWith(path, data, ExplainOptions{All: all, Arithmetic: all})
}

// ExplainWith is Explain with the options chosen.
func ExplainWith(path string, data []byte, opt ExplainOptions) ([]Explained, error) {
	deals, err := explainFile(path, data, opt.All)
	for i := range deals {
		deals[i].arithmetic = opt.Arithmetic || opt.All
	}
	return deals, err
}

// explainFile is Explain of a record or a case.
func explainFile(path string, data []byte, all bool) ([]Explained, error) {
	if record.IsRecord(data) {
		return explainRecord(path, data, all)
	}
	res, err := verify.RunBytes(path, data)
	if err != nil {
		return nil, err
	}
	if res.Ledger == nil {
		// a case that settles nothing: what pref ruled, and how the
		// expect: differs from it
		e := Explained{Ruled: res.Ruled, Expectation: res.Problems}
		if len(res.Problems) > 0 {
			return []Explained{e}, &Failure{fmt.Errorf("%s: the case and pref's ruling differ: %s", path, strings.Join(res.Problems, "; "))}
		}
		return []Explained{e}, nil
	}
	e := Explained{Settlement: ExplainLedger(res.Ledger, all), Net: netLines(res.Ledger)}
	if r, o, opts, err := verify.CaseOutcome(path, data); err == nil {
		if s := settle.New(r); settles(s, o) {
			e.Failed = shortfalls(s, o)
			deriveSettlement(r, s, o, opts, e.Settlement)
			plainSettlement(&e, res.Ledger, s, o, opts, nil)
		}
	}
	if e.Sentences == nil {
		plainSettlement(&e, res.Ledger, nil, nil, nil, nil)
	}
	e.Expectation = res.Problems
	if len(res.Problems) > 0 {
		return []Explained{e}, &Failure{fmt.Errorf("%s: the case's expect: differs from the settlement: %s", path, strings.Join(res.Problems, "; "))}
	}
	return []Explained{e}, nil
}

// explainRecord replays a record and explains each deal it reached; a
// deal refused is told up to the fault, then the fault.
func explainRecord(path string, data []byte, all bool) ([]Explained, error) {
	rec, err := record.Parse(path, data)
	if err != nil {
		return nil, err
	}
	r, err := record.Open(path, rec)
	if err != nil {
		return nil, err
	}
	res, refused := record.ReplayEach(rec, r)
	var deals []Explained
	totals := map[string]money.Amount{} // each player's result so far, by name
	for _, d := range res {
		if d.After {
			break // the table after a refused deal is not the game's
		}
		deals = append(deals, explainDeal(d, all, rec.Options, sessionAfter(totals, d)))
	}
	if len(refused) > 0 {
		step := refused[0]
		// a record of an illegal move that says so (expect: {error: ...})
		// is ruled as it expects, as pref verify rules it
		unexpected := unexpectedRefusals(rec, refused)
		if step.Partial != nil {
			e := explainPlay(*step.Partial)
			e.Fault = step.Error()
			if !slices.Contains(unexpected, step) {
				e.Fault += ", as the record's expect: says"
			}
			deals = append(deals, e)
		}
		switch len(unexpected) {
		case 0:
			// every refusal as expected: what differs, if anything, is
			// another deal's figures, told with that deal
			return deals, recordExpectations(path, data, deals)
		case 1:
			return deals, &Failure{unexpected[0]}
		}
		// every deal's fault in one run, each at its place in the file
		var faults schema.List
		for _, se := range unexpected {
			faults = append(faults, se.Positioned())
		}
		return deals, &Failure{faults}
	}
	return deals, recordExpectations(path, data, deals)
}

// unexpectedRefusals are the refused steps whose deal does not expect
// them: its expect: names no refusal, or one the step's error does not
// contain (pref verify's reading of expect: {error: ...}).
func unexpectedRefusals(rec *record.Record, refused []*record.StepError) []*record.StepError {
	var out []*record.StepError
	for _, step := range refused {
		if !verify.RefusalExpected(rec, step) {
			out = append(out, step)
		}
	}
	return out
}

// recordExpectations checks the expect: blocks a record's deals carry,
// as pref verify does: each figure that differs is told with its deal,
// next to the settled one, and the explanation fails (*Failure).
func recordExpectations(path string, data []byte, deals []Explained) error {
	res, err := verify.RunBytes(path, data)
	if err != nil || len(res.Problems) == 0 {
		return nil // the replay above found no fault: nothing else to say
	}
	for _, p := range res.Problems {
		n, told := 0, false
		if _, scanErr := fmt.Sscanf(p, "deal %d:", &n); scanErr == nil {
			for i := range deals {
				if deals[i].Deal == n {
					deals[i].Expectation = append(deals[i].Expectation, strings.TrimSpace(strings.TrimPrefix(p, fmt.Sprintf("deal %d:", n))))
					told = true
				}
			}
		}
		if !told && len(deals) > 0 {
			last := &deals[len(deals)-1]
			last.Expectation = append(last.Expectation, p)
		}
	}
	return &Failure{fmt.Errorf("%s: the record's expect: differs from the settlement: %s", path, strings.Join(res.Problems, "; "))}
}

// ExplainDeal tells a replayed deal's rulings: the calls and who won the
// auction, the exchange and the contract, each defender's choice, each
// trick's cards by player and its winner and why, the result and who
// failed, and the settlement with its amounts broken down.
func ExplainDeal(d record.DealResult, all bool) Explained { return explainDeal(d, all, nil, nil) }

// explainDeal is ExplainDeal for a record that sets the options set;
// session is each seat's result in the record so far, this deal's
// included (nil: not told).
func explainDeal(d record.DealResult, all bool, set map[string]any, session []money.Amount) Explained {
	e := explainPlay(d)
	st := d.State
	if st == nil {
		return e
	}
	if d.Unfinished {
		e.Unfinished = true
		e.Result = fmt.Sprintf("the deal was left unfinished after %d complete tricks: nothing is settled", st.NTricks)
		return e
	}
	e.Result = explainResult(d)
	e.Settlement = ExplainLedger(d.Ledger, all)
	e.Net = netLines(d.Ledger)
	if d.Outcome != nil {
		// read again as settling it reads it, for what the settlement read: the same
		// outcome reads the same way
		if s := settle.New(st.R); settles(s, d.Outcome) {
			e.Failed = shortfalls(s, d.Outcome)
			deriveSettlement(st.R, s, d.Outcome, set, e.Settlement)
			plainSettlement(&e, d.Ledger, s, d.Outcome, set, session)
		}
	}
	if e.Sentences == nil {
		plainSettlement(&e, d.Ledger, nil, nil, nil, session)
	}
	return e
}

// sessionAfter adds deal d's results to each player's total so far, by
// name (at a table of four the seats of a deal change), and gives the
// totals in d's seat order; nil for a deal that settled nothing.
func sessionAfter(totals map[string]money.Amount, d record.DealResult) []money.Amount {
	if d.Ledger == nil || d.Unfinished {
		return nil
	}
	net := d.Ledger.Net()
	out := make([]money.Amount, len(d.Seats))
	for i, name := range d.Seats {
		totals[name] = totals[name].Add(net[i])
		out[i] = totals[name]
	}
	return out
}

// explainPlay tells a deal as far as it went: the calls, the exchange,
// the defence and the tricks, the one under way included.
func explainPlay(d record.DealResult) Explained {
	st := d.State
	e := Explained{Deal: d.Index + 1}
	if d.Outcome != nil && d.Outcome.Dealer < len(d.Seats) {
		e.Dealer = d.Seats[d.Outcome.Dealer]
	}
	if st == nil {
		return e
	}
	e.Calls = explainCalls(st)
	e.Auction = explainAuction(st)
	if st.Declarer >= 0 {
		e.Exchange = explainExchange(st)
		e.Defence = explainDefence(st)
	}
	e.Tricks = explainTricks(st)
	return e
}

// explainCalls is each call of the auction: who passed, who bid what.
func explainCalls(st *game.State) []string {
	r := st.R
	var calls []string
	for _, c := range st.Calls {
		call := "passes"
		if w := r.PassWord(); w != "pass" { // a term set's word for the pass: says dalje
			call = "says " + w
		}
		if c.Call != game.Pass {
			call = "bids " + game.SpokenCall(r, r.Ladder[c.Call]) // the words of the menus and narration
		}
		calls = append(calls, st.SeatName(c.Seat)+" "+call)
	}
	return calls
}

// explainAuction says who won the auction and how, or that nobody did.
func explainAuction(st *game.State) string {
	r := st.R
	switch {
	case st.Declarer >= 0 && st.Bid != game.Pass:
		return fmt.Sprintf("%s wins the auction with %s, the last bid standing: the others passed", st.SeatName(st.Declarer), game.SpokenCall(r, r.Ladder[st.Bid]))
	case st.Declarer >= 0 && st.Forced:
		return fmt.Sprintf("everyone passed; %s is forced to declare", st.SeatName(st.Declarer))
	case st.Declarer >= 0 && st.PotBid > 0:
		return fmt.Sprintf("everyone passed; %s wins the pot auction offering %d", st.SeatName(st.Declarer), st.PotBid)
	case st.Declarer >= 0:
		return fmt.Sprintf("everyone passed; %s takes the offer to declare", st.SeatName(st.Declarer))
	case st.Contract >= 0:
		return "everyone passed: " + r.Contracts[st.Contract].Display() + " is played by everyone, each for himself"
	default:
		return "everyone passed: nobody declares"
	}
}

// explainExchange tells what the declarer did with the talon and the
// contract he named (or that he gave up).
func explainExchange(st *game.State) []string {
	r := st.R
	var out []string
	switch {
	case st.Hand:
		out = append(out, fmt.Sprintf("%s plays from the hand: the talon (%s) stays aside", st.SeatName(st.Declarer), r.Deck.Format(st.Talon, false)))
	case st.Laid != 0:
		out = append(out, fmt.Sprintf("%s takes the talon (%s) and lays aside %s", st.SeatName(st.Declarer), r.Deck.Format(st.Talon, false), r.Deck.Format(st.Laid, false)))
	}
	switch {
	case st.Conceded:
		out = append(out, st.SeatName(st.Declarer)+" gives up")
	case st.Contract >= 0:
		ct := &r.Contracts[st.Contract]
		trumps := "no trumps"
		if ct.Trumps != 255 {
			trumps = r.Deck.SuitNames[ct.Trumps] + " trumps"
		}
		out = append(out, fmt.Sprintf("The contract is %s (%s): %s needed", ct.Display(), trumps, deal.Count(r.Need(st.Contract, st.Hand), "trick")))
	}
	return out
}

// explainDefence is each defender's choice in turn from the declarer's
// left, and whether the defending hands were played open.
func explainDefence(st *game.State) []string {
	r := st.R
	var out []string
	for k := 1; k < r.Hands; k++ {
		s := (st.Declarer + k) % r.Hands
		if ch := st.Defence[s]; ch != deal.NoChoice {
			out = append(out, defenceLine(st, s, ch))
		}
	}
	if st.Open {
		out = append(out, "the defending hands are played open")
	}
	return out
}

// defenceLine is defender s's choice ch: played, invited or brought in by
// a contra, and the contra and its answers.
func defenceLine(st *game.State, s int, ch deal.Choice) string {
	r := st.R
	line := fmt.Sprintf("%s: %s", st.SeatName(s), choiceSaid(r, ch))
	caller := st.ContraCaller()
	switch {
	case st.Doubled[s] > 0 && r.Defence.Contra.Team:
		line = st.SeatName(s) + ": " + choiceSaid(r, deal.Play) // the contra's caller, who plays for both
	case st.Invited(s) && caller >= 0 && r.Defence.Contra.Team:
		line = st.SeatName(s) + ": brought in by the " + r.ContraWord(1) + ", plays for " + st.SeatName(caller)
	case st.Invited(s):
		line = st.SeatName(s) + ": invited, plays for the other defender"
	}
	if d := st.Doubled[s]; d == 1 {
		line += ", " + r.ContraWord(1)
	} else if d >= 2 && d <= ruleset.MaxContraLevels {
		line += ", " + r.ContraWord(1) + ", answered by " + strings.Join(r.ContraWordsUpTo(d)[1:], ", ")
	}
	return line
}

// choiceSaid is a defence choice as the record writes it (play, drop),
// or a term set's word for it where one is in force (dođem, pas).
func choiceSaid(r *ruleset.Ruleset, ch deal.Choice) string {
	if w := r.DefenceWord(ch.String()); w != "" {
		return w
	}
	return ch.String()
}

// explainTricks is each complete trick's cards, by player, and why its
// winner won it; then the trick under way, if any (a deal stopped in it).
func explainTricks(st *game.State) []TrickRuling {
	var out []TrickRuling
	for i := 0; i < st.NTricks; i++ {
		out = append(out, trickRuling(st, &st.Record[i], st.TrickReason(i)))
	}
	if cur := st.CurrentTrick(); cur.N > 0 && !st.Over() {
		out = append(out, trickRuling(st, cur, "under way"))
	}
	return out
}

// trickRuling names each card of trick t with its player.
func trickRuling(st *game.State, t *game.Trick, why string) TrickRuling {
	tr := TrickRuling{Why: why}
	var text []string
	for k := 0; k < t.N; k++ {
		who := "the talon"
		if s := int(t.Seats[k]); s != game.TalonSeat {
			who = st.SeatName(s)
		}
		card := st.R.Deck.Name(t.Cards[k])
		tr.Plays = append(tr.Plays, CardPlay{Player: who, Card: card})
		text = append(text, who+" "+card)
	}
	tr.Cards = strings.Join(text, ", ")
	return tr
}

// explainResult is the declarer's tricks against those needed, made or
// lost; "" where no contract with a declarer was played.
func explainResult(d record.DealResult) string {
	st, o := d.State, d.Outcome
	if o == nil || o.Declarer < 0 || o.Contract < 0 || !o.Played() {
		return ""
	}
	r := st.R
	need := r.Need(o.Contract, o.Hand)
	got := o.Tricks[o.Declarer]
	verdict := "made"
	if !r.Contracts[o.Contract].Made(need, got, o.Run) {
		verdict = "lost"
	}
	result := fmt.Sprintf("%s took %s, %d needed: %s", d.Seats[o.Declarer], deal.Count(got, "trick"), need, verdict)
	if st.Stopped {
		result += " (play stopped when it was lost)"
	}
	if st.Claimed {
		result += fmt.Sprintf(" (the last %s by a claim)", deal.Count(r.HandSize-st.NTricks, "trick"))
	}
	return result
}

// ExplainLedger pairs each rule with what it wrote: only the rules that
// wrote something, unless all.
func ExplainLedger(l *settle.Ledger, all bool) []RuleRuling {
	var out []RuleRuling
	if l == nil {
		return nil
	}
	for _, rt := range l.Rules {
		rr := RuleRuling{Rule: rt.Name, Source: rt.Source, When: rt.When, Applied: rt.Held}
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
		for _, m := range l.KindMarks {
			if m.Rule == rt.Name {
				rr.Payments = append(rr.Payments, fmt.Sprintf("%s %+d %s", l.Name(m.Seat), m.Delta, kindWord(l, m.Kind)))
			}
		}
		if !all && len(rr.Payments) == 0 {
			continue // a rule that did not apply, or applied and wrote nothing
		}
		out = append(out, rr)
	}
	return out
}

// kindWord is one marker of the ledger's named kind k in the ruleset's
// words ("double round"), or the kind's name when the ledger was settled
// without its words.
func kindWord(l *settle.Ledger, k int) string {
	if l.Told != nil && l.Told.R != nil {
		return l.Told.R.KindWords(k).One
	}
	if k > 0 && k <= len(l.KindNames) {
		return l.KindNames[k-1]
	}
	return "marker"
}

// PrintExplained writes deals' rulings as text, or with asJSON as JSON.
func PrintExplained(w io.Writer, deals []Explained, asJSON bool) {
	if asJSON {
		enc := json.NewEncoder(w)
		enc.SetEscapeHTML(false) // "->" stays readable
		enc.SetIndent("", "  ")
		_ = enc.Encode(deals)
		return
	}
	for _, e := range deals {
		printExplainedPlay(w, e)
		if e.Fault != "" {
			fmt.Fprintf(w, "Fault: %s.\n\n", e.Fault)
			continue // refused there: nothing settled
		}
		if e.Unfinished {
			continue // nothing settled
		}
		for _, r := range e.Ruled {
			fmt.Fprintf(w, "%s.\n", r)
		}
		printPlainSettlement(w, e)
		if e.arithmetic && len(e.Ruled) == 0 && e.Settlement != nil {
			printExplainedSettlement(w, e.Settlement)
		}
		printExpectation(w, e)
		fmt.Fprintln(w)
	}
}

// printExpectation writes how an outcome case and the ruling differ:
// a wrong expect: beside a settlement; where nothing was settled (an
// auction, a position, or an outcome that cannot be) what differs,
// without blaming the expect:.
func printExpectation(w io.Writer, e Explained) {
	if len(e.Expectation) == 0 {
		return
	}
	if e.Settlement == nil {
		fmt.Fprintln(w, "Where the case and pref differ:")
	} else {
		fmt.Fprintln(w, "The expect: is wrong:")
	}
	for _, p := range e.Expectation {
		fmt.Fprintf(w, "  %s\n", p)
	}
}

// printExplainedPlay writes a deal's heading, auction, exchange, defence,
// tricks and result.
func printExplainedPlay(w io.Writer, e Explained) {
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
	for _, f := range e.Failed {
		fmt.Fprintf(w, "Failed: %s.\n", f)
	}
}

// printPlainSettlement writes the settlement in sentences and the
// amounts in words.
func printPlainSettlement(w io.Writer, e Explained) {
	if len(e.Sentences) == 0 && len(e.Amounts) == 0 {
		return
	}
	fmt.Fprintln(w, "Settled:")
	for _, s := range e.Sentences {
		fmt.Fprintf(w, "  %s\n", s)
	}
	if len(e.Amounts) > 0 {
		fmt.Fprintln(w, "  The amounts:")
		for _, a := range e.Amounts {
			fmt.Fprintf(w, "    %s\n", a)
		}
	}
}

// printExplainedSettlement writes each settlement rule, whether it
// applied, and its payments.
func printExplainedSettlement(w io.Writer, settlement []RuleRuling) {
	fmt.Fprintln(w, "Settlement:")
	if len(settlement) == 0 {
		fmt.Fprintln(w, "  no rule applies: nothing is paid or written")
	}
	for _, rr := range settlement {
		state := "applies"
		if !rr.Applied {
			state = "does not apply"
		}
		fmt.Fprintf(w, "  rule %q %s: %s\n", rr.Rule, state, rr.When)
		for _, p := range rr.Payments {
			fmt.Fprintf(w, "    %s\n", p)
		}
		if len(rr.Derived) > 0 {
			fmt.Fprintln(w, "    the amounts, down to the ruleset's values and options:")
			for _, x := range rr.Derived {
				fmt.Fprintf(w, "      %s\n", x)
			}
		}
	}
}
