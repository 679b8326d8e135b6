package ruleset

// CallWordsSpec is call_words: as written, what a table calls the
// doublings: {contra: kontra, recontra: rekontra, ...}. A call left out
// keeps its English word.
type CallWordsSpec struct {
	Contra     string `yaml:"contra"`
	Recontra   string `yaml:"recontra"`
	Subcontra  string `yaml:"subcontra"`
	Mortcontra string `yaml:"mortcontra"`
}

// callWords compiles call_words: each doubling's word by level, the
// English word (ContraCalls) where the ruleset names none.
func (c *compiler) callWords(s *Spec) {
	c.r.ContraWords = ContraCalls
	if w := s.CallWords; w != nil {
		for level, word := range []string{1: w.Contra, 2: w.Recontra, 3: w.Subcontra, 4: w.Mortcontra} {
			if word != "" {
				c.r.ContraWords[level] = word
			}
		}
	}
}

// ContraWord is what r's table calls the doubling of the given level (1
// contra ... 4 mortcontra) in what a player reads: the menus, the
// narration, settlements and explanations. A record writes ContraCalls'
// words whatever the table says, and is read by them.
func (r *Ruleset) ContraWord(level int) string {
	if level < 1 || level >= len(r.ContraWords) {
		return ""
	}
	if w := r.ContraWords[level]; w != "" {
		return w
	}
	return ContraCalls[level] // a Ruleset built by hand, not compiled
}

// ContraWordsUpTo are the words of the doublings from contra to level.
func (r *Ruleset) ContraWordsUpTo(level int) []string {
	var out []string
	for k := 1; k <= min(level, MaxContraLevels); k++ {
		out = append(out, r.ContraWord(k))
	}
	return out
}
