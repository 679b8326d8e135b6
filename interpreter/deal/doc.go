// Package deal holds what a deal's rules are, apart from the cards of a
// trick: who plays, the defence's choices and invitation, contra
// eligibility, a contract played only against a contra, and the checks
// that refuse an outcome no deal can have. Outcome and Choice are its
// types; Defence is how the defence stands (declarer, contract, choices,
// contras), the one value every rule about the defence is asked of.
//
// The game asks these rules at each decision, the bots, settlement, stated
// outcomes (conformance cases, `pref settle`) and explanations ask the same
// functions, so a played deal and a stated one meet one rule each. Package
// settle only turns an Outcome into a ledger.
//
// It sits below game, solve, bot and settle and imports only cards, money
// and ruleset (deal_imports_test.go keeps it so). The per-decision path
// allocates nothing: a Defence is built on the stack over slices the caller
// already holds.
package deal
