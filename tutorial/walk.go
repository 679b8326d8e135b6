package tutorial

import (
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"

	"github.com/preference-rules/pref/internal/rulings"
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

// Quiz is a question about the deal, answered by the interpreter itself.
type Quiz struct {
	Question string
	Kind     string   // "cards" (a set of cards), "name" (a player) or "amount"
	Answer   []string // the right answer: card names, or one name or amount
	Shown    string   // the answer as shown to a reader
	Why      string   // the rule, quoted when the answer is wrong
	Held     []string // for a question about a hand: the cards held, so "all" or "hearts" can be read
}

// Check reports whether answer is right: cards in any order and either
// spelling (7S or 7♠), or in words where the question is about a hand
// ("all", "any card", "hearts", "the clubs and 7S"); names in any case;
// amounts exactly (5.5 or 11/2).
func (q *Quiz) Check(r *ruleset.Ruleset, answer string) bool {
	answer = strings.TrimSpace(answer)
	switch q.Kind {
	case "cards":
		got, ok := q.cards(r, answer)
		var want cards.Mask
		for _, f := range q.Answer {
			c, _ := r.Deck.Parse(f)
			want |= c.Bit()
		}
		return ok && got == want
	case "amount":
		got, err1 := money.Parse(answer)
		want, err2 := money.Parse(q.Answer[0])
		return err1 == nil && err2 == nil && got.Equal(want)
	}
	return strings.EqualFold(answer, q.Answer[0])
}

// filler are words an answer in words may hold around its cards and suits.
var filler = map[string]bool{"and": true, "or": true, "the": true, "of": true, "his": true, "her": true,
	"cards": true, "card": true, "only": true, "any": true, "all": true, "a": true, "one": true, "every": true}

// cards reads an answer as a set of cards: card names, suits of the hand
// held, or all of it.
func (q *Quiz) cards(r *ruleset.Ruleset, answer string) (cards.Mask, bool) {
	var held cards.Mask
	for _, f := range q.Held {
		c, _ := r.Deck.Parse(f)
		held |= c.Bit()
	}
	words := strings.FieldsFunc(strings.ToLower(answer), func(c rune) bool { return c == ' ' || c == ',' || c == ';' })
	switch strings.Join(words, " ") {
	case "all", "any", "any card", "all cards", "all of them", "any of them", "everything", "all his cards", "all her cards", "any one":
		return held, held != 0
	}
	var got cards.Mask
	named := false
	for _, w := range words {
		if filler[w] {
			continue
		}
		if s, ok := suitWord(r, w); ok && held != 0 {
			got |= held.Suit(s)
			named = true
			continue
		}
		c, err := r.Deck.Parse(unpretty(r, strings.ToUpper(w)))
		if err != nil {
			return 0, false
		}
		got |= c.Bit()
		named = true
	}
	return got, named
}

// suitWord reads a suit's name, alias or symbol, singular or plural.
func suitWord(r *ruleset.Ruleset, w string) (cards.Suit, bool) {
	for i, name := range r.Deck.SuitNames {
		cands := append([]string{name, r.Deck.Symbols[i]}, r.Spec.Cards.Suits[i].Aliases...)
		for _, c := range cands {
			c = strings.ToLower(c)
			if w == c || w+"s" == c || w == c+"s" || strings.TrimSuffix(c, "s") == strings.TrimSuffix(w, "s") && len(w) > 2 {
				return cards.Suit(i), true
			}
		}
	}
	return 0, false
}

func cardNames(r *ruleset.Ruleset, m cards.Mask) []string {
	var out []string
	for _, c := range m.Cards() {
		out = append(out, r.Deck.Name(c))
	}
	return out
}

// unpretty turns 7♠ into 7S.
func unpretty(r *ruleset.Ruleset, s string) string {
	for i, sym := range r.Deck.Symbols {
		s = strings.ReplaceAll(s, sym, r.Deck.SuitIDs[i])
	}
	return s
}

// Step is one moment of the guided deal: text, and maybe a question.
type Step struct {
	Text string
	Quiz *Quiz
}

// Walkthrough is a guided deal.
type Walkthrough struct {
	Seed    uint64 // the deal walked through
	Steps   []Step
	Quizzes int
}

// teachingSeed is the first seed from seed on whose deal, played by the
// computer players, has a bid and a contract played by a declarer to the
// end; seed itself when none of the next thousand has.
func teachingSeed(r *ruleset.Ruleset, seed uint64) uint64 {
	players := make([]game.Player, r.Hands)
	for i := range players {
		players[i] = &bot.Simple{}
	}
	g := game.New(r, players)
	for s := seed; s < seed+1000 && s >= seed; s++ {
		g.Deal(rand.New(rand.NewPCG(s, 0x9e3779b97f4a7c15)))
		if g.Run() != nil {
			continue
		}
		bid := false
		for _, c := range g.Calls {
			bid = bid || c.Call != game.Pass
		}
		if bid && g.Declarer >= 0 && !g.Conceded && g.NTricks > 0 {
			return s
		}
	}
	return seed
}

// quizTricks is how many tricks get questions; the rest are told.
const quizTricks = 3

// Walk plays a deal of r with the computer players and records it as steps
// with quizzes; names are the players, forehand first. The deal is the
// first from seed on that teaches the whole game: somebody bids, a
// declarer plays a contract, the defence plays against it, and it is
// settled (Walkthrough.Seed says which; any deal when none of the next
// thousand does).
func Walk(r *ruleset.Ruleset, seed uint64, names []string, ascii bool) (*Walkthrough, error) {
	seed = teachingSeed(r, seed)
	w := &Walkthrough{Seed: seed}
	cardName := func(c cards.Card) string {
		if ascii {
			return r.Deck.Name(c)
		}
		return r.Deck.Pretty(c)
	}
	hand := func(m cards.Mask) string { return r.Deck.Format(m, !ascii) }
	players := make([]game.Player, r.Hands)
	rec := &recorder{w: w, names: names, cardName: cardName, hand: hand}
	for i := range players {
		players[i] = &recording{Simple: &bot.Simple{}, rec: rec}
	}
	g := game.New(r, players)
	rec.g = g
	g.Deal(rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15)))
	w.dealt(g, names, hand)
	if err := g.Run(); err != nil {
		return nil, err
	}
	rec.trickDone(g.NTricks) // the last trick's question
	w.played(g, names, cardName)
	// The deal is settled on its own, as the first of a session would be
	// without its ante: the walk teaches the deal, not the pot.
	t, err := table.New(r, names)
	if err != nil {
		return nil, err
	}
	t.Explain = true
	d := t.Apart(nil, &g.State)
	if err := d.Settle(); err != nil {
		return nil, err
	}
	w.settlement(g, names, d.Ledger)
	return w, nil
}

