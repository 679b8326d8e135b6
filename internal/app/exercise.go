package app

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/preference-rules/pref/interpreter/bot"
	"github.com/preference-rules/pref/interpreter/cards"
	"github.com/preference-rules/pref/interpreter/deal"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/interpreter/money"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/interpreter/settle"
	"github.com/preference-rules/pref/interpreter/solve"
	"github.com/preference-rules/pref/interpreter/table"
)

// Exercises from real deals: a deal dealt from a seed and played by the
// simple players, a question on one moment of it, and the answer checked
// by the analyser (the double-dummy solver, every hand known, as pref
// analyse sees the deal): what would you lead here, which card cost a
// trick, should you defend. Nothing here knows a variant: the moments are
// found in the deals, the answers in the solver.

// ExerciseKind is what an exercise asks.
type ExerciseKind int

const (
	// ExerciseLead: which card to lead, every hand shown.
	ExerciseLead ExerciseKind = iota
	// ExerciseCost: which card of a deal played was the first to cost
	// its side a trick.
	ExerciseCost
	// ExerciseDefend: defend or drop out, one's own hand shown.
	ExerciseDefend
	exerciseKinds
)

// ExerciseKinds are the exercises in the order they are asked.
var ExerciseKinds = []ExerciseKind{ExerciseLead, ExerciseCost, ExerciseDefend}

func (k ExerciseKind) String() string {
	return [...]string{"What would you lead here?", "Find the card that cost a trick", "Should you defend?"}[k]
}

// Exercise is one question on a real deal.
type Exercise struct {
	Kind     ExerciseKind
	Seed     uint64   // the deal, as pref play --seed deals it
	Setting  []string // the deal at the moment asked, line by line
	Question string
	Choices  []string // the answers to choose from; none: a card is typed
	Answer   string   // the answer, as shown
	Why      string   // why, from the solver
	right    []string // the answers taken as right, lower case
	deck     *cards.Deck
}

// Check reports whether answer is right: one of the choices (by name or
// number), or a card (7S, 7♠, 7s).
func (e *Exercise) Check(answer string) bool {
	answer = strings.ToLower(strings.TrimSpace(answer))
	for i, c := range e.Choices {
		if answer == fmt.Sprint(i+1) {
			answer = strings.ToLower(c)
		}
	}
	if len(e.Choices) == 0 {
		answer = e.cardName(answer)
	}
	for _, r := range e.right {
		if answer == r {
			return true
		}
	}
	return false
}

// cardName is the card written answer (7S, 7s or 7♠) by its letters in
// lower case; answer itself when it names no card.
func (e *Exercise) cardName(answer string) string {
	if c, err := e.deck.Parse(answer); err == nil {
		return strings.ToLower(e.deck.Name(c))
	}
	for m := e.deck.All(); m != 0; m &= m - 1 {
		if c := m.Lowest(); strings.ToLower(e.deck.Pretty(c)) == answer {
			return strings.ToLower(e.deck.Name(c))
		}
	}
	return answer
}

// exerciseSeeds is how many deals are searched for each exercise.
const exerciseSeeds = 60

// PickExercises finds one exercise of each kind in the deals of r from
// seed from on, dealt at a table of names and printed as p prints cards;
// a kind no deal of the search has (a defence where nobody may drop out)
// is left out. Each deal is played once for every kind.
func PickExercises(r *ruleset.Ruleset, names []string, from uint64, p *Printer) ([]Exercise, error) {
	book := &dealBook{r: r, names: names, from: from}
	var out []Exercise
	for _, kind := range ExerciseKinds {
		for seed := from; seed < from+exerciseSeeds; seed++ {
			pd, err := book.deal(seed)
			if err != nil {
				return nil, err
			}
			ex := &exerciseMaker{r: r, names: names, seats: pd.seats, seed: seed, p: p}
			if e, ok := ex.make(kind, pd.g); ok {
				out = append(out, e)
				break
			}
		}
	}
	return out, nil
}

// playOut plays the deal of seed among simple players (you at seat
// name, when given), telling nothing, and returns it with its seats'
// names.
func playOut(r *ruleset.Ruleset, names []string, seed uint64, you game.Player, seat string) (*game.Game, []string, error) {
	if you == nil {
		dealsPlayed.Add(1) // a deal as the simple players play it: what a search plays
	}
	t, err := table.New(r, names)
	if err != nil {
		return nil, nil, err
	}
	p := &Printer{Out: io.Discard, Ruleset: r, Bots: "simple",
		PrintLedger: func(io.Writer, *settle.Ledger, money.Amount) error { return nil },
		PrintSheet:  func(io.Writer, *settle.Ledger) {}}
	s := NewSession(p, t, DealRand(seed), 1, you, seat)
	s.Game().KeepHistory = true
	if _, err := s.Next(); err != nil {
		return nil, nil, err
	}
	return s.Game(), p.Names, nil
}

