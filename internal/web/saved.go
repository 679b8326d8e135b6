package web

import (
	"net/url"

	"github.com/preference-rules/pref/rulesets"
)

// savedVariant is one ruleset of the user's folder (where /author saves),
// as the landing page lists it: its title, or why it does not load, and
// its links.
type savedVariant struct {
	Name, Title, Problem string
	Play, Rules, Author  string
}

// maxListed bounds the user's rulesets the landing page opens and lists: a
// folder of thousands is not a page of thousands (the rest are counted).
const maxListed = 100

// savedVariants lists the user's rulesets, each opened by name as /play
// opens it (so a file that does not load says why, with a link to mend
// it), and how many more there are than maxListed.
func savedVariants() ([]savedVariant, int) {
	names := rulesets.UserNames()
	more := max(0, len(names)-maxListed)
	names = names[:len(names)-more]
	var out []savedVariant
	for _, n := range names {
		v := savedVariant{Name: n, Play: playURL(n, nil, "", "simple"), Rules: rulesURL(n, nil),
			Author: "/author?" + url.Values{"edit": {n}}.Encode()}
		if r, err := rulesets.Open(n); err != nil {
			v.Problem = err.Error()
		} else {
			v.Title = r.Title
		}
		out = append(out, v)
	}
	return out, more
}
