package ruleset

import (
	"maps"
	"slices"

	"gopkg.in/yaml.v3"
)

// A table's terminology: the words a table of another language says for
// the suits, the contracts and the score sheet's accounts, as named term
// sets of the ruleset that one of its word options selects (words:; the
// sets themselves are data, in rulesets/*.yaml). A set changes only what a player reads: the
// suit names of the deck, the contracts' labels and the accounts' words,
// which every printer takes from the compiled ruleset. Records, cases,
// expressions and flags keep the canonical names (spades, 6-spades,
// mountain). The sets are compiled with the ruleset and applied once, when
// it is compiled or when With selects another set: no option's sets:, so
// that choosing a set never compiles the ruleset again.

// TermsSpec is words: as written.
type TermsSpec struct {
	Option string                 `yaml:"option"` // the word option whose value names the set in force
	Sets   map[string]TermSetSpec `yaml:"sets"`   // a value of that option -> its words
}

// TermSetSpec is one set of a table's words: every part optional, what a
// part leaves out keeps the ruleset's own word.
type TermSetSpec struct {
	Suits     map[string]string `yaml:"suits"`     // suit id -> its name (S: piki)
	Contracts map[string]string `yaml:"contracts"` // contract name -> its label (6-spades: 6 piki)
	Accounts  map[string]string `yaml:"accounts"`  // sheet account -> its word (mountain: gora)
	Amounts   yaml.Node         `yaml:"amounts"`   // as amount_words: the learner's words for an amount, in the table's terms
	Glossary  []TermGlossSpec   `yaml:"glossary"`  // each word of the set, defined
	// what a player says, terms_said.go: the pass, the defence choices
	// by their record word (play, drop), the doublings and the markings
	Calls     map[string]string `yaml:"calls"`
	Defence   map[string]string `yaml:"defence"`
	CallWords *CallWordsSpec    `yaml:"call_words"`
	Marking   *MarkingSpec      `yaml:"marking"`
}

// TermGlossSpec is one word of a set in the glossary: the word as the
// running text writes it, in the table's own script, and its meaning.
type TermGlossSpec struct {
	Term   string `yaml:"term"`
	Native string `yaml:"native"`
	Means  string `yaml:"means"`
}

// TermGloss is a word of the set in force, for the glossary.
type TermGloss = TermGlossSpec

// termSet is a set compiled: the words by the index they replace.
type termSet struct {
	suits     []string               // by suit index; "" keeps the suit's own name
	labels    map[int]string         // by contract index
	accounts  map[string]string      // by account name
	amounts   map[string]AmountWords // by the name's identifier: replace the ruleset's amount words
	glossary  []TermGloss
	said      saidWords // the calls' and choices' words (terms_said.go)
	valueName string    // the option value that selects it
}

// Terms are the table's words in force: the set the terms option selects
// (Set "" when the ruleset's own words are in force).
type Terms struct {
	Set      string
	Accounts map[string]string // sheet account -> the word said; nil: the accounts' own names
	Glossary []TermGloss
	pass     string            // the auction's pass (PassWord); "" says pass
	defence  map[string]string // the defence choices' words (DefenceWord)
}

// ownWords are the words the ruleset writes itself, which a set replaces
// and the ruleset's own words restore.
type ownWords struct {
	suitNames []string
	labels    []string
	amounts   map[string]AmountWords
	// the doublings' and markings' words (terms_said.go)
	contraWords [MaxContraLevels + 1]string
	marking     MarkingWords
}

// terms compiles words: the option named, each set's names checked
// against the ruleset's suits, contracts and accounts; then the set the
// option's value selects is applied.
func (c *compiler) terms(s *Spec) {
	r := c.r
	r.own = ownWords{suitNames: append([]string(nil), r.Deck.SuitNames...), amounts: r.AmountWords, contraWords: r.ContraWords, marking: r.Marking}
	for i := range r.Contracts {
		r.own.labels = append(r.own.labels, r.Contracts[i].Label)
	}
	t := s.Terms
	if t == nil {
		return
	}
	at := c.node("words")
	o, ok := r.Option(t.Option)
	if !ok || len(o.Values) == 0 {
		c.errorf(c.node("words", "option"), "words: option %q is no option of words of this ruleset (declare it with values: [english, ...])", t.Option)
		return
	}
	r.termsOption = t.Option
	for _, name := range slices.Sorted(maps.Keys(t.Sets)) {
		if !slices.Contains(o.Values, name) {
			c.errorf(c.node("words", "sets", name), "words: set %q is no value of option %s %v", name, o.Name, o.Values)
			continue
		}
		if set, ok := c.termSet(name, t.Sets[name]); ok {
			if r.termSets == nil {
				r.termSets = map[string]*termSet{}
			}
			r.termSets[name] = set
		}
	}
	if len(r.termSets) == 0 && len(t.Sets) == 0 {
		c.errorf(at, "words: no sets of words")
	}
	r.applyTerms()
}

