package web

import (
	"fmt"
	"html/template"
	"strings"

	"github.com/preference-rules/pref/internal/app"
	"github.com/preference-rules/pref/interpreter/cards"
	"github.com/preference-rules/pref/interpreter/game"
)

// tableView is what the play page shows of a table, for the person's seat
// only: every card in it is one the seat may see (game.State.Hidden).
type tableView struct {
	ID, Title, Ruleset  string
	Seed                uint64
	Bots                string
	Again, Fresh, Rules string // links: the same deal again, a new deal, the rulebook
	Other, OtherBots    string // the same deal with the other kind of computer players
	Programs            string // served: the --bots pref serve was given, seated here
	Offered, OfferedURL string // the --bots pref serve was given, and the link that seats them
	Sprite              template.HTML
	Others              []seatView
	You                 seatView
	Talon               []cardView
	TalonBacks          []struct{}
	TalonNote           string
	Trick               []cardView
	TrickNote           string
	Panel               []string
	Prompt              string
	Calls               []choiceView // the answers that are not cards
	Status              string
	Log                 string
	Between             bool
	Settlement          string
	Standings           string
	Sheet               *sheetView // the score sheet (or pot) drawn as a sheet
	Over                bool
	Error               string
	Phase               string
}

// seatView is a seat at the table: its name, what it is doing, its cards.
type seatView struct {
	Name  string
	Role  string
	Turn  bool
	Taken int
	Cards []cardView // face up: the person's, or a hand the rules open
	Backs []struct{} // face down, one per card
	Plays bool       // the person decides for this hand
}

// cardView is one card drawn: a face, and when it may be clicked its
// choice.
type cardView struct {
	Art   template.HTML
	Label string // read aloud
	Note  string // under it: who played it
	// Refused: the card a record plays that the referee refuses, drawn
	// in the hand with a mark and the words "refused" (not colour alone)
	Refused bool
	Choice  *choiceView
}

// choiceView is one answer offered: a button.
type choiceView struct {
	Index int
	Label string
	Word  string // data-action or data-card
	Card  bool
	Legal bool
	Hint  bool // the last hint advised it
	Why   string
	Art   template.HTML
	Aria  string
}

// view builds what the page shows now.
func (w *webTable) view() *tableView {
	g, p := w.sess.Game(), w.p
	art := cardArt{deck: &w.r.Deck}
	v := &tableView{ID: w.id, Title: w.r.Title, Ruleset: w.name, Seed: w.seed, Bots: w.bots, Sprite: art.sprite(),
		Status: w.status, Between: w.between, Over: w.over}
	v.Again = playURL(w.name, w.options, fmt.Sprint(w.seed), w.bots)
	v.Fresh = playURL(w.name, w.options, "", w.bots)
	v.Rules = rulesURL(w.name, w.options)
	v.OtherBots = map[string]string{"simple": "strong", "strong": "simple", servedBots: "simple"}[w.bots]
	v.Other = playURL(w.name, w.options, fmt.Sprint(w.seed), v.OtherBots)
	switch {
	case w.bots == servedBots:
		v.Programs = w.programs
	case w.programs != "":
		v.Offered, v.OfferedURL = w.programs, playURL(w.name, w.options, fmt.Sprint(w.seed), servedBots)
	}
	if w.err != nil {
		v.Error = fmt.Sprintf("The session stopped: %v", w.err)
	}
	if w.sess.InDeal() || g.Over() {
		v.Panel = p.Status(g, w.sess.Table())
	}
	v.Log = w.log()
	if w.between {
		v.Settlement = strings.TrimPrefix(strings.TrimSpace(w.settled), "The deal is over.\n")
	}
	if w.between || w.over {
		v.Standings = w.standings()
	}
	v.Sheet = w.sheet()
	v.Panel = v.Sheet.dropStatusLine(v.Panel)
	if len(p.Names) == 0 { // no deal was begun
		return v
	}
	var q *app.Question
	if w.legal != nil {
		q = w.question()
		v.Prompt, v.Phase = q.Prompt, w.legal[0].Phase.String()
	}
	me := seatOf(p.Names, w.you)
	byCard := map[cards.Card]*choiceView{}
	if q != nil {
		for i, c := range q.Choices {
			cv := &choiceView{Index: i, Label: c.Label, Word: c.Word, Card: c.IsCard, Legal: c.OK, Why: c.Why, Aria: c.Label,
				Hint: w.hintOf == q && w.hinted == i}
			if c.IsCard {
				cv.Art, cv.Aria = art.face(c.Card), art.label(c.Card)
				if !c.OK {
					cv.Aria += ", not legal: " + c.Why
				}
				if cv.Hint {
					cv.Aria += ", the hint"
				}
				byCard[c.Card] = cv
				continue
			}
			v.Calls = append(v.Calls, *cv)
		}
	}
	for k := 0; k < g.Seats(); k++ {
		s := (me + k) % g.Seats()
		sv := w.seat(g, art, me, s, q, byCard)
		if s == me {
			v.You = sv
		} else {
			v.Others = append(v.Others, sv)
		}
	}
	w.middle(v, g, art, me)
	return v
}

