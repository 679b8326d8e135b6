package game_test

import (
	"math/rand/v2"
	"path"
	"slices"
	"strings"
	"testing"

	"github.com/preference-rules/pref/internal/ledgercheck"
	"github.com/preference-rules/pref/interpreter/bot"
	"github.com/preference-rules/pref/interpreter/cards"
	"github.com/preference-rules/pref/interpreter/deal"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/interpreter/settle"
	"github.com/preference-rules/pref/rulesets"
)

func bots(n int) []game.Player {
	ps := make([]game.Player, n)
	for i := range ps {
		ps[i] = &bot.Simple{}
	}
	return ps
}

func names(n int) []string { return []string{"A", "B", "C", "D"}[:n] }

// outcome is g's outcome at its table: with a seat more than the hands,
// the dealer (D) sits out.
func outcome(g *game.Game) *deal.Outcome {
	o := g.Outcome(names(g.R.Hands))
	for n := g.R.Hands; n < g.TableSize; n++ {
		o.Seats = names(n + 1)
		o.Dealer = n
		o.Defence = append(o.Defence, deal.NoChoice)
		o.Tricks = append(o.Tricks, 0)
		if o.Doubled != nil {
			o.Doubled = append(o.Doubled, 0)
		}
	}
	return o
}

// TestRandomDeals plays many random deals of every embedded ruleset and
// checks the invariants: each card dealt once, every play legal by an
// independent reading of the rules, the tricks complete, settlement
// balanced with the pot.
func TestRandomDeals(t *testing.T) {
	deals := 4000
	if testing.Short() {
		deals = 1000
	}
	// every embedded ruleset, and the house variant with rules of the lead
	// (play.lead), which no embedded ruleset has
	for _, name := range append(rulesets.Names(), "../../conformance/house-lead/testdata/lead-house.yaml") {
		t.Run(strings.TrimSuffix(path.Base(name), ".yaml"), func(t *testing.T) {
			r, err := rulesets.Open(name)
			if err != nil {
				t.Fatal(err)
			}
			leadsNarrowed := 0
			g := game.New(r, bots(r.Hands))
			s := settle.New(r)
			rng := rand.New(rand.NewPCG(7, 11))
			played, dropped, declared := 0, 0, 0
			for i := 0; i < deals; i++ {
				// Every other deal at a full table, where the dealer may sit out.
				g.TableSize = r.Hands
				if i%2 == 1 {
					g.TableSize = r.TableMax
				}
				g.Deal(rng)
				checkDeal(t, r, g)
				if err := g.Run(); err != nil {
					t.Fatalf("deal %d: %v", i, err)
				}
				leadsNarrowed += checkPlay(t, r, g)
				l, err := s.Settle(outcome(g), false)
				if err != nil {
					t.Fatalf("deal %d: settle: %v", i, err)
				}
				if err := ledgercheck.Nets(l); err != nil {
					t.Fatalf("deal %d: %v", i, err)
				}
				for _, e := range l.Sheet {
					// an account counted down from its start (the bule)
					// may fall; any other only grows (no sheet bookkeeping
					// is switched on here)
					countedDown := slices.ContainsFunc(r.Sheet.Start, func(st ruleset.SheetStart) bool { return st.Account == e.Account })
					if e.Amount.Sign() <= 0 && !countedDown || e.Amount.IsZero() {
						t.Fatalf("deal %d: sheet entry %s %v: a sheet only grows", i, l.SheetKey(e), e.Amount)
					}
				}
				if g.Declarer >= 0 {
					declared++
				}
				if g.NTricks > 0 {
					played++
				}
				for _, c := range g.Defence {
					if c == deal.Drop {
						dropped++
					}
				}
			}
			t.Logf("%d deals: %d declared, %d played, %d drops, %d leads narrowed", deals, declared, played, dropped, leadsNarrowed)
			checkExercised(t, r, deals, played, dropped, leadsNarrowed)
		})
	}
}

