package app

import (
	"fmt"

	"github.com/preference-rules/pref/interpreter/deal"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/interpreter/ruleset"
)

// The narration's sentences for a defence choice say the table's word for
// it where a term set in force names one ("West says dođem"), and the
// lessons' English verb ("plays", "drops out") otherwise, byte for byte as
// before. The words come from the ruleset (terms_said.go): a record still
// writes play, drop, half, invite.

// saysChoice is "says <the set's word>" for choice c where the set in
// force names one (by the word a record writes for c, c.String()),
// english otherwise.
func saysChoice(r *ruleset.Ruleset, c deal.Choice, english string) string {
	if w := r.DefenceWord(c.String()); w != "" {
		return "says " + w
	}
	return english
}

// defendPrompt asks a defender to choose: "Defend, or pass?", or in the
// set's words ("Dođem, or dalje?").
func defendPrompt(r *ruleset.Ruleset) string {
	play, drop := r.DefenceWord("play"), r.DefenceWord("drop")
	if play == "" || drop == "" {
		return "Defend, or pass?"
	}
	return game.UpperFirst(play) + ", or " + drop + "?"
}

// DefendQuestion is the line seat's yes-or-no question to a defender:
// whether to play against the contract, in the set's words where it names
// them ("Dođem (no: dalje)?").
func DefendQuestion(g *game.Game, declarer string) string {
	r := g.R
	ask := "Play against it (no: drop out)?"
	if play, drop := r.DefenceWord("play"), r.DefenceWord("drop"); play != "" && drop != "" {
		ask = game.UpperFirst(play) + " (no: " + drop + ")?"
	}
	return fmt.Sprintf("%s plays %s. %s", declarer, r.Contracts[g.Contract].Display(), ask)
}

// HalfQuestion asks the second defender whether to take half without
// play, in the set's word for it where it names one.
func HalfQuestion(r *ruleset.Ruleset) string {
	if half := r.DefenceWord("half"); half != "" {
		return "The other defender dropped out. " + game.UpperFirst(half) + ", half without play?"
	}
	return "The other defender dropped out. Take half without play?"
}
