// Package deal holds the rules of one deal that every player of it obeys
// and every package that plays or judges it must agree on: which card
// beats which, who wins a trick (a talon card turned into it included),
// which cards a player may play (follow, head, trump, and cooperation
// rule 1), and who plays next round the table.
//
// It exists so that each rule is written once. The game (game.State), the
// double-dummy solver (solve), the players (bot) and settlement all ask
// these functions instead of keeping copies that could drift apart; a test
// (TestEachTrickRuleWrittenOnce) fails when a copy comes back elsewhere
// in the interpreter.
//
// The rules run once per card, in the game and in every node of the
// solver's search: they are plain functions on the cards package's values
// and bit masks, small enough to be inlined, and allocate nothing. The
// package depends only on cards and ruleset.
package deal
