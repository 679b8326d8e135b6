package app

import (
	"cmp"
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
	"github.com/preference-rules/pref/internal/rulings"
	"github.com/preference-rules/pref/interpreter/cards"
	"github.com/preference-rules/pref/interpreter/deal"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/interpreter/money"
	"github.com/preference-rules/pref/interpreter/record"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/interpreter/settle"
	"github.com/preference-rules/pref/interpreter/table"
)

// Printer writes a session as a transcript: the header and hands of each
// deal, the deal told when it ends (or, with a person at the table, as it
// goes: Session.tell), the settlement, the balances and the final sheet;
// and the words the seats' prompts and the status panel use. Out may be
// swapped (the full screen writes into its own transcript).
type Printer struct {
	Record  *record.Record // with --record: the deals played so far
	Out     io.Writer
	Ruleset *ruleset.Ruleset
	ASCII   bool     // suits as letters
	Names   []string // this deal's seats
	You     string   // the human's name, when one plays this deal
	// Paint, when set, colours a card's name or a suit's symbol by its
	// suit (the full screen)
	Paint func(s cards.Suit, text string) string
	Bots  string // the computer players' kinds (--bots): simple, strong, exec:COMMAND, or a list (extern.ParseBots)
	// Review: after each deal, what perfect play would have given (--review)
	Review bool
	// PrintLedger writes a settled deal's transfers with their arithmetic,
	// the net and the pot; PrintSheet its score-sheet entries. The session
	// calls both after each deal; left nil they are pref settle's own
	// (rulings.PrintLedger, rulings.PrintSheet), so a deal played reads as
	// the same outcome settled. Tests set them to keep a transcript short.
	PrintLedger func(w io.Writer, l *settle.Ledger, potBefore money.Amount) error
	PrintSheet  func(w io.Writer, l *settle.Ledger)
}

// ledger prints a settled deal's transfers: PrintLedger, or pref settle's
// sentences, each player's result followed by his balance in the session
// once the deal is booked at t (the deal is printed before it is booked).
func (p *Printer) ledger(w io.Writer, l *settle.Ledger, potBefore money.Amount, t *table.Table) (err error) {
	if p.PrintLedger != nil {
		return p.PrintLedger(w, l, potBefore)
	}
	defer money.Catch(&err)
	net := l.Net()
	session := make([]money.Amount, len(l.Seats))
	for i, name := range l.Seats {
		for k, n := range t.Names {
			if n == name && k < len(t.Balance) {
				session[i] = t.Balance[k].Add(net[i])
			}
		}
	}
	return rulings.PrintLedgerSession(w, l, potBefore, session)
}

// sheet prints a settled deal's score-sheet entries: PrintSheet, or pref settle's.
func (p *Printer) sheet(w io.Writer, l *settle.Ledger) {
	if p.PrintSheet != nil {
		p.PrintSheet(w, l)
		return
	}
	rulings.PrintSheet(w, l)
}

// MaxGameDeals bounds a whole game: a ruleset whose sheet never closes
// must not run forever.
const MaxGameDeals = 10000

