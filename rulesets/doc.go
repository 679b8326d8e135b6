// Package rulesets embeds the shipped ruleset files (*.yaml) so the pref
// binary runs them with no files beside it. Open resolves a name to an
// embedded ruleset, or else a path to a house variant on disk.
package rulesets
