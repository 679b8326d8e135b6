// Package settle applies a ruleset's settlement rules to the outcome of a
// deal and returns a ledger of transfers between players and the pot, each
// with the rule that produced it and, on request, its arithmetic.
//
// The same code settles a deal played by the interpreter and an outcome
// stated by hand (a conformance case, `pref settle`): a deal.Outcome is only
// the contract, the defence decisions and the tricks. What a deal's rules
// are (who plays, who invited, who may double, which outcomes can happen)
// lives in package deal, which Settle asks (deal.Check first); settle only
// turns an outcome into a ledger.
package settle
