package game

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/preference-rules/pref/interpreter/cards"
	"github.com/preference-rules/pref/interpreter/deal"
	"github.com/preference-rules/pref/interpreter/ruleset"
)

// What each action is called.
//
// The program speaks of actions in three vocabularies today: the prompt's
// (a decision offered to a player, and the hint), a record's (the token a
// record file holds and is read back from) and the computer players'
// reasons. Rather than each front end keeping words of its own, the three
// are declared here side by side, one row per kind of action (kinds), so
// that where they differ the row shows it. They differ only where a record
// needs a token of one word and the prompt a sentence:
//   - a yes-or-no question is answered "yes"/"no" at the prompt and in the
//     reasons, and by its token in a record (take, hand/talon, retrieve,
//     open/closed, invite, give up/play, contra, recontra...);
//   - a defence choice is the lessons' words everywhere: "play" and "drop
//     out" at the prompt ("drop" in a record and the reasons), "take half"
//     at the prompt ("half" elsewhere);
//   - a contract or call is named at the prompt as the lessons name it:
//     the ruleset's label, with the bid's own name beside it where the two
//     differ in more than accents ("hearts (Préférence)"); a record and the
//     reasons keep the bid's name (hearts), which a record is read by.
// A record written before these words (the prompt once said "defend" and
// "pass") is read by record.ParseWord, which never read the prompt's words.

// Vocabulary is whose words an action is named in.
type Vocabulary int

const (
	// Spoken: how a decision is offered to a player and told (the prompt,
	// the hint), cards by their symbols.
	Spoken Vocabulary = iota
	// Written: a record's token for the decision, which record.ParseWord
	// reads back; cards by their plain names (10S).
	Written
	// Reasoned: how a computer player's reason names it; cards by their
	// plain names.
	Reasoned
	vocabularies
)

// The words a record writes before a discard's cards and for a
// concession (with the contract given up, where it is named).
const (
	DiscardWord = "discard"
	ConcedeWord = "concede"
)

// Namer names cards and seats the way one reader wants them (a terminal's
// letters or symbols, in colour) in the Spoken vocabulary; a nil field is
// the state's own: the deck's symbols, and the names the state was told.
type Namer struct {
	Card  func(cards.Card) string
	Cards func(cards.Mask) string
	Seat  func(seat int) string
}

func (n Namer) card(s *State, c cards.Card) string {
	if n.Card != nil {
		return n.Card(c)
	}
	return s.R.Deck.Pretty(c)
}

func (n Namer) cards(s *State, m cards.Mask) string {
	if n.Cards != nil {
		return n.Cards(m)
	}
	return s.R.Deck.Format(m, true)
}

func (n Namer) seat(s *State, seat int) string {
	if n.Seat != nil {
		return n.Seat(seat)
	}
	return s.SeatName(seat)
}

// namer writes an action of its kind in one vocabulary.
type namer func(s *State, a Action, n Namer) string

// kindWords is what one kind of action is called. A yes-or-no decision has
// its question and its two answers in each vocabulary; any other kind a
// namer for each vocabulary.
type kindWords struct {
	ask    string                         // the question the prompt puts
	askFor func(s *State, n Namer) string // the question, where it depends on the state
	yes    [vocabularies]string
	no     [vocabularies]string
	// alsoYes are the words a record may write for yes besides the
	// written one and "yes"; a record may always write "no" or "pass"
	// for no, besides the written one.
	alsoYes []string
	// yesFor is the yes, where the state says it (the doubling called)
	yesFor func(s *State) string
	// name writes a kind that is no yes or no, in each vocabulary
	name [vocabularies]namer
}

// plainYes and plainNo are the answers every vocabulary says alike.
var (
	plainYes = [vocabularies]string{Spoken: "yes", Written: "yes", Reasoned: "yes"}
	plainNo  = [vocabularies]string{Spoken: "no", Written: "no", Reasoned: "no"}
)

