package game_test

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/preference-rules/pref/interpreter/cards"
	"github.com/preference-rules/pref/interpreter/deal"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/rulesets"
)

// The words each front end used before the table in words.go, copied
// here as the expectation the table must give to the byte: the prompt's
// (cmd/pref/prompts.go's printer.actionName and printer.question, with the
// printer's card and seat names), a record's (record.Word) and the strong
// player's reasons (bot's actionWord).

// oldPrinter is the part of cmd/pref's printer the prompt's words use.
type oldPrinter struct {
	r     *ruleset.Ruleset
	ascii bool
	paint func(c cards.Card, name string) string
	names []string
}

func (p *oldPrinter) seatName(seat int) string {
	if seat == game.TalonSeat {
		return "talon"
	}
	return p.names[seat]
}

func (p *oldPrinter) cards(m cards.Mask) string {
	if m == 0 {
		return "-"
	}
	if p.paint == nil {
		return p.r.Deck.Format(m, !p.ascii)
	}
	var b strings.Builder
	for s := len(p.r.Deck.SuitIDs) - 1; s >= 0; s-- {
		for part := m.Suit(cards.Suit(s)); part != 0; {
			c := part.Highest()
			part &^= c.Bit()
			if b.Len() > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(p.card(c))
		}
	}
	return b.String()
}

func (p *oldPrinter) card(c cards.Card) string {
	name := p.r.Deck.Pretty(c)
	if p.ascii {
		name = p.r.Deck.Name(c)
	}
	if p.paint != nil {
		return p.paint(c, name)
	}
	return name
}

func (p *oldPrinter) question(g *game.State, ph game.Phase) string {
	switch ph {
	case game.PhaseOffer:
		return "Everybody passed. Become declarer?"
	case game.PhaseFromHand:
		return "Play from the hand, without the talon?"
	case game.PhaseRetrieve:
		return "The other defender took half. Whist after all (you then defend alone)?"
	case game.PhaseOpen:
		return "The other defender passed. Play open (both defending hands shown, you play both)?"
	case game.PhaseInvite:
		return "The other defender dropped out. Invite them?"
	case game.PhaseGiveUp:
		return "Give up before play?"
	case game.PhaseContra: // the doublings in the table's words (call_words), English by default
		return capital(g.R.ContraWord(1)) + "?"
	case game.PhaseRecontra:
		if call := g.ContraCall(); call > 2 {
			return fmt.Sprintf("%s doubled to %s. %s?", p.seatName(g.ContraBy()), g.R.ContraWord(call-1), capital(g.R.ContraWord(call)))
		}
		return p.seatName(g.ContraBy()) + " calls " + g.R.ContraWord(1) + ". " + capital(g.R.ContraWord(2)) + "?"
	}
	return ph.String() + "?"
}

func (p *oldPrinter) actionName(g *game.State, a game.Action) string {
	switch a.Phase {
	case game.PhaseAuction:
		if a.Value == game.Pass {
			return g.R.PassWord() // a term set's word since issue 26 (dalje), else "pass"
		}
		// since issue 26 the prompt names the contract as the lessons do
		if c := g.R.Ladder[a.Value]; c.Name == "" {
			return strings.TrimSuffix(game.SpokenContract(&g.R.Contracts[c.Contract])+map[bool]string{true: " hand"}[c.Hand], " ")
		}
		return g.R.CallName(g.R.Ladder[a.Value])
	case game.PhaseAnnounce:
		if a.Concede {
			return "give up"
		}
		return game.SpokenContract(&g.R.Contracts[a.Value])
	case game.PhaseDefend:
		if w := g.R.DefenceWord([...]string{"-", "play", "drop", "invite", "half"}[a.Value]); w != "" {
			return w // a term set's word since issue 26 (dođem, vist)
		}
		switch deal.Choice(a.Value) { // the lessons' words since issue 26 (were "defend", "pass", "half")
		case deal.Play:
			return "play"
		case deal.Drop:
			return "drop out"
		case deal.Half:
			return "take half"
		}
		return deal.Choice(a.Value).String()
	case game.PhasePotAuction:
		if a.Value == 0 {
			return g.R.PassWord()
		}
	case game.PhasePlay:
		return p.card(a.Card())
	case game.PhaseDiscard:
		return p.cards(a.Cards)
	default:
		if a.Value == game.Yes {
			return "yes"
		}
		return "no"
	}
	return fmt.Sprint(a.Value)
}

// namer is the printer's names handed to the table, as the prompt does.
func (p *oldPrinter) namer() game.Namer {
	return game.Namer{Card: p.card, Cards: p.cards, Seat: p.seatName}
}

