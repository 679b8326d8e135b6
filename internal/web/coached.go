package web

// coachedURL is the link to a coached deal of a ruleset, played after
// the lessons.
func coachedURL(name string, options []string) string {
	return playURL(name, options, "", "simple")
}
