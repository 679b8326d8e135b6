package app

import (
	"fmt"
	"strings"

	"github.com/preference-rules/pref/interpreter/cards"
	"github.com/preference-rules/pref/interpreter/deal"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/interpreter/money"
	"github.com/preference-rules/pref/interpreter/table"
)

// Status is the table at a glance, for the full screen's panel and, line
// by line, for the line seat: the auction or the contract and its trumps,
// each defender's choice, the trick under way, the last trick and its
// winner, the tricks won, and the pot or the score sheet as it stands.
func (p *Printer) Status(g *game.Game, t *table.Table) []string {
	out := []string{p.contractLine(g)}
	add := func(format string, args ...any) { out = append(out, fmt.Sprintf(format, args...)) }
	if d := p.defenceLine(g); d != "" {
		add("Defence: %s", d)
	}
	if g.NTricks > 0 || g.CurrentTrick().N > 0 {
		add("Tricks won: %s", p.tricksWon(g))
	}
	if g.NTricks > 0 {
		last := &g.Record[g.NTricks-1]
		add("Last trick (%d): %s → %s", g.NTricks, p.trickCards(last), p.SeatName(last.Winner))
	}
	if g.Phase() == game.PhasePlay {
		cur := g.CurrentTrick()
		if cur.N == 0 {
			add("Trick %d: %s to lead", g.NTricks+1, p.SeatName(g.ToAct()))
		} else {
			add("Trick %d: %s; %s to play", g.NTricks+1, p.trickCards(cur), p.SeatName(g.ToAct()))
		}
	}
	if line := p.tableLine(t); line != "" {
		add("%s", line)
	}
	return out
}

// contractLine is the status's first line: the auction so far, or what
// it ended in: the declarer, the contract announced, or everybody passing.
func (p *Printer) contractLine(g *game.Game) string {
	r := p.Ruleset
	ph := g.Phase()
	switch {
	case ph <= game.PhasePotAuction && g.Declarer < 0:
		return p.auctionLine(g)
	case g.Declarer < 0 && g.Contract >= 0:
		return fmt.Sprintf("Contract: %s: everybody passed, each plays for himself", r.Contracts[g.Contract].Display())
	case g.Declarer < 0:
		return "Everybody passed: nobody declares"
	case ph <= game.PhaseAnnounce && !g.Conceded:
		how := "won the auction"
		if g.Bid != game.Pass {
			how += " with " + p.callName(r.Ladder[g.Bid])
		}
		return fmt.Sprintf("Declarer: %s (%s); the contract is not announced yet", p.SeatName(g.Declarer), how)
	case g.Conceded:
		return fmt.Sprintf("Declarer: %s gives up", p.SeatName(g.Declarer))
	}
	return p.announcedLine(g)
}

// auctionLine is every call so far.
func (p *Printer) auctionLine(g *game.Game) string {
	var calls []string
	for _, c := range g.Calls {
		calls = append(calls, p.SeatName(c.Seat)+" "+p.callWord(g, c.Call))
	}
	if len(calls) == 0 {
		calls = []string{"no call yet"}
	}
	return fmt.Sprintf("Auction: %s", strings.Join(calls, " · "))
}

// announcedLine is the contract announced: the declarer, its trumps, the
// tricks it needs.
func (p *Printer) announcedLine(g *game.Game) string {
	r := p.Ruleset
	ct := &r.Contracts[g.Contract]
	trumps := "no trumps"
	if int(g.Trump) < len(r.Deck.SuitNames) {
		trumps = "trumps " + r.Deck.SuitNames[g.Trump]
		if !p.ASCII {
			trumps += " " + p.suitSymbol(int(g.Trump))
		}
	}
	need := "needs " + deal.Count(r.Need(g.Contract, g.Hand), "trick")
	if ct.Exact {
		need = "must take exactly " + deal.Count(r.Need(g.Contract, g.Hand), "trick")
	}
	hand := ""
	if g.Hand {
		hand = " from the hand"
	}
	return fmt.Sprintf("Contract: %s plays %s%s, %s, %s", p.SeatName(g.Declarer), ct.Display(), hand, trumps, need)
}

