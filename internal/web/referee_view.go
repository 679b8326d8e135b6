package web

import (
	"bytes"
	"fmt"
	"html/template"

	"github.com/preference-rules/pref/internal/app"
	"github.com/preference-rules/pref/internal/rulings"
	"github.com/preference-rules/pref/interpreter/cards"
	"github.com/preference-rules/pref/interpreter/game"
)

// refereeView is a record at one step: the table drawn as the referee
// sees it (every hand face up), the ruling of the step, and at a deal's
// end its settlement.
type refereeView struct {
	Title, ID, File string
	Step, Steps     int
	Deal, Deals     int
	Nav             []navLink // first, back, forward, last
	DealLinks       []dealLink
	Sprite          template.HTML
	Seats           []seatView
	Talon           []cardView
	TalonNote       string
	Trick           []cardView
	TrickNote       string
	Told            []string
	Ruling          stepRuling
	Settled         *rulings.Explained // the deal's settlement, at its last step
	Fault           string
	RefusedInHand   bool // the card refused is marked in its seat's hand
	Notes           []string
	Document        template.HTML // the ruling document, rendered
	Problem         string
	JSON, Markdown  string // the ruling document's downloads
	// the analyser's best play from this step (asked for: Analyse links
	// to it; Best is the answer, BestErr why there is none)
	Analyse string
	Best    *rulings.BestPlay
	BestErr string
}

// maxShownDocument is the longest ruling document drawn on the page (in
// Markdown); a longer one is offered as a download only.
const maxShownDocument = 128 << 10

// renderRuling is the ruling document of rec as HTML, "" when there is
// none or it is too long to draw on every step.
func renderRuling(rec *rulings.Refereed) template.HTML {
	if rec.Ruling == nil {
		return ""
	}
	var b bytes.Buffer
	rulings.PrintRuling(&b, rec.Ruling, false)
	if b.Len() > maxShownDocument {
		return ""
	}
	doc, _, err := toHTML(b.String())
	if err != nil {
		return ""
	}
	return doc
}

// navLink is a step button: its name (data-nav), its label, its key, and
// its link ("" : no step that way).
type navLink struct{ Name, Label, Key, URL string }

// dealLink is a link to a deal's first step.
type dealLink struct {
	N       int
	URL     string
	Current bool
}

// stepRuling is what the referee rules at a step: who did what, whether
// it was legal and why, the trick's winner and why, or the fault.
type stepRuling struct {
	Kind  string // data-ruling: dealt, legal, claim or fault
	Words string
	Seat  string
	Card  string
	Trick int
	Why   string
	Won   string
	Fault string
	// the card refused and its seat, when the fault is a card's
	FaultCard, FaultSeat string
}

// refereeStepView builds the page of record rec (kept under id) at step;
// doc is its ruling document rendered ("" : too long to show, or none).
func refereeStepView(id string, rec *rulings.Refereed, doc template.HTML, step int, analyse bool) *refereeView {
	st := rec.At(step)
	v := &refereeView{Title: "Referee: " + rec.File, ID: id, File: rec.File, Step: step, Steps: rec.Len(),
		Deal: st.Deal, Notes: rec.Notes, Problem: rec.Problem, Told: st.Told}
	link := func(k int) string { return fmt.Sprintf("/referee?r=%s&step=%d", id, k) }
	v.Nav = []navLink{{"first", "« First", "Home", ""}, {"back", "◀ Back", "ArrowLeft", ""},
		{"forward", "Forward ▶", "ArrowRight", ""}, {"last", "Last »", "End", ""}}
	if step > 0 {
		v.Nav[0].URL, v.Nav[1].URL = link(0), link(step-1)
	}
	if step < rec.Len()-1 {
		v.Nav[2].URL, v.Nav[3].URL = link(step+1), link(rec.Len()-1)
	}
	starts := rec.DealStarts()
	v.Deals = len(starts)
	for i, k := range starts {
		// the first and last deals and those near this one: a record
		// of thousands of deals is not a page of thousands of links
		if n := i + 1; n == 1 || n == len(starts) || n >= st.Deal-5 && n <= st.Deal+5 {
			v.DealLinks = append(v.DealLinks, dealLink{N: n, URL: link(k), Current: n == st.Deal})
		}
	}
	v.Ruling = stepRuling{Kind: st.Kind, Words: st.Words, Seat: st.Seat, Card: st.Card, Trick: st.Trick, Why: st.Why, Won: st.Won, Fault: st.Fault,
		FaultCard: st.FaultCard, FaultSeat: st.FaultSeat}
	v.Fault = st.Fault
	if st.Last && st.Fault == "" {
		for i := range rec.Deals {
			if rec.Deals[i].Deal == st.Deal && rec.Deals[i].Fault == "" {
				v.Settled = &rec.Deals[i]
			}
		}
	}
	if st.State != nil {
		drawRefereeTable(v, st.State)
		if st.State.Phase() == game.PhasePlay && st.Kind != "fault" {
			v.Analyse = link(step) + "&analyse=1"
		}
	}
	if analyse && v.Analyse != "" {
		v.bestPlay(st.State)
	}
	if rec.Ruling != nil {
		v.JSON = "/referee/ruling?r=" + id + "&format=json"
		v.Markdown = "/referee/ruling?r=" + id + "&format=md"
		v.Document = doc
	}
	return v
}

