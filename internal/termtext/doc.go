// Package termtext keeps text read from files (records, cases, PPN,
// rulesets) from acting on the terminal it is printed to. Check refuses
// control characters where a file gives a title or a comment; Escape
// writes any that still reach output as visible escapes (\x1b, \u202e),
// so that an ESC or OSC sequence, a bidi override or a bell in a file is
// shown, never obeyed.
package termtext
