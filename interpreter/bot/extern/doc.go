// Package extern seats an outside program, written in any language, at
// pref's table: a game.Player (Program) that asks a child process each
// decision over pref's line protocol, pref/1, on the program's standard
// input and output (docs/protocol.md). No shell is run: the command is
// split into words by SplitCommand.
//
// One JSON object a line each way: a handshake first (Hello, answered
// with {"protocol":"pref/1","name":...}), then for each decision the
// seat's view (View: only what that seat may see, the actions open each
// with an id and its word in a record's vocabulary) answered with one id
// or word, and at the end of a deal its outcome (no answer).
//
// pref referees. An answer that does not come within the time limit, is
// not one JSON object on a line of at most MaxLine bytes, answers another
// decision, or names no action open is refused, logged and counted
// (Counts), and the Fallback player makes that decision. A late program
// is stopped (its late answer could not be told from the next one), as is
// one whose pipe breaks; the fallback then plays the seat to the end of
// the deal, and a Pool starts a new program for the next. A program that
// hangs or exits never holds pref longer than its time limit, and stopping
// it stops what it started (a process group of its own, on Unix).
//
// The package asks only the game for what a seat may see (State.SeesTalon,
// SeesHand) and imports no player: the fallback is given, so it sits in
// the players' layer beside package bot.
package extern
