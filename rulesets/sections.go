package rulesets

import "bytes"

// Stating lists the embedded rulesets whose own file states a top-level
// key (not one inherited through extends), sorted. A format bound to a
// ruleset by a section of it (ppn:) finds that ruleset this way, so that
// no Go code names it; the check reads the files' lines without compiling
// them (a top-level key of a block mapping starts its line).
func Stating(key string) []string {
	var out []string
	prefix := []byte(key + ":")
	for _, name := range Names() {
		data, _ := Source(name)
		if bytes.HasPrefix(data, prefix) || bytes.Contains(data, append([]byte("\n"), prefix...)) {
			out = append(out, name)
		}
	}
	return out
}
