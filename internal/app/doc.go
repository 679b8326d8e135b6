// Package app is pref's application layer: what every front end (the
// terminal's line seat and full screen, the tutorial's first deal, a web
// server to come) stands on, so that none of them copies it.
//
//   - Session: a run of deals at one table of seats, human or computer,
//     stepped one decision at a time (Next, Take), with the deal taken back
//     to an earlier decision (Snapshot, Restore), left in the middle
//     (Leave) and the players' standings (Standings). It antes, deals,
//     settles, books and records each deal.
//   - Printer: the transcript in words. The session narrates each decision
//     through it as it is taken when a person plays (tell), or the whole
//     deal at its end among computers; it also gives the words the prompts
//     use (Question, ActionName) and the table at a glance (Status).
//   - The computer players that give their reasons, and Adviser, the hint.
//   - PlayRequest and TutorialRequest: pref play's and pref tutorial's
//     flags as given, checked, the table seated or the guided deal walked,
//     and the choice of how to run them (PlayMode, TutorialMode), which the
//     front end follows with its own screens.
//
// The package holds no screen and finds no terminal: a front end asks the
// session for the decision waiting, shows it its own way, and hands the
// answer back (only the plain guided deal reads answers, from the reader
// it is given). The errors a session stops with are typed (Failed,
// BadInput, Panic) so a front end can tell a failed ruling from bad input
// and from a bug.
package app