// seat draws seat s as the person at me sees it.
func (w *webTable) seat(g *game.Game, art cardArt, me, s int, q *app.Question, byCard map[cards.Card]*choiceView) seatView {
	p := w.p
	sv := seatView{Name: p.SeatName(s), Taken: g.Taken[s], Turn: !g.Over() && g.ToAct() == s && w.sess.InDeal()}
	if s == me {
		sv.Name = p.SeatName(s) + " (you)"
	}
	switch {
	case g.Declarer == s:
		sv.Role = "declarer"
	case g.Declarer >= 0 && g.Phase() > game.PhaseAnnounce && !g.InPlay(s):
		sv.Role = "out of play"
	case g.Declarer >= 0 && g.Phase() > game.PhaseAnnounce:
		sv.Role = "defender"
	}
	if sv.Turn {
		sv.Role = strings.TrimPrefix(sv.Role+", to play", ", ")
		if g.Phase() != game.PhasePlay {
			sv.Role = strings.TrimSuffix(sv.Role, "to play") + "to decide"
		}
	}
	hand := g.Hands[s]
	if s == me && w.laid != 0 {
		hand &^= w.laid
	}
	if !g.SeesHand(me, s) {
		sv.Backs = make([]struct{}, hand.Count())
		return sv
	}
	sv.Plays = q != nil && q.Seat == s
	for _, c := range p.SortedHand(hand) {
		cv := cardView{Art: art.face(c), Label: art.label(c)}
		if sv.Plays {
			cv.Choice = byCard[c]
		}
		sv.Cards = append(sv.Cards, cv)
	}
	return sv
}

// middle draws the talon and the trick.
func (w *webTable) middle(v *tableView, g *game.Game, art cardArt, me int) {
	p := w.p
	switch {
	case w.laid != 0:
		v.TalonNote = "Laid aside so far"
		for _, c := range p.SortedHand(w.laid) {
			v.Talon = append(v.Talon, cardView{Art: art.face(c), Label: art.label(c)})
		}
	case g.SeesTalon(me) && g.Phase() <= game.PhaseAnnounce:
		v.TalonNote = "The talon, taken up"
		for _, c := range p.SortedHand(g.Talon) {
			v.Talon = append(v.Talon, cardView{Art: art.face(c), Label: art.label(c)})
		}
	case g.Phase() <= game.PhaseFromHand && g.Talon != 0:
		v.TalonNote = "The talon"
		v.TalonBacks = make([]struct{}, g.Talon.Count())
	}
	tr := g.CurrentTrick()
	v.TrickNote = fmt.Sprintf("Trick %d", g.NTricks+1)
	if (tr.N == 0 || g.Over()) && g.NTricks > 0 {
		tr = &g.Record[g.NTricks-1]
		v.TrickNote = fmt.Sprintf("Trick %d, won by %s", g.NTricks, p.SeatName(tr.Winner))
	}
	if tr.N == 0 {
		v.TrickNote = ""
		if g.Phase() == game.PhasePlay {
			v.TrickNote = fmt.Sprintf("Trick %d: %s to lead", g.NTricks+1, p.SeatName(g.ToAct()))
		}
	}
	for k := 0; k < tr.N; k++ {
		c := tr.Cards[k]
		v.Trick = append(v.Trick, cardView{Art: art.face(c), Label: art.label(c), Note: p.SeatName(int(tr.Seats[k]))})
	}
}

// log is the transcript of the deal so far (the person's hand shown, the
// others' hidden: the printer tells a person's deal so).
func (w *webTable) log() string {
	text := w.out.String()
	from := min(w.dealAt, len(text))
	if w.between && w.endAt <= len(text) {
		text = text[:w.settledFrom()]
	}
	return strings.TrimSpace(text[from:])
}

// seatOf is the seat of name in this deal's seats.
func seatOf(names []string, name string) int {
	for i, n := range names {
		if n == name {
			return i
		}
	}
	return 0
}
