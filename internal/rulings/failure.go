package rulings

// Failure is a ruling that went against its input: the input was read
// and understood, and a rule refused it (a step of a record, a settlement
// the ruleset fails on) or there was nothing to rule on. Any other error
// of this package is input that could not be used. The command line exits
// 1 for a Failure and 2 for the rest.
type Failure struct{ Err error }

func (f *Failure) Error() string { return f.Err.Error() }
func (f *Failure) Unwrap() error { return f.Err }
