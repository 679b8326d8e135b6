package oracle

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/preference-rules/pref/interpreter/deal"
)

// West Balkans Préférence, 003_9bb31e99ee2b6d46.txt, "Hungarian and West
// Balkans Préférence" and its "Variations", with the readings
// west-balkans.yaml states in its header.

// westBalkansNumber is each contract's numerical bidding value: "Bids and
// contracts" (2 spades, 3 diamonds, 4 hearts, 5 clubs, 6 misère, 7 slam);
// "The slam bid 7 may be replaced by a sans atout bid" (option sans-atout);
// "Alternatively, sans atout and optionally also an uno bid ... may be
// inserted between misère and slam" with the variant table 7 sans atout,
// 8 uno, 9 slam (option sans-atout-and-uno). The second value says whether
// it is a game of six tricks with targets for the defenders: the four suits
// and sans atout ("≥6" in the tables), not misère, uno or slam.
func westBalkansNumber(d *oracleDeal) (number int, sixTricks bool) {
	six := map[string]int{"spades": 2, "diamonds": 3, "hearts": 4, "clubs": 5}
	other := map[string]int{"misere": 6, "slam": 7}
	switch {
	case d.optBool("sans-atout-and-uno"):
		six["no-trump"] = 7
		other["uno"], other["slam"] = 8, 9
	case d.optBool("sans-atout"):
		six["no-trump"] = 7
		delete(other, "slam")
	}
	if n, ok := six[d.Contract]; ok {
		return n, true
	}
	if n, ok := other[d.Contract]; ok {
		return n, false
	}
	panic(fmt.Sprintf("oracle: no West Balkans contract %q with options %v", d.Contract, d.Options))
}

// westBalkansMade: suit contracts and sans atout "≥6" tricks; misère 0;
// slam 10; uno "declarer must win precisely one trick".
func westBalkansMade(contract string, taken int) bool {
	switch contract {
	case "misere":
		return taken == 0
	case "uno":
		return taken == 1
	case "slam":
		return taken == 10
	}
	return taken >= 6
}