// dealt tells the cards dealt.
func (w *Walkthrough) dealt(g *game.Game, names []string, hand func(cards.Mask) string) {
	r := g.R
	var b strings.Builder
	fmt.Fprintf(&b, "The cards are dealt. %s deals, so %s is forehand.\n", names[r.Hands-1], names[0])
	for s := 0; s < r.Hands; s++ {
		fmt.Fprintf(&b, "\n- %s: %s", names[s], hand(g.Dealt[s]))
	}
	if r.TalonSize > 0 {
		fmt.Fprintf(&b, "\n- talon (face down): %s", hand(g.Talon))
	}
	w.add(b.String()+"\n\nThe auction begins with forehand.", nil)
}

// played tells how the deal ended: nobody declared, or the tricks each
// took and what perfect play would have given.
func (w *Walkthrough) played(g *game.Game, names []string, cardName func(cards.Card) string) {
	r := g.R
	if g.Declarer < 0 && g.NTricks == 0 {
		w.add("Everybody passed: nobody declares, and the deal is over.", nil)
		return
	}
	if g.NTricks == 0 {
		return
	}
	var taken []string
	for s := 0; s < r.Hands; s++ {
		if g.InPlay(s) {
			taken = append(taken, fmt.Sprintf("%s %d", names[s], g.Taken[s]))
		}
	}
	if g.TalonTaken > 0 {
		taken = append(taken, fmt.Sprintf("the talon %d", g.TalonTaken))
	}
	w.add("Tricks: "+strings.Join(taken, ", ")+".", nil)
	if text := PerfectPlay(g, names, cardName); text != "" {
		w.add(text+" (pref analyse shows this for any game record.)", nil)
	}
}

