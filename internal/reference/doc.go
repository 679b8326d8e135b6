// Package reference is pref's rules written out by hand: one deal of
// austrian-1829 (Austrian) and one of sochi (Sochi) in plain Go, with
// nothing read from a ruleset.
//
// It exists for two reasons.
//
//   - An honest speed baseline. The interpreter runs every variant from
//     YAML through one generic engine, and a claim that it is "fast enough"
//     needs something to be measured against. This package is what a
//     programmer who knows only one variant would write: cards as uint32
//     masks, money as int64, no maps, no interfaces on the path that runs
//     per card, no allocation per deal. The benchmarks in this package run
//     the same deals with the same decisions through both, so the ratio
//     interpreter / reference measures the interpreter, not the players.
//
//   - A second opinion on the rules. The reference is written from the
//     source texts (003_9bb31e99ee2b6d46.txt, "Austrian Préférence (1829)";
//     001_86a36ec85ef099a0.txt and preferans-conventions.md, "Sochi") and
//     the readings stated in the rulesets, not from the interpreter's code.
//     TestAustrianAgrees and TestSochiAgrees deal the same random stream to
//     both on 10,000 seeds and require identical hands, talon, auctions,
//     contracts, defence choices, every card played and every payment or
//     sheet entry: a difference is a bug in one of them. Each also counts
//     the kinds of deal it met and fails if a rule was never reached.
//
// The players (Decide*) are deliberately simple and deterministic: a hand
// count decides the bids, the lowest cards are laid aside, the cheapest
// winning card is played. Player and SochiPlayer plug the very same
// functions into the interpreter as a game.Player.
//
// The reference covers each ruleset at a table of three (the dealer never
// sits out): austrian-1829 with and without its option hand-doubles, sochi
// with its options at their defaults after a run of 0 to 3 all-pass deals.
package reference