// final prints the closed sheet and the final scores as a table.
func (p *Printer) final(t *table.Table) (err error) {
	scores, err := t.Final()
	if err != nil {
		return failed("%v", err)
	}
	// The check that the scores add up to zero is made before anything is
	// printed; a partial sum that does not fit is a failed ruling.
	var sum money.Amount
	if err := func() (err error) {
		defer money.Catch(&err)
		for _, v := range scores {
			sum = sum.Add(v)
		}
		return nil
	}(); err != nil {
		return failed("final scores: %v", err)
	}
	r := t.R
	closed, err := t.Closed()
	if err != nil {
		return failed("%v", err)
	}
	if closed {
		p.Printf("\nThe game is over after %d deals.\n\nFinal sheet\n", t.Deals)
	} else {
		p.Printf("\nThe sheet after %d deals (the game is not over: the scores are what closing it now would give)\n", t.Deals)
	}
	head := append(sheetHead(t), "score")
	rows := [][]string{head}
	for i, n := range t.Names {
		row := []string{n}
		for _, a := range r.Sheet.Accounts {
			row = append(row, t.Sheet[n+" "+a].String())
		}
		for _, a := range r.Sheet.PairAccounts {
			for _, o := range t.Names {
				v := "-"
				if o != n {
					v = t.Sheet[n+" "+a+" "+o].String()
				}
				row = append(row, v)
			}
		}
		rows = append(rows, append(row, scores[i].Signed()))
	}
	widths := make([]int, len(head))
	for _, row := range rows {
		for k, c := range row {
			widths[k] = max(widths[k], len([]rune(c)))
		}
	}
	for _, row := range rows {
		var b strings.Builder
		for k, c := range row {
			if k == 0 {
				fmt.Fprintf(&b, "  %-*s", widths[k], c)
				continue
			}
			fmt.Fprintf(&b, "  %*s", widths[k], c)
		}
		p.Printf("%s\n", b.String())
	}
	p.Printf("\nThe scores add up to %v.\n", sum)
	if d := r.Sheet.Final.Description; d != "" {
		p.Printf("%s\n", d)
	}
	return nil
}

// SeatName is the name of a seat of this deal, or the talon.
func (p *Printer) SeatName(seat int) string {
	if seat == game.TalonSeat {
		return "talon"
	}
	return p.Names[seat]
}

// Printf writes to the transcript.
func (p *Printer) Printf(format string, args ...any) { fmt.Fprintf(p.Out, format, args...) }

// Cards is a set of cards as the transcript writes it, by suit, highest
// first; "-" for none.
func (p *Printer) Cards(m cards.Mask) string {
	if m == 0 {
		return "-"
	}
	if p.Paint == nil {
		return p.Ruleset.Deck.Format(m, !p.ASCII)
	}
	var b strings.Builder
	for s := len(p.Ruleset.Deck.SuitIDs) - 1; s >= 0; s-- {
		for part := m.Suit(cards.Suit(s)); part != 0; {
			c := part.Highest()
			part &^= c.Bit()
			if b.Len() > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(p.Card(c))
		}
	}
	return b.String()
}

// Card is a card as the transcript writes it.
func (p *Printer) Card(c cards.Card) string {
	name := p.Ruleset.Deck.Pretty(c)
	if p.ASCII {
		name = p.Ruleset.Deck.Name(c)
	}
	if p.Paint != nil {
		return p.Paint(c.Suit(), name)
	}
	return name
}

func (p *Printer) callName(c ruleset.Call) string {
	return game.SpokenCall(p.Ruleset, c) // the prompt's words for it
}

func (p *Printer) header(t *table.Table, d, deals int, seats []string) {
	if d > 0 {
		p.Printf("\n")
	}
	title := p.Ruleset.Title
	if deals > 1 {
		title = fmt.Sprintf("%s, deal %d of %d", title, d+1, deals)
		if deals == MaxGameDeals {
			title = fmt.Sprintf("%s, deal %d", p.Ruleset.Title, d+1)
		}
	}
	p.Printf("%s\n%s\n", title, strings.Repeat("=", len([]rune(title))))
	p.Printf("Dealer: %s. Forehand: %s.", t.Names[t.Dealer], seats[0])
	if len(seats) > p.Ruleset.Hands {
		p.Printf(" %s sits out.", t.Names[t.Dealer])
	}
	p.Printf("\n")
}

func (p *Printer) hands(g *game.Game, names []string) {
	p.Printf("\nHands\n")
	for s := 0; s < p.Ruleset.Hands; s++ {
		if p.You != "" && names[s] != p.You {
			p.Printf("  %-10s (cards hidden)\n", names[s])
			continue
		}
		p.Printf("  %-10s %s\n", names[s], p.Cards(g.Dealt[s]))
	}
	if p.You == "" {
		p.Printf("  %-10s %s\n", "talon", p.Cards(g.Talon))
	}
	p.Printf("\nAuction\n")
}