// bestPlay asks the analyser for the best play from state g.
func (v *refereeView) bestPlay(g *game.State) {
	best, err := rulings.AnalyseStep(g)
	if err != nil {
		v.BestErr = err.Error()
	}
	v.Best = best
}

// drawRefereeTable draws every hand face up (the referee sees them all),
// the talon or the cards laid aside, and the trick on the table (or the
// last one, with its winner).
func drawRefereeTable(v *refereeView, g *game.State) {
	art := cardArt{deck: &g.R.Deck}
	p := &app.Printer{Ruleset: g.R}
	v.Sprite = art.sprite()
	for s := 0; s < g.Seats(); s++ {
		sv := seatView{Name: g.SeatName(s), Taken: g.Taken[s], Turn: !g.Over() && g.ToAct() == s, Role: refereeRole(g, s)}
		sv.Cards = faces(art, p.SortedHand(g.Hands[s]))
		v.Seats = append(v.Seats, sv)
	}
	switch {
	case g.Laid != 0 && g.Phase() > game.PhaseDiscard:
		v.TalonNote, v.Talon = "Laid aside by "+g.SeatName(g.Declarer), faces(art, p.SortedHand(g.Laid))
	case g.Talon != 0 && g.Phase() <= game.PhaseAnnounce:
		v.TalonNote, v.Talon = "The talon", faces(art, g.TalonOrder())
	}
	drawRefereeTrick(v, g, art)
	v.markRefused(g, art)
}

// markRefused marks, at a card's fault, the card refused in the hand of
// the seat it was written for; RefusedInHand says whether it is there (a
// record may play a card the seat does not hold).
func (v *refereeView) markRefused(g *game.State, art cardArt) {
	if v.Ruling.Kind != "fault" || v.Ruling.FaultCard == "" {
		return
	}
	c, err := g.R.Deck.Parse(v.Ruling.FaultCard)
	if err != nil {
		return
	}
	for s := range v.Seats {
		if g.SeatName(s) != v.Ruling.FaultSeat || !g.Hands[s].Has(c) {
			continue
		}
		for k := range v.Seats[s].Cards {
			if cv := &v.Seats[s].Cards[k]; cv.Label == art.label(c) {
				cv.Refused, v.RefusedInHand = true, true
			}
		}
	}
}

// faces draws cards face up.
func faces(art cardArt, cs []cards.Card) []cardView {
	var out []cardView
	for _, c := range cs {
		out = append(out, cardView{Art: art.face(c), Label: art.label(c)})
	}
	return out
}

// refereeRole is what seat s is in the deal and whether it is to act.
func refereeRole(g *game.State, s int) string {
	role := ""
	switch {
	case g.Declarer == s:
		role = "declarer"
	case g.Declarer >= 0 && g.Phase() > game.PhaseAnnounce && !g.InPlay(s):
		role = "out of play"
	case g.Declarer >= 0 && g.Phase() > game.PhaseAnnounce:
		role = "defender"
	}
	switch {
	case g.Over() || g.ToAct() != s:
		return role
	case g.Phase() == game.PhasePlay:
		return joinRole(role, "to play")
	}
	return joinRole(role, "to decide")
}

// drawRefereeTrick draws the trick under way, or the last one with its
// winner.
func drawRefereeTrick(v *refereeView, g *game.State, art cardArt) {
	tr := g.CurrentTrick()
	v.TrickNote = fmt.Sprintf("Trick %d", g.NTricks+1)
	if (tr.N == 0 || g.Over()) && g.NTricks > 0 {
		tr = &g.Record[g.NTricks-1]
		winner := g.SeatName(tr.Winner)
		if tr.Winner == game.TalonSeat {
			winner = "the talon"
		}
		v.TrickNote = fmt.Sprintf("Trick %d, won by %s", g.NTricks, winner)
	}
	if tr.N == 0 {
		v.TrickNote = ""
	}
	for k := 0; k < tr.N; k++ {
		who := "the talon"
		if s := int(tr.Seats[k]); s != game.TalonSeat {
			who = g.SeatName(s)
		}
		v.Trick = append(v.Trick, cardView{Art: art.face(tr.Cards[k]), Label: art.label(tr.Cards[k]), Note: who})
	}
}

// joinRole adds what a seat is doing to its role.
func joinRole(role, doing string) string {
	if role == "" {
		return doing
	}
	return role + ", " + doing
}
