package game_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/preference-rules/pref/interpreter/bot"
	"github.com/preference-rules/pref/interpreter/cards"
	"github.com/preference-rules/pref/interpreter/deal"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/interpreter/settle"
	"github.com/preference-rules/pref/rulesets"
)

// conceptRuleset exercises the general concepts on their own, outside any
// shipped variant: must_bid, giving up after the defence, invitation, an
// event derived from the cards.
const conceptRuleset = `
name: concepts
title: Concepts
description: general concepts on their own.
players: {hands: 3}
cards:
  suits: [{id: C, name: clubs}, {id: S, name: spades}, {id: D, name: diamonds}, {id: H, name: hearts}]
  ranks: ["7", "8", "9", "10", J, Q, K, A]
deal:
  packets: [{to: hands, cards: 10}, {to: talon, cards: 2}]
contracts:
  - {name: clubs, trumps: C, tricks: 6}
  - {name: nulla, tricks: 0, exact: true, must_bid: true}
  - {name: hearts, trumps: H, tricks: 6}
auction:
  ladder: [clubs, nulla, hearts]
exchange: {talon: take}
defence: {choices: [play, drop, invite], each_needs: 2, invite_needs: 4, declarer_concedes: after-defence}
play: {leader: declarer}
events:
  all-aces: {when: declarer_aces == 4, description: four aces}
settlement:
  - rule: all aces
    when: all_aces && played
    pay: [{from: defenders, to: declarer, amount: 7}]
  - rule: gave up
    when: conceded
    pay: [{from: declarer, to: defenders, where: "!to.dropped", amount: 1}]
`

// scripted is a player whose decisions the test fixes.
type scripted struct {
	bot.Simple
	call     int
	defend   deal.Choice
	invite   bool
	giveUp   bool
	contra   bool
	recontra bool
}

// Choose makes the scripted decisions and leaves the rest to the bot.
func (p *scripted) Choose(g *game.Game, legal []game.Action) game.Action {
	a := legal[0]
	switch a.Phase {
	case game.PhaseAuction:
		for _, l := range legal {
			if l.Value == p.call {
				return l
			}
		}
		a.Value = game.Pass
		return a
	case game.PhaseDefend:
		a.Value = int(p.defend)
		return a
	case game.PhaseInvite:
		return answer(a, p.invite)
	case game.PhaseGiveUp:
		return answer(a, p.giveUp)
	case game.PhaseContra:
		return answer(a, p.contra)
	case game.PhaseRecontra:
		return answer(a, p.recontra)
	case game.PhaseAnnounce: // the highest contract allowed
		for i := len(legal) - 1; i >= 0; i-- {
			if !legal[i].Concede {
				return legal[i]
			}
		}
	}
	return p.Simple.Choose(g, legal)
}

// answer is the yes or no to the question a asks.
func answer(a game.Action, yes bool) game.Action {
	a.Value = game.No
	if yes {
		a.Value = game.Yes
	}
	return a
}

func parseHand(t *testing.T, r *ruleset.Ruleset, names ...string) cards.Mask {
	t.Helper()
	var m cards.Mask
	for _, n := range names {
		c, err := r.Deck.Parse(n)
		if err != nil {
			t.Fatal(err)
		}
		m |= c.Bit()
	}
	return m
}

func setup(t *testing.T, players [3]*scripted) (*ruleset.Ruleset, *game.Game) {
	t.Helper()
	r, err := ruleset.Load("concepts.yaml", []byte(conceptRuleset))
	if err != nil {
		t.Fatal(err)
	}
	g := game.New(r, []game.Player{players[0], players[1], players[2]})
	hands := []cards.Mask{
		parseHand(t, r, "AC", "AS", "AD", "AH", "KH", "QH", "JH", "10H", "9H", "8H"),
		parseHand(t, r, "KC", "QC", "JC", "10C", "9C", "KS", "QS", "JS", "10S", "9S"),
		parseHand(t, r, "8C", "7C", "8S", "7S", "KD", "QD", "JD", "10D", "9D", "8D"),
	}
	if err := g.SetHands(hands, parseHand(t, r, "7D", "7H")); err != nil {
		t.Fatal(err)
	}
	return r, g
}

