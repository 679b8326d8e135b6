package extern

import (
	"github.com/preference-rules/pref/interpreter/cards"
	"github.com/preference-rules/pref/interpreter/deal"
	"github.com/preference-rules/pref/interpreter/game"
)

// Protocol is the version this package speaks; the handshake checks the
// program answers it.
const Protocol = "pref/1"

// Hello is pref's first message: who the program is at the table.
type Hello struct {
	Type        string   `json:"type"` // "hello"
	Protocol    string   `json:"protocol"`
	Ruleset     string   `json:"ruleset"`
	Seat        int      `json:"seat"`  // the seat of its first deal (a program may play another seat in a later deal: each decision names its seat)
	Seats       []string `json:"seats"` // the seats' names in playing order, forehand first
	Deck        []string `json:"deck"`  // every card's name, lowest suit and rank first
	Contracts   []string `json:"contracts"`
	TimeLimitMS int64    `json:"time_limit_ms"`
}

// helloReply is the program's answer to Hello.
type helloReply struct {
	Protocol string `json:"protocol"`
	Name     string `json:"name"`
}

// Decision is one decision asked of the program: the view of its seat and
// the actions open to it.
type Decision struct {
	Type     string `json:"type"` // "decide"
	N        int    `json:"n"`    // the decision's number, from 1, over the program's life
	Seat     int    `json:"seat"` // the seat deciding: the program's own
	ToAct    int    `json:"to_act"`
	Phase    string `json:"phase"`
	Dealer   int    `json:"dealer"`
	Declarer int    `json:"declarer"` // -1 while nobody declared
	Contract string `json:"contract,omitempty"`
	Trump    string `json:"trump,omitempty"`
	HandGame bool   `json:"hand_game,omitempty"`
	PotOffer int    `json:"pot_offer,omitempty"`

	Hand  []string `json:"hand"`            // the seat's cards now
	Talon []string `json:"talon,omitempty"` // only when the seat may see it
	// PeekedTalon is the talon a seat may not see, told only to a program
	// seated by pref match's opt-in exec-sees-talon: (Config.PeeksTalon),
	// at its calls in the auction; never in View.
	PeekedTalon []string    `json:"peeked_talon,omitempty"`
	Laid        []string    `json:"laid,omitempty"`  // the declarer's own discard, to the declarer only
	Shown       []ShownHand `json:"shown,omitempty"` // other hands open to the seat in the card play

	Calls   []Call   `json:"calls"`
	Defence []string `json:"defence,omitempty"` // per seat, once the defence is being chosen
	Doubled []int    `json:"doubled,omitempty"` // per seat: 1 contra, 2 recontra, ...
	Tricks  []Trick  `json:"tricks"`            // finished tricks
	Trick   *Trick   `json:"trick,omitempty"`   // the trick under way
	Taken   []int    `json:"taken"`             // tricks won per seat

	Legal []Legal `json:"legal"`
}

// Call is one call of the auction.
type Call struct {
	Seat int    `json:"seat"`
	Word string `json:"word"`
}

// ShownHand is a hand the seat may see besides its own.
type ShownHand struct {
	Seat  int      `json:"seat"`
	Cards []string `json:"cards"`
}

// Trick is a trick's cards in the order played; a talon card turned into
// it has seat -1.
type Trick struct {
	Leader int         `json:"leader"`
	Cards  []TrickCard `json:"cards"`
	Winner *int        `json:"winner,omitempty"`
}

// TrickCard is one card of a trick.
type TrickCard struct {
	Seat int    `json:"seat"`
	Card string `json:"card"`
}

// Legal is one action open: its id, and its word in a record's vocabulary.
type Legal struct {
	ID   int    `json:"id"`
	Word string `json:"word"`
}

// Outcome is the deal's end, told to each program that sat in it.
type Outcome struct {
	Type     string   `json:"type"` // "outcome"
	Seat     int      `json:"seat"`
	Declarer int      `json:"declarer"`
	Contract string   `json:"contract,omitempty"`
	HandGame bool     `json:"hand_game,omitempty"`
	Conceded bool     `json:"conceded,omitempty"`
	Tricks   []int    `json:"tricks"`
	Result   *float64 `json:"result,omitempty"` // the seat's result of the deal, where the caller knows it
}

// answer is the program's answer to a Decision: an id, or a word.
type answer struct {
	N    *int    `json:"n"`
	ID   *int    `json:"id"`
	Word *string `json:"word"`
}

// names writes the cards of m by name, lowest first.
func names(g *game.State, m cards.Mask) []string {
	out := []string{}
	for ; m != 0; m &= m - 1 {
		out = append(out, g.R.Deck.Name(m.Lowest()))
	}
	return out
}