// kinds is the one table of the words for every kind of action, by the
// phase whose decision it is.
var kinds = [PhaseOver]kindWords{
	PhaseAuction: {name: [vocabularies]namer{ // "pass", "hearts hand", or the ladder's own name for a call
		Spoken:   spokenCall,
		Written:  callWord,
		Reasoned: callWord,
	}},
	PhaseOffer: {
		ask:     "Everybody passed. Become declarer?",
		yes:     [vocabularies]string{Spoken: "yes", Written: "take", Reasoned: "yes"},
		no:      plainNo,
		alsoYes: []string{"declare"},
	},
	PhasePotAuction: {name: [vocabularies]namer{ // "pass", or the amount offered
		Spoken:   spokenOffer,
		Written:  offerWord,
		Reasoned: offerWord,
	}},
	PhaseFromHand: {
		ask: "Play from the hand, without the talon?",
		yes: [vocabularies]string{Spoken: "yes", Written: "hand", Reasoned: "yes"},
		no:  [vocabularies]string{Spoken: "no", Written: "talon", Reasoned: "no"},
	},
	PhaseDiscard: {name: [vocabularies]namer{
		Spoken:   func(s *State, a Action, n Namer) string { return n.cards(s, a.Cards) },
		Written:  func(s *State, a Action, _ Namer) string { return DiscardWord + " " + s.R.Deck.Format(a.Cards, false) },
		Reasoned: func(s *State, a Action, _ Namer) string { return s.R.Deck.Format(a.Cards, false) },
	}},
	PhaseAnnounce: {name: [vocabularies]namer{ // a contract, or giving up (a record names the contract given up)
		Spoken:   announcement("give up", false, SpokenContract),
		Written:  announcement(ConcedeWord, true, contractName),
		Reasoned: announcement("give up", false, contractLabel),
	}},
	PhaseDefend: {name: [vocabularies]namer{
		Spoken:   choiceWord(Spoken),
		Written:  choiceWord(Written),
		Reasoned: choiceWord(Reasoned),
	}},
	PhaseRetrieve: {
		ask:     "The other defender took half. Whist after all (you then defend alone)?",
		yes:     [vocabularies]string{Spoken: "yes", Written: "retrieve", Reasoned: "yes"},
		no:      plainNo,
		alsoYes: []string{"play"},
	},
	PhaseOpen: {
		ask: "The other defender passed. Play open (both defending hands shown, you play both)?",
		yes: [vocabularies]string{Spoken: "yes", Written: "open", Reasoned: "yes"},
		no:  [vocabularies]string{Spoken: "no", Written: "closed", Reasoned: "no"},
	},
	PhaseInvite: {
		ask: "The other defender dropped out. Invite them?",
		yes: [vocabularies]string{Spoken: "yes", Written: "invite", Reasoned: "yes"},
		no:  plainNo,
	},
	PhaseGiveUp: {
		ask:     "Give up before play?",
		yes:     [vocabularies]string{Spoken: "yes", Written: "give up", Reasoned: "yes"},
		no:      [vocabularies]string{Spoken: "no", Written: "play", Reasoned: "no"},
		alsoYes: []string{"give-up", ConcedeWord},
	},
	PhaseContra: {
		askFor: contraQuestion,
		yes:    [vocabularies]string{Spoken: "yes", Written: "contra", Reasoned: "yes"},
		no:     plainNo,
	},
	PhaseRecontra: {
		askFor: recontraQuestion,
		yes:    plainYes,
		yesFor: doublingCalled, // a record writes the doubling called: recontra, subcontra, mortcontra
		no:     plainNo,
	},
	PhasePlay: {name: [vocabularies]namer{
		Spoken:   func(s *State, a Action, n Namer) string { return n.card(s, a.Card()) },
		Written:  func(s *State, a Action, _ Namer) string { return s.R.Deck.Name(a.Card()) },
		Reasoned: func(s *State, a Action, _ Namer) string { return s.R.Deck.Name(a.Card()) },
	}},
}

// defenceWords are the defence choices' words in each vocabulary.
var defenceWords = [...][vocabularies]string{
	deal.NoChoice: {Spoken: "-", Written: "-", Reasoned: "-"},
	deal.Play:     {Spoken: "play", Written: "play", Reasoned: "play"},
	deal.Drop:     {Spoken: "drop out", Written: "drop", Reasoned: "drop"},
	deal.Invite:   {Spoken: "invite", Written: "invite", Reasoned: "invite"},
	deal.Half:     {Spoken: "take half", Written: "half", Reasoned: "half"},
}

