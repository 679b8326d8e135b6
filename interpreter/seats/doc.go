// Package seats holds the one rule for the names of the players at a
// table, wherever a name comes from: an outcome case, a game record, a PPN
// file or pref play --players. A name is printed in transcripts, written
// into records and matched against what cases expect, so it must be one
// visible word that cannot be mistaken for another name, for the pot or
// the talon, or for the "from -> to" of a payment, and must carry nothing
// a terminal would act on.
package seats
