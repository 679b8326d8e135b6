package game_test

import (
	"strings"
	"testing"

	"github.com/preference-rules/pref/interpreter/cards"
	"github.com/preference-rules/pref/interpreter/deal"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/interpreter/money"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/interpreter/settle"
	"github.com/preference-rules/pref/interpreter/table"
)

// houseSheet is a house game written as YAML alone, using the concepts the
// Russian conventions need without being one: a defence obligation shared
// with the odd trick to the earlier defender, a dropped hand played along
// (open by choice), a scramble everyone plays when all pass with the
// talon's cards leading, and a sheet that closes.
const houseSheet = `
name: house-sheet
title: House sheet
description: a house game on a sheet.
players: {hands: 3, table_max: 4}
cards:
  suits: [{id: C, name: clubs}, {id: S, name: spades}, {id: D, name: diamonds}, {id: H, name: hearts}]
  ranks: ["7", "8", "9", "10", J, Q, K, A]
deal:
  packets: [{to: hands, cards: 10}, {to: talon, cards: 2}]
contracts:
  - {name: sixer, trumps: H, tricks: 6, defence_needs: 3, half: true, values: {v: 1}}
  - {name: scramble, tricks: 0, talon_leads: TALON, values: {v: 0}}
auction:
  ladder: [sixer]
  all_pass: {play: scramble}
exchange: {talon: take}
defence: {choices: [play, drop, half], dropped_hand: played, open: choose, odd_share: earlier}
play: {leader: forehand}
table:
  sheet:
    accounts: [points]
    pair_accounts: [owes]
    final: {closed_when: points >= 2, pair: "owes * 2 + points"}
settlement:
  - rule: made
    when: made
    pay: [{to: declarer, account: points, amount: 1}]
  - rule: shares
    when: played && declared
    pay:
      - {to: defenders, where: to.share > 0, account: points, amount: to.share * 10}
      - {from: declarer, to: defenders, where: to.short > 0, account: owes, amount: to.short}
  - rule: half
    when: declared && !played
    pay: [{from: declarer, to: defenders, where: to.half, account: owes, amount: defence_needs * 7}]
  - rule: scramble
    when: passed && played
    pay:
      - {from: players, to: players, where: "to.tricks == fewest_tricks && from.tricks > to.tricks", account: owes, amount: from.tricks - to.tricks}
      - {to: dealer, where: talon_tricks > 0, account: points, amount: talon_tricks * 100}
`

func loadHouse(t *testing.T, talon string) *ruleset.Ruleset {
	t.Helper()
	r, err := ruleset.Load("house.yaml", []byte(strings.Replace(houseSheet, "TALON", talon, 1)))
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// playDealt deals the three hands and the talon given (cards separated by
// spaces) and plays the deal to its end.
func playDealt(t *testing.T, r *ruleset.Ruleset, players []game.Player, a, b, c, talon string) *game.Game {
	t.Helper()
	g := game.New(r, players)
	var hands []cards.Mask
	for _, h := range []string{a, b, c} {
		hands = append(hands, parseHand(t, r, strings.Fields(h)...))
	}
	if err := g.SetHands(hands, parseHand(t, r, strings.Fields(talon)...)); err != nil {
		t.Fatal(err)
	}
	if err := g.Run(); err != nil {
		t.Fatal(err)
	}
	return g
}

func sheetOf(t *testing.T, r *ruleset.Ruleset, o *deal.Outcome) map[string]money.Amount {
	t.Helper()
	l, err := settle.New(r).Settle(o, false)
	if err != nil {
		t.Fatal(err)
	}
	return l.SheetNet()
}

func sameSheet(t *testing.T, got map[string]money.Amount, want map[string]int64) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("sheet %v, want %v", got, want)
	}
	for k, v := range want {
		if !got[k].Equal(money.Int(v)) {
			t.Fatalf("sheet %v, want %v", got, want)
		}
	}
}

