package app

import "runtime/debug"

// Version is pref's version: the module's, or for a build from a
// checkout the commit it was built from (with +dirty for uncommitted
// changes).
func Version() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
	v := info.Main.Version
	var rev, dirty string
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				dirty = "+dirty"
			}
		}
	}
	if (v == "" || v == "(devel)") && rev != "" {
		if len(rev) > 12 {
			rev = rev[:12]
		}
		return "devel " + rev + dirty
	}
	if v == "" || v == "(devel)" {
		return "devel"
	}
	return v
}