// View is the decision awaited in g as the seat deciding may see it, with
// the actions open (legal, the discard's form expanded into every choice:
// expand's list). It names no card the seat may not see.
func View(g *game.State, n int, legal []game.Action) *Decision {
	me := g.Chooser()
	v := &Decision{Type: "decide", N: n, Seat: me, ToAct: g.ToAct(), Phase: g.Phase().String(),
		Dealer: g.Dealer(), Declarer: g.Declarer, HandGame: g.Hand,
		Hand: names(g, g.Hands[me]), Calls: []Call{}, Tricks: []Trick{}, Taken: append([]int{}, g.Taken[:g.Seats()]...)}
	if g.Contract >= 0 {
		ct := &g.R.Contracts[g.Contract]
		v.Contract = ct.Name
		if ct.Trumps != cards.NoSuit {
			v.Trump = g.R.Deck.SuitIDs[ct.Trumps]
		}
	}
	if g.Phase() == game.PhasePotAuction {
		v.PotOffer = g.PotOffer()
	}
	if g.SeesTalon(me) {
		v.Talon = names(g, g.Talon)
	}
	if me == g.Declarer && g.Laid != 0 {
		v.Laid = names(g, g.Laid)
	}
	for o := 0; o < g.Seats(); o++ {
		if o != me && g.SeesHand(me, o) {
			v.Shown = append(v.Shown, ShownHand{Seat: o, Cards: names(g, g.Hands[o])})
		}
	}
	for _, c := range g.Calls {
		v.Calls = append(v.Calls, Call{Seat: c.Seat, Word: g.ActionWords(game.Action{Phase: game.PhaseAuction, Seat: c.Seat, Value: c.Call}, game.Written, game.Namer{})})
	}
	publicDefence(g, v)
	for i := 0; i < g.NTricks; i++ {
		t := trick(g, &g.Record[i])
		w := g.Record[i].Winner
		t.Winner = &w
		v.Tricks = append(v.Tricks, t)
	}
	if cur := g.CurrentTrick(); g.Phase() == game.PhasePlay && cur.N > 0 {
		t := trick(g, cur)
		v.Trick = &t
	}
	for i, a := range legal {
		v.Legal = append(v.Legal, Legal{ID: i, Word: g.ActionWords(a, game.Written, game.Namer{})})
	}
	return v
}

// publicDefence adds the defenders' choices and doublings, once any is made.
func publicDefence(g *game.State, v *Decision) {
	n := g.Seats()
	any := false
	for s := 0; s < n; s++ {
		any = any || g.Defence[s] != deal.NoChoice || g.Doubled[s] > 0
	}
	if !any {
		return
	}
	for s := 0; s < n; s++ {
		v.Defence = append(v.Defence, g.ActionWords(game.Action{Phase: game.PhaseDefend, Seat: s, Value: int(g.Defence[s])}, game.Written, game.Namer{}))
	}
	v.Doubled = append([]int{}, g.Doubled[:n]...)
}

func trick(g *game.State, t *game.Trick) Trick {
	out := Trick{Leader: t.Leader, Cards: []TrickCard{}}
	for k := 0; k < t.N; k++ {
		out.Cards = append(out.Cards, TrickCard{Seat: int(t.Seats[k]), Card: g.R.Deck.Name(t.Cards[k])})
	}
	return out
}

// expand is the actions offered as the program sees them: a discard's
// form (any Value cards of the hand) becomes every such choice, so that
// each answer is one id.
func expand(legal []game.Action) []game.Action {
	if len(legal) != 1 || legal[0].Phase != game.PhaseDiscard {
		return legal
	}
	form := legal[0]
	hand := form.Cards.Cards()
	var out []game.Action
	var pick func(from int, chosen cards.Mask, left int)
	pick = func(from int, chosen cards.Mask, left int) {
		if left == 0 {
			a := form
			a.Cards = chosen
			out = append(out, a)
			return
		}
		for i := from; i <= len(hand)-left; i++ {
			pick(i+1, chosen|hand[i].Bit(), left-1)
		}
	}
	pick(0, 0, form.Value)
	return out
}

// outcome is the deal's end as seat sees it: no card is named.
func outcome(g *game.State, seat int, result *float64) *Outcome {
	o := &Outcome{Type: "outcome", Seat: seat, Declarer: g.Declarer, HandGame: g.Hand, Conceded: g.Conceded,
		Tricks: append([]int{}, g.Taken[:g.Seats()]...), Result: result}
	if g.Contract >= 0 {
		o.Contract = g.R.Contracts[g.Contract].Name
	}
	return o
}
