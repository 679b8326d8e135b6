// Package table keeps what lasts from deal to deal: the players' balances,
// the pot, the antes and the dealer's seat rotating to the left. At a table
// with more players than hands, the dealer sits out. Every transfer it makes
// moves money between balances and the pot, so their sum stays zero.
package table
