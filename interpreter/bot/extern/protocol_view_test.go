package extern

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/preference-rules/pref/interpreter/bot"
	"github.com/preference-rules/pref/interpreter/cards"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/rulesets"
)

// mayShow is every card seat me may see in g now, as the rules of the
// table say, written here apart from the package's view: its own cards
// as dealt, every card played to a trick, the talon when it was shown or
// me took it, and in the card play the hands laid open (an open
// contract's declarer, defenders playing open) and those me plays.
func mayShow(g *game.State, me int) cards.Mask {
	seen := g.Dealt[me] | g.Hands[me]
	for i := 0; i < g.NTricks; i++ {
		seen |= trickCards(&g.Record[i])
	}
	seen |= trickCards(g.CurrentTrick())
	d := g.Declarer
	took := d >= 0 && !g.Hand && g.R.Exchange.TakeTalon && g.Phase() > game.PhaseFromHand
	if took && (me == d || g.R.Exchange.ShowTalon) {
		seen |= g.Talon
	}
	if g.Phase() == game.PhasePlay && g.Contract >= 0 {
		ct := &g.R.Contracts[g.Contract]
		for o := 0; o < g.Seats(); o++ {
			open := d >= 0 && (o == d && ct.Open || o != d && (ct.DefendersOpen || g.Open))
			if open || g.Controller(o) == me {
				seen |= g.Hands[o]
			}
		}
	}
	return seen
}

func trickCards(t *game.Trick) cards.Mask {
	var m cards.Mask
	for k := 0; k < t.N; k++ {
		m |= t.Cards[k].Bit()
	}
	return m
}

// leaks lists the cards a message names that seat me may not see: every
// word of every string in it that reads as a card.
func leaks(r *ruleset.Ruleset, allowed cards.Mask, msg []byte) []string {
	var v any
	if err := json.Unmarshal(msg, &v); err != nil {
		return []string{"not JSON: " + err.Error()}
	}
	var out []string
	var walk func(any)
	walk = func(v any) {
		switch v := v.(type) {
		case string:
			for _, w := range strings.Fields(v) {
				if c, err := r.Deck.Parse(w); err == nil && !allowed.Has(c) {
					out = append(out, w)
				}
			}
		case []any:
			for _, x := range v {
				walk(x)
			}
		case map[string]any:
			for _, x := range v {
				walk(x)
			}
		}
	}
	walk(v)
	return out
}

// watcher is an in-process program for seat `seat` of g: it reads each
// message pref sends, checks it names no card the seat may not see,
// and answers a random legal id.
type watcher struct {
	t        *testing.T
	r        *ruleset.Ruleset
	g        *game.Game
	rng      *rand.Rand
	seat     int
	messages int
	leaked   []string
}

func (w *watcher) run(in io.Reader, out io.WriteCloser) {
	defer out.Close()
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 1<<20), 1<<22)
	for sc.Scan() {
		w.messages++
		var m struct {
			Type  string
			N     int
			Seat  int
			Legal []Legal
		}
		_ = json.Unmarshal(sc.Bytes(), &m)
		me := w.seat
		if m.Type == "decide" {
			me = w.g.Chooser()
		}
		allowed := cards.Mask(0)
		if m.Type != "hello" {
			allowed = mayShow(&w.g.State, me)
		}
		if l := leaks(w.r, allowed, sc.Bytes()); len(l) > 0 {
			w.leaked = append(w.leaked, fmt.Sprintf("%s (%s, seat %d): %v", m.Type, w.g.Phase(), me, l))
		}
		switch m.Type {
		case "hello":
			fmt.Fprintln(out, `{"protocol":"pref/1","name":"watcher"}`)
		case "decide":
			fmt.Fprintf(out, `{"n":%d,"id":%d}`+"\n", m.N, m.Legal[w.rng.IntN(len(m.Legal))].ID)
		}
	}
}