// playFixture plays the fixture hands of setup under r with players.
func playFixture(t *testing.T, r *ruleset.Ruleset, players ...game.Player) *game.Game {
	t.Helper()
	g := game.New(r, players)
	_, base := setup(t, [3]*scripted{{}, {}, {}})
	if err := g.SetHands(base.Dealt[:3], base.Talon); err != nil {
		t.Fatal(err)
	}
	if err := g.Run(); err != nil {
		t.Fatal(err)
	}
	return g
}

func TestMustBidIsNeverAnnouncedUnbid(t *testing.T) {
	players := [3]*scripted{{call: 0}, {call: game.Pass}, {call: game.Pass}}
	r, g := setup(t, players)
	if err := g.Run(); err != nil {
		t.Fatal(err)
	}
	// Forehand bid clubs and announces the highest contract allowed: hearts,
	// never nulla, which must be bid as such.
	if hearts, _ := r.ContractByName("hearts"); g.Contract != hearts {
		t.Fatalf("announced %s", r.Contracts[g.Contract].Name)
	}
}

func TestEventDerivedFromTheCards(t *testing.T) {
	players := [3]*scripted{{call: 0}, {call: game.Pass, defend: deal.Play}, {call: game.Pass, defend: deal.Play}}
	r, g := setup(t, players)
	if err := g.Run(); err != nil {
		t.Fatal(err)
	}
	o := g.Outcome([]string{"A", "B", "C"})
	if o.DeclarerAces != 4 {
		t.Fatalf("declarer's aces: %d", o.DeclarerAces)
	}
	l, err := settle.New(r).Settle(o, false)
	if err != nil {
		t.Fatal(err)
	}
	if got := settle.SortedPairs(l.PairNet()); len(got) != 2 || got[0] != "B -> A 7" {
		t.Fatalf("event all-aces not derived: %v", got)
	}
	// Stated outcomes do not derive it: the same deal without cards.
	o.CardsKnown = false
	l, _ = settle.New(r).Settle(o, false)
	if len(l.Transfers) != 0 {
		t.Fatalf("event derived without cards: %v", l.Transfers)
	}
}

func TestGiveUpAfterTheDefence(t *testing.T) {
	players := [3]*scripted{{call: 0, giveUp: true}, {call: game.Pass, defend: deal.Drop}, {call: game.Pass, defend: deal.Play}}
	r, g := setup(t, players)
	if err := g.Run(); err != nil {
		t.Fatal(err)
	}
	if !g.Conceded || g.NTricks != 0 || g.Defence[1] != deal.Drop || g.Defence[2] != deal.Play {
		t.Fatalf("conceded %v after defence %v, %d tricks", g.Conceded, g.Defence, g.NTricks)
	}
	l, err := settle.New(r).Settle(g.Outcome([]string{"A", "B", "C"}), false)
	if err != nil {
		t.Fatal(err)
	}
	if got := settle.SortedPairs(l.PairNet()); len(got) != 1 || got[0] != "A -> C 1" {
		t.Fatalf("give-up payment to the defender who stayed: %v", got)
	}
}

func TestInvitationInPlay(t *testing.T) {
	players := [3]*scripted{{call: 0}, {call: game.Pass, defend: deal.Drop}, {call: game.Pass, defend: deal.Play, invite: true}}
	_, g := setup(t, players)
	if err := g.Run(); err != nil {
		t.Fatal(err)
	}
	if g.Defence[2] != deal.Invite || !g.Invited(1) || !g.InPlay(1) {
		t.Fatalf("invitation not taken: %v", g.Defence)
	}
	if g.Record[0].N != 3 {
		t.Fatalf("the invited player does not play: %d cards to the first trick", g.Record[0].N)
	}
}

// TestOptionsSwitchedOn plays every shipped ruleset with each of its
// boolean options on, with the same invariants as the default deals.
func TestOptionsSwitchedOn(t *testing.T) {
	for _, name := range rulesets.Names() {
		base, _ := rulesets.Open(name)
		for _, o := range base.Options {
			if _, ok := o.Default.(bool); !ok {
				continue
			}
			r, err := base.With(map[string]any{o.Name: true})
			if err != nil {
				t.Fatalf("%s with %s: %v", name, o.Name, err)
			}
			g := game.New(r, bots(r.Hands))
			s := settle.New(r)
			rng := rand.New(rand.NewPCG(5, 5))
			for i := 0; i < 1000; i++ {
				g.Deal(rng)
				checkDeal(t, r, g)
				if err := g.Run(); err != nil {
					t.Fatalf("%s with %s: %v", name, o.Name, err)
				}
				checkPlay(t, r, g)
				if _, err := s.Settle(g.Outcome(names(r.Hands)), false); err != nil {
					t.Fatalf("%s with %s: settle: %v", name, o.Name, err)
				}
			}
		}
	}
}

