package oracle

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/preference-rules/pref/interpreter/deal"
	"github.com/preference-rules/pref/interpreter/money"
)

// The 1829 rules, 003_9bb31e99ee2b6d46.txt, "Austrian Préférence (1829)",
// "Settling": "Each trick won was worth 1 kreuzer (kr) in Clubs, 2 in
// Spades, 3 in Diamonds and 4 in Préference", and a game "10, 20, 30 or 40
// kr depending on the suit".
var austrianGame = map[string]struct{ game, trick int }{
	"clubs": {10, 1}, "spades": {20, 2}, "diamonds": {30, 3}, "hearts": {40, 4},
}

// austrian1829Ante: "three players each anted 4 Gulden to a pot from which
// winnings were drawn" (4 Gulden = 240 kreuzer), once, before the first deal;
// at four everyone at the table antes.
func austrian1829Ante(first bool, names []string, _ string, _ money.Amount) *result {
	r := newResult()
	if first {
		for _, n := range names {
			r.transfer(n, pot, amt(240))
		}
	}
	return r
}

// austrian1829 settles a deal as the "Settling" bullets of the 1829 rules
// say, with the readings austrian-1829.yaml states in its header:
//   - a game played from the hand is worth the same, unless option
//     hand-doubles (footnote c: "Typically, playing from the hand would
//     double the game value"), which doubles the game and each trick;
//   - when both defenders fail (no example in the source) each pays every
//     other player in play for their tricks, as one failing defender does.
//
// The values come from the announced suit (the declarer announces trumps
// after the auction; a player who dropped out plays no card).
func austrian1829(d *oracleDeal) *result {
	r := newResult()
	if d.Declarer < 0 {
		// "the dealer must pick up the talon": somebody always declares.
		panic("oracle: an 1829 deal without a declarer")
	}
	decl := d.Seats[d.Declarer]

	// "If the dealer was forced to pick up the talon after everyone had
	// passed, the dealer paid a bête of 10 kr to the pot" - footnote b:
	// "The value of the lowest game i.e. Clubs", whatever he might have
	// announced, and no more from the hand: no game was played.
	if d.Conceded {
		if !d.Forced {
			panic("oracle: only the forced dealer may pass in the 1829 rules")
		}
		r.transfer(decl, pot, amt(10))
		r.because("forced dealer pays a bête")
		return r
	}

	v, ok := austrianGame[d.Contract]
	if !ok {
		panic(fmt.Sprintf("oracle: no 1829 game %q", d.Contract))
	}
	factor := 1
	if d.Hand && d.optBool("hand-doubles") {
		factor = 2
		r.because("hand game doubled")
	}
	game, trick := v.game*factor, v.trick*factor

	// Who plays: "Once the declarer has announced trumps, the others in
	// order must decide whether to play (helfen) or drop out (passen)".
	var playing []int
	for _, i := range d.defenders() {
		switch d.Defence[i] {
		case deal.Play:
			playing = append(playing, i)
		case deal.Drop:
			// "A player who drops out neither pays nor receives payment."
			if d.Tricks[i] != 0 {
				panic("oracle: a defender who dropped out took tricks")
			}
		default:
			panic(fmt.Sprintf("oracle: defence choice %v is not in the 1829 rules", d.Defence[i]))
		}
	}

	// "If, after the auction, both defenders dropped out, the declarer won
	// 10, 20, 30 or 40 kr depending on the suit bid."
	if len(playing) == 0 {
		r.transfer(pot, decl, amt(game))
		r.because("both defenders dropped out")
		return r
	}

	total := d.Tricks[d.Declarer]
	for _, i := range playing {
		total += d.Tricks[i]
	}
	if total != 10 {
		panic(fmt.Sprintf("oracle: %d tricks played, the 1829 deal has 10", total))
	}

	// "committing to take at least 6 tricks"; "A player who plays on with
	// the declarer must take at least 2 tricks to share the winnings."
	made := d.Tricks[d.Declarer] >= 6
	var failed []int
	for _, i := range playing {
		if d.Tricks[i] < 2 {
			failed = append(failed, i)
		}
	}

	switch {
	case made && len(failed) == 0:
		// "he won 10, 20, 30 or 40 kr from the pot depending on the suit
		// played. From these winnings, the declarer paid each successful
		// defender their share." (Anton 6, Brigitte 2, Charlotte 2 in
		// Diamonds: 30 from the pot, 6 to each.)
		r.transfer(pot, decl, amt(game))
		for _, i := range playing {
			r.transfer(decl, d.Seats[i], amt(d.Tricks[i]*trick))
		}
		r.because("declarer made, defenders made")

	case made:
		// "A defender who failed to take 2 tricks paid the others directly
		// for the tricks they took and the pot remained untouched." (Anne
		// 7, Berti 2, Carl 1: Carl pays 21 to Anne and 6 to Berti.)
		for _, f := range failed {
			for _, i := range append([]int{d.Declarer}, playing...) {
				if i != f {
					r.transfer(d.Seats[f], d.Seats[i], amt(d.Tricks[i]*trick))
				}
			}
		}
		r.because(fmt.Sprintf("declarer made, %d defender(s) failed", len(failed)))
		if len(playing) == 1 {
			r.because("lone defender failed")
		}

	default:
		// "A declarer who failed to take 6 tricks paid to the pot what
		// would have been won in a successful game and paid the others for
		// their tricks." (Anton 5, Brigitte 3, Charlotte 2: 30 to the pot,
		// 9 and 6.)
		r.transfer(decl, pot, amt(game))
		for _, i := range playing {
			r.transfer(decl, d.Seats[i], amt(d.Tricks[i]*trick))
		}
		// "If a declarer and a defender failed, each placed a bête in the
		// pot and the declarer paid the others for their tricks." (Anne's
		// Préférence 5-4-1: Anne and Carl pay 40 to the pot, Anne pays
		// Berti 16 and Carl 4: the defender's bête is the game's value.)
		for _, f := range failed {
			r.transfer(d.Seats[f], pot, amt(game))
		}
		if len(failed) > 0 {
			r.because("declarer and a defender failed")
		} else {
			r.because("declarer failed")
		}
	}
	if len(playing) == 1 {
		r.because("one defender dropped out")
	}
	return r
}

