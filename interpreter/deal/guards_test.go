package deal_test

import (
	"testing"

	"github.com/preference-rules/pref/interpreter/cards"
	"github.com/preference-rules/pref/interpreter/deal"
	"github.com/preference-rules/pref/interpreter/ruleset"
)

// Guards of rules of play that no position case can state (a position
// names a declarer; see docs/structure-guards.md for the mutations each
// test was written to catch).

// play.head: defenders or declarer binds nobody in a deal without a
// declarer (the all-pass game): ForSeat drops the duty to head, so a
// player following a spade headed by the ten may play either spade.
func TestHeadByRoleBindsNobodyWithoutDeclarer(t *testing.T) {
	const S, D = 1, 2
	ten, ace, seven := cards.Make(S, 3), cards.Make(S, 7), cards.Make(S, 0)
	hand := ace.Bit() | seven.Bit()
	for _, by := range []ruleset.Part{ruleset.PartDefenders, ruleset.PartDeclarer} {
		p := ruleset.Play{MustTrump: true, MustHead: true, HeadBy: by}
		if got := deal.Legal(p.ForSeat(false, false), D, hand, S, ten); got != hand {
			t.Errorf("head by %d, nobody declared: legal %#x, want both spades %#x", by, got, hand)
		}
		// With a declarer the rule binds its side: the guard above is not
		// passed by a rule that binds nobody at all.
		if got := deal.Legal(p.ForSeat(by == ruleset.PartDeclarer, true), D, hand, S, ten); got != ace.Bit() {
			t.Errorf("head by %d, the side it binds: legal %#x, want the ace %#x", by, got, ace.Bit())
		}
	}
}

// Cooperation rule 1 protects a trick a defender heads: not one the talon's
// card heads (a negative seat), nor one the declarer heads.
func TestDefenderHeadsNeitherTalonNorDeclarer(t *testing.T) {
	const talon, declarer, defender = -1, 0, 1
	for _, c := range []struct {
		name string
		head int
		want bool
	}{
		{"the talon's card", talon, false},
		{"the declarer's card", declarer, false},
		{"a defender's card", defender, true},
	} {
		if got := deal.DefenderHeads(c.head, declarer); got != c.want {
			t.Errorf("%s heads the trick: DefenderHeads %v, want %v", c.name, got, c.want)
		}
	}
}