// The defence's obligation is shared; the odd trick goes to the earlier
// defender here; nobody is short by more than the defence as a whole.
func TestDefenceShares(t *testing.T) {
	r := loadHouse(t, "suit")
	seats := []string{"A", "B", "C"}
	two := func(tricks ...int) *deal.Outcome {
		return &deal.Outcome{Seats: seats, Dealer: 2, Declarer: 0, Contract: 0,
			Defence: []deal.Choice{deal.NoChoice, deal.Play, deal.Play}, Tricks: tricks}
	}
	// 3 owed, B (earlier) answers for 2, C for 1. 8-1-1: 1 missing, B short by 1.
	sameSheet(t, sheetOf(t, r, two(8, 1, 1)), map[string]int64{"A points": 1, "B points": 20, "C points": 10, "B owes A": 1})
	// 9-0-1: 2 missing; B short of 2 by 2, C met his 1.
	sameSheet(t, sheetOf(t, r, two(9, 0, 1)), map[string]int64{"A points": 1, "B points": 20, "C points": 10, "B owes A": 2})
	// 9-1-0: 2 missing; B short by 1, C by 1.
	sameSheet(t, sheetOf(t, r, two(9, 1, 0)), map[string]int64{"A points": 1, "B points": 20, "C points": 10, "B owes A": 1, "C owes A": 1})
	// C plays alone with B's hand along: C answers for all 3, B's tricks count for him.
	lone := two(8, 1, 1)
	lone.Defence[1] = deal.Drop
	sameSheet(t, sheetOf(t, r, lone), map[string]int64{"A points": 1, "C points": 30, "C owes A": 1})
	lone.Tricks = []int{7, 2, 1}
	sameSheet(t, sheetOf(t, r, lone), map[string]int64{"A points": 1, "C points": 30})
}

// seatRecorder plays the bot's card and remembers for which seats it was
// asked.
type seatRecorder struct {
	scripted
	open  bool
	asked map[int]bool
}

func (p *seatRecorder) Choose(g *game.Game, legal []game.Action) game.Action {
	switch legal[0].Phase {
	case game.PhaseOpen:
		return answer(legal[0], p.open)
	case game.PhasePlay:
		p.asked[legal[0].Seat] = true
	}
	return p.scripted.Choose(g, legal)
}

// A dropped hand is played along: by its owner when closed, by the lone
// defender when he chooses open play.
func TestDroppedHandPlayedAlong(t *testing.T) {
	for _, open := range []bool{false, true} {
		r := loadHouse(t, "suit")
		ps := [3]*seatRecorder{}
		for i := range ps {
			ps[i] = &seatRecorder{scripted: scripted{call: game.Pass, defend: deal.Play}, open: open, asked: map[int]bool{}}
		}
		ps[0].call = 0           // A bids sixer
		ps[2].defend = deal.Drop // C passes, B defends alone
		g := playDealt(t, r, []game.Player{ps[0], ps[1], ps[2]},
			"AC AS AD AH KH QH JH 10H 9H 8H", "KC QC JC 10C 9C KS QS JS 10S 9S", "8C 7C 8S 7S KD QD JD 10D 9D 8D", "7D 7H")
		if g.LoneDefender() != 1 || g.Open != open {
			t.Fatalf("open %v: lone defender %d, open %v", open, g.LoneDefender(), g.Open)
		}
		for i := 0; i < g.NTricks; i++ {
			if g.Record[i].N != 3 {
				t.Fatalf("trick %d has %d cards: the dropped hand must be played along", i+1, g.Record[i].N)
			}
		}
		if ps[1].asked[2] != open || ps[2].asked[2] == open {
			t.Fatalf("open %v: the dropped hand was played by B %v, by C %v", open, ps[1].asked[2], ps[2].asked[2])
		}
		o := g.Outcome([]string{"A", "B", "C"})
		if o.Open != open {
			t.Fatalf("outcome open %v, want %v", o.Open, open)
		}
		if _, err := settle.New(r).Settle(o, false); err != nil {
			t.Fatal(err)
		}
	}
}

// When all pass, everyone plays the scramble: the talon's cards open the
// first two tricks, forehand plays first to them and leads the third. With
// talon_leads suit they never win; with card they compete.
func TestScrambleWithTheTalonLeading(t *testing.T) {
	for _, mode := range []string{"suit", "card"} {
		r := loadHouse(t, mode)
		ps := [3]*scripted{{call: game.Pass}, {call: game.Pass}, {call: game.Pass}}
		// The talon holds the two black aces, which nobody can beat.
		g := playDealt(t, r, []game.Player{ps[0], ps[1], ps[2]},
			"KC 7C KS AD AH KH QH JH 10H 9H", "QC JC 10C QS JS KD QD JD 8H 7H", "9C 8C 10S 9S 8S 7S 10D 9D 8D 7D", "AC AS")
		if g.Declarer != -1 || g.Contract != 1 || g.NTricks != 10 {
			t.Fatalf("%s: declarer %d contract %d tricks %d", mode, g.Declarer, g.Contract, g.NTricks)
		}
		for i := 0; i < 2; i++ {
			tr := g.Record[i]
			if tr.N != 4 || tr.Seats[0] != game.TalonSeat || tr.Seats[1] != 0 {
				t.Fatalf("%s: trick %d: %d cards, opened by seat %d, first player %d", mode, i+1, tr.N, tr.Seats[0], tr.Seats[1])
			}
		}
		if g.Record[2].Leader != 0 {
			t.Fatalf("%s: trick 3 led by %d, want forehand", mode, g.Record[2].Leader)
		}
		want := map[string]int{"suit": 0, "card": 2}[mode]
		if g.TalonTaken != want {
			t.Fatalf("%s: the talon took %d tricks, want %d", mode, g.TalonTaken, want)
		}
		o := g.Outcome([]string{"A", "B", "C"})
		got := sheetOf(t, r, o)
		if mode == "card" && !got["C points"].Equal(money.Int(200)) {
			t.Fatalf("%s: the dealer should score the talon's 2 tricks: %v", mode, got)
		}
		sum := o.TalonTricks
		for _, n := range o.Tricks {
			sum += n
		}
		if sum != 10 {
			t.Fatalf("%s: %d tricks accounted for", mode, sum)
		}
	}
}

