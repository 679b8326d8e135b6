package web

import (
	"bytes"
	"fmt"
	"strings"
	"sync"

	"github.com/preference-rules/pref/internal/app"
	"github.com/preference-rules/pref/interpreter/cards"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/interpreter/table"
)

// The names pref play seats (its --players default): the web table deals
// as pref play --ruleset NAME --seed N deals, the person in the first seat.
var seatNames = []string{"Anton", "Brigitte", "Charlotte", "Dora"}

// sessionDeals is how many deals a table plays before the session ends.
const sessionDeals = 100

// webTable is one person's session at the web table: the session stepped
// as the terminal's full screen steps it (Next, Take, Snapshot, Restore),
// the transcript the printer writes, and what the page shows now.
type webTable struct {
	mu       sync.Mutex
	id       string
	coach    *coaching // the coach beside a coached deal; nil at /play
	name     string    // the ruleset as asked for
	options  []string
	seed     uint64
	bots     string // the page's word: simple, strong or served
	programs string // the --bots pref serve was given ("": none): seated when bots is served, else offered by a link
	r        *ruleset.Ruleset
	sess     *app.Session
	p        *app.Printer
	out      bytes.Buffer // the transcript
	you      string
	adviser  app.Adviser
	legal    []game.Action // the decision waiting; nil when none
	laid     cards.Mask    // the discard chosen so far
	undo     []app.Snapshot
	undoLog  []int // the transcript's length at each undo point
	between  bool  // a deal settled, the next not begun
	settled  string
	dealAt   int // the transcript's length when the deal began
	endAt    int // the transcript's length when the deal ended
	over     bool
	err      error
	status   string        // the answer to the last click: a refusal with its rule, a hint
	q        *app.Question // the question shown, built once per decision
	hintOf   *app.Question // the question the last hint answered (the hint is stale once q changes)
	hinted   int           // the choice of hintOf the hint advised
}

// newTable seats the person at the first seat of ruleset r and plays on
// to the first decision.
//
// bots is the page's word for the computer players (simple, strong,
// served), spec the --bots they are seated by (served: pref serve's own,
// outside programs among them).
func newTable(name string, options []string, r *ruleset.Ruleset, seed uint64, bots, spec string) (*webTable, error) {
	names := seatNames[:r.Hands]
	t, err := table.New(r, names)
	if err != nil {
		return nil, err
	}
	adviser := "simple" // the hint beside outside programs: the simple player's
	if bots == "strong" {
		adviser = "strong"
	}
	w := &webTable{name: name, options: options, seed: seed, bots: bots, r: r, you: names[0], adviser: app.NewAdviser(adviser)}
	if bots == servedBots {
		w.programs = spec
	}
	w.p = &app.Printer{Out: &w.out, Ruleset: r, Bots: spec, Review: true} // after each deal, what perfect play gives
	rng := app.DealRand(seed)                                             // pref play's stream for --seed
	w.sess = app.NewSession(w.p, t, rng, sessionDeals, nil, w.you)
	w.advance()
	return w, nil
}

// advance lets the computer players decide up to the person's next
// decision, or to the end of the deal.
func (w *webTable) advance() {
	defer func() {
		if v := recover(); v != nil {
			w.over, w.err, w.legal = true, app.Recovered(v), nil
		}
	}()
	if !w.sess.InDeal() {
		w.dealAt = w.out.Len()
		w.undo, w.undoLog = nil, nil
	}
	legal, between, err := w.sess.NextOrBreak()
	w.legal, w.laid, w.between, w.q = legal, 0, between, nil
	switch {
	case err != nil:
		w.over, w.err = true, err
	case between:
		w.endAt = w.out.Len()
		w.settled = w.out.String()[w.settledFrom():]
	case legal == nil:
		w.over = true
	}
}

