// Package lint looks for rules of a ruleset that are valid but do nothing
// or cannot be right: settlement rules no outcome makes fire, options that
// change nothing, outcomes where nothing is paid or written, and money that
// does not balance. It settles a sample of the outcomes the ruleset allows
// (every contract, from the hand or not, every defence, every split of the
// tricks between declarer and defence) and reports what it saw.
package lint
