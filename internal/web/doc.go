// Package web is pref serve: a local web table on the application layer
// (internal/app, internal/rulings, tutorial), as the terminal is. It plays
// a session of any ruleset with the person at the first seat, shows the
// rulebook of any ruleset as HTML and lists the rulesets; every asset is
// embedded, so it works offline.
//
// Safety (docs/web.md): it binds loopback by default, refuses a request
// whose Host is not the address it serves (DNS rebinding), bounds every
// body to the CLI's 2 MiB, answers bad input with the CLI's clear errors
// and never a stack trace, and never sends the page a card its seat may
// not see (game.State.Hidden).
package web