// westBalkans settles a deal. Readings of west-balkans.yaml followed here:
//   - a soloist who drops out before play has failed: 20 x base into the
//     pot, no trick payments;
//   - misère and slam (and uno): only the 20 x base between declarer and
//     pot; the trick payments and the defenders' targets are those of "suit
//     contracts"; sans atout, a six-trick game, has them too (pref's
//     sans-atout contract carries the suit payments; the header does not
//     state this one);
//   - refa (option): when everyone passes each player holding a hand gets a
//     marking, for at most refa-rounds all-pass deals a session; a marked
//     declarer plays for double and uses up one marking;
//   - contra (option contra-recontra): the caller plays with the other as
//     invited, dropped or not, the two need 5 tricks together, and the
//     caller answers for them as an inviter does.
func westBalkans(d *oracleDeal) *result {
	r := newResult()
	refa := d.optBool("refa")
	if d.Declarer < 0 {
		// "When everyone passes the deal is over" (reading); "If all
		// players pass in the bidding phase, each player gets a refa
		// marking ... The number of such refa markings per game session is
		// limited" (refa-rounds all-pass deals, three markings each).
		if d.Contract != "" {
			panic("oracle: a contract without a declarer in West Balkans")
		}
		if refa && d.MarksGiven/len(d.Seats) < d.optInt("refa-rounds", 3) {
			for _, p := range d.Seats {
				r.mark(p, 1)
			}
			r.because("all pass, refa markings")
		} else {
			r.because("all pass")
		}
		return r
	}
	decl := d.Seats[d.Declarer]
	number, six := westBalkansNumber(d)

	// "The base value of a contract is its numerical bidding value, or for
	// hand contracts the numerical bidding value plus 1."
	base := number
	if d.Hand {
		base++
		r.because("hand game")
	}
	// "Contra and recontra each double the base value."
	level := 0
	for _, x := range d.Doubled {
		level = max(level, x)
	}
	if level > 0 && !d.optBool("contra-recontra") {
		panic("oracle: contra without the option")
	}
	base <<= level
	if level > 0 {
		r.because(fmt.Sprintf("contra level %d", level))
	}
	// "The next time a player with a refa marking declares a contract, the
	// base value is doubled."
	if refa && d.Marks[d.Declarer] > 0 {
		base *= 2
		r.mark(decl, -1)
		r.because("refa doubles")
	}

	if d.Conceded {
		// "or if the soloist drops out, there is no card-play and the game
		// is scored immediately": reading, a failed contract.
		r.transfer(decl, pot, amt(20*base))
		r.because("soloist drops out")
		return r
	}

	inviter, dropped := -1, 0
	var playing []int
	for _, i := range d.defenders() {
		switch d.Defence[i] {
		case deal.Play:
			playing = append(playing, i)
		case deal.Invite:
			inviter = i
			playing = append(playing, i)
		case deal.Drop:
			dropped++
		default:
			panic(fmt.Sprintf("oracle: defence choice %v in West Balkans", d.Defence[i]))
		}
	}
	if level > 0 && inviter < 0 {
		panic("oracle: a contra without its caller playing for both")
	}
	if len(playing) == 0 {
		// "If both defenders drop out ... there is no card-play and the
		// game is scored immediately": the declarer has made it.
		r.transfer(pot, decl, amt(20*base))
		r.because("both defenders drop out")
		return r
	}

	// "Declarer receives 20 times the base value from the pot for making
	// the contract or pays the same amount into the pot for not making it."
	if westBalkansMade(d.Contract, d.Tricks[d.Declarer]) {
		r.transfer(pot, decl, amt(20*base))
		r.because("made")
	} else {
		r.transfer(decl, pot, amt(20*base))
		r.because("failed")
	}
	if !six {
		r.because("no trick payments: " + d.Contract)
		return r
	}

	// "In suit contracts there are additional payments. Defenders pay 10
	// times the base value into the pot if they do not win the required
	// number of tricks. If neither defender invited the other, this applies
	// to any defender who did not win at least 2 tricks, and if one defender
	// invited the other and both defenders together did not win at least 4
	// tricks, it applies to the inviting defender. Moreover, for each trick
	// won by a defender, declarer pays 2 base values to that defender or to
	// the inviting player." Contra: "the defenders must win at least 5
	// tricks together".
	if inviter >= 0 {
		together := 0
		for _, i := range d.defenders() {
			together += d.Tricks[i]
		}
		need := 4
		if level > 0 {
			need = 5
		}
		if together < need {
			r.transfer(d.Seats[inviter], pot, amt(10*base))
			r.because("inviter short")
		}
		r.transfer(decl, d.Seats[inviter], amt(2*base*together))
		r.because("invitation")
		return r
	}
	for _, i := range playing {
		if d.Tricks[i] < 2 {
			r.transfer(d.Seats[i], pot, amt(10*base))
			r.because("defender short")
		}
		r.transfer(decl, d.Seats[i], amt(2*base*d.Tricks[i]))
	}
	if dropped > 0 {
		r.because("one defender dropped out")
	}
	return r
}

// TestWestBalkansOracle plays random sessions of West Balkans Préférence
// with random options and settles every deal with pref and the oracle.
func TestWestBalkansOracle(t *testing.T) {
	run(t, spec{
		ruleset:  "west-balkans",
		sessions: 200,
		deals:    30,
		options: func(rng *rand.Rand) map[string]any {
			o := map[string]any{
				"refa":            rng.IntN(2) == 0,
				"refa-rounds":     []int{0, 1, 3, 5}[rng.IntN(4)],
				"contra-recontra": rng.IntN(2) == 0,
				"bid-one-more":    rng.IntN(4) == 0,
			}
			switch rng.IntN(3) {
			case 1:
				o["sans-atout"] = true
			case 2:
				o["sans-atout-and-uno"] = true
			}
			switch rng.IntN(4) {
			case 1:
				o["cooperation"] = true
			case 2:
				o["cooperation-binding"] = true
			}
			return o
		},
		settle: westBalkans,
		must: []string{
			"all pass", "all pass, refa markings", "hand game", "contra level 1", "contra level 2",
			"refa doubles", "soloist drops out", "both defenders drop out", "made", "failed",
			"no trick payments: misere", "no trick payments: slam", "no trick payments: uno",
			"inviter short", "invitation", "defender short", "one defender dropped out",
		},
	})
}
