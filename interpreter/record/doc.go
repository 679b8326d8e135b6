// Package record reads, replays and writes game records: what happened at
// a table, deal by deal, in a YAML form easy to write by hand. A record
// names the ruleset and its options, the seats, the table before the first
// deal (pot, score sheet, markings, all-pass run), and for each deal the
// dealer, the hands and the talon as strings of cards, every decision in
// order, and the tricks as strings of cards in playing order, the leader
// first. Replay steps the engine's state machine through it: the first
// decision or card a rule forbids is refused with the rule and the
// evidence, and each finished deal is settled at the table. docs/records.md
// describes the format and what it takes from PPN and PBN.
package record
