package rulings

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/interpreter/settle"
)

// dealSentences say what happened at the table, as far as the
// settlement needs it: the contract, who needed and took how many
// tricks, who dropped out, who failed, the doublings.
func dealSentences(l *settle.Ledger, t *settle.Told) []string {
	if t == nil {
		return nil
	}
	if t.Declarer < 0 || t.Declarer >= len(l.Seats) {
		return passedSentences(l, t)
	}
	out := []string{declarerSentence(l, t)}
	if s := contraSentence(l, t); s != "" {
		out = append(out, s)
	}
	if s := defenceSentence(l, t); s != "" {
		out = append(out, s)
	}
	out = append(out, creditSentences(l, t)...)
	return append(out, failedDefenders(l, t)...)
}

// contractName is the contract as the ruleset shows it ("Préférence"),
// "from the hand" where it was.
func contractName(t *settle.Told) string {
	if t.Contract < 0 || t.Contract >= len(t.R.Contracts) {
		return "the game"
	}
	name := t.R.Contracts[t.Contract].Display()
	if t.Hand {
		name += " from the hand"
	}
	return name
}

// declarerSentence says what the declarer played, needed and took, and
// whether the game was made.
func declarerSentence(l *settle.Ledger, t *settle.Told) string {
	who, x := l.Seats[t.Declarer], &t.Facts
	game := contractName(t)
	switch {
	case x.Conceded && x.Forced:
		return fmt.Sprintf("Everybody passed and %s, who had to take the talon, gave up before play.", who)
	case x.Conceded:
		return fmt.Sprintf("%s gave up %s before play.", who, game)
	case x.Uncontested:
		return fmt.Sprintf("%s declared %s; nobody called %s, so it was not played.", who, game, t.R.ContraWord(1))
	case !x.Played:
		return fmt.Sprintf("%s declared %s and nobody played against it.", who, game)
	}
	lead := ""
	if x.Forced {
		lead = fmt.Sprintf("Everybody passed and %s had to take the talon. ", who)
	}
	return lead + fmt.Sprintf("%s %s in %s and took %d, so %s.", who, neededWords(t), game, t.Parties[t.Declarer].Tricks, madeWords(x))
}

// neededWords say what the contract asked: "needed 6 tricks", "had to
// take exactly 0 tricks" for an exact contract.
func neededWords(t *settle.Told) string {
	n := t.Facts.TricksNeeded
	if t.Contract >= 0 && t.Contract < len(t.R.Contracts) {
		ct := &t.R.Contracts[t.Contract]
		switch {
		case ct.Exact && n == 0:
			return "had to take no trick"
		case ct.Exact:
			return "had to take exactly " + count(n, "trick")
		case ct.InARow:
			return "needed " + count(n, "trick") + " in a row"
		}
	}
	return "needed " + count(n, "trick")
}

// madeWords say whether the game was made, and by how much.
func madeWords(x *ruleset.Facts) string {
	switch {
	case x.Made && x.Overtricks > 0:
		return "the game was made with " + count(x.Overtricks, "trick") + " over"
	case x.Made:
		return "the game was made"
	case x.Undertricks > 0:
		return "the game failed by " + count(x.Undertricks, "trick")
	}
	return "the game failed"
}

// contraSentence names the doublings called: "Brigitte called contra,
// Anton recontra."; where both defenders doubled (each his own contra),
// both: "Brigitte and Charlotte called contra and Anton recontra."
func contraSentence(l *settle.Ledger, t *settle.Told) string {
	level := bits.Len(uint(t.Facts.Doubling)) - 1
	if level < 1 {
		return ""
	}
	var callers []int
	for i, p := range t.Parties {
		if p.Defender && p.Doubling > 1 {
			callers = append(callers, i)
		}
	}
	if len(callers) == 0 {
		return ""
	}
	if len(callers) == 1 {
		return contraChain(l, t, []int{callers[0]}, level) + "."
	}
	// each defender's own chain, those that went as far together
	var chains []string
	done := map[int]bool{}
	for _, c := range callers {
		if done[c] {
			continue
		}
		lv := bits.Len(uint(t.Parties[c].Doubling)) - 1
		var same []int
		for _, d := range callers {
			if !done[d] && bits.Len(uint(t.Parties[d].Doubling))-1 == lv {
				same = append(same, d)
				done[d] = true
			}
		}
		chains = append(chains, contraChain(l, t, same, lv))
	}
	return strings.Join(chains, "; ") + "."
}

// contraChain is one chain of calls up to level: the callers' contra,
// the declarer's answers and theirs in turn.
func contraChain(l *settle.Ledger, t *settle.Told, callers []int, level int) string {
	var names []string
	for _, c := range callers {
		names = append(names, l.Seats[c])
	}
	var calls []string
	for k, word := range t.R.ContraWordsUpTo(level) {
		who := list(names)
		if k%2 == 1 {
			who = l.Seats[t.Declarer]
		}
		if k == 0 {
			calls = append(calls, who+" called "+word)
		} else {
			calls = append(calls, who+" "+word)
		}
	}
	return list(calls)
}