// exerciseMaker makes the exercises of one deal.
type exerciseMaker struct {
	r     *ruleset.Ruleset
	names []string // the table's
	seats []string // the deal's seats' names
	seed  uint64
	p     *Printer
}

func (m *exerciseMaker) make(kind ExerciseKind, g *game.Game) (Exercise, bool) {
	if g.Contract < 0 || g.NTricks == 0 || g.Declarer < 0 || g.Forced {
		return Exercise{}, false // a deal with a declarer's game: the questions read plainly
	}
	switch kind {
	case ExerciseLead:
		return m.lead(g)
	case ExerciseCost:
		return m.cost(g)
	case ExerciseDefend:
		return m.defend(g)
	}
	return Exercise{}, false
}

func (m *exerciseMaker) exercise(kind ExerciseKind, g *game.Game) Exercise {
	return Exercise{Kind: kind, Seed: m.seed, deck: &m.r.Deck, Setting: []string{m.contract(g)}}
}

// contract is the line that says the game played.
func (m *exerciseMaker) contract(g *game.Game) string {
	ct := &g.R.Contracts[g.Contract]
	return fmt.Sprintf("%s plays %s and needs %s.", m.seats[g.Declarer], ct.Display(), deal.Count(ct.Tricks, "trick"))
}

// lead is the first lead of the deal where the solver tells the cards
// apart: at most half the cards keep the best result for the leader's
// side, and a card of the others costs a trick.
func (m *exerciseMaker) lead(g *game.Game) (Exercise, bool) {
	steps, err := solve.Replay(&g.State)
	if err != nil {
		return Exercise{}, false
	}
	misere := solve.Misere(g.R, g.Contract)
	// a defender's lead first (the opening lead is the defence's great
	// question), then the declarer's
	for _, defender := range []bool{true, false} {
		if e, ok := m.leadOf(g, steps, misere, defender); ok {
			return e, true
		}
	}
	return Exercise{}, false
}

// leadOf is lead for a defender's leads, or the declarer's.
func (m *exerciseMaker) leadOf(g *game.Game, steps []solve.Step, misere, defender bool) (Exercise, bool) {
	for _, st := range steps {
		t := &g.Record[st.Trick-1]
		if t.Cards[0] != st.Card || st.Trick > 3 || (st.Seat != g.Declarer) != defender {
			continue // a lead, early: the hands are still full enough to think about
		}
		pos, ok := positionBefore(g, st)
		if !ok {
			continue
		}
		vals, err := solve.CardValues(pos)
		if err != nil || len(vals) < 3 {
			continue
		}
		wantsMany := (st.Seat == st.Counted) != misere
		best, worst := bestWorst(vals, wantsMany)
		var right []cards.Card
		for c, v := range vals {
			if v == best {
				right = append(right, c)
			}
		}
		if best == worst || 2*len(right) > len(vals) {
			continue
		}
		return m.leadExercise(g, st, pos, vals, right, worst), true
	}
	return Exercise{}, false
}

// bestWorst are the best and the worst of the card values for the side
// that wants many (or few) of the declarer's tricks.
func bestWorst(vals map[cards.Card]int, wantsMany bool) (best, worst int) {
	first := true
	for _, v := range vals {
		if first {
			best, worst, first = v, v, false
			continue
		}
		if wantsMany == (v > best) && v != best {
			best = v
		}
		if wantsMany == (v < worst) && v != worst {
			worst = v
		}
	}
	return best, worst
}

func (m *exerciseMaker) leadExercise(g *game.Game, st solve.Step, pos *solve.Position, vals map[cards.Card]int, right []cards.Card, worst int) Exercise {
	e := m.exercise(ExerciseLead, g)
	taken := st.Before - vals[right[0]] // the declarer's tricks before this one: Before counts them
	for s := 0; s < g.Seats(); s++ {
		if pos.Hands[s] != 0 {
			e.Setting = append(e.Setting, fmt.Sprintf("%s: %s", m.seats[s], m.p.Cards(pos.Hands[s])))
		}
	}
	if st.Trick > 1 {
		e.Setting = append(e.Setting, fmt.Sprintf("%s has taken %s so far.", m.seats[g.Declarer], deal.Count(taken, "trick")))
	}
	e.Question = fmt.Sprintf("You are %s and lead to trick %d, every hand shown. Which card?", m.seats[st.Seat], st.Trick)
	var names, bad []string
	var worstCard cards.Card
	for _, c := range sortedCards(right) {
		names = append(names, m.p.Card(c))
		e.right = append(e.right, strings.ToLower(m.r.Deck.Name(c)))
	}
	for c, v := range vals {
		if v == worst && (len(bad) == 0 || c > worstCard) {
			worstCard, bad = c, []string{m.p.Card(c)}
		}
	}
	e.Answer = strings.Join(names, " or ")
	counted := m.seats[st.Counted]
	e.Why = fmt.Sprintf("With %s best play by both sides gives %s %s in all; after %s, for one, %s takes %d.",
		e.Answer, counted, deal.Count(vals[right[0]]+taken, "trick"), bad[0], counted, worst+taken)
	if line, _, err := solve.PlayedLine(pos); err == nil && len(line) > 1 {
		e.Why += " The line: " + m.p.Card(line[0].Card) + ", then " + tellLine(line, m.seats, m.p.Card) + "."
	}
	return e
}

