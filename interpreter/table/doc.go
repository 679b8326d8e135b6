// Package table keeps what lasts from deal to deal: the players' balances,
// the pot, the antes, the markings, the all-pass run, the score sheet and
// the dealer's seat rotating to the left. At a table with more players
// than hands, the dealer sits out. Every transfer it makes moves money
// between balances and the pot, so their sum stays what it was.
//
// It is also the one owner of a deal's lifecycle. A Deal takes the steps
// of one deal in their order — the antes (Table.Begin), the cards
// (Deal.Shuffle or Deal.SetHands, the all-pass run told to the auction),
// the play (Deal.Run, or the caller stepping Deal.G itself), the outcome
// with what the table carries into it and its settlement (Deal.Settle),
// the booking with its limits, the check that the deal only moved money
// and the next dealer (Deal.Book) — so that every rule spanning deals is
// threaded in one place rather than in each caller:
//
//   - step by step, for a deal a person decides (a screen waiting for a
//     key, undo by restoring Deal.G's state) or a record replayed: Begin,
//     Shuffle or SetHands, the caller's own steps, Settle, then whatever
//     it shows of Deal.Outcome and Deal.Ledger, then Book;
//   - at once, for players that all answer at once (a simulation, a
//     match): PlayDeal, with Hooks told when the cards are dealt, each
//     action with the state before it, and the settlement before the
//     booking; a Deal passed back in is reused, so a simulation plays
//     deal after deal without allocating;
//   - apart, for a deal played outside any session (a computer player's
//     rollout, the tutorial's single deal): Table.Apart settles it as a
//     deal on its own, no ante paid and nothing of the table read.
//
// Standing is what a player holds at the table (his balance, or on a
// score sheet his final score were it closed now); a deal's result for
// him is his standing after it less his standing before.
//
// Ante, Outcome, Apply and Next are the steps Deal takes; they stay
// exported for the tests that check one step alone. Every production
// caller, the interactive session (internal/app) included, goes through
// Deal: TestEveryDealGoesThroughTheTable keeps them off the steps, but for
// the stated outcomes that settle without a deal played (verify, the
// rulings' pref settle, lint).
package table
