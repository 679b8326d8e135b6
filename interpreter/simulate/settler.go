package simulate

import (
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/interpreter/settle"
)

func newSettler(r *ruleset.Ruleset) *settle.Settler { return settle.New(r) }