// settlement asks what the declarer wins (or writes on the sheet),
// answered with each figure and the rule that gives it, and tells the
// settlement in sentences, as pref settle does, then rule by rule. The
// arithmetic is pref settle --arithmetic's, not a learner's.
func (w *Walkthrough) settlement(g *game.Game, names []string, l *settle.Ledger) {
	r := g.R
	var lines []string
	for _, t := range l.Transfers {
		lines = append(lines, fmt.Sprintf("- %s pays %s %v: %s", l.Name(t.From), l.Name(t.To), t.Amount, t.Rule))
	}
	for _, e := range l.Sheet {
		lines = append(lines, fmt.Sprintf("- %s %s: %s", l.SheetKey(e), e.Amount.Signed(), e.Rule))
	}
	if len(lines) == 0 {
		lines = append(lines, "- nothing is paid")
	}
	sheetOnly := len(l.Transfers) == 0 && len(r.Sheet.Accounts)+len(r.Sheet.PairAccounts) > 0
	if g.Declarer >= 0 && !sheetOnly {
		net := l.Net()[g.Declarer]
		w.add("", &Quiz{
			Question: fmt.Sprintf("Settlement: what is %s's net result from this deal (a negative number for a loss)?", names[g.Declarer]),
			Kind:     "amount", Answer: []string{net.String()}, Shown: net.String(),
			Why: "the settlement rules give:\n" + strings.Join(lines, "\n"),
		})
	}
	// On a score sheet: what the declarer writes, on which account.
	if g.Declarer >= 0 && sheetOnly {
		for _, e := range l.Sheet {
			if e.Seat != g.Declarer || e.Against >= 0 {
				continue
			}
			total := l.SheetNet()[l.SheetKey(e)]
			w.add("", &Quiz{
				Question: fmt.Sprintf("Settlement: how much does %s write to the %s in this deal?", names[g.Declarer], g.R.AccountWord(e.Account)),
				Kind:     "amount", Answer: []string{total.String()}, Shown: total.String(),
				Why: "the settlement rules write on the score sheet:\n" + strings.Join(lines, "\n"),
			})
			break
		}
	}
	told := strings.Join(lines, "\n")
	if said := settledSentences(l); said != "" {
		told = said + "\n\n" + told
	}
	w.add("Settlement, rule by rule:\n\n"+told, nil)
}

// settledSentences are the sentences pref settle prints for l: what
// happened, who pays whom or what is written, each player's result; ""
// when l cannot be told.
func settledSentences(l *settle.Ledger) string {
	told, err := rulings.Tell(l, money.Amount{}, nil)
	if err != nil {
		return ""
	}
	out := append([]string(nil), told.Deal...)
	for _, group := range [][]rulings.Said{told.Payments, told.Sheet} {
		for _, s := range group {
			out = append(out, s.Sentence)
		}
	}
	for _, res := range told.Results {
		out = append(out, res.Sentence+".")
	}
	return strings.Join(out, " ")
}

// PerfectPlay says what best play would have given in g's finished deal,
// every hand known (double-dummy, as pref analyse shows it): the
// declarer's tricks with best play by both sides from the first card, what
// he took, and the first card that cost each side a trick; in the all-pass
// game, the fewest tricks each player could have held himself to and the
// first card that cost its player a trick. Empty where there was no card
// play or the solver does not reach the deal.
func PerfectPlay(g *game.Game, names []string, cardName func(cards.Card) string) string {
	if g.Contract < 0 || g.NTricks == 0 {
		return ""
	}
	steps, err := solve.Replay(&g.State)
	if err != nil {
		return ""
	}
	return PerfectPlayOf(g, steps, names, cardName)
}

