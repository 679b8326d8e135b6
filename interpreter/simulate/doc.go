// Package simulate plays many deals of a ruleset with the computer players,
// in parallel, and reports what an author wants to know about a rule: how
// often each contract is bid and made, what each seat wins per deal, how
// often all pass, each with a 95 % confidence interval; and, for two
// rulesets (or one with other options) played on the same cards, what
// changes. The deals are grouped into sessions (the table carries the pot
// or the sheet from deal to deal); a session's cards depend only on the
// seed and its number, so the report is the same whatever the number of
// workers.
package simulate