// settledFrom is where the deal's end is told in the transcript: from
// "The deal is over" (or the perfect-play review, or the settlement) to
// its end.
func (w *webTable) settledFrom() int {
	text := w.out.String()
	for _, mark := range []string{"\nThe deal is over.", "\nPerfect play:", "\nSettlement\n"} {
		if i := strings.LastIndex(text, mark); i >= w.dealAt {
			return i + 1
		}
	}
	return w.dealAt
}

// choose answers the decision waiting with choice i of the question shown:
// a card or call that breaks a rule is refused with the rule, and nothing
// changes.
func (w *webTable) choose(i int) {
	w.status = ""
	if w.legal == nil {
		w.status = "No decision is waiting."
		return
	}
	q := w.question()
	if i < 0 || i >= len(q.Choices) {
		w.status = fmt.Sprintf("There is no choice %d: the question has %d.", i, len(q.Choices))
		return
	}
	c := q.Choices[i]
	if !c.OK {
		w.status = fmt.Sprintf("%s is not legal: %s.", c.Label, strings.TrimSuffix(c.Why, "."))
		return
	}
	a := c.Action
	if a.Phase == game.PhaseDiscard && a.Value != w.legal[0].Value { // one card picked, or choose again
		w.q = nil
		if a.Value < 0 {
			w.laid = 0
		} else {
			w.laid |= a.Cards
			w.status = "Laid aside so far: " + w.p.Cards(w.laid)
		}
		return
	}
	g := w.sess.Game()
	if a.Phase == game.PhasePlay {
		if rule := g.Breach(a.Seat, a.Card()); rule != 0 {
			w.status = fmt.Sprintf("Note: %s breaks cooperation rule %d: %s.", w.p.Card(a.Card()), rule, game.CooperationRules[rule])
		}
	}
	snap, at := w.sess.Snapshot(), w.out.Len()
	if err := w.sess.Take(a); err != nil {
		w.status = err.Error()
		w.laid, w.q = 0, nil
		return
	}
	w.undo, w.undoLog = append(w.undo, snap), append(w.undoLog, at)
	w.advance()
}

// back takes the deal back to the person's last decision.
func (w *webTable) back() {
	for len(w.undo) > 0 {
		n := len(w.undo) - 1
		snap, at := w.undo[n], w.undoLog[n]
		w.undo, w.undoLog = w.undo[:n], w.undoLog[:n]
		if w.sess.Restore(snap) {
			w.out.Truncate(at)
			w.legal, w.laid, w.q = w.sess.Game().Choices(), 0, nil
			w.status = "Taken back: decide again."
			return
		}
	}
	w.status = "Nothing to take back in this deal."
}

// hint puts the adviser's answer and its reason in the status.
func (w *webTable) hint() {
	if w.legal == nil {
		w.status = "No decision is waiting."
		return
	}
	q := w.p.Ask(w.sess.Game(), w.legal, w.laid, w.adviser)
	if q.Hint < 0 {
		w.status = "No hint for this decision."
		return
	}
	w.status = fmt.Sprintf("Hint: %s (%s)", q.Choices[q.Hint].Label, q.HintWhy)
	w.hintOf, w.hinted = w.question(), q.Hint // the same choices, in the same order: the same legal actions asked
}

// next begins the next deal of the session.
func (w *webTable) next() {
	w.status = ""
	if !w.between {
		w.status = "The deal is not over yet."
		return
	}
	w.advance()
}

// close ends the outside programs seated at the table (it is dropped).
func (w *webTable) close() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.sess.Close()
}

// question is the decision waiting, as the application layer offers it.
func (w *webTable) question() *app.Question {
	if w.q == nil {
		w.q = w.p.Ask(w.sess.Game(), w.legal, w.laid, nil)
	}
	return w.q
}

// standings is what Session.Standings prints, caught.
func (w *webTable) standings() string {
	var b bytes.Buffer
	old := w.p.Out
	w.p.Out = &b
	defer func() { w.p.Out = old }()
	if err := w.sess.Standings(); err != nil {
		return err.Error()
	}
	return strings.TrimSpace(b.String())
}