// ActionString is action a in the player's words (the Spoken vocabulary),
// cards by the deck's symbols and seats by the names the state was told.
func (s *State) ActionString(a Action) string { return s.ActionWords(a, Spoken, Namer{}) }

// ActionWords is action a in vocabulary v, cards and seats named by n (a
// Namer's nil fields are the state's own names).
func (s *State) ActionWords(a Action, v Vocabulary, n Namer) string {
	if int(a.Phase) >= len(kinds) || v < 0 || v >= vocabularies {
		return unknownAction(a, v)
	}
	k := &kinds[a.Phase]
	if k.name[v] != nil {
		return k.name[v](s, a, n)
	}
	if a.Value != Yes {
		return k.no[v]
	}
	if k.yesFor != nil && v == Written {
		return k.yesFor(s)
	}
	return k.yes[v]
}

// unknownAction names an action of no kind the table knows (the deal
// over): the prompt and the reasons answer yes or no, a record "?".
func unknownAction(a Action, v Vocabulary) string {
	switch {
	case v == Written:
		return "?"
	case a.Value == Yes:
		return "yes"
	}
	return "no"
}

// Question is the yes-or-no question the prompt puts for a decision of
// phase ph (seats named by n); the phase's name and "?" for a phase that
// asks no yes or no.
func (s *State) Question(ph Phase, n Namer) string {
	if int(ph) < len(kinds) {
		switch k := &kinds[ph]; {
		case k.askFor != nil:
			return k.askFor(s, n)
		case k.ask != "":
			return k.ask
		}
	}
	return ph.String() + "?"
}

// Answers are the words a record may write for the yes and for the no of
// a yes-or-no decision of phase ph: each list the written word first,
// and the yes words in the order a refusal lists them; ok is false for a
// phase that asks no yes or no.
func (s *State) Answers(ph Phase) (yes, no []string, ok bool) {
	if int(ph) >= len(kinds) || kinds[ph].ask == "" && kinds[ph].askFor == nil {
		return nil, nil, false
	}
	k := &kinds[ph]
	written := k.yes[Written]
	if k.yesFor != nil {
		written = k.yesFor(s)
	}
	yes = append(append([]string{written}, k.alsoYes...), "yes")
	no = []string{k.no[Written]}
	for _, w := range []string{"no", "pass"} {
		if w != no[0] {
			no = append(no, w)
		}
	}
	return yes, no, true
}

// callWord names a call of the auction: pass, or the call's name on the
// ladder.
func callWord(s *State, a Action, _ Namer) string {
	if a.Value == Pass {
		return "pass"
	}
	if a.Value < 0 || a.Value >= len(s.R.Ladder) {
		return fmt.Sprintf("bid %d (not on the ladder)", a.Value)
	}
	return s.R.CallName(s.R.Ladder[a.Value])
}

// spokenCall names a call as the prompt offers it: pass, a call the
// ladder names itself (totus) by that name, or the contract as the lessons
// name it (SpokenContract), with "hand" for a call from the hand.
func spokenCall(s *State, a Action, n Namer) string {
	if a.Value == Pass {
		return s.R.PassWord() // the table's word where a term set says one
	}
	if a.Value < 0 || a.Value >= len(s.R.Ladder) {
		return callWord(s, a, n)
	}
	return SpokenCall(s.R, s.R.Ladder[a.Value])
}

// SpokenCall is call c of r's ladder as the prompt and the narration say
// it: the ladder's own name for it (totus), or the contract as the lessons
// name it, with "hand" for a call from the hand.
func SpokenCall(r *ruleset.Ruleset, c ruleset.Call) string {
	if c.Name != "" || c.Contract < 0 || c.Contract >= len(r.Contracts) {
		return r.CallName(c)
	}
	name := SpokenContract(&r.Contracts[c.Contract])
	if c.Hand {
		name += " hand"
	}
	return name
}