// defenceSentence says what the defenders did: who dropped out, who took
// half, the tricks each playing defender took.
func defenceSentence(l *settle.Ledger, t *settle.Told) string {
	var dropped, along, half, took []string
	for i, p := range t.Parties {
		switch {
		case !p.Defender:
		case p.Half:
			half = append(half, l.Seats[i])
		case p.Dropped && !p.Played:
			dropped = append(dropped, l.Seats[i])
		case p.Dropped && p.Played:
			// dropped out, his cards played all the same: for the other
			// defender (a lone whister, an inviter)
			along = append(along, l.Seats[i])
			took = tookWords(took, l.Seats[i], p.Tricks)
		case p.Played:
			took = tookWords(took, l.Seats[i], p.Tricks)
		}
	}
	var parts []string
	if len(dropped) > 0 {
		parts = append(parts, list(dropped)+" "+saidOr(t.R, "drop", "dropped out", ""))
	}
	for _, name := range along {
		parts = append(parts, name+" "+saidOr(t.R, "drop", "dropped out", "")+", and "+name+"'s hand was played "+playedFor(l, t))
	}
	if len(half) > 0 {
		parts = append(parts, list(half)+" "+saidOr(t.R, "half", "took half without play", " (half without play)"))
	}
	if len(took) > 0 {
		parts = append(parts, list(took))
	}
	if len(parts) == 0 {
		return ""
	}
	s := parts[0]
	for _, p := range parts[1:] {
		s += "; " + p
	}
	return s + "."
}

// tookWords adds who took how many tricks to took: the first said in
// full ("Brigitte took 2 tricks"), the others short ("Charlotte 2").
func tookWords(took []string, name string, tricks int) []string {
	if len(took) == 0 {
		return append(took, fmt.Sprintf("%s took %s", name, count(tricks, "trick")))
	}
	return append(took, fmt.Sprintf("%s %d", name, tricks))
}

// saidOr is "said <word>" and what it means where a term set in force
// names a word for the defence choice a record writes as choice (said
// dalje; said polvista (half without play)), the English words otherwise.
func saidOr(r *ruleset.Ruleset, choice, english, means string) string {
	if w := r.DefenceWord(choice); w != "" {
		return "said " + w + means
	}
	return english
}

// playedFor is for whom a dropped defender's hand was played: "for
// Brigitte", the defender credited with its tricks, or "by the defence".
func playedFor(l *settle.Ledger, t *settle.Told) string {
	for i, p := range t.Parties {
		if p.Inviter {
			return "for " + l.Seats[i]
		}
	}
	return "by the defence"
}

// creditSentences say whose tricks count for a defender who is credited
// with more than he took himself (a lone whister with the hand played
// along, an inviter): "The defence's 4 tricks count for Brigitte."
func creditSentences(l *settle.Ledger, t *settle.Told) []string {
	var out []string
	for i, p := range t.Parties {
		if p.Defender && p.Played && p.Credited > p.Tricks {
			out = append(out, fmt.Sprintf("The defence's %s count for %s.", count(p.Credited, "trick"), l.Seats[i]))
		}
	}
	return out
}

// failedDefenders say, for each playing defender who failed, what he
// needed and took.
func failedDefenders(l *settle.Ledger, t *settle.Told) []string {
	var out []string
	for i, p := range t.Parties {
		if !p.Defender || !p.Failed {
			continue
		}
		needs := defenderNeeds(t, &p)
		took := count(p.Credited, "trick")
		if p.Credited != p.Tricks {
			took += " counting the other defender's"
		}
		too := ""
		if t.Facts.Declared && !t.Facts.Made {
			too = " too"
		}
		if needs > 0 {
			out = append(out, fmt.Sprintf("%s needed %s and took %s, so %s failed%s.", l.Seats[i], count(needs, "trick"), took, l.Seats[i], too))
		} else {
			out = append(out, fmt.Sprintf("%s took %s and failed%s.", l.Seats[i], took, too))
		}
	}
	return out
}

// defenderNeeds is what a defender had to take: his share of the
// defence, the inviter's target, or what the contract asks of each.
func defenderNeeds(t *settle.Told, p *ruleset.Party) int {
	switch {
	case p.Share > 0:
		return p.Share
	case p.Inviter && t.R.Defence.Contra.Team && p.Doubling > 1:
		return t.R.Defence.Contra.TeamNeeds
	case p.Inviter:
		return t.R.Defence.InviteNeeds
	case t.Contract >= 0 && t.Contract < len(t.R.Contracts):
		return t.R.Contracts[t.Contract].EachNeeds
	}
	return 0
}

// passedSentences tell a deal nobody declared: a game everybody played,
// or none.
func passedSentences(l *settle.Ledger, t *settle.Told) []string {
	if !t.Facts.Played {
		return []string{"Everybody passed; no game was played."}
	}
	var took []string
	for i, p := range t.Parties {
		if !p.Played {
			continue
		}
		if len(took) == 0 {
			took = append(took, fmt.Sprintf("%s took %s", l.Seats[i], count(p.Tricks, "trick")))
		} else {
			took = append(took, fmt.Sprintf("%s %d", l.Seats[i], p.Tricks))
		}
	}
	if t.Facts.TalonTricks > 0 {
		took = append(took, fmt.Sprintf("the talon %d", t.Facts.TalonTricks))
	}
	s := fmt.Sprintf("Everybody passed and everybody played, each for himself (%s)", contractName(t))
	if len(took) > 0 {
		s += ": " + list(took)
	}
	return []string{s + "."}
}
