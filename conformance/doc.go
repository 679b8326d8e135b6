// Package conformance reads outcome cases (../shared/case-format.md: a
// contract, the defence, the tricks, and the payments expected) and checks
// them against the interpreter's settlement. The cases live next to it, one
// directory per ruleset; `go test ./conformance` and `pref verify` run them.
package conformance
