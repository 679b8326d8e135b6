package app

import (
	"fmt"
	"runtime/debug"
)

// The kinds of error a session stops with. A front end tells them apart:
// pref's command line turns them into its exit status (1, 2 and 3).

// Failed is a session stopped by a ruling that failed, never by its input:
// the interpreter refused a computer player's move, a deal did not settle,
// the table does not balance, the game did not close.
type Failed struct{ Err error }

func (f *Failed) Error() string { return f.Err.Error() }
func (f *Failed) Unwrap() error { return f.Err }

func failed(format string, args ...any) error {
	return &Failed{fmt.Errorf(format, args...)}
}

// BadInput is a session stopped by what it was given: an ante the ruleset
// cannot take from the table.
type BadInput struct{ Err error }

func (b *BadInput) Error() string { return b.Err.Error() }
func (b *BadInput) Unwrap() error { return b.Err }

// Panic is a panic caught where it cannot be let unwind (inside a full
// screen's event loop, which would leave the terminal raw): a bug, carried
// back as an error so that it ends like any other bug.
type Panic struct {
	Value any
	Stack []byte
}

func (p *Panic) Error() string { return fmt.Sprint(p.Value) }

// Recovered turns a recovered panic value into an error; use as
// defer func() { if v := recover(); v != nil { err = app.Recovered(v) } }().
func Recovered(v any) error { return &Panic{v, debug.Stack()} }
