package app

import (
	"fmt"
	"io"
	"math/rand/v2"

	"github.com/preference-rules/pref/interpreter/deal"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/interpreter/money"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/interpreter/settle"
	"github.com/preference-rules/pref/interpreter/table"
)

// Lesson is what a coached deal teaches.
type Lesson int

const (
	// LessonDeclare: the learner's hand has a clear game to bid, and the
	// simple player makes it.
	LessonDeclare Lesson = iota
	// LessonDefend: the learner defends against another's game, and the
	// defence beats it.
	LessonDefend
	lessons
)

// Lessons are the coached deals in the order they are offered.
var Lessons = []Lesson{LessonDeclare, LessonDefend}

func (l Lesson) String() string {
	return [...]string{"a game to bid and make", "a defence to join"}[l]
}

// CoachedDeal is a deal picked to teach: its seed (dealt by DealRand at a
// fresh table, as the session deals it) and the learner's seat.
type CoachedDeal struct {
	Seed   uint64
	Seat   string
	Lesson Lesson
	Found  bool // false: no seed scanned teaches the lesson; a deal to play anyway
}

// coachSeeds is how many seeds are scanned for a deal that teaches: a
// deal among simple players takes well under a millisecond.
const coachSeeds = 300

// DealRand is the random source of a deal from seed, as pref play --seed
// deals it.
func DealRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15)) }

// PickCoachedDeal scans seeds 1, 2, ... for the first deal that teaches
// lesson under r, played out by simple players at a table of names: the
// learner then sits where the lesson happens. The pick is the analyser's
// (the simple player's own play), not written per ruleset, and the same
// each time.
func PickCoachedDeal(r *ruleset.Ruleset, names []string, lesson Lesson) (CoachedDeal, error) {
	if lesson < 0 || lesson >= lessons {
		return CoachedDeal{}, fmt.Errorf("no such lesson %d", lesson)
	}
	var fallback *CoachedDeal // the first deal with a declarer
	for seed := uint64(1); seed <= coachSeeds; seed++ {
		g, seats, err := playOutQuietly(r, names, seed)
		if err != nil {
			return CoachedDeal{}, err
		}
		if seat, ok := teaches(g, lesson); ok {
			return CoachedDeal{Seed: seed, Seat: seats[seat], Lesson: lesson, Found: true}, nil
		}
		if fallback == nil && g.Declarer >= 0 {
			fallback = &CoachedDeal{Seed: seed, Seat: seats[g.Declarer], Lesson: lesson}
		}
	}
	if fallback != nil {
		return *fallback, nil
	}
	return CoachedDeal{Seed: 1, Seat: names[0], Lesson: lesson}, nil
}

// playOutQuietly plays the deal of seed among simple players, telling
// nothing, and returns it with its seats' names.
func playOutQuietly(r *ruleset.Ruleset, names []string, seed uint64) (*game.Game, []string, error) {
	t, err := table.New(r, names)
	if err != nil {
		return nil, nil, err
	}
	p := &Printer{Out: io.Discard, Ruleset: r, Bots: "simple",
		PrintLedger: func(io.Writer, *settle.Ledger, money.Amount) error { return nil },
		PrintSheet:  func(io.Writer, *settle.Ledger) {}}
	s := NewSession(p, t, DealRand(seed), 1, nil, "")
	if _, err := s.Next(); err != nil {
		return nil, nil, err
	}
	return s.Game(), p.Names, nil
}

// teaches reports whether the finished deal g teaches lesson, and at
// which seat the learner learns it.
func teaches(g *game.Game, lesson Lesson) (int, bool) {
	d := g.Declarer
	if d < 0 || g.Forced || g.Contract < 0 {
		return 0, false
	}
	ct := &g.R.Contracts[g.Contract]
	if ct.Exact || ct.Tricks == 0 {
		return 0, false // a misère is no first lesson
	}
	made := g.Taken[d] >= ct.Tricks
	switch lesson {
	case LessonDeclare:
		return d, made
	case LessonDefend:
		for s := 0; s < g.Seats(); s++ {
			if s != d && g.Defence[s] == deal.Play && !made {
				return s, true
			}
		}
	}
	return 0, false
}
