// Package rulesets embeds the shipped ruleset files (*.yaml) so the pref
// binary runs them with no files beside it. Open resolves a name to an
// embedded ruleset, or else a path to a house variant on disk. Default is
// the one ruleset name Go code holds (the commands' default); Stating
// finds the embedded ruleset that states a section (ppn:), so that code
// bound to one variant reads its name from the data. TestNoVariantNamesInGoCode
// keeps other names of rulesets, options and accounts out of Go code.
package rulesets
