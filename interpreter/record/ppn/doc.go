// Package ppn reads and writes the Portable Preferans Notation (PPN),
// prefko's record of a game modelled on chess's PGN, and turns it into
// pref game records of the ruleset bound to it (the one with a ppn:
// section) and back.
//
// A PPN text is an info section of tag pairs ([Bula 60], [Player1 cope])
// and a game section of one bracketed record per deal, fourteen fields
// separated by spaces: id, deal order, the 32-character card string, each
// player's highest bid, the main player, the discard, the contract, who
// came, kontra or invitation, refa, value, who leads, the tricks with
// their winners, and the summary (tricks and the paper's entries per
// player). A deal everybody passed stops after the bids; the refa field
// may be left out, as the notation's own examples do.
//
// Parse reads the text and refuses malformed input with the deal and the
// field (*Error). Import turns it into a record: the seats are the players
// in playing order, the auction is rebuilt from the highest bids under
// the ruleset's rules (PPN gives only each player's highest call), every
// decision and card is stepped through the rules, and each deal's summary
// becomes the deal's expect: sheet. What PPN states beside the cards (the
// leader, the trick winners, the value, refa, the summary, the results)
// is compared with pref's replay and settlement; a difference is reported,
// never resolved in favour of either. FromRecord writes a record of that
// ruleset as PPN, so that pref's own deals go out and come back whole.
//
// The notation's form (its fields, codes and tags) is Go here; what its
// terms are in the ruleset is data: the ruleset's ppn: section names the
// options the tags Bula and Refe set and the accounts of the summary's
// columns (binding.go), and Ruleset is the embedded ruleset whose file has
// that section. No Go code names that ruleset, its options or its accounts.
//
// docs/records.md describes the mapping and what PPN cannot carry.
package ppn