// deal tells a deal when it ends. Among computers it is the whole deal:
// how the talon was won, the exchange, the contract, the defence and the
// play. With a person at the table the rest was told as it happened
// (Session.tell): only what was hidden, and the tally.
func (p *Printer) deal(g *game.Game, names []string) {
	if p.You != "" {
		p.dealOver(g, names)
		return
	}
	if g.Declarer < 0 {
		p.passedOut(g, names)
		return
	}
	d := names[g.Declarer]
	p.secondRound(g, d)
	p.exchange(g, d)
	if g.Conceded {
		p.Printf("  %s gives up.\n", d)
		return
	}
	p.announcement(g, d)
	p.Printf("\nDefence\n")
	for k := 1; k < p.Ruleset.Hands; k++ {
		s := (g.Declarer + k) % p.Ruleset.Hands
		p.Printf("  %-10s %s\n", names[s], p.defenderChoice(g, names, s))
	}
	if g.Conceded {
		p.Printf("  %s gives up.\n", d)
		return
	}
	p.cardPlay(g, names)
}

// dealOver is the end of a deal a person sat at: the cards the declarer
// laid aside, unless the person laid them, and the tally.
func (p *Printer) dealOver(g *game.Game, names []string) {
	p.Printf("\nThe deal is over.\n")
	if g.Declarer >= 0 && g.Laid != 0 && names[g.Declarer] != p.You {
		p.Printf("  %s had laid aside %s.\n", names[g.Declarer], p.Cards(g.Laid))
	}
	if g.NTricks > 0 {
		p.tally(g, names)
	}
}

// passedOut is a deal nobody declared: the all-pass contract played each
// for himself, or nothing.
func (p *Printer) passedOut(g *game.Game, names []string) {
	if g.Contract >= 0 {
		p.Printf("Everybody passed: %s, each for himself.\n", p.Ruleset.Contracts[g.Contract].Display())
		if g.TalonTricks() > 0 {
			p.Printf("The talon's cards are turned one by one and open the first %s.\n", deal.Count(g.TalonTricks(), "trick"))
		}
		p.tricks(g, names)
		return
	}
	p.Printf("Everybody passed: nobody declares, the deal is over.\n")
}

// secondRound is how declarer d came to the talon when everybody passed:
// forced, by an offer into the pot, or by the second chance.
func (p *Printer) secondRound(g *game.Game, d string) {
	if g.Forced {
		p.Printf("Everybody passed: %s is forced to take the talon.\n", d)
	} else if g.PotBid > 0 {
		p.Printf("Everybody passed: in the second round %s offers %d into the pot and wins the talon.\n", d, g.PotBid)
	} else if g.Bid == game.Pass {
		p.Printf("Everybody passed: %s takes the second chance.\n", d)
	}
}

// exchange is what declarer d did with the talon.
func (p *Printer) exchange(g *game.Game, d string) {
	r := p.Ruleset
	p.Printf("\nExchange\n")
	switch {
	case g.Hand:
		p.Printf("  %s plays from the hand; the talon stays face down.\n", d)
	case r.Exchange.ShowTalon:
		p.Printf("  %s shows the talon (%s) to everyone, takes it and lays aside %s.\n", d, p.Cards(g.Talon), p.Cards(g.Laid))
	case r.Exchange.TakeTalon:
		p.Printf("  %s takes the talon (%s) and lays aside %s.\n", d, p.Cards(g.Talon), p.Cards(g.Laid))
	}
}

// announcement is the contract declarer d announced: its trumps, the
// tricks it needs, the cards shown of an open contract.
func (p *Printer) announcement(g *game.Game, d string) {
	r := p.Ruleset
	ct := &r.Contracts[g.Contract]
	p.Printf("  %s announces %s", d, ct.Display())
	if ct.Trumps != cards.NoSuit {
		p.Printf(" (trumps %s)", r.Deck.SuitNames[ct.Trumps])
	}
	switch {
	case ct.Exact:
		p.Printf(": %s must take exactly %s.\n", d, deal.Count(r.Need(g.Contract, g.Hand), "trick"))
	default:
		p.Printf(": %s needs %s.\n", d, deal.Count(r.Need(g.Contract, g.Hand), "trick"))
	}
	if ct.Open {
		p.Printf("  %s plays with the cards shown: %s\n", d, p.Cards(g.Hands[g.Declarer]))
	}
}