// SpokenContract is a contract's name as the lessons and the prompt say
// it: its label where it has one, with the name a record writes beside it
// when the label does not already say it ("hearts (Préférence)", but
// "misère" for misere and "Eins (clubs)" for clubs).
func SpokenContract(c *ruleset.Contract) string {
	switch {
	case c.Label == "" || c.Label == c.Name:
		return c.Name
	case c.TableWord: // the table's own word for it (6 piki): said alone
		return c.Label
	case sameLetters(c.Label, c.Name) || strings.Contains(strings.ToLower(c.Label), strings.ToLower(c.Name)):
		return c.Label
	}
	return c.Name + " (" + c.Label + ")"
}

// sameLetters is whether label spells name but for accents, case and a
// space for a hyphen (misère, misere; open misère, open-misere).
func sameLetters(label, name string) bool {
	l, n := []rune(strings.ToLower(label)), []rune(strings.ToLower(name))
	if len(l) != len(n) {
		return false
	}
	for i := range l {
		switch {
		case l[i] == n[i], l[i] > 127 && n[i] < 128, l[i] == ' ' && n[i] == '-':
		default:
			return false
		}
	}
	return true
}

// offerWord names an offer into the pot: pass for none.
func offerWord(_ *State, a Action, _ Namer) string {
	if a.Value == 0 {
		return "pass"
	}
	return strconv.Itoa(a.Value)
}

// spokenOffer names an offer as the prompt says it: the table's pass.
func spokenOffer(s *State, a Action, n Namer) string {
	if a.Value == 0 {
		return s.R.PassWord()
	}
	return offerWord(s, a, n)
}

// announcement names an announcement: the contract by name, or the
// concession's words (followed by the contract given up, where it is
// named and nameGivenUp).
func announcement(concession string, nameGivenUp bool, name func(*ruleset.Contract) string) namer {
	return func(s *State, a Action, _ Namer) string {
		known := a.Value >= 0 && a.Value < len(s.R.Contracts)
		switch {
		case a.Concede && nameGivenUp && known:
			return concession + " " + s.R.Contracts[a.Value].Name
		case a.Concede:
			return concession
		case !known:
			return fmt.Sprintf("contract %d", a.Value)
		}
		return name(&s.R.Contracts[a.Value])
	}
}

// contractName is a contract's name; contractLabel is the name it is
// shown by (its label, where it has one).
func contractName(c *ruleset.Contract) string  { return c.Name }
func contractLabel(c *ruleset.Contract) string { return c.Display() }

// choiceWord names a defence choice in vocabulary v.
func choiceWord(v Vocabulary) namer {
	return func(s *State, a Action, _ Namer) string {
		if a.Value < 0 || a.Value >= len(defenceWords) {
			return fmt.Sprintf("choice %d", a.Value)
		}
		if v == Spoken { // the table's word where a term set says one
			if w := s.R.DefenceWord(defenceWords[a.Value][Written]); w != "" {
				return w
			}
		}
		return defenceWords[a.Value][v]
	}
}

// doublingCalled is the doubling a yes to the awaited contra calls:
// recontra, subcontra, mortcontra.
func doublingCalled(s *State) string {
	return ruleset.ContraCalls[max(s.ContraCall(), 2)]
}

// contraQuestion asks a defender whether to double, in the table's word
// for it (kontra).
func contraQuestion(s *State, _ Namer) string { return UpperFirst(s.R.ContraWord(1)) + "?" }

// recontraQuestion asks whether to answer the last doubling, in the
// table's words for the doublings.
func recontraQuestion(s *State, n Namer) string {
	by := n.seat(s, s.ContraBy())
	r := s.R
	if call := s.ContraCall(); call > 2 {
		return fmt.Sprintf("%s doubled to %s. %s?", by, r.ContraWord(call-1), UpperFirst(r.ContraWord(call)))
	}
	return by + " calls " + r.ContraWord(1) + ". " + UpperFirst(r.ContraWord(2)) + "?"
}

// UpperFirst is s with its first letter a capital (a letter of any script).
func UpperFirst(s string) string {
	for i, c := range s {
		return strings.ToUpper(string(c)) + s[i+len(string(c)):]
	}
	return s
}
