//go:build mutation

package settle

import "os"

// mutation is the deliberate fault this test build settles with, from
// PREF_MUTATION: double (every payment and sheet entry doubled), swap
// (payer and receiver swapped), account (sheet entries booked to the next
// player), tricks (the declarer's tricks counted one too many), need (the
// contract needs one trick more), against (whists written against the
// wrong player), when (the last rule's condition negated), sitout (the
// sitting-out dealer paid as a defender), run (the all-pass run one too
// long), invited (the invited player's tricks not credited to the
// inviter), writeoff (twice the gain written off), help (an overflowing
// pool fills itself instead of another player's). Used only to show which faults the test suite kills; see
// docs/reliability.md.
var mutation = os.Getenv("PREF_MUTATION")
