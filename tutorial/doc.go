// Package tutorial teaches a ruleset from the ruleset itself: no lesson text
// is written per variant. Each concept of the interpreter (the pack, the
// deal, the bid table, the auction, the exchange, the defence, the play, the
// special contracts, the settlement, the options) has a markdown template in
// templates/, filled with the ruleset's data. Rulebook joins them into the
// whole rulebook that `pref rules` prints; Render shows markdown in the
// terminal with glamour, or as plain text.
//
// The guided deal, quizzes and interactive play of issue 7 build on the
// same lessons.
package tutorial