// termSet compiles one set, each name it replaces one of the ruleset's.
func (c *compiler) termSet(name string, s TermSetSpec) (*termSet, bool) {
	r := c.r
	ok := true
	out := &termSet{valueName: name, suits: make([]string, len(r.Deck.SuitIDs)), labels: map[int]string{}, accounts: map[string]string{}, glossary: s.Glossary}
	for id, word := range s.Suits {
		i := slices.Index(r.Deck.SuitIDs, id)
		if i < 0 || word == "" {
			c.errorf(c.node("words", "sets", name, "suits"), "words %s: suits: %q is no suit id of the deck %v (or its word is empty)", name, id, r.Deck.SuitIDs)
			ok = false
			continue
		}
		out.suits[i] = word
	}
	for contract, label := range s.Contracts {
		i, found := r.ContractByName(contract)
		if !found || label == "" {
			c.errorf(c.node("words", "sets", name, "contracts"), "words %s: contracts: %q is no contract of the ruleset (or its label is empty)", name, contract)
			ok = false
			continue
		}
		out.labels[i] = label
	}
	for account, word := range s.Accounts {
		if (!slices.Contains(r.Sheet.Accounts, account) && !slices.Contains(r.Sheet.PairAccounts, account)) || word == "" {
			c.errorf(c.node("words", "sets", name, "accounts"), "words %s: accounts: %q is no account of the score sheet (table.sheet) (or its word is empty)", name, account)
			ok = false
			continue
		}
		out.accounts[account] = word
	}
	out.amounts = c.amountWordsOf(&s.Amounts, nil)
	said, saidOK := c.saidWords(name, s)
	out.said = said
	return out, ok && saidOK
}

// applyTerms puts the words of the set the terms option selects in force
// (the ruleset's own words for a value no set names): the deck's suit
// names, the contracts' labels, the accounts' and the amounts' words.
// Each is a copy: a ruleset With derived shares r's slices and maps.
func (r *Ruleset) applyTerms() {
	set := r.selectedTerms()
	if set == nil && r.Terms.Set == "" {
		return // the ruleset's own words are in force already
	}
	r.Terms = Terms{}
	suits := append([]string(nil), r.own.suitNames...)
	contracts := append([]Contract(nil), r.Contracts...)
	for i := range contracts {
		if i < len(r.own.labels) {
			contracts[i].Label, contracts[i].TableWord = r.own.labels[i], false
		}
	}
	r.Deck.SuitNames, r.Contracts, r.AmountWords = suits, contracts, r.own.amounts
	defer r.wordLeadRules() // the lead rules pref words name the suits in force
	r.applySaid(set)
	if set == nil {
		return
	}
	for i, w := range set.suits {
		if w != "" && i < len(suits) {
			suits[i] = w
		}
	}
	for i, label := range set.labels {
		contracts[i].Label, contracts[i].TableWord = label, true
	}
	r.Terms = Terms{Set: set.valueName, Accounts: set.accounts, Glossary: set.glossary, pass: set.said.pass, defence: set.said.defence}
	if len(set.amounts) > 0 {
		r.AmountWords = maps.Clone(r.own.amounts)
		if r.AmountWords == nil {
			r.AmountWords = map[string]AmountWords{}
		}
		maps.Copy(r.AmountWords, set.amounts)
	}
}

// selectedTerms is the set the terms option's value names, nil for none.
func (r *Ruleset) selectedTerms() *termSet {
	o, ok := r.Option(r.termsOption)
	if !ok || r.termsOption == "" {
		return nil
	}
	v, _ := o.Default.(string)
	return r.termSets[v]
}

// SelectsWords reports whether the option named selects the table's words
// (words: option): it changes what a player reads, though no expression
// reads it and it sets no field.
func (r *Ruleset) SelectsWords(option string) bool {
	return option != "" && option == r.termsOption
}

// AccountWord is what the table calls a score sheet's account (gora for
// mountain): the set in force's word, or the account's own name.
func (r *Ruleset) AccountWord(account string) string {
	if w, ok := r.Terms.Accounts[account]; ok {
		return w
	}
	return account
}
