// Package bot holds pref's computer players for any ruleset. They only
// ever answer with legal choices, and each decision comes with a short
// reason in the table's words, for the tutorial, the coach and the hints.
//
// Simple estimates tricks from high cards and trump length, bids what it
// expects to make, and plays a winning card when it can, the lowest legal
// card otherwise.
//
// Strong plays a card by sampling deals of the cards it cannot see and
// solving each double-dummy (package solve), and weighs every other
// decision by playing each option out over such deals and settling it by
// the ruleset's own rules. Its samples are drawn by how likely sensible
// players holding them make every call the others made or declined
// (infer.go); a doubling call is weighed as a contest over the whole
// ladder (doubling.go). Its budgets (a card 100 ms, any other decision
// 200 ms) are counted in the solver's nodes at fixed rates (NodesPerMs for
// a card, WeighNodesPerMs for a decision weighed by rollouts), so its
// choices depend on its seed alone; WallClock and CPUClock also cut the
// search at the budget on the clock or in CPU time. docs/strength.md
// measures it.
//
// Package extern seats an outside program through pref's line protocol.
package bot