// cost is the deal played, every hand shown, and the first card that
// cost its side a trick.
func (m *exerciseMaker) cost(g *game.Game) (Exercise, bool) {
	steps, err := solve.Replay(&g.State)
	if err != nil {
		return Exercise{}, false
	}
	costly := costlySteps(g, steps, solve.Misere(g.R, g.Contract))
	if len(costly) == 0 {
		return Exercise{}, false
	}
	first := costly[0]
	for _, s := range costly[1:] {
		if s.Trick < first.Trick || s.Trick == first.Trick && playedBefore(&g.Record[s.Trick-1], s.Card, first.Card) {
			first = s
		}
	}
	e := m.exercise(ExerciseCost, g)
	start, _ := positionBefore(g, steps[0])
	for s := 0; s < g.Seats(); s++ {
		if start.Hands[s] != 0 {
			e.Setting = append(e.Setting, fmt.Sprintf("%s held %s", m.seats[s], m.p.Cards(start.Hands[s])))
		}
	}
	for i := 0; i < g.NTricks; i++ {
		t := &g.Record[i]
		var played []string
		for k := 0; k < t.N; k++ {
			played = append(played, fmt.Sprintf("%s %s", seatOf(m.seats, int(t.Seats[k])), m.p.Card(t.Cards[k])))
		}
		e.Setting = append(e.Setting, fmt.Sprintf("%2d. %s -> %s", i+1, strings.Join(played, ", "), seatOf(m.seats, t.Winner)))
	}
	e.Question = "Every hand is shown. Which card was the first to cost its side a trick? Type the card."
	e.Answer = fmt.Sprintf("%s's %s to trick %d", m.seats[first.Seat], m.p.Card(first.Card), first.Trick)
	e.right = []string{strings.ToLower(m.r.Deck.Name(first.Card))}
	e.Why = fmt.Sprintf("Before it best play gave %s %s; after it, %d.", m.seats[first.Counted], deal.Count(first.Before, "trick"), first.After)
	if better := betterCard(g, first, m.seats, m.p.Card); better != "" {
		e.Why += " " + better
	}
	return e, true
}

// seatOf is seat's name, or the talon's.
func seatOf(seats []string, seat int) string {
	if seat == game.TalonSeat || seat < 0 || seat >= len(seats) {
		return "talon"
	}
	return seats[seat]
}

// playedBefore reports whether a was played before b in trick t.
func playedBefore(t *game.Trick, a, b cards.Card) bool {
	for k := 0; k < t.N; k++ {
		switch t.Cards[k] {
		case a:
			return true
		case b:
			return false
		}
	}
	return false
}

// defend is a defender's choice to play or drop out, where the solver
// bears out the simple player's: defending, best play beats the game;
// dropping, even best defence would not have.
func (m *exerciseMaker) defend(g *game.Game) (Exercise, bool) {
	for _, a := range g.History {
		if a.Phase != game.PhaseDefend || a.Seat == g.Declarer {
			continue
		}
		v := deal.Choice(a.Value)
		if v != deal.Play && v != deal.Drop {
			continue
		}
		played := g // the deal with the defender playing: as it was, or played again so
		if v == deal.Drop {
			var err error
			if played, _, err = playOut(m.r, m.names, m.seed, &forcing{seat: a.Seat, phase: game.PhaseDefend, value: int(deal.Play)}, m.seats[a.Seat]); err != nil {
				return Exercise{}, false
			}
		}
		if played.Declarer != g.Declarer || played.Contract != g.Contract || played.NTricks == 0 {
			continue
		}
		holds, err := solve.Holds(&played.State, 0)
		if err != nil {
			continue
		}
		need := g.R.Contracts[g.Contract].Tricks
		beaten := holds[g.Declarer] < need
		if beaten != (v == deal.Play) {
			continue // the solver does not bear the choice out
		}
		return m.defendExercise(g, a, holds[g.Declarer], need), true
	}
	return Exercise{}, false
}