// checkExercised: the bots must exercise the rules, not pass every deal
// (in a game that redeals when all pass, a third of the deals or so), and
// meet the rules of the lead where the ruleset has some.
func checkExercised(t *testing.T, r *ruleset.Ruleset, deals, played, dropped, leadsNarrowed int) {
	t.Helper()
	if played < deals/5 || (r.Defence.MayDrop && r.Defence.EachNeeds > 0 && dropped == 0) {
		t.Errorf("too little exercised: %d played, %d drops in %d deals", played, dropped, deals)
	}
	if len(r.Play.Lead) > 0 && leadsNarrowed == 0 {
		t.Errorf("the rules of the lead never narrowed a lead in %d deals", deals)
	}
}

func checkDeal(t fataler, r *ruleset.Ruleset, g *game.Game) {
	t.Helper()
	all := g.Talon
	if g.Talon.Count() != r.TalonSize {
		t.Fatalf("talon has %d cards", g.Talon.Count())
	}
	for s := 0; s < r.Hands; s++ {
		if g.Dealt[s].Count() != r.HandSize {
			t.Fatalf("hand %d has %d cards", s, g.Dealt[s].Count())
		}
		if all&g.Dealt[s] != 0 {
			t.Fatalf("card dealt twice: %s", r.Deck.Format(all&g.Dealt[s], false))
		}
		all |= g.Dealt[s]
	}
	if all != r.Deck.All() {
		t.Fatalf("cards missing from the deal: %s", r.Deck.Format(r.Deck.All()&^all, false))
	}
}

// checkPlay replays the record card by card with a plain reading of the
// rules (slices, no masks) and checks each card was legal and each trick
// went to the right player. It returns how many leads the rules of the
// lead narrowed (a caller that need not know drops it).
func checkPlay(t fataler, r *ruleset.Ruleset, g *game.Game) int {
	t.Helper()
	hands := naiveHands(r, g)
	narrowed := 0
	talon := g.Talon
	for i := 0; i < g.NTricks; i++ {
		narrowed += checkTrick(t, r, g, i, hands, &talon)
	}
	if g.NTricks > 0 && g.NTricks != r.HandSize && !g.Stopped {
		t.Fatalf("only %d tricks played", g.NTricks)
	}
	checkBestRun(t, g)
	sum := 0
	for s := 0; s < r.Hands; s++ {
		sum += g.Taken[s]
	}
	if sum+g.TalonTaken != g.NTricks {
		t.Fatalf("tricks taken %d, played %d", sum, g.NTricks)
	}
	return narrowed
}

// naiveHands are the hands each seat played from: as dealt, the
// declarer's with the talon taken and the cards laid away.
func naiveHands(r *ruleset.Ruleset, g *game.Game) [][]cards.Card {
	hands := make([][]cards.Card, r.Hands)
	for s := 0; s < r.Hands; s++ {
		h := g.Dealt[s]
		if s == g.Declarer && !g.Hand && r.Exchange.TakeTalon && g.NTricks > 0 {
			h = h | g.Talon&^g.Laid
			h &^= g.Laid
		}
		hands[s] = h.Cards()
	}
	return hands
}

// checkTrick replays trick i (0 on) of the record from hands and talon
// (each left with the cards still to play): each card legal, the trick
// to the right player. It returns 1 when the rules of the lead narrowed
// the trick's lead, else 0.
func checkTrick(t fataler, r *ruleset.Ruleset, g *game.Game, i int, hands [][]cards.Card, talon *cards.Mask) int {
	t.Helper()
	tr := g.Record[i]
	narrowed := 0
	var played []cards.Card
	for k := 0; k < tr.N; k++ {
		s, c := int(tr.Seats[k]), tr.Cards[k]
		if s == game.TalonSeat {
			if k != 0 || i >= g.TalonTricks() || !talon.Has(c) {
				t.Fatalf("trick %d: talon card %s out of place", i, r.Deck.Name(c))
			}
			*talon &^= c.Bit()
			played = append(played, c)
			continue
		}
		if !g.InPlay(s) {
			t.Fatalf("trick %d: seat %d does not play", i, s)
		}
		if !naiveLegal(r, naiveMustHead(r, g.Declarer, s), g.Trump, hands[s], played, c, naiveTalonFixes(g, tr)) {
			t.Fatalf("trick %d: seat %d played %s from %v after %v: illegal", i, s, r.Deck.Name(c), hands[s], played)
		}
		if len(played) == 0 && checkLead(t, r, g, i, s, c, hands[s]) {
			narrowed = 1
		}
		hands[s] = remove(hands[s], c)
		played = append(played, c)
	}
	checkTrickWinner(t, g, i, played, tr)
	return narrowed
}

