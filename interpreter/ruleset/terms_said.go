package ruleset

import (
	"maps"
	"slices"
)

// The words a term set gives what a player says at the table: the pass of
// the auction, each defence choice (the play, the drop), the doublings
// (call_words) and the markings (marking). Like the rest of a set they
// change only what a player reads, the menus and the narration; a record writes the
// canonical words (pass, play, drop, contra) and is read back by them.
// They are applied with the set, once, when it is compiled or selected.

// DefenceChoiceWords are the defence choices a set may rename, by the
// word a record writes for them.
var DefenceChoiceWords = []string{"play", "drop", "half", "invite"}

// saidWords are a set's words for the calls and choices, compiled.
type saidWords struct {
	pass    string            // the auction's pass; "" keeps "pass"
	defence map[string]string // record word (play, drop ...) -> the set's word
	contra  *CallWordsSpec    // the doublings' words; nil keeps the ruleset's
	marking *MarkingSpec      // the markings' words; nil keeps the ruleset's
}

// saidWords compiles a set's calls, defence, call_words and marking.
func (c *compiler) saidWords(name string, s TermSetSpec) (saidWords, bool) {
	ok := true
	out := saidWords{defence: map[string]string{}, contra: s.CallWords, marking: s.Marking}
	for _, call := range slices.Sorted(maps.Keys(s.Calls)) { // in order: errors come in one order
		if call != "pass" || s.Calls[call] == "" {
			c.errorf(c.node("words", "sets", name, "calls"), "words %s: calls: %q is no call a set renames (pass) (or its word is empty)", name, call)
			ok = false
			continue
		}
		out.pass = s.Calls[call]
	}
	for _, choice := range slices.Sorted(maps.Keys(s.Defence)) { // in order: errors come in one order
		if !slices.Contains(DefenceChoiceWords, choice) || s.Defence[choice] == "" {
			c.errorf(c.node("words", "sets", name, "defence"), "words %s: defence: %q is no defence choice %v (or its word is empty)", name, choice, DefenceChoiceWords)
			ok = false
			continue
		}
		out.defence[choice] = s.Defence[choice]
	}
	if m := s.Marking; m != nil && m.One == "" {
		c.errorf(c.node("words", "sets", name, "marking"), "words %s: marking: one is missing", name)
		ok = false
	}
	return out, ok
}

// applySaid puts the said words of set in force (nil: the ruleset's own):
// the doublings' and markings' words restored from the ruleset's, then
// the set's over them.
func (r *Ruleset) applySaid(set *termSet) {
	r.ContraWords, r.Marking = r.own.contraWords, r.own.marking
	if set == nil {
		return
	}
	if w := set.said.contra; w != nil {
		for level, word := range []string{1: w.Contra, 2: w.Recontra, 3: w.Subcontra, 4: w.Mortcontra} {
			if word != "" {
				r.ContraWords[level] = word
			}
		}
	}
	if m := set.said.marking; m != nil && m.One != "" {
		r.Marking = markingWords(m.One, m.Several)
	}
}

// PassWord is what a player says to pass in the auction: the set in
// force's word, or "pass".
func (r *Ruleset) PassWord() string {
	if r.Terms.pass != "" {
		return r.Terms.pass
	}
	return "pass"
}

// DefenceWord is the set in force's word for the defence choice a record
// writes as written (play, drop), "" where the set names none.
func (r *Ruleset) DefenceWord(written string) string {
	return r.Terms.defence[written]
}