// watched is a Program talking to a watcher over in-process pipes.
func watched(t *testing.T, w *watcher) *Program {
	toProg, fromPref := io.Pipe()
	toPref, fromProg := io.Pipe()
	reaped := make(chan struct{})
	go func() { w.run(toProg, fromProg); close(reaped) }()
	stop := func() { toProg.Close(); fromPref.Close() }
	p := newProgram(Config{Label: "watcher"}, fromPref, toPref, stop, reaped, &bot.Simple{})
	if err := p.handshake(Hello{Ruleset: w.r.Name, Seat: w.seat}); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestSeatSeesOnlyItsOwn: over whole deals of every embedded ruleset, a
// program choosing at random in each seat in turn (so that every kind of
// contract, open play and a hand played for another come up) is sent no
// card of another hand, of the hidden talon or of the declarer's discard
// in any message: the hello, every decision, the outcome.
func TestSeatSeesOnlyItsOwn(t *testing.T) {
	deals := 40
	if testing.Short() {
		deals = 10
	}
	for _, name := range rulesets.Names() {
		r, err := rulesets.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(7, 11))
		asked := 0
		for d := 0; d < deals; d++ {
			seat := d % r.Hands
			players := make([]game.Player, r.Hands)
			for i := range players {
				players[i] = &bot.Simple{}
			}
			g := game.New(r, players)
			w := &watcher{t: t, r: r, g: g, rng: rng, seat: seat}
			p := watched(t, w)
			g.Players[seat] = p
			bot.FastCards(g)
			g.Deal(rng)
			if err := g.Run(); err != nil {
				t.Fatalf("%s deal %d: %v", name, d+1, err)
			}
			p.EndDeal(&g.State, seat, nil)
			p.Close()
			if c := p.Counts(); c.Refused() > 0 || c.Substituted > 0 {
				t.Fatalf("%s deal %d: the watcher's answers were refused: %+v", name, d+1, c)
			}
			for _, l := range w.leaked {
				t.Errorf("%s deal %d, seat %d: %s", name, d+1, seat, l)
			}
			asked += w.messages
		}
		if asked < deals*3 {
			t.Errorf("%s: only %d messages over %d deals", name, asked, deals)
		}
	}
}

// TestLeakCheckCanFail: the check finds a card of another hand, of the
// hidden talon and of the discard, in a word or alone, and passes the
// seat's own.
func TestLeakCheckCanFail(t *testing.T) {
	r, err := rulesets.Open("sochi")
	if err != nil {
		t.Fatal(err)
	}
	g := game.New(r, []game.Player{&bot.Simple{}, &bot.Simple{}, &bot.Simple{}})
	g.Deal(rand.New(rand.NewPCG(1, 1)))
	allowed := mayShow(&g.State, 0)
	own := r.Deck.Name(g.Hands[0].Lowest())
	other := r.Deck.Name(g.Hands[1].Lowest())
	talon := r.Deck.Name(g.Talon.Lowest())
	if l := leaks(r, allowed, []byte(`{"hand":["`+own+`"],"legal":[{"id":0,"word":"pass"}]}`)); len(l) != 0 {
		t.Errorf("own card refused: %v", l)
	}
	for _, msg := range []string{`{"hand":["` + other + `"]}`, `{"talon":["` + talon + `"]}`, `{"legal":[{"id":0,"word":"discard ` + own + ` ` + talon + `"}]}`} {
		if l := leaks(r, allowed, []byte(msg)); len(l) != 1 {
			t.Errorf("%s: found %v, want one card", msg, l)
		}
	}
	// and the view itself at the first decision names the seat's cards only
	v, _ := json.Marshal(View(&g.State, 1, g.Choices()))
	if l := leaks(r, mayShow(&g.State, g.Chooser()), v); len(l) != 0 {
		t.Errorf("the first view leaks %v", l)
	}
	if !strings.Contains(string(v), r.Deck.Name(g.Hands[g.Chooser()].Lowest())) {
		t.Errorf("the first view does not name the seat's own cards: %s", v)
	}
}
