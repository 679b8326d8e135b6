package ruleset

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/preference-rules/pref/interpreter/cards"
	"gopkg.in/yaml.v3"
)

// MaxLeadRules bounds play.lead: the rules that bind a seat are a bit set
// (Play.LeadOff), so a card's legality reads no list it must allocate.
const MaxLeadRules = 8

// LeadSpec is one restriction on the lead as written (play.lead).
type LeadSpec struct {
	Trick  int    `yaml:"trick"`   // the trick whose lead it binds (1 on); 0: every trick
	By     string `yaml:"by"`      // the leader it binds: anyone, declarer, defenders
	Must   string `yaml:"must"`    // a suit id or trump: to be led by a leader holding one
	MayNot string `yaml:"may_not"` // a suit id or trump: not led unless the leader holds nothing else
	Words  string `yaml:"words"`   // the rule in the table's words (else pref words it)
}

// LeadRule is one restriction on the card a player leads, compiled: to
// trick Trick (0: every trick), a leader of part By must lead a card of
// the suit (Must) when he holds one, or may not lead one (!Must) unless he
// holds nothing else. The suit is the contract's trumps when Trump (a
// contract without trumps: the rule binds nobody), else Suit. A leader is
// never left without a card to lead.
type LeadRule struct {
	Trick int
	By    Part
	Must  bool
	Trump bool
	Suit  cards.Suit
	Words string     // the rule in words, for the rulebook and a refused card
	Node  *yaml.Node // where it is written, for lint
	// worded: Words are pref's (no words: written), said again in the
	// suit names of the table's words in force (applyTerms)
	worded bool
}

// Cards is the set the rule speaks of, with trumps trump.
func (l *LeadRule) Cards(trump cards.Suit) cards.Mask {
	s := l.Suit
	if l.Trump {
		s = trump
	}
	if s == cards.NoSuit {
		return 0
	}
	return cards.SuitMask(s)
}

// binds reports whether the rule binds a leader who is the declarer or
// not, in a deal with a declarer or not (a rule bound to a role binds
// nobody in a deal without a declarer, as ForSeat says of head).
func (l *LeadRule) binds(declarer, hasDeclarer bool) bool {
	switch l.By {
	case PartDefenders:
		return hasDeclarer && !declarer
	case PartDeclarer:
		return hasDeclarer && declarer
	}
	return true
}

// leadParts are the words of a lead rule's by.
var leadParts = map[string]Part{"": PartEveryone, "anyone": PartEveryone, "declarer": PartDeclarer, "defenders": PartDefenders}

// lead compiles play.lead: each rule's suit named by the deck or trump,
// its trick within the deal, and its words.
func (c *compiler) lead(s *Spec) {
	p := &c.r.Play
	for i, ls := range s.Play.Lead {
		at := func(key string) []string { return []string{"play", "lead", strconv.Itoa(i), key} }
		if i == MaxLeadRules {
			c.errorf(c.node("play", "lead", strconv.Itoa(i)), "play.lead: at most %d rules (the rules binding a seat are kept as a set of %d)", MaxLeadRules, MaxLeadRules)
			return
		}
		l := LeadRule{Trick: ls.Trick, By: leadParts[ls.By], Must: ls.Must != "", Suit: cards.NoSuit, Node: c.node("play", "lead", strconv.Itoa(i))}
		word, key := ls.Must, "must"
		if (ls.Must == "") == (ls.MayNot == "") {
			c.errorf(l.Node, "play.lead rule %d: give exactly one of must and may_not", i+1)
			continue
		}
		if !l.Must {
			word, key = ls.MayNot, "may_not"
		}
		if word == "trump" {
			l.Trump = true
		} else if su, ok := c.r.Deck.SuitByID(word); ok {
			l.Suit = su
		} else {
			c.errorf(c.node(at(key)...), "play.lead rule %d: %s %q is neither trump nor a suit id (the deck has %s)%s", i+1, key, word,
				strings.Join(c.r.Deck.SuitIDs, ", "), nearestHint(word, append([]string{"trump"}, c.r.Deck.SuitIDs...)))
			continue
		}
		if c.r.HandSize > 0 && ls.Trick > c.r.HandSize {
			c.errorf(c.node(at("trick")...), "play.lead rule %d: trick %d, but a deal has only %d tricks", i+1, ls.Trick, c.r.HandSize)
			continue
		}
		l.Words = ls.Words
		if l.Words == "" {
			l.Words, l.worded = leadWords(&l, &c.r.Deck), true
		}
		p.Lead = append(p.Lead, l)
	}
}

// wordLeadRules says again each lead rule pref words, in the deck's suit
// names in force. A copy: a ruleset With derived shares r's slice.
func (r *Ruleset) wordLeadRules() {
	if !slices.ContainsFunc(r.Play.Lead, func(l LeadRule) bool { return l.worded }) {
		return
	}
	r.Play.Lead = slices.Clone(r.Play.Lead)
	for i := range r.Play.Lead {
		if l := &r.Play.Lead[i]; l.worded {
			l.Words = leadWords(l, &r.Deck)
		}
	}
}

// leadWords says a lead rule: "the declarer may not lead a trump to the
// first trick (unless he holds nothing else)".
func leadWords(l *LeadRule, d *cards.Deck) string {
	who := map[Part]string{PartEveryone: "the leader", PartDeclarer: "the declarer", PartDefenders: "a defender"}[l.By]
	what := "a trump"
	if !l.Trump {
		what = "a card of " + d.SuitNames[l.Suit]
	}
	to := "to any trick"
	if l.Trick > 0 {
		to = "to trick " + strconv.Itoa(l.Trick)
		if l.Trick == 1 {
			to = "to the first trick"
		}
	}
	if l.Must {
		return fmt.Sprintf("%s must lead %s %s (when holding one)", who, what, to)
	}
	return fmt.Sprintf("%s may not lead %s %s (unless holding nothing else)", who, what, to)
}