// checkTrickWinner checks who took trick i (0 on), played as played.
func checkTrickWinner(t fataler, g *game.Game, i int, played []cards.Card, tr game.Trick) {
	t.Helper()
	if w := naiveTalonWinner(g, played, tr); w >= 0 {
		if int(tr.Seats[w]) != tr.Winner {
			t.Fatalf("trick %d: %v opened by the talon won by seat %d, want seat %d", i, played, tr.Winner, tr.Seats[w])
		}
	} else if w := naiveWinner(g.Trump, played); int(tr.Seats[w]) != tr.Winner {
		t.Fatalf("trick %d: %v won by seat %d, want seat %d", i, played, tr.Winner, tr.Seats[w])
	}
}

// checkBestRun checks the declarer's longest run of tricks the game counted.
func checkBestRun(t fataler, g *game.Game) {
	t.Helper()
	run, best := 0, 0
	for i := 0; i < g.NTricks; i++ {
		if g.Declarer >= 0 && g.Record[i].Winner == g.Declarer {
			run++
		} else {
			run = 0
		}
		best = max(best, run)
	}
	if best != g.BestRun {
		t.Fatalf("declarer's longest run %d, counted %d", g.BestRun, best)
	}
}

// checkLead checks seat's lead c to trick i (0 on) from hand against the
// rules of the lead, and reports whether they narrowed it.
func checkLead(t fataler, r *ruleset.Ruleset, g *game.Game, i, seat int, c cards.Card, hand []cards.Card) bool {
	t.Helper()
	leadable := naiveLeadable(r, g.Declarer, seat, i+1, g.Trump, hand)
	if !slices.Contains(leadable, c) {
		t.Fatalf("trick %d: seat %d led %s from %v: the rules of the lead allow only %v", i, seat, r.Deck.Name(c), hand, leadable)
	}
	return len(leadable) < len(hand)
}

// naiveLeadable is the cards seat may lead to trick (1 on) from hand under
// the rules of the lead (play.lead), read as the rulebook says them: each
// rule in turn, where it binds the leader (anyone; the declarer or the
// defenders only in a deal with a declarer) and names a suit (trump: none
// in a contract without trumps), keeps the cards of its suit (must) or the
// others (may_not), unless that would leave him no card to lead.
func naiveLeadable(r *ruleset.Ruleset, declarer, seat, trick int, trump cards.Suit, hand []cards.Card) []cards.Card {
	allowed := hand
	for _, rule := range r.Play.Lead {
		binds := rule.By == ruleset.PartEveryone ||
			(rule.By == ruleset.PartDeclarer && declarer >= 0 && seat == declarer) ||
			(rule.By == ruleset.PartDefenders && declarer >= 0 && seat != declarer)
		suit := rule.Suit
		if rule.Trump {
			suit = trump
		}
		if !binds || (rule.Trick != 0 && rule.Trick != trick) || suit == cards.NoSuit {
			continue
		}
		var of, others []cards.Card
		for _, c := range allowed {
			if c.Suit() == suit {
				of = append(of, c)
			} else {
				others = append(others, c)
			}
		}
		switch {
		case len(of) == 0 || len(others) == 0:
			// nothing to choose between: the rule leaves the lead as it is
		case rule.Must:
			allowed = of
		default:
			allowed = others
		}
	}
	return allowed
}

// naiveTalonWinner is the winner's index in a trick opened by a talon card
// that only fixes the suit: the highest trump a player played (in a
// contract with trumps), else the highest card of that suit a player
// played, else the highest of the first player's suit; -1 for other
// tricks.
func naiveTalonWinner(g *game.Game, played []cards.Card, tr game.Trick) int {
	if tr.N == 0 || int(tr.Seats[0]) != game.TalonSeat {
		return -1
	}
	if g.R.Contracts[g.Contract].TalonCompetes(g.TableSize > g.R.Hands) {
		return -1
	}
	suits := []cards.Suit{played[0].Suit(), played[1].Suit()}
	if g.Trump != cards.NoSuit {
		suits = append([]cards.Suit{g.Trump}, suits...)
	}
	best := -1
	for _, suit := range suits {
		for i := 1; i < len(played); i++ {
			if played[i].Suit() == suit && (best < 0 || played[i].Rank() > played[best].Rank()) {
				best = i
			}
		}
		if best >= 0 {
			return best
		}
	}
	return best
}

