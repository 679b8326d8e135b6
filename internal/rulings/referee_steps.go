package rulings

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/interpreter/record"
	"github.com/preference-rules/pref/interpreter/table"
	"github.com/preference-rules/pref/rulesets"
	"gopkg.in/yaml.v3"
)

// Refereed is a game record as a referee steps through it (pref serve's
// /referee): pref explain's rulings of each deal, every step of every deal
// (At: the state after it, the table drawn at it), the fault where the
// record breaks a rule, and the ruling document (pref explain --ruling).
// A deal's steps are replayed when asked for, not kept: a record of
// thousands of deals would otherwise hold a state per card.
type Refereed struct {
	File   string
	Deals  []Explained
	played []record.DealResult // every deal reached, a refused one last
	starts []int               // the step each deal of played begins at, and the total last
	fault  *record.StepError
	// the card written where the fault is, and its seat ("" : none)
	faultCard, faultSeat string
	// the steps of the deal last asked for, kept: stepping through a
	// deal replays it once
	mu        sync.Mutex
	cached    int // the deal's index in played, +1 (0: none)
	cachedFor []Step
	Fault     string   // the record's fault or failed expectation ("" : none)
	Ruling    *Ruling  // nil when it could not be made (Problem says why)
	Notes     []string // a PPN import's notes and differences
	// Problem is why the ruling document could not be made.
	Problem string
}

// Step is one step of a deal: its cards dealt, a decision or a card
// played (legal: the record was replayed through it), a claim, or the
// fault the record is refused at.
type Step struct {
	Deal  int    // from 1
	Kind  string // dealt, legal (a decision or a card), claim, or fault
	Seat  string // who decided ("" : the deal, a claim)
	Words string // what happened, in the player's words
	Card  string // the card played, its notation ("" : not a card)
	Trick int    // the trick a card was played to, from 1
	Why   string // why it was legal: the rule that decided the seat's cards, or the ruling's rule
	Won   string // the trick's winner and why, when this card completed it
	Fault string // the rule broken: this step was refused
	// FaultCard and FaultSeat are the card the record plays where it is
	// refused and the seat to play it ("" : the fault is not a card's)
	FaultCard, FaultSeat string
	Last                 bool // the deal's last step
	// Told is the deal so far as pref explain tells it: the calls, who
	// won the auction, the exchange and contract, the defence.
	Told  []string
	State *game.State
}

// RefereeRecord reads a game record (or, with asPPN, a PPN game read as
// pref import reads it) named name, replays it step by step and explains
// it. A ruleset is opened by name only (embedded or the user's), never as
// a path beside the record: a page must not make pref read a file. Bad
// input (text that is not a record, a ruleset named by path) is an error;
// a record that breaks a rule is not: its steps end at the fault.
func RefereeRecord(name string, data []byte, asPPN bool) (*Refereed, error) {
	out := &Refereed{File: name}
	if asPPN {
		im, err := ImportPPN(name, data, nil)
		if err != nil {
			return nil, err
		}
		for _, n := range im.Notes {
			out.Notes = append(out.Notes, fmt.Sprintf("note: %v", n))
		}
		for _, d := range im.Differences {
			out.Notes = append(out.Notes, fmt.Sprintf("PPN and pref differ: %v", d))
		}
		if data, err = ImportedText(name, im); err != nil {
			return nil, err
		}
		name = strings.TrimSuffix(name, filepath.Ext(name)) + ".yaml"
		out.File = name
	}
	if !record.IsRecord(data) {
		if err := notRecord(name, data); err != nil {
			return nil, err
		}
		return nil, fmt.Errorf("%s: not a game record (no ruleset, seats and deals): the referee steps through records; pref verify checks an outcome case", name)
	}
	rec, err := record.Parse(name, data)
	if err != nil {
		return nil, err
	}
	if err := namedRuleset(name, rec.Ruleset); err != nil {
		return nil, err
	}
	deals, err := ExplainWith(name, data, ExplainOptions{Arithmetic: true})
	var failed *Failure
	if err != nil && !errors.As(err, &failed) {
		return nil, err
	}
	if err != nil {
		out.Fault = err.Error()
	}
	for _, d := range deals {
		if out.Fault == "" && d.Fault != "" {
			out.Fault = d.Fault // a fault the record expects is still a fault
		}
	}
	out.Deals = deals
	if err = out.replay(name, rec); err != nil {
		return nil, err
	}
	if doc, derr := NewRuling(name, data, deals); derr == nil {
		out.Ruling = doc
	} else {
		out.Problem = derr.Error()
	}
	return out, nil
}