// PerfectPlayOf is PerfectPlay from steps, solve.Replay of g's finished
// deal already made (the review after a deal replays it once for this and
// for the better cards: the replay is the costly part).
func PerfectPlayOf(g *game.Game, steps []solve.Step, names []string, cardName func(cards.Card) string) string {
	if g.Contract < 0 || g.NTricks == 0 || len(steps) == 0 {
		return ""
	}
	if g.Declarer < 0 {
		holds, err := solve.Holds(&g.State, 0)
		if err != nil {
			return ""
		}
		var parts []string
		for s, v := range holds {
			parts = append(parts, fmt.Sprintf("%s %d (took %d)", names[s], v, g.Taken[s]))
		}
		text := "Perfect play: with every hand known, the fewest tricks each could have held himself to from the first card, whatever the others did: " + strings.Join(parts, ", ") + "."
		if s, ok := solve.FirstCost(steps, true); ok {
			text += fmt.Sprintf(" The first card that cost its player a trick: %s's %s to trick %d (best play then held %s to %d instead of %d).",
				names[s.Seat], cardName(s.Card), s.Trick, names[s.Seat], s.After, s.Before)
		} else {
			text += " Every card played was as good as the best for its player."
		}
		return text
	}
	decl := names[g.Declarer]
	text := fmt.Sprintf("Perfect play: with every hand known, best play by both sides from the first card gives %s %s; %s took %d.",
		decl, deal.Count(steps[0].Before, "trick"), decl, g.Taken[g.Declarer])
	// the first card that cost each side a trick
	var mine, theirs []solve.Step
	for _, s := range steps {
		if s.Seat == g.Declarer {
			mine = append(mine, s)
		} else {
			theirs = append(theirs, s)
		}
	}
	misere := solve.Misere(g.R, g.Contract)
	costs := 0
	for _, side := range []struct {
		name  string
		steps []solve.Step
	}{{decl, mine}, {"the defence", theirs}} {
		if s, ok := solve.FirstCost(side.steps, misere); ok {
			text += fmt.Sprintf(" The first card that cost %s a trick: %s's %s to trick %d (best play then gives %s %d instead of %d).",
				side.name, names[s.Seat], cardName(s.Card), s.Trick, decl, s.After, s.Before)
			costs++
		}
	}
	if costs == 0 {
		text += " Every card played was as good as the best."
	}
	return text
}

func (w *Walkthrough) add(text string, q *Quiz) {
	w.Steps = append(w.Steps, Step{Text: text, Quiz: q})
	if q != nil {
		w.Quizzes++
	}
}

// recorder turns the game's decisions into steps.
type recorder struct {
	w        *Walkthrough
	g        *game.Game
	names    []string
	cardName func(cards.Card) string
	hand     func(cards.Mask) string
	asked    int  // the tricks already asked about
	told     bool // how the auction ended has been told
}

// auctionOver tells, once, how the declarer came to be when it was not by a bid.
func (rec *recorder) auctionOver(g *game.Game) {
	if rec.told {
		return
	}
	rec.told = true
	if g.Declarer < 0 {
		rec.w.add(fmt.Sprintf("Everybody passed: the %s is played, each for himself, without a declarer.", g.R.Contracts[g.Contract].Display()), nil)
		return
	}
	d := rec.names[g.Declarer]
	switch {
	case g.Forced:
		rec.w.add(fmt.Sprintf("Everybody passed: by the rules %s must become declarer.", d), nil)
	case g.PotBid > 0:
		rec.w.add(fmt.Sprintf("Everybody passed: in the second round %s offers %d into the pot and wins the talon.", d, g.PotBid), nil)
	case g.Bid == game.Pass:
		rec.w.add(fmt.Sprintf("Everybody passed: %s takes the second chance and becomes declarer.", d), nil)
	default:
		rec.w.add(fmt.Sprintf("%s wins the auction with %s and becomes declarer.", d, g.R.CallName(g.R.Ladder[g.Bid])), nil)
	}
}

