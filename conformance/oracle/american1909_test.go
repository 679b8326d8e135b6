package oracle

import (
	"math/rand/v2"
	"testing"
)

// American Preference, 003_9bb31e99ee2b6d46.txt, "American Preference"
// (Foster's Complete Hoyle, 1909), with the readings american-1909.yaml
// states in its header.

// americanSuitReward: "This may depend on the trump suit" (option
// reward-by-suit): spades 1, clubs 2, diamonds 3, hearts 4, the order in
// which "suits rank hearts, diamonds, clubs, spades in descending order".
var americanSuitReward = map[string]int{"spades": 1, "clubs": 2, "diamonds": 3, "hearts": 4}

// american1909 settles a deal:
//   - "each player offers a certain amount to pay into the pot for the
//     privilege of becoming the declarer": the second round's winner pays
//     the offer into the pot;
//   - "agree on the reward paid from the pot for each trick": a declarer
//     who takes six tricks or more draws the reward (option reward, default
//     1; by suit with reward-by-suit) for each trick he took;
//   - "players must also agree on a penalty in case declarer wins less than
//     6 tricks": paid into the pot (option penalty, default 0, "this is not
//     stated in any of the rules");
//   - when everyone passes both rounds the cards are dealt again: nothing
//     is paid.
func american1909(d *oracleDeal) *result {
	r := newResult()
	if d.Declarer < 0 {
		r.because("dealt again")
		return r
	}
	declarer := d.Seats[d.Declarer]
	if d.PotBid > 0 {
		r.transfer(declarer, pot, amt(d.PotBid))
		r.because("widow bought from the pot")
	}
	taken := d.Tricks[d.Declarer]
	if taken >= 6 {
		per := d.optInt("reward", 1)
		if d.optBool("reward-by-suit") {
			per = americanSuitReward[d.Contract]
		}
		r.transfer(pot, declarer, amt(taken*per))
		r.because("declarer made")
		return r
	}
	r.transfer(declarer, pot, amt(d.optInt("penalty", 0)))
	r.because("declarer failed")
	return r
}

// TestAmerican1909Oracle plays random sessions of the 1909 rules with their
// options drawn at random and settles every deal with pref and with the
// oracle; the antes before each deal are the stated ones (10 each whenever
// the pot is empty, a pot below zero included).
func TestAmerican1909Oracle(t *testing.T) {
	run(t, spec{
		ruleset:  "american-1909",
		sessions: 60,
		deals:    60,
		options: func(rng *rand.Rand) map[string]any {
			return map[string]any{
				"reward":                 1 + rng.IntN(3),
				"reward-by-suit":         rng.IntN(2) == 0,
				"penalty":                rng.IntN(4),
				"left-of-declarer-leads": rng.IntN(2) == 0,
			}
		},
		ante:   statedAntes["american-1909"].ante,
		settle: american1909,
		must: []string{
			"ante", "ante into a pot below zero", "dealt again", "widow bought from the pot",
			"declarer made", "declarer failed",
		},
	})
}
