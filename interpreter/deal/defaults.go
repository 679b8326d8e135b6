package deal

import "github.com/preference-rules/pref/interpreter/ruleset"

// What a deal's facts are when nobody says otherwise: the game derives
// them as it plays, a stated outcome (verify) as it reads a case, and
// both call these functions, so that the two cannot drift apart
// (TestStatedAgreesWithPlay in package verify plays deals of every
// embedded ruleset and states each again to compare).

// DefaultDefence sets choices, one per seat, to the defence nobody chose:
// every defender plays. A defender is a seat other than the declarer
// that holds a hand (sitsOut is the seat dealt no hand at a table larger
// than the ruleset's hands, or -1); their choices are left alone. The
// game's defence where the contract lets nobody drop out, a stated one
// before the case's own choices.
func DefaultDefence(choices []Choice, declarer, sitsOut int) {
	for i := range choices {
		if i != declarer && i != sitsOut {
			choices[i] = Play
		}
	}
}

// HoldInvited records inviter's invitation in choices, one per seat: the
// inviter plays for the defence, and every other defender who was to play
// is held as dropped (the one invited dropped out first, and plays his
// cards for the inviter). The game's when a defender invites; a stated
// one's, where a case may write the defender invited play, drop or leave
// him out.
func HoldInvited(choices []Choice, inviter int) {
	choices[inviter] = Invite
	for j, c := range choices {
		if j != inviter && c == Play {
			choices[j] = Drop
		}
	}
}

// AllPassContract is the contract everyone plays when all pass (auction
// all_pass_play), or -1 when such a deal ends unplayed.
func AllPassContract(r *ruleset.Ruleset) int {
	return r.Auction.AllPassPlay
}
