package app

import (
	"bytes"
	"strings"
	"testing"

	"github.com/preference-rules/pref/interpreter/table"
	"github.com/preference-rules/pref/rulesets"
	"github.com/preference-rules/pref/tutorial"
)

// TestReviewTellsPerfectPlayAndBetterCards: the review after a deal
// (--review, the web table, the coached deal) replays the deal once for
// both of its parts; it tells what tutorial.PerfectPlay and BetterCards
// say of the same finished deal, each on its own, word for word. Sochi
// deals by simple players, each with a better card: seed 1 is an all-pass
// deal, 3 and 5 have a declarer (the all-pass deals of other seeds cost
// the solver seconds).
func TestReviewTellsPerfectPlayAndBetterCards(t *testing.T) {
	r, err := rulesets.Open("sochi")
	if err != nil {
		t.Fatal(err)
	}
	better := 0
	for _, seed := range []uint64{1, 3, 5} {
		tb, err := table.New(r, coachNames[:r.Hands])
		if err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		p := &Printer{Out: &out, Ruleset: r, ASCII: true, Bots: "simple", Review: true}
		s := NewSession(p, tb, DealRand(seed), 1, nil, "")
		for {
			legal, err := s.Next()
			if err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
			if legal == nil {
				break
			}
		}
		g := s.Game()
		perfect, cards := tutorial.PerfectPlay(g, p.Names, p.Card), BetterCards(g, p.Names, p.Card)
		if perfect == "" {
			t.Fatalf("seed %d: no perfect play to tell", seed)
		}
		want := "\n" + wrapWords(perfect, 78) + "\n"
		if cards != "" {
			want += wrapWords(cards, 78) + "\n"
			better++
		}
		if !strings.Contains(out.String(), want+"\nSettlement\n") {
			t.Errorf("seed %d: the review is not what perfect play and the better cards say:\n%s\nwant:\n%s", seed, out.String(), want)
		}
		if got := s.BetterCards(p.Names, p.Card); got != cards { // from the review's replay
			t.Errorf("seed %d: the session's better cards %q, BetterCards %q", seed, got, cards)
		}
	}
	if better == 0 {
		t.Error("no deal held a better card: the test reads nothing of it")
	}
}

// TestSessionBetterCardsOfTheDealInPlay: the session's better cards are
// those of the deal as it stands, not the replay of the deal before it
// once the next is dealt: at the person's first decision of a second
// deal after a trick, what BetterCards says of the game.
func TestSessionBetterCardsOfTheDealInPlay(t *testing.T) {
	r, err := rulesets.Open("sochi")
	if err != nil {
		t.Fatal(err)
	}
	tb, err := table.New(r, coachNames[:r.Hands])
	if err != nil {
		t.Fatal(err)
	}
	p := &Printer{Out: &bytes.Buffer{}, Ruleset: r, ASCII: true, Bots: "simple", Review: true}
	s := NewSession(p, tb, DealRand(3), 2, nil, coachNames[0])
	asked := 0
	for {
		legal, err := s.Next()
		if err != nil {
			t.Fatal(err)
		}
		if legal == nil {
			break
		}
		if begun, _, _ := s.Progress(); begun == 2 && asked == 0 && s.Game().NTricks >= r.HandSize-3 { // once, late in the deal (a card may have cost a trick by then)
			asked++
			if got, want := s.BetterCards(p.Names, p.Card), BetterCards(s.Game(), p.Names, p.Card); got != want {
				t.Fatalf("deal 2: the session's better cards %q, BetterCards %q", got, want)
			}
		}
		if err := s.Take(legal[0]); err != nil {
			t.Fatal(err)
		}
	}
	if asked == 0 {
		t.Fatal("no decision of the second deal was the person's")
	}
}
