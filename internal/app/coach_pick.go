package app

import (
	"fmt"
	"math/rand/v2"

	"github.com/preference-rules/pref/interpreter/deal"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/tutorial"
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
	// LessonPass: the learner's hand has no game: he passes every call,
	// and another's game is made (it was not his to contest).
	LessonPass
	// LessonDrop: the learner drops out of the defence of a game the
	// declarer makes (defending would only have cost).
	LessonDrop
	lessons
)

// Lessons are the coached deals in the order they are offered.
var Lessons = []Lesson{LessonDeclare, LessonPass, LessonDefend, LessonDrop}

func (l Lesson) String() string {
	return [...]string{"a game to bid and make", "a defence to join", "a clear pass", "a hand to drop"}[l]
}

// CoachedDeal is a deal picked to teach: its seed (dealt by DealRand at a
// fresh table, as the session deals it) and the learner's seat.
type CoachedDeal struct {
	Seed   uint64
	Seat   string
	Lesson Lesson
	Found  bool // false: no seed scanned teaches the lesson; a deal to play anyway
	// FirstGame: the deal is played on the first game's fewer rules
	// (tutorial.FirstGame: games in a trump suit only, none from the
	// hand), as the first coached deal is; Rules gives the ruleset to
	// deal it on
	FirstGame bool
	// Title is what the learner is told the deal teaches (CoachedLessons)
	Title string
}

