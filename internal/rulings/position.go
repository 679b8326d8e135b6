package rulings

import (
	"encoding/json"
	"fmt"
	"github.com/preference-rules/pref/interpreter/deal"
	"io"
	"slices"
	"sort"
	"strings"

	"github.com/preference-rules/pref/interpreter/cards"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/interpreter/solve"
)

// PositionQuery is a position with every hand known, as pref analyse's
// flags state it: names and card text, read against a ruleset by
// AnalysePosition. Its errors name the flags (--hand, --trick, ...).
type PositionQuery struct {
	Seats    []string // in playing order, one per hand the ruleset deals
	Contract string   // its name in the bid table
	Declarer string   // in the all-pass game, the player counted
	Lead     string
	Hands    []string // SEAT=CARDS, a seat not given has dropped out
	Trick    string   // the cards played to the trick under way, from the leader's
	Talon    string   // the talon's cards still to be turned into tricks, in order
	// DealerSitsOut says a fourth player dealt and sits out.
	DealerSitsOut bool
	PerCard       bool // weigh each legal card of the player to play
	Line          bool // a line of best play to the end
}

// PositionAnalysis is what best play gives in a stated position: the
// declarer's tricks and, when asked for, each card's value and a line.
type PositionAnalysis struct {
	Tricks int
	Values map[cards.Card]int // by legal card of the player to play (PerCard)
	Line   []solve.Played     // a line of best play (Line)

	q      PositionQuery
	r      *ruleset.Ruleset
	p      *solve.Position
	toPlay int // the seat to play now
}

// AnalysePosition reads a stated position against r and solves it.
func AnalysePosition(r *ruleset.Ruleset, q PositionQuery) (*PositionAnalysis, error) {
	p, toPlay, err := readPosition(r, q)
	if err != nil {
		return nil, err
	}
	a := &PositionAnalysis{q: q, r: r, p: p, toPlay: toPlay}
	if a.Tricks, _, err = solve.Tricks(p); err != nil {
		return nil, err
	}
	if q.Line {
		if a.Line, _, err = solve.PlayedLine(p); err != nil {
			return nil, err
		}
	}
	if q.PerCard {
		if a.Values, err = solve.CardValues(p); err != nil {
			return nil, err
		}
	}
	return a, nil
}

// readPosition reads q into a position to solve and the seat to play now.
func readPosition(r *ruleset.Ruleset, q PositionQuery) (*solve.Position, int, error) {
	seats := q.Seats
	if len(seats) != r.Hands {
		return nil, 0, fmt.Errorf("--seats: %s deals %d hands, not %d", r.Name, r.Hands, len(seats))
	}
	ci, ok := r.ContractByName(q.Contract)
	if !ok {
		var names []string
		for _, c := range r.Contracts {
			names = append(names, c.Name)
		}
		return nil, 0, fmt.Errorf("--contract %q: no such contract in %s (%s)", q.Contract, r.Name, strings.Join(names, ", "))
	}
	p := &solve.Position{R: r, Contract: ci, Declarer: slices.Index(seats, q.Declarer), Leader: slices.Index(seats, q.Lead)}
	if p.Declarer < 0 || p.Leader < 0 {
		return nil, 0, fmt.Errorf("--declarer and --lead must name seats of %v", seats)
	}
	given, err := parseHands(r, seats, q.Hands, p) // the seats a --hand names: in play
	if err != nil {
		return nil, 0, err
	}
	if p.Trick, err = parseCards(r, "--trick", q.Trick); err != nil {
		return nil, 0, err
	}
	toPlay, err := seatTrick(r, seats, p, given) // the seat to play now
	if err != nil {
		return nil, 0, err
	}
	ct := &r.Contracts[ci]
	for i, h := range p.Hands[:r.Hands] {
		if h == 0 && !given[i] && ct.NoDeclarer {
			return nil, 0, fmt.Errorf("--hand: %s is played by every hand; %s has none", ct.Display(), seats[i])
		}
	}
	if p.Talon, err = parseCards(r, "--talon", q.Talon); err != nil {
		return nil, 0, err
	}
	if len(p.Talon) > r.TalonSize {
		return nil, 0, fmt.Errorf("--talon: %d cards; the talon of %s holds %d", len(p.Talon), r.Name, r.TalonSize)
	}
	p.TalonCompetes = ct.TalonCompetes(q.DealerSitsOut)
	// every hand given: both defenders defend, bound by a binding
	// cooperation rule 1 where the ruleset has one
	p.Cooperating = r.Play.Cooperation == ruleset.CooperationFirstRuleBinding
	for i := range r.Hands {
		p.Cooperating = p.Cooperating && given[i]
	}
	return p, toPlay, nil
}

