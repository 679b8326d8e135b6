// Package deal holds the rules of one deal that every package that plays
// or judges it must agree on, each written once:
//
//   - the cards of a trick (trick.go, play.go, seats.go): which card beats
//     which, who heads and who wins a trick (a talon card turned into it
//     included), which cards a player may play (follow, head, trump, and
//     cooperation rule 1), and who plays next round the table;
//   - the deal's outcome (outcome.go, defence.go, check.go): who plays, the
//     defence's choices and invitation, contra eligibility, a contract
//     played only against a contra, and the checks that refuse an outcome
//     no deal can have. Outcome and Choice are its types; Defence is how
//     the defence stands (declarer, contract, choices, contras), the one
//     value every rule about the defence is asked of;
//   - what a deal is when nobody says otherwise (defaults.go): the defence
//     nobody chose, an invitation's effect on the one invited, the
//     contract played when all pass; the game derives them as it plays and
//     a stated outcome as it reads a case, both by these functions.
//
// The game (game.State), the double-dummy solver (solve), the players
// (bot), settlement and stated outcomes (conformance cases, `pref settle`)
// ask these functions instead of keeping copies that could drift apart, so
// a played deal and a stated one meet one rule each; package settle only
// turns an Outcome into a ledger. TestEachTrickRuleWrittenOnce fails when a
// copy of a trick rule comes back elsewhere in the interpreter.
//
// It sits below game, solve, bot and settle and imports only cards, money
// and ruleset (imports_test.go keeps it so). The rules run once per card,
// in the game and in every node of the solver's search: plain functions on
// the cards package's values and bit masks, small enough to be inlined,
// allocating nothing; a Defence is built on the stack over slices the
// caller already holds.
package deal
