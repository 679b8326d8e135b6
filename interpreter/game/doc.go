// Package game runs one deal of any ruleset: the deal by packets, the
// auction on the ruleset's ladder, the all-pass offers, the exchange, the
// defenders' decisions and the trick play with legal-move checking, ending in
// a deal.Outcome.
//
// Decisions are asked of Players (computer players in package bot, a human
// at a terminal elsewhere). The per-card path is plain Go on masks: legal
// moves, trick winners and the record of the play use fixed arrays, so a
// trick allocates nothing.
package game