// trickDone adds the "who wins" question for trick n (1-based), once.
func (rec *recorder) trickDone(n int) {
	if n == 0 || n <= rec.asked || n > quizTricks {
		return
	}
	rec.asked = n
	t := &rec.g.Record[n-1]
	var played []string
	for k := 0; k < t.N; k++ {
		played = append(played, rec.seat(int(t.Seats[k]))+" "+rec.cardName(t.Cards[k]))
	}
	why := "the highest card of the suit led wins"
	if rec.g.Trump != cards.NoSuit {
		why = "the highest trump wins; without a trump, the highest card of the suit led"
	}
	rec.w.add("", &Quiz{
		Question: fmt.Sprintf("Trick %d: %s. Who wins it?", n, strings.Join(played, ", ")),
		Kind:     "name", Answer: []string{rec.seat(t.Winner)}, Shown: rec.seat(t.Winner), Why: why,
	})
}

// seat names a seat of a trick: a player, or the talon turned into it.
func (rec *recorder) seat(s int) string {
	if s == game.TalonSeat {
		return "talon"
	}
	return rec.names[s]
}

// recording is a computer player whose decisions are told as steps.
type recording struct {
	*bot.Simple
	rec *recorder
}

func (p *recording) say(format string, args ...any) {
	p.rec.w.add(fmt.Sprintf(format, args...)+" ("+p.Reason()+")", nil)
}

// Choose is the bot's decision, told as a step; the first tricks ask the
// learner which cards are legal before the bot plays.
func (p *recording) Choose(g *game.Game, legal []game.Action) game.Action {
	rec := p.rec
	seat, name := legal[0].Seat, rec.names[legal[0].Seat]
	phase := legal[0].Phase
	var playable cards.Mask
	for _, l := range legal {
		playable |= l.Cards
	}
	switch phase {
	case game.PhaseFromHand, game.PhaseDiscard, game.PhaseAnnounce:
		rec.auctionOver(g)
	case game.PhasePlay:
		p.beforeCard(g, seat, playable)
	}
	a := p.Simple.Choose(g, legal)
	switch phase {
	case game.PhaseAuction:
		what := "passes"
		if a.Value != game.Pass {
			what = "bids " + g.R.CallName(g.R.Ladder[a.Value])
		}
		p.say("%s %s", name, what)
	case game.PhaseDiscard:
		p.say("%s takes the talon (%s) and lays aside %s", name, rec.hand(g.Talon), rec.hand(a.Cards))
	case game.PhaseAnnounce:
		if a.Concede {
			p.say("%s gives up", name)
		} else {
			p.say("%s announces %s", name, g.R.Contracts[a.Value].Display())
		}
	case game.PhaseDefend:
		p.say("%s chooses to %s", name, deal.Choice(a.Value))
	case game.PhasePlay:
		if g.CurrentTrick().N == 0 {
			p.say("%s leads %s", name, rec.cardName(a.Card()))
		} else {
			p.say("%s plays %s - legal were %s: %s", name, rec.cardName(a.Card()), rec.hand(playable), g.LegalReason(seat))
		}
	}
	return a
}

// beforeCard tells the trick that ended and, in the first tricks, asks
// which of seat's cards are legal.
func (p *recording) beforeCard(g *game.Game, seat int, legal cards.Mask) {
	rec := p.rec
	if g.Declarer < 0 {
		rec.auctionOver(g)
	}
	t := g.CurrentTrick()
	if t.N == 0 {
		rec.trickDone(g.NTricks)
	}
	if g.NTricks < quizTricks && t.N == 1 {
		var names []string
		for _, c := range legal.Cards() {
			names = append(names, g.R.Deck.Name(c))
		}
		sort.Strings(names)
		rec.w.add("", &Quiz{
			Question: fmt.Sprintf("Trick %d: %s led %s. %s holds %s. Which cards may %s play?",
				g.NTricks+1, rec.seat(int(t.Seats[0])), rec.cardName(t.Cards[0]), rec.names[seat], rec.hand(g.Hands[seat]), rec.names[seat]),
			Kind: "cards", Answer: names, Shown: rec.hand(legal), Why: g.LegalReason(seat), Held: cardNames(g.R, g.Hands[seat]),
		})
	}
}
