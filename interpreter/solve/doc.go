// Package solve is a double-dummy solver for any ruleset: with every hand
// known, how many tricks does the declarer take when both sides play
// perfectly? The declarer's side (the declarer alone) and the defence (the
// defenders, and a passer's hand played along) each choose the best card
// under the ruleset's rules of play (follow suit, trump, head the trick,
// by role). In a misère the declarer takes as few tricks as he can.
//
// A contract without a declarer (the all-pass game, where each player
// takes as few tricks as he can) is solved for one player at a time, the
// one counted (Position.Declarer): the fewest tricks he can hold himself
// to whatever the others do, the others playing to give him the most.
// That is the one value a player can be sure of in a game of three with
// no sides; a player's best with the others each minimising their own
// tricks has no single answer (their choices may tie in many ways). The
// talon's cards turned into the first tricks (talon_leads) open those
// tricks before their leaders play, fixing the suit or competing for it.
//
// The search (search.go) is alpha-beta over single cards with a
// transposition table at the start of each trick (keyed on the hands in
// relative ranks and the leader, holding bounds), quick-trick bounds, a
// sure-zero bound where the player counted minimises, equivalent cards
// (neighbours in one hand with nothing between them left in another)
// tried once, and a move order for each side. Exhaustive is the plain
// minimax it is tested against. Replay (replay.go) weighs the cards of a
// played deal.
package solve
