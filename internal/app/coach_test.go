package app

import (
	"io"
	"strings"
	"testing"

	"github.com/preference-rules/pref/interpreter/bot"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/interpreter/money"
	"github.com/preference-rules/pref/interpreter/settle"
	"github.com/preference-rules/pref/interpreter/table"
	"github.com/preference-rules/pref/rulesets"
)

// reasonRecorder plays as the simple player and keeps the reasons it gives.
type reasonRecorder struct {
	b       bot.Simple
	reasons map[string]bot.Reasoned
}

func (r *reasonRecorder) Choose(g *game.Game, legal []game.Action) game.Action {
	a := r.b.Choose(g, legal)
	r.reasons[r.b.Reason()] = r.b.Reasoned()
	return a
}

// Every reason the simple player gives in the deals of every embedded
// ruleset is put in beginner words by the coach, not passed on raw: the
// coach's words follow the player's judgement.
func TestCoachWordsForEveryReason(t *testing.T) {
	rec := &reasonRecorder{reasons: map[string]bot.Reasoned{}}
	for _, name := range rulesets.Names() {
		r, _ := rulesets.Open(name)
		for seed := uint64(1); seed <= 30; seed++ {
			tb, err := table.New(r, coachNames[:r.Hands])
			if err != nil {
				t.Fatal(err)
			}
			p := &Printer{Out: io.Discard, Ruleset: r, Bots: "simple",
				PrintLedger: func(io.Writer, *settle.Ledger, money.Amount) error { return nil },
				PrintSheet:  func(io.Writer, *settle.Ledger) {}}
			if _, err := NewSession(p, tb, DealRand(seed), 1, rec, "Anton").Next(); err != nil {
				t.Fatal(err)
			}
		}
	}
	if len(rec.reasons) < 10 {
		t.Fatalf("only %d reasons seen", len(rec.reasons))
	}
	for reason, data := range rec.reasons {
		if said := beginnerWords(data); strings.HasPrefix(said, "the computer player") {
			t.Errorf("no beginner words for the reason %q", reason)
		}
	}
}

// The coach agrees with the simple player's own choice; another call it
// does not agree with, and it names its own and says why.
func TestCoachJudges(t *testing.T) {
	r, _ := rulesets.Open("austrian-1829")
	d, err := PickCoachedDeal(r, coachNames[:r.Hands], LessonDeclare)
	if err != nil {
		t.Fatal(err)
	}
	tb, _ := table.New(r, coachNames[:r.Hands])
	p := &Printer{Out: io.Discard, Ruleset: r, ASCII: true}
	s := NewSession(p, tb, DealRand(d.Seed), 1, nil, d.Seat)
	legal, err := s.Next()
	if err != nil || legal == nil {
		t.Fatal(err)
	}
	c := NewCoach(p)
	if say := c.Before(s.Game(), legal); !strings.Contains(say, "needs 6 tricks") {
		t.Errorf("before the first call: %q", say)
	}
	if say := c.Before(s.Game(), legal); say != "" {
		t.Errorf("the same hint twice: %q", say)
	}
	var own bot.Simple
	best := own.Choose(s.Game(), legal)
	if v := c.Judge(s.Game(), legal, best); !v.Agree || !strings.HasPrefix(v.Say, "Coach: good") {
		t.Errorf("the coach's own call: %+v", v)
	}
	pass := legal[0] // the learner passes a hand with a game
	if v := c.Judge(s.Game(), legal, pass); v.Agree || !strings.Contains(v.Say, "I would call "+p.ActionName(s.Game(), best)) {
		t.Errorf("pass on a hand with a game: %+v", v)
	}
}
