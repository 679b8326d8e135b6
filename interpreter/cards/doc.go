// Package cards holds the compact card values of the per-card path: a card is
// a small integer (suit*8 + rank), a set of cards is a bit mask of a uint32.
//
// A deck has at most four suits of at most eight ranks, which covers every
// Préférence pack (32 cards, 7 to ace) and smaller house packs. Which suits
// and ranks exist, their names and their order are the ruleset's: this
// package only knows positions.
package cards