// defenderChoice is what the defender at seat s chose, in words: played,
// doubled, dropped out, invited, took half.
func (p *Printer) defenderChoice(g *game.Game, names []string, s int) string {
	r := p.Ruleset
	what := saysChoice(r, deal.Play, "plays")
	caller := g.ContraCaller() // in team mode he plays for both
	switch {
	case g.Doubled[s] > 0:
		what += ", and calls " + strings.Join(r.ContraWordsUpTo(g.Doubled[s]), ", ")
		if r.Defence.Contra.Team {
			what += "; plays for both defenders"
		}
	case g.Invited(s) && caller >= 0 && r.Defence.Contra.Team:
		what = "is brought in by the " + r.ContraWord(1) + ": plays for " + names[caller]
	case g.LoneDefender() >= 0 && g.Defence[s] == deal.Drop && g.Open:
		what = fmt.Sprintf("%s; the hands are shown and %s plays this one too", saysChoice(r, deal.Drop, "drops out"), names[g.LoneDefender()])
	case g.LoneDefender() >= 0 && g.Defence[s] == deal.Drop:
		what = saysChoice(r, deal.Drop, "drops out") + "; plays the hand closed for the other defender"
	case g.Invited(s):
		what = saysChoice(r, deal.Drop, "drops out") + ", and is invited: plays for the inviter"
	case g.Defence[s] == deal.Drop:
		what = saysChoice(r, deal.Drop, "drops out")
	case g.Defence[s] == deal.Half:
		what = saysChoice(r, deal.Half, "takes half") + " without play (the other defender passed)"
	case g.Defence[s] == deal.Invite:
		what = saysChoice(r, deal.Invite, "plays") + ", and invites the other defender"
	}
	return what
}

// cardPlay is the play of a declared contract, or why no card was played.
func (p *Printer) cardPlay(g *game.Game, names []string) {
	if defence := g.Defenders(); g.NTricks == 0 && defence.Uncontested(g.R) {
		p.Printf("Nobody doubled: %s is played only against a %s, so no card is played.\n", g.R.Contracts[g.Contract].Display(), g.R.ContraWord(1))
		return
	}
	if g.NTricks == 0 {
		p.Printf("Nobody defends: no card play.\n")
		return
	}
	p.tricks(g, names)
}

// tricks prints the card play: each trick, its winner, and the tally.
func (p *Printer) tricks(g *game.Game, names []string) {
	name := p.SeatName
	p.Printf("\nPlay\n")
	for i := 0; i < g.NTricks; i++ {
		t := &g.Record[i]
		var parts []string
		for k := 0; k < t.N; k++ {
			parts = append(parts, fmt.Sprintf("%s %s", name(int(t.Seats[k])), p.Card(t.Cards[k])))
		}
		p.trickLine(i, strings.Join(parts, ", "), name(t.Winner))
	}
	if g.Stopped {
		p.Printf("  Play stops: the contract can no longer be made.\n")
	}
	p.tally(g, names)
}

// trickLine prints trick i (from 0): who played what, and its winner in
// a column of its own. The column is measured in the cells the terminal
// shows: a red card's colour codes take none (fmt's %-44s would count
// them, and a trick with a red card would push its winner right).
func (p *Printer) trickLine(i int, played, winner string) {
	pad := strings.Repeat(" ", max(0, 44-ansi.StringWidth(played)))
	p.Printf("  %2d. %s%s -> %s\n", i+1, played, pad, winner)
}

// tally is the cooperation notes and the tricks each player took.
func (p *Printer) tally(g *game.Game, names []string) {
	r := p.Ruleset
	for k := 0; k < g.NNotes; k++ {
		n := g.Notes[k]
		p.Printf("  Note, trick %d: %s played %s, against the cooperation rule: %s.\n", n.Trick+1, names[n.Seat], p.Card(n.Card), game.CooperationRules[n.Rule])
	}
	var taken []string
	for s := 0; s < r.Hands; s++ {
		if g.InPlay(s) {
			taken = append(taken, fmt.Sprintf("%s %d", names[s], g.Taken[s]))
		}
	}
	if g.TalonTaken > 0 {
		taken = append(taken, fmt.Sprintf("talon %d", g.TalonTaken))
	}
	p.Printf("Tricks: %s.\n", strings.Join(taken, ", "))
}

