// Package game runs one deal of any ruleset: the deal by packets, the
// auction on the ruleset's ladder, the all-pass offers, the exchange, the
// defenders' decisions and the trick play with legal-move checking, ending in
// a deal.Outcome.
//
// A State is a deal in progress, a value Clone copies whole; LegalActions
// lists the decisions open now and Apply takes one, as in OpenSpiel's
// game API. The deal is a run of phases (Phase), each its own set of
// methods in the file of its stage: phase_bidding.go (auction, all-pass
// offers, pot auction), phase_exchange.go (hand or talon, discard,
// announcement), phase_defence.go (play or drop, retrieve, open, invite,
// give up), phase_contra.go (contra and its answers) and phase_play.go
// (the cards, and the end). Each phase offers its actions, takes a
// decision, runs what follows without one up to the next decision (whose
// seat it sets), and reads a player's answer that is not open as the
// ruleset's default. phases.go holds them in one table indexed by Phase,
// and State delegates to the row of the phase the deal is in: there is no
// switch over phases. A new phase is its constant and name (state.go),
// its methods, its row, and the phase before it moving on to it. Each
// phase keeps its own cursor in the state (nextOffer, pot, nextDefender,
// nextInviter, nextContra, play, ...), read and moved by its code alone.
//
// The rules a deal shares with stated outcomes, the solver and
// settlement are package deal's, asked here rather than copied: who plays
// and who may double (deal.Defence), the defence nobody chose
// (deal.DefaultDefence), an invitation's effect (deal.HoldInvited), the
// contract played when all pass (deal.AllPassContract), legal cards and
// trick winners.
//
// What each action is called is one table too (words.go): the words a
// prompt and a hint use (Spoken), a record's token (Written) and a
// computer player's reason (Reasoned), side by side per kind of action.
//
// Decisions are asked of Players (computer players in package bot, a human
// at a terminal elsewhere). The per-card path is plain Go on masks: legal
// moves, trick winners and the record of the play use fixed arrays, and
// the phase table is an array of method expressions, so a trick allocates
// nothing.
package game
