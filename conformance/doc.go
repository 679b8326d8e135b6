// Package conformance is the test-facing conformance suite: the outcome
// cases and game records of every ruleset (conformance/<ruleset>/*.yaml, in
// the format of ../shared/case-format.md), the cases that fail on purpose
// (testdata), and the tests that run them all through package
// interpreter/verify, which checks them (`pref verify conformance/` runs
// the same). Its tests also hold the hostile-input and fuzz targets of the
// case reader (FuzzCase, FuzzCaseText). Nothing but tests imports it.
package conformance