// The sheet closes when closed_when holds for every player, and the final
// scores add up to zero whatever the pair expression.
func TestSheetCloses(t *testing.T) {
	r := loadHouse(t, "suit")
	tb, _ := table.New(r, []string{"A", "B", "C"})
	tb.Sheet = map[string]money.Amount{"A points": money.Int(3), "B points": money.Int(2), "C points": money.Int(1), "A owes B": money.Int(5)}
	if closed, _ := tb.Closed(); closed {
		t.Fatal("closed with C at 1 of 2")
	}
	tb.Sheet["C points"] = money.Int(2)
	if closed, _ := tb.Closed(); !closed {
		t.Fatal("not closed with every player at 2 or more")
	}
	final, err := tb.Final()
	if err != nil {
		t.Fatal(err)
	}
	// pair(i,j) = owes_ij * 2 + points_i, netted per pair:
	// A: (10+3 - 2) + (3 - 2) = 12; B: (2 - 13) + (2 - 2) = -11; C: (2 - 3) + (2 - 2) = -1.
	want := []int64{12, -11, -1}
	for i, w := range want {
		if !final[i].Equal(money.Int(w)) {
			t.Fatalf("final %v, want %v", final, want)
		}
	}
}

// halving plays like scripted, takes half where it may, and retrieves.
type halving struct {
	scripted
	retrieve bool
}

func (p *halving) Choose(g *game.Game, legal []game.Action) game.Action {
	a := legal[0]
	switch {
	case a.Phase == game.PhaseDefend && g.MayHalf(a.Seat):
		a.Value = int(deal.Half)
		return a
	case a.Phase == game.PhaseRetrieve:
		return answer(a, p.retrieve)
	}
	return p.scripted.Choose(g, legal)
}

// Half: the second defender, the first having dropped, takes half without
// play; the first may take the defence back, and then plays alone with the
// second's hand along.
func TestHalfAndRetrieve(t *testing.T) {
	for _, retrieve := range []bool{false, true} {
		r := loadHouse(t, "suit")
		a := &halving{scripted: scripted{call: 0, defend: deal.Play}}
		b := &halving{scripted: scripted{call: game.Pass, defend: deal.Drop}, retrieve: retrieve}
		c := &halving{scripted: scripted{call: game.Pass, defend: deal.Play}}
		g := playDealt(t, r, []game.Player{a, b, c},
			"AC AS AD AH KH QH JH 10H 9H 8H", "KC QC JC 10C 9C KS QS JS 10S 9S", "8C 7C 8S 7S KD QD JD 10D 9D 8D", "7D 7H")
		o := g.Outcome([]string{"A", "B", "C"})
		got := sheetOf(t, r, o)
		if !retrieve {
			if g.Defence[2] != deal.Half || g.NTricks != 0 {
				t.Fatalf("C's half: defence %v, %d tricks played", g.Defence, g.NTricks)
			}
			sameSheet(t, got, map[string]int64{"C owes A": 21})
			continue
		}
		if g.Defence[1] != deal.Play || g.Defence[2] != deal.Drop || g.LoneDefender() != 1 || g.NTricks != 10 {
			t.Fatalf("retrieved: defence %v, lone %d, %d tricks", g.Defence, g.LoneDefender(), g.NTricks)
		}
		if !got["B points"].Equal(money.Int(30)) {
			t.Fatalf("retrieved: B answers for all 3 tricks: %v", got)
		}
	}
	// Half is refused where the contract does not allow it or the first defender did not drop.
	r := loadHouse(t, "suit")
	o := &deal.Outcome{Seats: []string{"A", "B", "C"}, Dealer: 2, Declarer: 0, Contract: 0,
		Defence: []deal.Choice{deal.NoChoice, deal.Half, deal.Drop}, Tricks: []int{0, 0, 0}}
	if _, err := settle.New(r).Settle(o, false); err == nil || !strings.Contains(err.Error(), "B took half") {
		t.Fatalf("half by the first defender: %v", err)
	}
}