// TestContraModes plays the same deal with a contra in each mode: in team
// mode the caller's partner is brought back as invited and the contra is one
// for the defence; in pair mode only the caller is doubled.
func TestContraModes(t *testing.T) {
	for _, mode := range []string{"team", "pair"} {
		src := strings.Replace(conceptRuleset, "declarer_concedes: after-defence}",
			"declarer_concedes: after-defence, contra: {mode: "+mode+", team_needs: 5}}", 1)
		r, err := ruleset.Load("contra.yaml", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		players := [3]*scripted{
			{call: 0, recontra: true},
			{call: game.Pass, defend: deal.Drop, contra: true},
			{call: game.Pass, defend: deal.Play, contra: true},
		}
		g := playFixture(t, r, players[0], players[1], players[2])
		switch mode {
		case "team":
			// Seat 1 dropped, so seat 2 calls; seat 1 comes back, invited.
			if g.Doubled[2] != 2 || g.Doubled[1] != 0 || !g.Invited(1) || g.Record[0].N != 3 {
				t.Fatalf("team: doubled %v, invited %v, %d cards a trick", g.Doubled, g.Invited(1), g.Record[0].N)
			}
		case "pair":
			// A dropped defender cannot call; the one who plays can.
			if g.Doubled[2] != 2 || g.Doubled[1] != 0 || g.InPlay(1) || g.Record[0].N != 2 {
				t.Fatalf("pair: doubled %v, seat 1 in play %v", g.Doubled, g.InPlay(1))
			}
		}
		o := g.Outcome([]string{"A", "B", "C"})
		if _, err := settle.New(r).Settle(o, false); err != nil {
			t.Fatalf("%s: %v", mode, err)
		}
	}
}

// The leader options: forehand (whist), or the declarer's left-hand player.
func TestWhoLeads(t *testing.T) {
	base, _ := rulesets.Open("american-1909")
	for _, left := range []bool{false, true} {
		r, err := base.With(map[string]any{"left-of-declarer-leads": left})
		if err != nil {
			t.Fatal(err)
		}
		g := game.New(r, bots(3))
		rng := rand.New(rand.NewPCG(8, 8))
		played := 0
		for i := 0; i < 300; i++ {
			g.Deal(rng)
			if err := g.Run(); err != nil {
				t.Fatal(err)
			}
			if g.NTricks == 0 {
				continue
			}
			played++
			want := 0
			if left {
				want = (g.Declarer + 1) % 3
			}
			if got := g.Record[0].Leader; got != want {
				t.Fatalf("left-of-declarer-leads=%v: seat %d led, declarer %d", left, got, g.Declarer)
			}
		}
		if played == 0 {
			t.Fatal("no deal played")
		}
	}
}

// TestCooperationRules: the computer players keep the defenders' rules,
// whether they are advice or the first one binds.
func TestCooperationRules(t *testing.T) {
	base, _ := rulesets.Open("austrian-1829")
	data, _ := rulesets.Source("austrian-1829")
	for _, mode := range []string{"advice", "first-rule-binding"} {
		src := strings.Replace(string(data), "  head: never ", "  head: never\n  cooperation: "+mode+" ", 1)
		r, err := ruleset.Load("coop.yaml", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		if r.Play.Cooperation == base.Play.Cooperation {
			t.Fatal("cooperation not switched on")
		}
		g := game.New(r, bots(3))
		rng := rand.New(rand.NewPCG(6, 6))
		defended := 0
		for i := 0; i < 2000; i++ {
			g.Deal(rng)
			if err := g.Run(); err != nil {
				t.Fatal(err)
			}
			if g.NTricks > 0 && g.Defence[(g.Declarer+1)%3] == deal.Play && g.Defence[(g.Declarer+2)%3] == deal.Play {
				defended++
			}
			if g.NNotes > 0 {
				n := g.Notes[0]
				t.Fatalf("%s: the computer players broke rule %d (%s) with %s", mode, n.Rule, game.CooperationRules[n.Rule], r.Deck.Name(n.Card))
			}
		}
		if defended < 100 {
			t.Fatalf("%s: only %d deals defended by two", mode, defended)
		}
	}
}

// overtaker always wins the trick when it can: a defender who breaks rule 1.
type overtaker struct{ bot.Simple }

func (o *overtaker) Choose(g *game.Game, legal []game.Action) game.Action {
	if legal[0].Phase != game.PhasePlay {
		return o.Simple.Choose(g, legal)
	}
	for _, l := range legal {
		if c := l.Card(); g.CurrentTrick().N > 0 && (c.Suit() == g.Winning().Suit() && c.Rank() > g.Winning().Rank() || c.Suit() == g.Trump && g.Winning().Suit() != g.Trump) {
			return l
		}
	}
	return legal[0]
}

// TestCooperationBreaches: a player who overtakes the other defender is
// noted under advice, and cannot do it when the first rule binds.
func TestCooperationBreaches(t *testing.T) {
	data, _ := rulesets.Source("austrian-1829")
	for _, mode := range []string{"advice", "first-rule-binding"} {
		src := strings.Replace(string(data), "  head: never ", "  head: never\n  cooperation: "+mode+" ", 1)
		r, _ := ruleset.Load("coop.yaml", []byte(src))
		g := game.New(r, []game.Player{&overtaker{}, &overtaker{}, &overtaker{}})
		rng := rand.New(rand.NewPCG(7, 7))
		noted := 0
		for i := 0; i < 500; i++ {
			g.Deal(rng)
			if err := g.Run(); err != nil {
				t.Fatal(err)
			}
			for k := 0; k < g.NNotes; k++ {
				if g.Notes[k].Rule == game.RuleNoOvertake {
					noted++
				}
			}
		}
		switch {
		case mode == "advice" && noted == 0:
			t.Fatal("advice: overtaking the other defender was never noted")
		case mode == "first-rule-binding" && noted != 0:
			t.Fatalf("first-rule-binding: %d overtakes were legal", noted)
		}
	}
}

func TestWhyIllegal(t *testing.T) {
	data, _ := rulesets.Source("austrian-1829")
	src := strings.Replace(string(data), "  head: never ", "  head: never\n  cooperation: first-rule-binding ", 1)
	r, _ := ruleset.Load("why.yaml", []byte(src))
	g := game.New(r, nil)
	diamonds, _ := r.ContractByName("diamonds")
	hand := parseHand(t, r, "AS", "7S", "QD", "KH")
	trick := []cards.Card{parseHand(t, r, "9S").Lowest(), parseHand(t, r, "KS").Lowest()}
	if err := g.SetPosition(0, diamonds, 2, hand, trick); err != nil {
		t.Fatal(err)
	}
	for card, want := range map[string]string{
		"7S": "",
		"KH": "you must follow suit: spades was led",
		"AS": "cooperation rule 1 binds",
		"8C": "you do not hold 8C",
	} {
		c := parseHand(t, r, card).Lowest()
		if got := g.WhyIllegal(2, c); want == "" && got != "" || !strings.Contains(got, want) {
			t.Errorf("%s: %q, want %q", card, got, want)
		}
	}
}

type offering struct {
	scripted
	offers []int // successive offers; 0 passes
}

func (o *offering) Choose(g *game.Game, legal []game.Action) game.Action {
	if legal[0].Phase != game.PhasePotAuction {
		return o.scripted.Choose(g, legal)
	}
	a := legal[0]
	a.Value = 0
	if len(o.offers) > 0 {
		a.Value = o.offers[0]
		o.offers = o.offers[1:]
	}
	return a
}

// TestPotAuction: when all pass, offers rise until one bidder is left; the
// winner declares with the talon and owes the offer; offers below the
// minimum are passes.
func TestPotAuction(t *testing.T) {
	src := strings.Replace(conceptRuleset, "  ladder: [clubs, nulla, hearts]", "  ladder: [clubs, nulla, hearts]\n  all_pass: {pot_auction: true}", 1)
	r, err := ruleset.Load("pot.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	pass := game.Pass
	a := &offering{scripted{call: pass}, []int{1, 3}} // offers 1, then 3
	b := &offering{scripted{call: pass}, []int{2, 3}} // offers 2, then 3: not above 3, a pass
	c := &offering{scripted{call: pass}, []int{0}}    // passes at once
	g := game.New(r, []game.Player{a, b, c})
	_, base := setup(t, [3]*scripted{{}, {}, {}})
	if err := g.SetHands(base.Dealt[:3], base.Talon); err != nil {
		t.Fatal(err)
	}
	if err := g.Run(); err != nil {
		t.Fatal(err)
	}
	if g.Declarer != 0 || g.PotBid != 3 || g.Hand || g.Laid.Count() != 2 {
		t.Fatalf("declarer %d, pot bid %d, hand %v, laid %d", g.Declarer, g.PotBid, g.Hand, g.Laid.Count())
	}
	if o := g.Outcome([]string{"A", "B", "C"}); o.PotBid != 3 {
		t.Fatalf("outcome pot bid %d", o.PotBid)
	}
}

// A contract bid only as a player's first call: open to a player who has
// not called, closed to one who has - even where holding an equal bid would
// otherwise allow it.
func TestFirstBidOnly(t *testing.T) {
	for _, firstOnly := range []bool{false, true} {
		src := strings.Replace(conceptRuleset, "  ladder: [clubs, nulla, hearts]", "  ladder: [clubs, nulla, hearts]\n  hold: earlier", 1)
		if firstOnly {
			src = strings.Replace(src, "{name: nulla, tricks: 0, exact: true, must_bid: true}",
				"{name: nulla, tricks: 0, exact: true, must_bid: true, first_bid_only: true}", 1)
		}
		r, err := ruleset.Load("first.yaml", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		const clubs, nulla = 0, 1 // ladder positions
		a := game.NewAuction(r)
		a.Next()
		a.Apply(clubs) // forehand bids clubs
		a.Next()
		if l := a.Legal(nil); !slices.Contains(l, nulla) {
			t.Fatalf("middlehand's first call: nulla not open in %v", l)
		}
		a.Apply(nulla) // middlehand bids nulla as its first call
		a.Next()
		a.Apply(game.Pass) // dealer passes
		if seat, _ := a.Next(); seat != 0 {
			t.Fatalf("seat %d to call, want forehand", seat)
		}
		// Forehand, seated earlier, could hold nulla - unless it may only be a first call.
		if got := slices.Contains(a.Legal(nil), nulla); got == firstOnly {
			t.Fatalf("first_bid_only %v: forehand may hold nulla: %v", firstOnly, got)
		}
	}
}

// handAsker passes every call, takes no offer, and would always play from
// the hand: it records whether it was ever asked.
type handAsker struct {
	bot.Simple
	asked *bool
}

func (h *handAsker) Choose(g *game.Game, legal []game.Action) game.Action {
	a := legal[0]
	switch a.Phase {
	case game.PhaseAuction:
		a.Value = game.Pass
		return a
	case game.PhaseOffer:
		return answer(a, false)
	case game.PhaseFromHand:
		*h.asked = true
		return answer(a, true)
	}
	return h.Simple.Choose(g, legal)
}

// A declarer made by an all-pass offer picks up the talon: the forced
// dealer of the 1829 rules ("the dealer must pick up the talon") is never
// asked to play from the hand, nor does the deal become a hand game.
func TestForcedDeclarerPicksUpTheTalon(t *testing.T) {
	r, err := rulesets.Open("austrian-1829")
	if err != nil {
		t.Fatal(err)
	}
	if r.Exchange.HandPlay != ruleset.HandAfterAuction || len(r.Auction.Offers) == 0 {
		t.Skip("austrian-1829 no longer decides the hand after the auction, with offers")
	}
	asked := false
	players := []game.Player{&handAsker{asked: &asked}, &handAsker{asked: &asked}, &handAsker{asked: &asked}}
	g := game.New(r, players)
	rng := rand.New(rand.NewPCG(5, 5))
	for range 50 {
		g.Deal(rng)
		if err := g.Run(); err != nil {
			t.Fatal(err)
		}
		if !g.Forced || g.Hand || asked {
			t.Fatalf("forced %v, hand %v, asked about the hand %v", g.Forced, g.Hand, asked)
		}
	}
}

// Apply refuses a defence value that is no choice (a uint8 conversion once
// read 257 as play) and leaves the state as it was.
func TestApplyRefusesAnUnknownDefence(t *testing.T) {
	r, err := rulesets.Open("austrian-1829")
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(9, 9))
	for range 200 {
		g := game.New(r, []game.Player{&bot.Simple{}, &bot.Simple{}, &bot.Simple{}})
		g.Deal(rng)
		var buf []game.Action
		for !g.Over() && g.Phase() != game.PhaseDefend {
			legal := g.LegalActions(buf)
			a := g.Players[g.ToAct()].Choose(g, legal)
			if _, err := g.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
		if g.Over() {
			continue
		}
		before := *g.State.Clone()
		for _, v := range []int{257, 258, -1, 99} {
			if _, err := g.Apply(game.Action{Phase: game.PhaseDefend, Seat: g.ToAct(), Value: v}); err == nil {
				t.Fatalf("defence value %d accepted", v)
			}
		}
		if g.Phase() != before.Phase() || g.Defence != before.Defence {
			t.Fatal("a refused defence changed the state")
		}
		return
	}
	t.Error("no deal reached the defence")
}

// After a run of all-pass deals the exit rule refuses a bid below it, with
// the reason, and the bots keep to it.
func TestAllPassExit(t *testing.T) {
	base, err := rulesets.Open("sochi")
	if err != nil {
		t.Fatal(err)
	}
	r, err := base.With(map[string]any{"all-pass-exit": "6-7-7"})
	if err != nil {
		t.Fatal(err)
	}
	g := game.New(r, nil)
	g.Deal(rand.New(rand.NewPCG(1, 1)))
	g.SetAllPassRun(2)
	six := -1
	for i, c := range r.Ladder {
		if r.Contracts[c.Contract].Name == "6-spades" {
			six = i
		}
	}
	_, err = g.Apply(game.Action{Phase: game.PhaseAuction, Seat: 0, Value: six})
	if err == nil || !strings.Contains(err.Error(), "after 2 all-pass deals in a row a bid must be for at least 7 tricks") {
		t.Fatalf("a six after two passed-out deals: %v", err)
	}
	players := []game.Player{&bot.Simple{}, &bot.Simple{}, &bot.Simple{}}
	g = game.New(r, players)
	rng := rand.New(rand.NewPCG(2, 2))
	for range 50 {
		g.Deal(rng)
		g.SetAllPassRun(3)
		if err := g.Run(); err != nil {
			t.Fatal(err)
		}
		if g.Declarer >= 0 && g.Bid != game.Pass {
			if ct := r.Contracts[r.Ladder[g.Bid].Contract]; ct.Tricks < 7 && !ct.Exact {
				t.Fatalf("a bot bid %s after three passed-out deals", ct.Name)
			}
		}
	}
}

// deciders records who answered each doubling of a contra chain.
type deciders struct {
	scripted
	seat int
	log  *[]int
}

func (d *deciders) Choose(g *game.Game, legal []game.Action) game.Action {
	if legal[0].Phase == game.PhaseRecontra {
		*d.log = append(*d.log, d.seat)
	}
	return d.scripted.Choose(g, legal)
}

// TestContraChain: with contra levels 4 the caller and the declarer answer
// in turn (recontra by the declarer, subcontra by the caller, mortcontra by
// the declarer), each doubling; levels 2 stops after recontra.
func TestContraChain(t *testing.T) {
	for _, levels := range []int{4, 3, 2, 1} {
		src := strings.Replace(conceptRuleset, "declarer_concedes: after-defence}",
			fmt.Sprintf("declarer_concedes: after-defence, contra: {mode: team, team_needs: 5, levels: %d}}", levels), 1)
		r, err := ruleset.Load("contra.yaml", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		var log []int
		players := []game.Player{
			&deciders{scripted{call: 0, recontra: true}, 0, &log},
			&deciders{scripted{call: game.Pass, defend: deal.Play, contra: true, recontra: true}, 1, &log},
			&deciders{scripted{call: game.Pass, defend: deal.Play}, 2, &log},
		}
		g := playFixture(t, r, players...)
		want := []int{0, 1, 0}[:levels-1] // declarer, caller, declarer
		if g.Doubled[1] != levels || !slices.Equal(log, want) {
			t.Fatalf("levels %d: doubled %v, answered by seats %v, want %v", levels, g.Doubled, log, want)
		}
		o := g.Outcome([]string{"A", "B", "C"})
		s := settle.New(r)
		if _, err := s.Settle(o, false); err != nil {
			t.Fatalf("levels %d: %v", levels, err)
		}
		o.Doubled[1] = levels + 1
		if levels < 4 {
			if _, err := s.Settle(o, false); err == nil {
				t.Errorf("levels %d: a doubling beyond the chain settled", levels)
			}
		}
	}
}

// TestMustContra: a contract played only against a contra ends unplayed
// when the defenders who came call none, and is played when one does.
func TestMustContra(t *testing.T) {
	src := strings.Replace(conceptRuleset, "declarer_concedes: after-defence}",
		"declarer_concedes: after-defence, contra: {mode: team, team_needs: 5}}", 1)
	src = strings.Replace(src, "{name: hearts, trumps: H, tricks: 6}", "{name: hearts, trumps: H, tricks: 6, must_contra: true}", 1)
	r, err := ruleset.Load("mustcontra.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	for _, contra := range []bool{false, true} {
		players := [3]*scripted{
			{call: 0},
			{call: game.Pass, defend: deal.Play, contra: contra},
			{call: game.Pass, defend: deal.Play},
		}
		g := playFixture(t, r, players[0], players[1], players[2])
		o := g.Outcome([]string{"A", "B", "C"})
		if g.Contract != 2 {
			t.Fatalf("contract %d, want hearts (the scripted declarer announces the highest)", g.Contract)
		}
		if played := g.NTricks > 0; played != contra || o.Uncontested == contra || o.Played() != contra {
			t.Fatalf("contra %v: %d tricks, uncontested %v, played %v", contra, g.NTricks, o.Uncontested, o.Played())
		}
		if _, err := settle.New(r).Settle(o, false); err != nil {
			t.Fatalf("contra %v: %v", contra, err)
		}
	}
}

// TestNoContraAfterInvitation: with after_invitation false an invitation
// is final (nobody is asked for a contra), and it plays a contract that is
// otherwise played only against a contra.
func TestNoContraAfterInvitation(t *testing.T) {
	for _, after := range []bool{true, false} {
		src := strings.Replace(conceptRuleset, "declarer_concedes: after-defence}",
			fmt.Sprintf("declarer_concedes: after-defence, contra: {mode: pair, after_invitation: %v}}", after), 1)
		src = strings.Replace(src, "{name: hearts, trumps: H, tricks: 6}", "{name: hearts, trumps: H, tricks: 6, must_contra: true}", 1)
		r, err := ruleset.Load("invite.yaml", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		players := [3]*scripted{
			{call: 0},
			{call: game.Pass, defend: deal.Play, invite: true, contra: true},
			{call: game.Pass, defend: deal.Drop, contra: true},
		}
		g := playFixture(t, r, players[0], players[1], players[2])
		doubled := g.Doubled[1] + g.Doubled[2]
		if g.Defence[1] != deal.Invite || (doubled > 0) != after || g.NTricks == 0 {
			t.Fatalf("after_invitation %v: defence %v, doubled %v, %d tricks", after, g.Defence[:3], g.Doubled[:3], g.NTricks)
		}
	}
}

// TestNoInvite: against a no_invite contract the lone defender is not
// asked to invite.
func TestNoInvite(t *testing.T) {
	for _, no := range []bool{false, true} {
		src := conceptRuleset
		if no {
			src = strings.Replace(src, "{name: hearts, trumps: H, tricks: 6}", "{name: hearts, trumps: H, tricks: 6, no_invite: true}", 1)
		}
		r, err := ruleset.Load("noinvite.yaml", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		players := [3]*scripted{
			{call: 0},
			{call: game.Pass, defend: deal.Play, invite: true},
			{call: game.Pass, defend: deal.Drop},
		}
		g := playFixture(t, r, players[0], players[1], players[2])
		if invited := g.Defence[1] == deal.Invite; invited == no {
			t.Fatalf("no_invite %v: defence %v", no, g.Defence[:3])
		}
		if _, err := settle.New(r).Settle(g.Outcome([]string{"A", "B", "C"}), false); err != nil {
			t.Fatal(err)
		}
	}
}
