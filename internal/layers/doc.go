// Package layers holds only a test: the one table of pref's packages by
// layer, lowest first, and the check that no package imports one in its
// own layer or above. A new package gets its row here before it builds
// into the suite; docs/architecture.md draws the same table in words.
//
// The layers are why a rule has one home: the rules of a deal (deal) sit
// below the game, the solver, the bots and settlement, so each of them
// asks deal rather than writing the rule again, and the front ends
// (terminal, cmd) stand on the application layer (app, rulings) rather
// than copying it.
package layers
