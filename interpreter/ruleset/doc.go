// Package ruleset loads a ruleset file and compiles it, once, into the plain
// values the interpreter runs on: a deck, packets, contract and ladder tables,
// flags for the auction, exchange, defence and play, and compiled expr
// programs for settlement.
//
// Loading checks in three layers, each error naming file:line:col: YAML
// syntax, the JSON Schema (schema package), then meaning (packets that add
// up to the pack, ladder bids that exist, expressions that compile and have
// the right type). Nothing here knows any particular variant.
package ruleset