func (m *exerciseMaker) defendExercise(g *game.Game, a game.Action, dd, need int) Exercise {
	e := m.exercise(ExerciseDefend, g)
	e.Setting = append(e.Setting, fmt.Sprintf("Your hand (%s): %s", m.seats[a.Seat], m.p.Cards(handAtPlay(g, a.Seat))))
	e.Question = fmt.Sprintf("You are %s. Defend, or drop out?", m.seats[a.Seat])
	e.Choices = []string{"defend", "drop out"}
	decl := m.seats[g.Declarer]
	if deal.Choice(a.Value) == deal.Play {
		e.Answer, e.right = "defend", []string{"defend", "play"}
		e.Why = fmt.Sprintf("With every hand known, best defence holds %s to %s of the %d needed: the game can be beaten, and your hand takes its share.", decl, deal.Count(dd, "trick"), need)
	} else {
		e.Answer, e.right = "drop out", []string{"drop out", "drop", "pass"}
		e.Why = fmt.Sprintf("Even with every hand known, best defence leaves %s %s of the %d needed: defending would only cost.", decl, deal.Count(dd, "trick"), need)
	}
	return e
}

// handAtPlay is seat's hand as play began (after any exchange): what it
// held at the end and every card it played.
func handAtPlay(g *game.Game, seat int) cards.Mask {
	m := g.Hands[seat]
	for i := 0; i < g.NTricks; i++ {
		t := &g.Record[i]
		for k := 0; k < t.N; k++ {
			if int(t.Seats[k]) == seat {
				m |= t.Cards[k].Bit()
			}
		}
	}
	return m
}

// forcing plays as the simple player, but takes value at seat's
// decision in phase: the deal played again with another choice.
type forcing struct {
	seat  int
	phase game.Phase
	value int
	b     bot.Simple
}

func (f *forcing) Choose(g *game.Game, legal []game.Action) game.Action {
	if len(legal) > 0 && legal[0].Seat == f.seat && legal[0].Phase == f.phase {
		for _, a := range legal {
			if a.Value == f.value {
				return a
			}
		}
	}
	return f.b.Choose(g, legal)
}

// sortedCards are cs highest suit first, highest rank first.
func sortedCards(cs []cards.Card) []cards.Card {
	out := append([]cards.Card(nil), cs...)
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && out[j] > out[j-1]; j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}

// RunExercises asks each exercise in turn on in and out: an answer is
// read a line at a time; a wrong one may be tried again once, then the
// answer is shown with why; a right one is confirmed with why. It
// returns how many were answered right.
func RunExercises(in io.Reader, out io.Writer, exercises []Exercise, echo bool, width int) int {
	wrap := max(20, width-2)
	lines := bufio.NewScanner(io.LimitReader(in, 1<<20))
	right := 0
	for i, e := range exercises {
		fmt.Fprintf(out, "\nExercise %d of %d: %s (seed %d)\n\n", i+1, len(exercises), e.Kind, e.Seed)
		for _, l := range e.Setting {
			fmt.Fprintf(out, "  %s\n", l)
		}
		fmt.Fprintf(out, "\n%s\n", wrapWords(e.Question, wrap))
		for k, c := range e.Choices {
			fmt.Fprintf(out, "  %d. %s\n", k+1, c)
		}
		ok := false
		for try := 0; try < 2 && !ok; try++ {
			fmt.Fprint(out, "> ")
			more := lines.Scan()
			answer := strings.TrimSpace(lines.Text())
			if echo {
				fmt.Fprintln(out, answer)
			}
			if ok = e.Check(answer); !ok && try == 0 && more {
				fmt.Fprintln(out, "Not quite. Think again, one more try.")
			}
			if !more {
				break
			}
		}
		if ok {
			right++
			fmt.Fprintf(out, "%s\n", wrapWords(fmt.Sprintf("Right: %s. %s", e.Answer, e.Why), wrap))
		} else {
			fmt.Fprintf(out, "%s\n", wrapWords(fmt.Sprintf("The answer: %s. %s", e.Answer, e.Why), wrap))
		}
	}
	fmt.Fprintf(out, "\n%d of %d right.\n", right, len(exercises))
	return right
}

// Exercises picks the exercises of r's deals from seed on, at a table of
// names, and asks them on in and out (pref tutorial --exercises), the
// text wrapped to width; echo writes each answer read, for a transcript
// of piped answers.
func Exercises(in io.Reader, out io.Writer, r *ruleset.Ruleset, names []string, seed uint64, ascii, echo bool, width int) error {
	p := &Printer{Out: out, Ruleset: r, ASCII: ascii, Names: names}
	ex, err := PickExercises(r, names, seed, p)
	if err != nil {
		return failed("exercises: %v", err)
	}
	fmt.Fprintf(out, "%s\n", wrapWords(fmt.Sprintf("Exercises from real deals of %s, each answer checked by the analyser (every hand known, best play by both sides). Answer, then Enter: a card as 7S (or 7♠), a choice by its number.", r.Title), max(20, width-2)))
	RunExercises(in, out, ex, echo, width)
	return nil
}
