//go:build mutation

package settle

import "os"

// mutation is the deliberate fault this test build settles with, from
// PREF_MUTATION: double (every payment and sheet entry doubled), swap
// (payer and receiver swapped), account (sheet entries booked to the next
// player), tricks (the declarer's tricks counted one too many), need (the
// contract needs one trick more). Used only to show which faults the test
// suite kills; see docs/reliability.md.
var mutation = os.Getenv("PREF_MUTATION")
