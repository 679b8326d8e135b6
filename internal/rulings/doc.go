// Package rulings holds the rulings, explanations and reports a front end
// shows, outside package main so that the command line, a web server and
// the tutorial give the same ones in the same words: the explanation of a
// deal (every call, trick and settlement rule with its arithmetic), the
// double-dummy analysis of a played record or of a stated position, a
// stated settlement's inputs read from their text and its printed ledger,
// a simulation's or a match's report, a verification run's verdicts, a
// PPN game imported or exported, and what a house variant starts from
// (pref new's starter, the schemas beside it, the notes on a valid
// ruleset).
//
// Each command of pref that rules has a request here (SettleRequest,
// ExplainRequest, VerifyRequest, ValidateRequest, AnalyseRequest,
// ImportRequest, SimulateRequest, MatchRequest, NewRequest,
// and Diff, Lint, Show, Export, ListRulesets): its flags as given, checked,
// run and written out, so that the command line only declares the flags
// and maps the errors to exit codes, and a web server runs the same code
// (request.go says how its errors tell bad input from a failed ruling).
//
// A function here is given what the front end read (bytes, flag text, an
// opened ruleset) and writes to an io.Writer; it reads no terminal and
// chooses no exit status. Texts read from flags are checked here, and
// their errors name the flag, as pref's messages always have. An error is
// input that could not be used, except a *Failure: a ruling against input
// that was read (a rule refused it, or it settles nothing), which the
// command line tells apart (exit 1, not 2).
package rulings
