package deal

import (
	"slices"

	"github.com/preference-rules/pref/interpreter/ruleset"
)

// Defence is how the defence of a deal stands: who declared what, and each
// seat's choice and contra. Every rule about who plays, who invited and who
// may double is a method of it, asked alike by the game at each decision
// (over its own arrays), by the checks of a stated outcome and by
// settlement. A Defence is a small value built on the stack over slices the
// caller holds: asking a rule allocates nothing. Its methods take a pointer
// (asked of a local variable) so that each call passes one word, not the
// nine of the value.
type Defence struct {
	Declarer int      // seat, or -1 when nobody declared
	Contract int      // index into the ruleset's contracts, or -1
	Hand     bool     // played from the hand
	Choices  []Choice // per seat, the declarer's included
	Doubled  []int    // per seat: contra level (see Outcome.Doubled); nil: none
}

// Inviter is the defender who plays for the other as well, or -1: the one
// who invited, the one who plays a dropped hand along, or in team mode the
// caller of a contra. One home for play, stated outcomes and explanations
// alike.
func (d *Defence) Inviter(r *ruleset.Ruleset) int {
	for i, c := range d.Choices {
		if c == Invite {
			return i
		}
	}
	// A dropped hand played along: the one defender who plays takes it.
	if lone := d.LoneDefender(r); lone >= 0 {
		return lone
	}
	if r.Defence.Contra.Team {
		for i, c := range d.Doubled {
			if c > 0 {
				return i
			}
		}
	}
	return -1
}

// Plays reports whether seat plays cards: the declarer, a defender who
// plays or invites, a dropped defender played for by an inviter; when
// nobody declared, every hand in a contract everyone plays. holdsHand says
// the seat received cards.
func (d *Defence) Plays(r *ruleset.Ruleset, seat int, holdsHand bool) bool {
	if d.Declarer < 0 {
		return d.Contract >= 0 && holdsHand
	}
	c := d.Choices[seat]
	if seat == d.Declarer || c == Play || c == Invite {
		return true
	}
	inviter := d.Inviter(r)
	return (c == Drop && inviter >= 0) || (r.Defence.Contra.Team && inviter >= 0 && holdsHand)
}

// DefenderPlays reports whether a defender plays or invites: with a
// declarer, cards are played only then.
func (d *Defence) DefenderPlays() bool {
	for i, c := range d.Choices {
		if i != d.Declarer && (c == Play || c == Invite) {
			return true
		}
	}
	return false
}

// Uncontested reports whether a declared contract that is played only
// against a contra (must_contra; with must_contra: talon, only when played
// with the talon) ends unplayed: defenders came, none doubled and none
// invited the other (an invitation plays it). One home for the game,
// stated outcomes and explanations.
func (d *Defence) Uncontested(r *ruleset.Ruleset) bool {
	if d.Declarer < 0 || d.Contract < 0 || d.Contract >= len(r.Contracts) || !r.Contracts[d.Contract].MustContra || !d.DefenderPlays() {
		return false
	}
	if d.Hand && r.Contracts[d.Contract].MustContraTalonOnly {
		return false
	}
	if slices.Contains(d.Choices, Invite) {
		return false
	}
	for _, c := range d.Doubled {
		if c > 0 {
			return false
		}
	}
	return true
}

// WhyNoContra is the rule that keeps defender seat from calling contra, or
// "" when he may: the choices are the defence's as made before any contra
// (Doubled is not asked). The game asks it before offering the call, Check
// of each doubling an outcome states: one rule for both.
func (d *Defence) WhyNoContra(r *ruleset.Ruleset, seat int) string {
	c := &r.Defence.Contra
	switch {
	case !c.On:
		return "this ruleset has no contra (defence contra)"
	case d.Declarer < 0 || seat == d.Declarer:
		return "only a defender calls contra"
	case c.NotAfterInvitation && slices.Contains(d.Choices, Invite):
		return "nobody calls contra after an invitation: inviting is final (defence contra after_invitation: false)"
	case !d.DefenderPlays():
		return "no defender plays: the deal ended before contra is asked"
	case d.Choices[seat] == Drop && d.invitedBeforeContra(r) < 0:
		return "he dropped out and nobody invited him (a dropped defender calls contra only when invited)"
	}
	return ""
}

// invitedBeforeContra is the inviter as the defence stood before any
// contra was called.
func (d *Defence) invitedBeforeContra(r *ruleset.Ruleset) int {
	before := *d
	before.Doubled = nil
	return before.Inviter(r)
}

// LoneDefender is the one defender who plays when the other dropped and
// the ruleset plays dropped hands along (defence dropped_hand: played), or
// -1.
func (d *Defence) LoneDefender(r *ruleset.Ruleset) int {
	if !r.Defence.DroppedPlayed || d.Declarer < 0 {
		return -1
	}
	lone, dropped := -1, false
	for s, c := range d.Choices {
		switch {
		case s == d.Declarer:
		case c == Play && lone >= 0:
			return -1
		case c == Play:
			lone = s
		case c == Drop:
			dropped = true
		}
	}
	if !dropped {
		return -1
	}
	return lone
}