// tricksWon is the tricks each player in play (and the talon) has taken.
func (p *Printer) tricksWon(g *game.Game) string {
	var won []string
	for s := 0; s < g.Seats(); s++ {
		if g.InPlay(s) {
			won = append(won, fmt.Sprintf("%s %d", p.SeatName(s), g.Taken[s]))
		}
	}
	if g.TalonTaken > 0 {
		won = append(won, fmt.Sprintf("talon %d", g.TalonTaken))
	}
	return strings.Join(won, " · ")
}

// callWord is a call as the auction line writes it.
func (p *Printer) callWord(g *game.Game, call int) string {
	if call == game.Pass {
		return p.Ruleset.PassWord() // the table's word where a term set says one
	}
	return p.callName(p.Ruleset.Ladder[call])
}

// suitSymbol is suit s's symbol, coloured as its cards are.
func (p *Printer) suitSymbol(s int) string {
	sym := p.Ruleset.Deck.Symbols[s]
	if p.Paint != nil {
		return p.Paint(cards.Suit(s), sym)
	}
	return sym
}

// trickCards is who played what to a trick, in playing order.
func (p *Printer) trickCards(t *game.Trick) string {
	var parts []string
	for k := 0; k < t.N; k++ {
		parts = append(parts, p.SeatName(int(t.Seats[k]))+" "+p.Card(t.Cards[k]))
	}
	return strings.Join(parts, ", ")
}

// defenceLine is each defender's choice so far, once the contract is
// announced; "" before.
func (p *Printer) defenceLine(g *game.Game) string {
	if g.Declarer < 0 || g.Conceded || g.Phase() <= game.PhaseAnnounce {
		return ""
	}
	var parts []string
	for k := 1; k < g.Seats(); k++ {
		s := (g.Declarer + k) % g.Seats()
		what := "to decide"
		switch {
		case g.Invited(s):
			what = "invited: plays for the inviter"
		case g.Defence[s] == deal.Play:
			what = saysChoice(p.Ruleset, deal.Play, "plays")
		case g.Defence[s] == deal.Invite:
			what = saysChoice(p.Ruleset, deal.Invite, "plays and invites")
		case g.Defence[s] == deal.Half:
			what = saysChoice(p.Ruleset, deal.Half, "takes half")
		case g.Defence[s] == deal.Drop && g.LoneDefender() >= 0 && g.Open:
			what = fmt.Sprintf("%s; the hands are open, %s plays this one", saysChoice(p.Ruleset, deal.Drop, "drops out"), p.SeatName(g.LoneDefender()))
		case g.Defence[s] == deal.Drop && g.LoneDefender() >= 0:
			what = saysChoice(p.Ruleset, deal.Drop, "drops out") + "; plays the hand along"
		case g.Defence[s] == deal.Drop:
			what = saysChoice(p.Ruleset, deal.Drop, "drops out")
		}
		parts = append(parts, p.SeatName(s)+" "+what)
	}
	return strings.Join(parts, " · ")
}

// tableLine is the pot and the balances, or the score sheet, before this
// deal is booked.
func (p *Printer) tableLine(t *table.Table) string {
	r := t.R
	if r.MovesMoney() {
		parts := []string{fmt.Sprintf("Pot %v", t.Pot)}
		for i, n := range t.Names {
			parts = append(parts, n+" "+t.Balance[i].Signed())
		}
		return strings.Join(parts, " · ")
	}
	if len(r.Sheet.Accounts) == 0 && len(r.Sheet.PairAccounts) == 0 {
		return ""
	}
	var parts []string
	for _, n := range t.Names {
		var acc []string
		for _, a := range r.Sheet.Accounts {
			acc = append(acc, fmt.Sprintf("%s %v", r.AccountWord(a), t.Sheet[n+" "+a]))
		}
		for _, a := range r.Sheet.PairAccounts {
			var sum money.Amount
			for _, o := range t.Names {
				if o != n {
					sum = sum.Add(t.Sheet[n+" "+a+" "+o])
				}
			}
			acc = append(acc, fmt.Sprintf("%s %v", r.AccountWord(a), sum))
		}
		parts = append(parts, n+": "+strings.Join(acc, ", "))
	}
	return "Sheet: " + strings.Join(parts, " · ")
}