// unpretty turns 7♠ into 7S.
func unpretty(d cards.Deck, s string) string {
	for i, sym := range d.Symbols {
		s = strings.ReplaceAll(s, sym, d.SuitIDs[i])
	}
	return s
}

// parseHands reads each --hand SEAT=CARDS into p's hands and says which
// seats were given (in play).
func parseHands(r *ruleset.Ruleset, seats, hands []string, p *solve.Position) (given [game.MaxSeats]bool, err error) {
	for _, h := range hands {
		who, list, ok := strings.Cut(h, "=")
		s := slices.Index(seats, who)
		if !ok || s < 0 {
			return given, fmt.Errorf("--hand %q: write SEAT=CARDS with a seat of %v", h, seats)
		}
		given[s] = true
		for _, f := range strings.FieldsFunc(list, func(c rune) bool { return c == ' ' || c == ',' }) {
			c, err := r.Deck.Parse(unpretty(r.Deck, f))
			if err != nil {
				return given, fmt.Errorf("--hand %s: %v", who, err)
			}
			if p.Hands[s].Has(c) {
				return given, fmt.Errorf("--hand %s: %s twice", who, r.Deck.Name(c))
			}
			p.Hands[s] |= c.Bit()
		}
		if p.Hands[s].Count() > r.HandSize {
			return given, fmt.Errorf("--hand %s: %d cards; a hand holds %d", who, p.Hands[s].Count(), r.HandSize)
		}
	}
	return given, nil
}

// parseCards reads the cards a flag lists, separated by spaces or commas.
func parseCards(r *ruleset.Ruleset, flag, text string) ([]cards.Card, error) {
	var out []cards.Card
	for _, f := range strings.FieldsFunc(text, func(c rune) bool { return c == ' ' || c == ',' }) {
		c, err := r.Deck.Parse(unpretty(r.Deck, f))
		if err != nil {
			return nil, fmt.Errorf("%s: %v", flag, err)
		}
		out = append(out, c)
	}
	return out, nil
}

// seatTrick gives the cards of the trick under way (from the leader's) to
// the seats in play in turn, and says whose turn it is.
func seatTrick(r *ruleset.Ruleset, seats []string, p *solve.Position, given [game.MaxSeats]bool) (toPlay int, err error) {
	toPlay = p.Leader
	if len(p.Trick) == 0 {
		return toPlay, nil
	}
	if !given[p.Leader] {
		return 0, fmt.Errorf("--trick: the leader %s has no --hand", seats[p.Leader])
	}
	for s := p.Leader; len(p.TrickSeats) < len(p.Trick); s = (s + 1) % r.Hands {
		if given[s] {
			if len(p.TrickSeats) > 0 && s == p.Leader {
				return 0, fmt.Errorf("--trick: %d cards; the seats in play play %d to a trick", len(p.Trick), len(p.TrickSeats))
			}
			p.TrickSeats = append(p.TrickSeats, s)
		}
	}
	for toPlay = (p.TrickSeats[len(p.TrickSeats)-1] + 1) % r.Hands; !given[toPlay]; toPlay = (toPlay + 1) % r.Hands {
	}
	if toPlay == p.Leader {
		return 0, fmt.Errorf("--trick: %d cards complete the trick: give the position after it", len(p.Trick))
	}
	return toPlay, nil
}

