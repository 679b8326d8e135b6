// Package money is exact arithmetic for payments: a fraction of two int64s,
// kept in lowest terms, so that "a tenth of the pot" is never rounded. It
// allocates nothing; an overflow panics with ErrOverflow, which the
// settlement turns into an error (a rule that pays more than 2^63 units is
// a broken rule, not a payment).
package money
