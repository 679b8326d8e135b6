package main

import (
	"errors"

	"github.com/preference-rules/pref/internal/rulings"
)

// ruled turns an error of package rulings into the exit status it means:
// a ruling against input that was read fails (exit 1), anything else is
// bad input (exit 2).
func ruled(err error) error {
	if err == nil {
		return nil
	}
	var f *rulings.Failure
	if errors.As(err, &f) {
		return &failure{exitFailed, f.Err}
	}
	return badInput(err)
}