// oldRecordWord is record.Word before the table (cards aside: a record
// writes them in its tricks).
func oldRecordWord(g *game.State, a game.Action) string {
	r := g.R
	yn := func(yes, no string) string {
		if a.Value == game.Yes {
			return yes
		}
		return no
	}
	switch a.Phase {
	case game.PhaseAuction:
		if a.Value == game.Pass {
			return "pass"
		}
		return r.CallName(r.Ladder[a.Value])
	case game.PhaseOffer:
		return yn("take", "no")
	case game.PhasePotAuction:
		if a.Value == 0 {
			return "pass"
		}
		return strconv.Itoa(a.Value)
	case game.PhaseFromHand:
		return yn("hand", "talon")
	case game.PhaseDiscard:
		return "discard " + r.Deck.Format(a.Cards, false)
	case game.PhaseAnnounce:
		if a.Concede {
			if a.Value >= 0 {
				return "concede " + r.Contracts[a.Value].Name
			}
			return "concede"
		}
		return r.Contracts[a.Value].Name
	case game.PhaseDefend:
		return deal.Choice(a.Value).String()
	case game.PhaseRetrieve:
		return yn("retrieve", "no")
	case game.PhaseOpen:
		return yn("open", "closed")
	case game.PhaseInvite:
		return yn("invite", "no")
	case game.PhaseGiveUp:
		return yn("give up", "play")
	case game.PhaseContra:
		return yn("contra", "no")
	case game.PhaseRecontra:
		return yn(ruleset.ContraCalls[max(g.ContraCall(), 2)], "no")
	}
	return "?"
}

// oldReasonWord is the strong player's actionWord before the table, for
// the kinds its reasons name (the others it named in its own sentences).
func oldReasonWord(g *game.State, a game.Action) (string, bool) {
	switch a.Phase {
	case game.PhaseDefend:
		return [...]string{"-", "play", "drop", "invite", "half"}[a.Value], true
	case game.PhaseAnnounce:
		if a.Concede {
			return "give up", true
		}
		return g.R.Contracts[a.Value].Display(), true
	case game.PhaseAuction:
		if a.Value == game.Pass {
			return "", false
		}
		return g.R.CallName(g.R.Ladder[a.Value]), true // bid's reason names the call aimed at
	case game.PhaseDiscard:
		return g.R.Deck.Format(a.Cards, false), true // lay's reason names the cards laid aside
	case game.PhasePotAuction, game.PhasePlay:
		return "", false
	}
	if a.Value == game.Yes {
		return "yes", true
	}
	return "no", true
}

// wordVariants are every embedded ruleset with its options at their
// defaults, then each option set to each other value it may take (whole
// numbers left at their default), so that every kind of decision an
// option brings is met.
func wordVariants(t *testing.T) map[string]*ruleset.Ruleset {
	out := map[string]*ruleset.Ruleset{}
	for _, name := range rulesets.Names() {
		base, err := rulesets.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		out[name] = base
		for _, o := range base.Options {
			var values []any
			switch d := o.Default.(type) {
			case bool:
				values = []any{!d}
			case string:
				for _, v := range o.Values {
					if v != d {
						values = append(values, v)
					}
				}
			}
			for _, v := range values {
				r, err := base.With(map[string]any{o.Name: v})
				if err != nil {
					t.Fatalf("%s %s=%v: %v", name, o.Name, v, err)
				}
				out[fmt.Sprintf("%s %s=%v", name, o.Name, v)] = r
			}
		}
	}
	return out
}

