// Package terminal is pref's terminal front end: the screens and the input
// of a person at a terminal, standing on package app's session and printer.
//
//   - Screen: the full-screen seat (bubbletea), which steps an app.Session
//     itself: the transcript, the table at a glance, the question with its
//     choices, hints (?) and taking back (u). PlayFullScreen runs it.
//   - Human: the line seat, a game.Player that asks plain-text prompts on a
//     reader (a pipe or a terminal), for scripts and for --plain.
//   - TutorialScreen: the lessons a page at a time and the guided deal with
//     its questions; CoursePages renders the lessons for it, and the lesson
//     reached is kept between runs (LoadProgress, SaveProgress).
//   - Pager: a long text a screen at a time (pref rules).
//
// Whether standard input and output are terminals is the command line's
// question (cmd/pref), which picks the screen or the line seat.
package terminal
