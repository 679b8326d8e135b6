package verify_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/preference-rules/pref/interpreter/cards"
	"github.com/preference-rules/pref/interpreter/deal"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/interpreter/verify"
	"github.com/preference-rules/pref/rulesets"
)

// agreeDeals is the number of random deals TestStatedAgreesWithPlay plays
// of each ruleset and option: enough that every kind it counts comes up.
const agreeDeals = 400

// TestStatedAgreesWithPlay plays random deals of every embedded ruleset,
// with each of its yes/no options switched in turn, states each finished
// deal again as an outcome case writes it (the defence as a person says
// it: only the choices that differ from playing, the inviter but not the
// one invited; passed: true for a deal nobody declared), and asks that
// Case.Outcome derives what the game did: the same defence, the same
// contract, and an outcome Check accepts. The defence nobody chose, an
// invited defender held as dropped and the contract played when all pass
// are each one function of package deal that both sides call; this is the
// test that they stay so.
func TestStatedAgreesWithPlay(t *testing.T) {
	kinds := map[string]int{}
	for _, name := range rulesets.Names() {
		base, err := rulesets.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		for vi, r := range withEachOption(base) {
			rng := rand.New(rand.NewPCG(uint64(vi), 25))
			g := game.New(r, nil)
			for d := 0; d < agreeDeals; d++ {
				before := playRandomDeal(t, g, rng)
				kind, problem := compareStated(r, g, before)
				if problem != "" {
					t.Fatalf("%s (option variant %d), deal %d (%s): %s", name, vi, d, kind, problem)
				}
				kinds[kind]++
			}
		}
	}
	// Each derived fact must have been put to the test.
	for _, k := range []string{"defence by default", "invited held as dropped", "all-pass game played", "passed out", "team contra"} {
		if kinds[k] == 0 {
			t.Errorf("no deal of the kind %q came up: %v", k, kinds)
		}
	}
	t.Logf("deals compared: %v", kinds)
}

// withEachOption is r and r with each of its yes/no options switched.
func withEachOption(r *ruleset.Ruleset) []*ruleset.Ruleset {
	out := []*ruleset.Ruleset{r}
	for _, o := range r.Options {
		if on, ok := o.Default.(bool); ok {
			if v, err := r.With(map[string]any{o.Name: !on}); err == nil {
				out = append(out, v)
			}
		}
	}
	return out
}

// playRandomDeal deals and plays one deal taking random legal actions, and
// returns the defence as the defenders chose it, before a contra in team
// mode made its caller the inviter.
func playRandomDeal(t *testing.T, g *game.Game, rng *rand.Rand) []deal.Choice {
	g.Deal(rng)
	var legal []game.Action
	var before []deal.Choice
	for !g.Over() {
		legal = g.LegalActions(legal)
		a := legal[rng.IntN(len(legal))]
		if a.Phase == game.PhaseAuction && rng.IntN(3) > 0 {
			a = legal[0] // a pass, more often than not: all-pass deals come up
		}
		if a.Phase == game.PhaseDiscard {
			a.Cards = lowest(a.Cards, a.Value)
		}
		if a.Phase == game.PhaseContra && a.Value == game.Yes && before == nil {
			before = slices.Clone(g.Defence[:g.Seats()])
		}
		if _, err := g.Apply(a); err != nil {
			t.Fatalf("a legal action refused: %v", err)
		}
	}
	if before == nil {
		before = slices.Clone(g.Defence[:g.Seats()])
	}
	return before
}

func lowest(m cards.Mask, n int) cards.Mask {
	var out cards.Mask
	for ; n > 0 && m != 0; n-- {
		out |= m & -m
		m &= m - 1
	}
	return out
}

var seatNames = []string{"Anna", "Boris", "Clara", "Dmitri"}

var levelNames = map[int]string{1: "contra", 2: "recontra", 3: "subcontra", 4: "mortcontra"}

// compareStated states the finished deal g as a case and compares what
// Case.Outcome makes of it with the game: before is the defence as chosen.
// It returns the kind of deal and what differs ("" when nothing).
func compareStated(r *ruleset.Ruleset, g *game.Game, before []deal.Choice) (kind, problem string) {
	n := g.Seats()
	c, kind := statedCase(r, g, before)
	if c == nil {
		return kind, ""
	}
	o, err := c.Outcome(r)
	if err != nil {
		return kind, "the stated deal is refused: " + err.Error()
	}
	switch {
	case o.Contract != g.Contract:
		return kind, "stated contract " + name(r, o.Contract) + ", played " + name(r, g.Contract)
	case !slices.Equal(o.Defence, before):
		return kind, "stated defence " + choices(o.Defence) + ", played " + choices(before)
	case o.Declarer < 0 && !slices.Equal(o.Defence, g.Defence[:n]):
		return kind, "passed: stated defence " + choices(o.Defence) + ", played " + choices(g.Defence[:n])
	}
	if err := deal.Check(r, o); err != nil {
		return kind, "the stated deal fails Check: " + err.Error()
	}
	return kind, ""
}

// statedCase is the case a person writes for the deal g played: nil for a
// deal a case cannot state as played (a declarer who gave up before the
// defence was asked: no choice was made, which a case cannot write).
func statedCase(r *ruleset.Ruleset, g *game.Game, before []deal.Choice) (*verify.Case, string) {
	n := g.Seats()
	c := &verify.Case{Seats: seatNames[:n], Tricks: map[string]int{}}
	for s := 0; s < n; s++ {
		c.Tricks[seatNames[s]] = g.Taken[s]
	}
	if g.TalonTaken > 0 {
		c.Tricks["talon"] = g.TalonTaken
	}
	if g.Declarer < 0 {
		c.Contract.Passed = true
		if g.Contract >= 0 {
			return c, "all-pass game played"
		}
		return c, "passed out"
	}
	if g.Conceded && slices.Equal(before, make([]deal.Choice, n)) {
		return nil, "conceded before the defence"
	}
	c.Contract = verify.ContractSpec{Declarer: seatNames[g.Declarer], Hand: g.Hand, Forced: g.Forced,
		Conceded: g.Conceded, Run: g.BestRun, PotBid: g.PotBid}
	if g.Contract >= 0 {
		c.Contract.Bid = r.Contracts[g.Contract].Name
	}
	kind := statedDefence(c, g.Declarer, before)
	o := g.Outcome(c.Seats)
	c.Open = o.Open
	for s, l := range g.Doubled[:n] {
		if l > 0 {
			if c.Doubled == nil {
				c.Doubled = map[string]string{}
			}
			c.Doubled[seatNames[s]] = levelNames[l]
			if r.Defence.Contra.Team {
				kind = "team contra"
			}
		}
	}
	return c, kind
}

// statedDefence writes the defence as a person says it: a defender who
// plays is not named, nor the one an inviter invited.
func statedDefence(c *verify.Case, declarer int, before []deal.Choice) (kind string) {
	invited := slices.Contains(before, deal.Invite)
	kind = "defence by default"
	for s, ch := range before {
		switch {
		case s == declarer || ch == deal.Play:
		case ch == deal.Drop && invited:
			kind = "invited held as dropped"
		default:
			if c.Defence == nil {
				c.Defence = map[string]string{}
			}
			c.Defence[seatNames[s]] = ch.String()
			if kind == "defence by default" {
				kind = "defence stated"
			}
		}
	}
	return kind
}

func name(r *ruleset.Ruleset, ci int) string {
	if ci < 0 {
		return "none"
	}
	return r.Contracts[ci].Name
}

func choices(cs []deal.Choice) string {
	out := ""
	for _, c := range cs {
		out += c.String() + " "
	}
	return out
}