// TestActionWordsAsBefore plays random deals of every embedded ruleset
// and option and, at every decision, names each legal action through the
// table in each vocabulary, and each yes-or-no question, comparing them
// with the words each front end wrote before the table: the prompt (with
// its symbols, letters and colours), a record and the reasons.
func TestActionWordsAsBefore(t *testing.T) {
	deals := 40
	if testing.Short() {
		deals = 15
	}
	seen := map[game.Phase]int{}
	deeper := 0
	for variant, r := range wordVariants(t) {
		names := []string{"Anna", "Boris", "Clara", "Dora"}[:r.Hands]
		printers := []*oldPrinter{
			{r: r, names: names},
			{r: r, names: names, ascii: true},
			{r: r, names: names, paint: func(c cards.Card, name string) string { return "<" + r.Deck.SuitIDs[c.Suit()] + ">" + name }},
		}
		rng := rand.New(rand.NewPCG(7, uint64(len(variant))))
		for d := 0; d < deals; d++ {
			g := game.New(r, nil)
			g.Deal(rng)
			copy(g.Names[:], names)
			// every decision but the cards comes before the play: two
			// tricks show the cards' words
			for steps := 0; !g.Over() && g.NTricks < 2; steps++ {
				if steps > 1000 {
					t.Fatalf("%s deal %d: no end after %d steps", variant, d, steps)
				}
				legal := concrete(rng, g.LegalActions(nil))
				if len(legal) == 0 {
					t.Fatalf("%s deal %d: %s without a legal action", variant, d, g.Phase())
				}
				seen[g.Phase()]++
				if g.ContraCall() > 2 {
					deeper++ // a subcontra or more: the question names the doubling before
				}
				checkWords(t, variant, &g.State, append(legal, namedOnly(legal)...), printers)
				// a pass or a no half the time, and a defender drops or
				// takes half, so that all pass and defenders leave the
				// defence often enough to reach the offers and the
				// questions after a drop
				choice := legal[0]
				if g.Phase() == game.PhaseDefend {
					choice = legal[len(legal)-1]
				}
				if rng.IntN(2) == 0 {
					choice = legal[rng.IntN(len(legal))]
				}
				if _, err := g.Apply(choice); err != nil {
					t.Fatalf("%s deal %d: %v", variant, d, err)
				}
			}
		}
	}
	if deeper == 0 {
		t.Errorf("no answer to a recontra was met: the question naming the doubling went unchecked")
	}
	for ph := game.PhaseAuction; ph < game.PhaseOver; ph++ {
		if seen[ph] == 0 {
			t.Errorf("no decision of %s was met: its words went unchecked", ph)
		}
	}
}

// concrete is legal with its discard made: a random choice of the cards
// to lay aside.
func concrete(rng *rand.Rand, legal []game.Action) []game.Action {
	for i, a := range legal {
		if a.Phase == game.PhaseDiscard {
			cs := a.Cards.Cards()
			rng.Shuffle(len(cs), func(i, j int) { cs[i], cs[j] = cs[j], cs[i] })
			legal[i].Cards = 0
			for _, c := range cs[:a.Value] {
				legal[i].Cards |= c.Bit()
			}
		}
	}
	return legal
}

// namedOnly are actions legal too but not listed, to be named: a higher
// offer into the pot than the least, a concession naming a contract.
func namedOnly(legal []game.Action) []game.Action {
	var out []game.Action
	for _, a := range legal {
		switch {
		case a.Phase == game.PhasePotAuction && a.Value > 0:
			out = append(out, game.Action{Phase: a.Phase, Seat: a.Seat, Value: a.Value + 3})
		case a.Phase == game.PhaseAnnounce && !a.Concede:
			out = append(out, game.Action{Phase: a.Phase, Seat: a.Seat, Value: a.Value, Concede: true})
		}
	}
	return out
}

// checkWords compares the table's words for every action of legal, and
// the question of a yes-or-no decision, with the words before it.
func checkWords(t *testing.T, variant string, s *game.State, legal []game.Action, printers []*oldPrinter) {
	t.Helper()
	ph := s.Phase()
	for _, p := range printers {
		if got, want := s.Question(ph, p.namer()), p.question(s, ph); got != want {
			t.Errorf("%s: %s: question %q, before %q", variant, ph, got, want)
		}
	}
	if got, want := s.Question(ph, game.Namer{}), printers[0].question(s, ph); got != want {
		t.Errorf("%s: %s: question with the state's names %q, before %q", variant, ph, got, want)
	}
	for _, a := range legal {
		for _, p := range printers {
			if got, want := s.ActionWords(a, game.Spoken, p.namer()), p.actionName(s, a); got != want {
				t.Errorf("%s: %s %+v: spoken %q, the prompt said %q", variant, ph, a, got, want)
			}
		}
		if got, want := s.ActionString(a), printers[0].actionName(s, a); got != want {
			t.Errorf("%s: %s %+v: ActionString %q, the prompt said %q", variant, ph, a, got, want)
		}
		if a.Phase != game.PhasePlay {
			if got, want := s.ActionWords(a, game.Written, game.Namer{}), oldRecordWord(s, a); got != want {
				t.Errorf("%s: %s %+v: written %q, a record said %q", variant, ph, a, got, want)
			}
		}
		if want, ok := oldReasonWord(s, a); ok {
			if got := s.ActionWords(a, game.Reasoned, game.Namer{}); got != want {
				t.Errorf("%s: %s %+v: reasoned %q, the reasons said %q", variant, ph, a, got, want)
			}
		}
	}
}

// capital is s with its first letter a capital (the words are ASCII).
func capital(s string) string { return strings.ToUpper(s[:1]) + s[1:] }