func remove(h []cards.Card, c cards.Card) []cards.Card {
	for i, x := range h {
		if x == c {
			return append(h[:i:i], h[i+1:]...)
		}
	}
	return h
}

func naiveWinner(trump cards.Suit, played []cards.Card) int {
	w := 0
	for i, c := range played {
		b := played[w]
		if (c.Suit() == b.Suit() && c.Rank() > b.Rank()) || (c.Suit() == trump && b.Suit() != trump) {
			w = i
		}
	}
	return w
}

// naiveTalonFixes reports whether a trick was opened by a talon card that
// only fixes the suit.
func naiveTalonFixes(g *game.Game, tr game.Trick) bool {
	return tr.N > 0 && int(tr.Seats[0]) == game.TalonSeat && !g.R.Contracts[g.Contract].TalonCompetes(g.TableSize > g.R.Hands)
}

// naiveHeading is the card a player must beat under a heading rule: the
// best card so far, where a talon card that only fixes the suit (fixing)
// stands until a player plays a card of its suit, the highest of which
// then heads (a trick opened so has no trump to play: the all-pass game).
func naiveHeading(trump cards.Suit, played []cards.Card, fixing bool) cards.Card {
	if !fixing {
		return played[naiveWinner(trump, played)]
	}
	best := played[0]
	for i, x := range played[1:] {
		if x.Suit() == played[0].Suit() && (best == played[0] || x.Rank() > best.Rank()) {
			best = played[i+1]
		}
	}
	return best
}

// naiveMustHead says whether the heading rule binds seat: everyone, or
// only the defenders or only the declarer of a deal that has one (in the
// all-pass game a rule of one side binds nobody).
func naiveMustHead(r *ruleset.Ruleset, declarer, seat int) bool {
	switch r.Play.HeadBy {
	case ruleset.PartDefenders:
		return r.Play.MustHead && declarer >= 0 && seat != declarer
	case ruleset.PartDeclarer:
		return r.Play.MustHead && declarer >= 0 && seat == declarer
	}
	return r.Play.MustHead
}

// naiveLegal states the rules of play as the sources do: follow suit; if
// unable, trump (where trumping is compulsory); if unable, anything; and
// with must-head, beat the best card when following or trumping if possible.
// A lead is any card of the hand here: naiveLeadable reads the rules of the
// lead.
func naiveLegal(r *ruleset.Ruleset, mustHead bool, trump cards.Suit, hand []cards.Card, played []cards.Card, c cards.Card, fixing bool) bool {
	if !slices.Contains(hand, c) {
		return false
	}
	if len(played) == 0 {
		return true
	}
	led := played[0].Suit()
	best := naiveHeading(trump, played, fixing)
	beats := func(x cards.Card) bool {
		return (x.Suit() == best.Suit() && x.Rank() > best.Rank()) || (x.Suit() == trump && best.Suit() != trump)
	}
	switch {
	case naiveHolds(hand, led):
		return naiveMustPlay(hand, c, led, mustHead, beats)
	case trump != cards.NoSuit && r.Play.MustTrump && naiveHolds(hand, trump):
		return naiveMustPlay(hand, c, trump, mustHead, beats)
	}
	return true
}

// naiveHolds says whether hand holds a card of suit.
func naiveHolds(hand []cards.Card, suit cards.Suit) bool {
	return slices.ContainsFunc(hand, func(x cards.Card) bool { return x.Suit() == suit })
}

// naiveMustPlay says whether c is legal from a hand bound to play suit
// (to follow, or to trump): a card of suit, and with must-head one that
// beats the best card so far when the hand has such a card.
func naiveMustPlay(hand []cards.Card, c cards.Card, suit cards.Suit, mustHead bool, beats func(cards.Card) bool) bool {
	if c.Suit() != suit {
		return false
	}
	if mustHead && slices.ContainsFunc(hand, func(x cards.Card) bool { return x.Suit() == suit && beats(x) }) {
		return beats(c)
	}
	return true
}