// The four worked examples of "Settling", stated as facts, settled by the
// oracle: the oracle reproduces the source's own figures.
func TestAustrian1829OracleWorkedExamples(t *testing.T) {
	play := []deal.Choice{deal.NoChoice, deal.Play, deal.Play}
	for _, c := range []struct {
		name     string
		seats    []string
		contract string
		tricks   []int
		want     []string
	}{
		{"Anton's Diamonds", []string{"Anton", "Brigitte", "Charlotte"}, "diamonds", []int{6, 2, 2},
			[]string{"Anton -> Brigitte 6", "Anton -> Charlotte 6", "pot -> Anton 30"}},
		{"Anne 7, Berti 2, Carl 1", []string{"Anne", "Berti", "Carl"}, "diamonds", []int{7, 2, 1},
			[]string{"Carl -> Anne 21", "Carl -> Berti 6"}},
		{"Anton 5, Brigitte 3, Charlotte 2", []string{"Anton", "Brigitte", "Charlotte"}, "diamonds", []int{5, 3, 2},
			[]string{"Anton -> Brigitte 9", "Anton -> Charlotte 6", "Anton -> pot 30"}},
		{"Anne's Préférence 5-4-1", []string{"Anne", "Berti", "Carl"}, "hearts", []int{5, 4, 1},
			[]string{"Anne -> Berti 16", "Anne -> Carl 4", "Anne -> pot 40", "Carl -> pot 40"}},
	} {
		d := &oracleDeal{Ruleset: "austrian-1829", Seats: c.seats, Dealer: c.seats[2], Declarer: 0,
			Contract: c.contract, Defence: play, Tricks: c.tricks}
		got := fmt.Sprint(pairs(austrian1829(d).pay))
		if want := fmt.Sprint(c.want); got != want {
			t.Errorf("%s: oracle %s, source %s", c.name, got, want)
		}
	}
}

// TestAustrian1829Oracle plays random sessions of the 1829 rules at three
// and four players, hand-doubles on in half of them, and settles every deal
// with pref and with the oracle.
func TestAustrian1829Oracle(t *testing.T) {
	run(t, spec{
		ruleset:  "austrian-1829",
		sessions: 200,
		deals:    30,
		options: func(rng *rand.Rand) map[string]any {
			return map[string]any{"hand-doubles": rng.IntN(2) == 0}
		},
		ante:   austrian1829Ante,
		settle: austrian1829,
		must: []string{
			"forced dealer pays a bête", "hand game doubled", "both defenders dropped out",
			"declarer made, defenders made", "declarer made, 1 defender(s) failed",
			"declarer made, 2 defender(s) failed", "lone defender failed",
			"declarer failed", "declarer and a defender failed", "one defender dropped out",
		},
	})
}