// Print writes the analysis as text: what best play gives, then each
// card's value and a line of best play when they were asked for.
func (a *PositionAnalysis) Print(out io.Writer) {
	r, p, q, seats := a.r, a.p, a.q, a.q.Seats
	ct := &r.Contracts[p.Contract]
	leads := q.Lead + " leads"
	if len(p.Trick) > 0 {
		var played []string
		for _, c := range p.Trick {
			played = append(played, r.Deck.Name(c))
		}
		leads = fmt.Sprintf("%s led, the trick holds %s, %s to play", q.Lead, strings.Join(played, " "), seats[a.toPlay])
	}
	left := p.Hands[a.toPlay].Count() // the tricks still to play, this one too
	if ct.NoDeclarer {
		fmt.Fprintf(out, "All play %s; %s. Playing to take as few tricks as possible, %s takes at most %s of %d, whatever the others do.\n",
			ct.Display(), leads, q.Declarer, deal.Count(a.Tricks, "trick"), left)
	} else {
		fmt.Fprintf(out, "%s plays %s; %s. With best play by both sides %s takes %s of %d.\n",
			q.Declarer, ct.Display(), leads, q.Declarer, deal.Count(a.Tricks, "trick"), left)
	}
	if q.PerCard {
		a.printValues(out, ct.NoDeclarer)
	}
	if q.Line {
		a.printLine(out)
	}
}

// printValues writes each legal card of the player to play, highest
// first, with the counted player's tricks after it.
func (a *PositionAnalysis) printValues(out io.Writer, noDeclarer bool) {
	r := a.r
	order := make([]cards.Card, 0, len(a.Values))
	for c := range a.Values {
		order = append(order, c)
	}
	sort.Slice(order, func(i, j int) bool { return order[i] > order[j] })
	var parts []string
	for _, c := range order {
		parts = append(parts, fmt.Sprintf("%s %d", r.Deck.Name(c), a.Values[c]))
	}
	whose := "the declarer's"
	if noDeclarer {
		whose = a.q.Declarer + "'s"
	}
	fmt.Fprintf(out, "%s's cards, and %s tricks after each: %s\n", a.q.Seats[a.toPlay], whose, strings.Join(parts, ", "))
}

// printLine writes the line of best play trick by trick, the cards
// already played to the trick under way first.
func (a *PositionAnalysis) printLine(out io.Writer) {
	r, p, line, seats := a.r, a.p, a.Line, a.q.Seats
	fmt.Fprintf(out, "A line of best play:\n")
	for i := 0; i < len(line); {
		var parts []string
		if line[i].Turned {
			parts = append(parts, "talon "+r.Deck.Name(line[i].TurnedCard))
		}
		if line[i].Trick == 0 {
			for k, c := range p.Trick { // already played to the trick under way
				if k < len(p.TrickSeats) && p.TrickSeats[k] >= 0 {
					parts = append(parts, seats[p.TrickSeats[k]]+" "+r.Deck.Name(c))
				}
			}
		}
		t := line[i].Trick
		for ; i < len(line) && line[i].Trick == t; i++ {
			parts = append(parts, seats[line[i].Seat]+" "+r.Deck.Name(line[i].Card))
		}
		fmt.Fprintf(out, "  %2d. %s\n", t+1, strings.Join(parts, ", "))
	}
}

// PrintJSON writes the analysis as pref analyse --json does: the
// declarer's tricks, each card's value (PerCard) and a line of best play
// (Line), by names.
func (a *PositionAnalysis) PrintJSON(out io.Writer) {
	r, seats := a.r, a.q.Seats
	byName := map[string]int{}
	for c, v := range a.Values {
		byName[r.Deck.Name(c)] = v
	}
	type played struct {
		Trick  int    `json:"trick"`
		Seat   string `json:"seat"`
		Card   string `json:"card"`
		Turned string `json:"talon,omitempty"` // the talon's card that opened the trick
	}
	var playedLine []played
	for _, pl := range a.Line {
		x := played{Trick: pl.Trick + 1, Seat: seats[pl.Seat], Card: r.Deck.Name(pl.Card)}
		if pl.Turned {
			x.Turned = r.Deck.Name(pl.TurnedCard)
		}
		playedLine = append(playedLine, x)
	}
	data, _ := json.Marshal(struct {
		Tricks int            `json:"declarer_tricks"`
		Cards  map[string]int `json:"cards,omitempty"`
		Line   []played       `json:"line,omitempty"`
	}{a.Tricks, byName, playedLine})
	fmt.Fprintln(out, string(data))
}
