// Package verify checks stated outcomes against the interpreter: it is what
// `pref verify`, `pref explain` and `pref settle` run, and what the
// conformance suite's tests run on its case files.
//
// A case (../shared/case-format.md) states one deal's outcome as written by
// a rule book: a ruleset, the seats, the contract, the defence, the tricks
// and the payments, score-sheet figures or markings expected; or a moment
// of the game: a position and its legal cards, an auction and the calls
// open next, who leads, or a sheet to close. A game record states the deal
// cards by card and may carry an expect: block per deal. RunBytes and
// RunFile read either (Kind tells them apart), turn a stated deal into a
// deal.Outcome (Case.Outcome, refusing what no deal can be: unknown names,
// counts beyond the input limits, bids not in the table), settle it with
// package settle, and list every way the settlement differs from the
// expectation as a Result's problems. A case that cannot be read is an
// error naming file, line and column; a case that reads but disagrees is a
// failed verification.
//
// It is a production package so that the command line does not import the
// test-facing conformance suite (the case files under conformance/ and the
// tests that run them).
package verify