// notRecord is why text meant as a record is not one, as pref explain
// tells it (file:line:col): YAML that does not parse, or a record's seats
// with its keys misspelt; nil for text not meant as a record.
func notRecord(name string, data []byte) error {
	var top map[string]any
	if yaml.Unmarshal(data, &top) == nil && top["seats"] == nil {
		return nil
	}
	_, err := record.Parse(name, data)
	return err
}

// namedRuleset refuses a record whose ruleset is not one pref knows by
// name.
func namedRuleset(file, name string) error {
	known := append(rulesets.Names(), rulesets.UserNames()...)
	if strings.ContainsAny(name, `/\`) || !slices.Contains(known, name) {
		return fmt.Errorf("%s: ruleset %q: here a record's ruleset is named, never a file (the embedded ones are %s)", file, name, strings.Join(rulesets.Names(), ", "))
	}
	return nil
}

// replay replays rec and counts the steps of every deal it reached; a
// deal refused ends with its fault.
func (r *Refereed) replay(path string, rec *record.Record) error {
	rs, err := record.Open(path, rec)
	if err != nil {
		return err
	}
	res, err := record.Replay(rec, rs)
	var step *record.StepError
	if errors.As(err, &step) {
		r.fault = step
		if step.Partial != nil {
			res = append(res, *step.Partial)
		}
	} else if err != nil {
		return err
	}
	r.played = res
	if step != nil && step.Partial != nil && step.Deal-1 < len(rec.Deals) {
		r.faultCard, r.faultSeat = cardWritten(step.Partial.State, &rec.Deals[step.Deal-1])
	}
	total := 0
	for _, d := range res {
		r.starts = append(r.starts, total)
		total += stepCount(d)
	}
	if r.fault != nil {
		if step.Partial == nil { // refused before its first step
			r.starts = append(r.starts, total)
		}
		total++
	}
	r.starts = append(r.starts, total)
	return nil
}

// cardWritten is the card deal d's record plays next in the card play
// of state g (the one refused there) and the seat to play it; "" when g
// is not in the card play or the record writes no such card.
func cardWritten(g *game.State, d *record.Deal) (card, seat string) {
	if g == nil || g.Phase() != game.PhasePlay || g.NTricks >= len(d.Tricks) {
		return "", ""
	}
	written := strings.FieldsFunc(d.Tricks[g.NTricks], func(c rune) bool { return c == ' ' || c == ',' || c == '\t' })
	cur := g.CurrentTrick()
	k := cur.N
	if k > 0 && cur.Seats[0] == game.TalonSeat && (len(written) == 0 || written[0] != g.R.Deck.Name(cur.Cards[0])) {
		k-- // the talon's card turned is not written in the trick
	}
	if k >= len(written) {
		return "", ""
	}
	c, err := g.R.Deck.Parse(written[k])
	if err != nil {
		return "", ""
	}
	return g.R.Deck.Name(c), g.SeatName(g.ToAct())
}

// stepCount is how many steps DealSteps gives for d.
func stepCount(d record.DealResult) int {
	if d.State == nil {
		return 0
	}
	n := 1 + len(d.Rulings)
	if d.State.Claimed {
		n++
	}
	return n
}

// Len is the number of steps of the record, its fault included.
func (r *Refereed) Len() int { return r.starts[len(r.starts)-1] }

// DealStarts is the step each deal begins at.
func (r *Refereed) DealStarts() []int { return r.starts[:len(r.starts)-1] }

// At is step k of the record (0 <= k < Len), its state replayed.
func (r *Refereed) At(k int) Step {
	i := 0
	for i+1 < len(r.starts)-1 && r.starts[i+1] <= k {
		i++
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.cached != i+1 {
		r.cached, r.cachedFor = i+1, r.dealSteps(i)
	}
	steps := r.cachedFor
	k -= r.starts[i]
	if k < 0 || k >= len(steps) {
		return Step{Deal: i + 1, Kind: "fault", Words: "No such step."}
	}
	return steps[k]
}

// dealSteps is the steps of deal i of played, the fault after the last.
func (r *Refereed) dealSteps(i int) []Step {
	var steps []Step
	if i < len(r.played) {
		steps = DealSteps(r.played[i])
	}
	if r.fault != nil && i == len(r.starts)-2 {
		fault := Step{Deal: r.fault.Deal, Kind: "fault", Words: "The record is refused here.", Fault: r.fault.Error(), Last: true,
			FaultCard: r.faultCard, FaultSeat: r.faultSeat}
		if n := len(steps); n > 0 {
			fault.State, fault.Told = steps[n-1].State, steps[n-1].Told
			steps[n-1].Last = false
		}
		steps = append(steps, fault)
	}
	return steps
}

// DealSteps replays a deal's rulings from its cards as dealt: the state
// after each step. The replay is the engine's own (State.Apply), started
// as the record started it (the hands, the talon in its order, the names,
// the all-pass run).
func DealSteps(d record.DealResult) []Step {
	end := d.State
	if end == nil {
		return nil
	}
	g := redeal(d)
	if g == nil {
		return nil
	}
	n := d.Index + 1
	steps := []Step{{Deal: n, Kind: "dealt", Words: "The cards are dealt.", State: g.Clone()}}
	for _, ru := range d.Rulings {
		st := actionStep(g, n, ru)
		if _, err := g.Apply(ru.Action); err != nil {
			break // the replay took it: never so
		}
		if st.Trick > 0 && g.NTricks >= st.Trick {
			st.Won = g.TrickReason(st.Trick - 1)
		}
		st.State, st.Told = g.Clone(), toldSoFar(g)
		steps = append(steps, st)
	}
	if end.Claimed {
		steps = append(steps, Step{Deal: n, Kind: "claim", Words: fmt.Sprintf("The rest is claimed: %s.", takenWords(end)), State: end.Clone()})
	}
	steps[len(steps)-1].Last = true
	return steps
}

// toldSoFar is the deal up to now in pref explain's words.
func toldSoFar(g *game.State) []string {
	var out []string
	if calls := explainCalls(g); len(calls) > 0 {
		out = append(out, "Auction: "+strings.Join(calls, ", ")+".")
	}
	if g.Phase() > game.PhaseAuction && (g.Declarer >= 0 || g.Contract >= 0) {
		out = append(out, explainAuction(g)+".")
	}
	if g.Declarer >= 0 {
		for _, x := range explainExchange(g) {
			out = append(out, x+".")
		}
		if d := explainDefence(g); len(d) > 0 {
			out = append(out, "Defence: "+strings.Join(d, "; ")+".")
		}
	}
	return out
}

// redeal is deal d as it was dealt, begun at a table of its seats as
// the record's replay began it (the deal goes through table.Deal, which
// tells it the all-pass run before it), the talon in its order; nil when
// the table refuses it (never for a deal the replay took).
func redeal(d record.DealResult) *game.State {
	end := d.State
	t, err := table.New(end.R, d.Seats)
	if err != nil {
		return nil
	}
	t.AllPassRun = end.AllPassRun
	dl, err := t.Begin(game.New(end.R, nil))
	if err != nil {
		return nil
	}
	dl.G.Names = end.Names
	if err := dl.SetHands(slices.Clone(end.Dealt[:end.R.Hands]), end.Talon); err != nil {
		return nil
	}
	dl.G.SetTalonOrder(end.TalonOrder())
	return &dl.G.State
}

// actionStep tells the step a ruling made, read before it is applied.
func actionStep(g *game.State, deal int, ru game.Ruling) Step {
	a := ru.Action
	st := Step{Deal: deal, Kind: "legal", Seat: g.SeatName(a.Seat), Why: ru.Rule}
	if a.Phase == game.PhasePlay {
		c := a.Card()
		st.Card, st.Trick = g.R.Deck.Name(c), g.NTricks+1
		st.Words = fmt.Sprintf("%s plays %s to trick %d.", st.Seat, g.R.Deck.Name(c), st.Trick)
		st.Why = g.LegalReason(a.Seat)
		return st
	}
	st.Words = fmt.Sprintf("%s: %s.", st.Seat, g.ActionString(a))
	if a.Phase == game.PhaseDiscard {
		st.Words = fmt.Sprintf("%s lays aside %s.", st.Seat, g.R.Deck.Format(a.Cards, false))
	}
	return st
}

// takenWords is each hand's tricks: "Anton 6, Brigitte 2, Charlotte 2".
func takenWords(g *game.State) string {
	var parts []string
	for s := 0; s < g.Seats(); s++ {
		parts = append(parts, fmt.Sprintf("%s %d", g.SeatName(s), g.Taken[s]))
	}
	return strings.Join(parts, ", ")
}