func (p *Printer) balances(t *table.Table) {
	var parts []string
	for i, n := range t.Names {
		parts = append(parts, fmt.Sprintf("%s %s", n, t.Balance[i].Signed()))
	}
	if t.R.MovesMoney() {
		p.Printf("Balances: %s; pot %v\n", strings.Join(parts, ", "), t.Pot)
	}
	if len(t.Sheet) > 0 {
		keys := make([]string, 0, len(t.Sheet))
		for k := range t.Sheet {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		said := sheetPlaces(t)
		var parts []string
		for _, k := range keys {
			parts = append(parts, fmt.Sprintf("%s %v", cmp.Or(said[k], k), t.Sheet[k]))
		}
		p.Printf("Sheet: %s\n", strings.Join(parts, ", "))
	}
	// the ruleset's word for its markings (refe), as pref settle says it,
	// then a line for each named kind (markings:) in its own words
	p.heldLine(t.Names, t.Marks, t.R.Marking.Several)
	for k, held := range t.KindMarks {
		p.heldLine(t.Names, held, t.R.KindWords(k+1).Several)
	}
}

// heldLine prints what each player holds of a kind of marker, under the
// kind's word, when anybody holds any: "Refe: Anton 1, Brigitte 0, ...".
func (p *Printer) heldLine(names []string, held []int, word string) {
	if !slices.ContainsFunc(held, func(m int) bool { return m != 0 }) {
		return
	}
	var ms []string
	for i, n := range names {
		if i < len(held) {
			ms = append(ms, fmt.Sprintf("%s %d", n, held[i]))
		}
	}
	if word != "" {
		word = strings.ToUpper(word[:1]) + word[1:]
	}
	p.Printf("%s: %s\n", word, strings.Join(ms, ", "))
}

// indent prefixes each line with two spaces.
type indent struct{ w io.Writer }

func (i indent) Write(b []byte) (int, error) {
	s := strings.TrimSuffix(string(b), "\n")
	_, err := io.WriteString(i.w, "  "+strings.ReplaceAll(s, "\n", "\n  ")+"\n")
	return len(b), err
}

// wrapWords breaks text into lines of at most width columns between words.
func wrapWords(text string, width int) string {
	var b strings.Builder
	col := 0
	for _, w := range strings.Fields(text) {
		n := utf8.RuneCountInString(w)
		if col > 0 && col+1+n > width {
			b.WriteByte('\n')
			col = 0
		} else if col > 0 {
			b.WriteByte(' ')
			col++
		}
		b.WriteString(w)
		col += n
	}
	return b.String()
}

// sheetPlaces are the sheet's keys ("Anton mountain") as the table says
// them ("Anton gora"), where its words name an account otherwise.
func sheetPlaces(t *table.Table) map[string]string {
	said := map[string]string{}
	for _, n := range t.Names {
		for _, a := range t.R.Sheet.Accounts {
			said[n+" "+a] = n + " " + t.R.AccountWord(a)
		}
		for _, a := range t.R.Sheet.PairAccounts {
			for _, o := range t.Names {
				said[n+" "+a+" "+o] = n + " " + t.R.AccountWord(a) + " " + o
			}
		}
	}
	return said
}

// sheetHead are the final sheet's first columns' heads: player, then
// each account in the table's words, a pair account once per player.
func sheetHead(t *table.Table) []string {
	r := t.R
	head := []string{"player"}
	for _, a := range r.Sheet.Accounts {
		head = append(head, r.AccountWord(a))
	}
	for _, a := range r.Sheet.PairAccounts {
		for _, n := range t.Names {
			head = append(head, r.AccountWord(a)+" "+n)
		}
	}
	return head
}