// Rules is the ruleset coached deal d is played on, of the full rules r:
// r itself, or the first game's fewer rules derived from it.
func (d CoachedDeal) Rules(r *ruleset.Ruleset) *ruleset.Ruleset {
	if d.FirstGame {
		return tutorial.FirstGame(r)
	}
	return r
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
// each time. A deal picked for a lesson offered before is not picked
// again: each coached deal is a new one.
func PickCoachedDeal(r *ruleset.Ruleset, names []string, lesson Lesson) (CoachedDeal, error) {
	if lesson < 0 || lesson >= lessons {
		return CoachedDeal{}, fmt.Errorf("no such lesson %d", lesson)
	}
	all, err := PickCoachedDeals(r, names)
	if err != nil {
		return CoachedDeal{}, err
	}
	for _, d := range all {
		if d.Lesson == lesson {
			return d, nil
		}
	}
	return CoachedDeal{}, fmt.Errorf("no such lesson %d", lesson)
}

// PickCoachedDeals is PickCoachedDeal for every lesson, in the order of
// Lessons, each deal played once for all of them. The first is picked
// and played on the first game's fewer rules (CoachedDeal.FirstGame), the
// others on r's. The picks are kept for the ruleset's digest (its text,
// options and the names): a page or lesson asking again gets them without
// playing a deal.
func PickCoachedDeals(r *ruleset.Ruleset, names []string) ([]CoachedDeal, error) {
	return pickedDeals.get(r, names, func() ([]CoachedDeal, error) { return pickCoachedDeals(r, names) })
}

// CoachedLessons are the coached deals a learner is offered, of
// PickCoachedDeals: a lesson no seed teaches (a hand to drop where nobody
// may drop out) is left out, unless no lesson has a deal (then the first
// deal is played anyway). Each carries its title: the lesson and the
// seat, "first game's rules, ..." for the first, "full rules, ..." for the
// one after it.
func CoachedLessons(r *ruleset.Ruleset, names []string) ([]CoachedDeal, error) {
	picked, err := PickCoachedDeals(r, names)
	if err != nil {
		return nil, err
	}
	var out []CoachedDeal
	for _, d := range picked {
		if !d.Found && len(out) > 0 {
			continue
		}
		d.Title = fmt.Sprintf("%v, as %s", d.Lesson, d.Seat)
		switch {
		case d.FirstGame:
			d.Title = "first game's rules, " + d.Title
		case len(out) == 1 && out[0].FirstGame:
			d.Title = "full rules, " + d.Title // the first after the first game's
		}
		out = append(out, d)
	}
	return out, nil
}

// pickCoachedDeals is PickCoachedDeals without the keeping.
func pickCoachedDeals(r *ruleset.Ruleset, names []string) ([]CoachedDeal, error) {
	full := &dealBook{r: r, names: names, from: 1}
	first := &dealBook{r: tutorial.FirstGame(r), names: names, from: 1}
	taken := map[uint64]bool{}
	var out []CoachedDeal
	for i, lesson := range Lessons {
		book := full
		if i == 0 {
			book = first
		}
		d, err := pickOne(book.deal, lesson, taken)
		if err != nil {
			return nil, err
		}
		if len(names) > 0 && d.Seat == "" {
			d.Seat = names[0]
		}
		d.FirstGame = i == 0
		taken[d.Seed] = true
		out = append(out, d)
	}
	return out, nil
}

// playedDeal is a deal played out and its seats' names.
type playedDeal struct {
	g     *game.Game
	seats []string
}

// dealBook is the deals of seeds from, from+1, ... under r at a table of
// names, each played out by simple players when first asked for and
// kept: a search that asks for a seed again does not play it again.
type dealBook struct {
	r      *ruleset.Ruleset
	names  []string
	from   uint64
	played []playedDeal // seed from+i's deal
}

// deal is the deal of seed (from or later), played out.
func (b *dealBook) deal(seed uint64) (playedDeal, error) {
	if seed < b.from {
		return playedDeal{}, fmt.Errorf("seed %d is before the book's first, %d", seed, b.from)
	}
	for uint64(len(b.played)) <= seed-b.from {
		g, seats, err := playOutQuietly(b.r, b.names, b.from+uint64(len(b.played)))
		if err != nil {
			return playedDeal{}, err
		}
		b.played = append(b.played, playedDeal{g, seats})
	}
	return b.played[seed-b.from], nil
}

// pickOne is the first deal of deal(1), deal(2), ... that teaches
// lesson, none of taken: one that teaches it clearly, else less clearly,
// else (Found false) the first with a declarer, else seed 1.
func pickOne(deal func(uint64) (playedDeal, error), lesson Lesson, taken map[uint64]bool) (CoachedDeal, error) {
	var fallback *CoachedDeal
	for seed := uint64(1); seed <= coachSeeds; seed++ {
		pd, err := deal(seed)
		if err != nil {
			return CoachedDeal{}, err
		}
		g, seats := pd.g, pd.seats
		if seat, ok := teaches(g, lesson, true); ok && !taken[seed] {
			return CoachedDeal{Seed: seed, Seat: seats[seat], Lesson: lesson, Found: true}, nil
		}
		if seat, ok := teaches(g, lesson, false); ok && !taken[seed] && (fallback == nil || !fallback.Found) {
			fallback = &CoachedDeal{Seed: seed, Seat: seats[seat], Lesson: lesson, Found: true}
		}
		if fallback == nil && g.Declarer >= 0 {
			fallback = &CoachedDeal{Seed: seed, Seat: seats[g.Declarer], Lesson: lesson}
		}
	}
	if fallback != nil {
		return *fallback, nil
	}
	return CoachedDeal{Seed: 1, Lesson: lesson}, nil
}

// playOutQuietly plays the deal of seed among simple players, telling
// nothing, and returns it with its seats' names (who passed, who
// dropped: the decisions are kept in its History).
func playOutQuietly(r *ruleset.Ruleset, names []string, seed uint64) (*game.Game, []string, error) {
	return playOut(r, names, seed, nil, "")
}

// teaches reports whether the finished deal g teaches lesson, and at
// which seat the learner learns it; clearly: a drop too was right (the
// declarer made the game anyway).
func teaches(g *game.Game, lesson Lesson, clearly bool) (int, bool) {
	d := g.Declarer
	if d < 0 || g.Forced || g.Contract < 0 {
		return 0, false
	}
	if g.Conceded { // the declarer gave a hopeless hand up: a hand to drop, or nothing
		return d, lesson == LessonDrop
	}
	ct := &g.R.Contracts[g.Contract]
	if ct.Exact || ct.Tricks == 0 {
		return 0, false // a misère is no first lesson
	}
	made := g.Taken[d] >= ct.Tricks
	var learner func(s int) bool // the defender's seat that learns the lesson
	switch lesson {
	case LessonDeclare:
		return d, made
	case LessonDefend:
		learner = func(s int) bool { return g.Defence[s] == deal.Play && !made }
	case LessonPass: // the learner passes and then defends: he plays cards too
		learner = func(s int) bool { return made && passedOnly(g, s) && g.Defence[s] == deal.Play }
	case LessonDrop:
		learner = func(s int) bool { return (made || !clearly) && decided(g, s, game.PhaseDefend, int(deal.Drop)) }
	default:
		return 0, false
	}
	for s := 0; s < g.Seats(); s++ {
		if s != d && learner(s) {
			return s, true
		}
	}
	return 0, false
}

// passedOnly reports whether seat s was asked for a call and passed each
// time.
func passedOnly(g *game.Game, s int) bool {
	asked := false
	for _, a := range g.History {
		if a.Seat == s && a.Phase == game.PhaseAuction {
			if a.Value != game.Pass {
				return false
			}
			asked = true
		}
	}
	return asked
}

// decided reports whether seat s took the decision value in phase.
func decided(g *game.Game, s int, phase game.Phase, value int) bool {
	for _, a := range g.History {
		if a.Seat == s && a.Phase == phase && a.Value == value {
			return true
		}
	}
	return false
}
