package extern

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/preference-rules/pref/interpreter/bot"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/rulesets"
)

// peekMessage is what the peek tests read of a decision.
type peekMessage struct {
	Type        string
	N           int
	Phase       string
	PeekedTalon []string `json:"peeked_talon"`
	Legal       []Legal
}

// peekProgram is the fake program of mode peek: it answers an id not open
// (refused) to any call of the auction that does not show it the talon,
// and to any other decision that does; else the last action open.
func peekProgram() {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 1<<22)
	for in.Scan() {
		var m peekMessage
		if err := json.Unmarshal(in.Bytes(), &m); err != nil {
			os.Exit(3)
		}
		switch m.Type {
		case "hello":
			fmt.Println(`{"protocol":"pref/1","name":"peek"}`)
		case "decide":
			id := len(m.Legal) - 1
			if (m.Phase == "auction") != (len(m.PeekedTalon) > 0) {
				id = 999
			}
			fmt.Printf(`{"n":%d,"id":%d}`+"\n", m.N, id)
		}
	}
}

// recorder answers every decision with the first action open and keeps
// the talon each message showed it beyond the seat's sight, by phase.
type recorder struct {
	g      *game.Game
	peeked map[string]int // decisions by phase that carried peeked_talon
	asked  map[string]int // decisions by phase
	wrong  []string
}

func (w *recorder) run(in io.Reader, out io.WriteCloser) {
	defer out.Close()
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 1<<20), 1<<22)
	for sc.Scan() {
		var m peekMessage
		_ = json.Unmarshal(sc.Bytes(), &m)
		switch m.Type {
		case "hello":
			fmt.Fprintln(out, `{"protocol":"pref/1","name":"recorder"}`)
		case "decide":
			w.asked[m.Phase]++
			if strings.Contains(sc.Text(), "peeked_talon") {
				w.peeked[m.Phase]++
				if want := names(&w.g.State, w.g.Talon); !slices.Equal(m.PeekedTalon, want) {
					w.wrong = append(w.wrong, fmt.Sprintf("%s: peeked %v, the talon is %v", m.Phase, m.PeekedTalon, want))
				}
			}
			fmt.Fprintf(out, `{"n":%d,"id":0}`+"\n", m.N)
		}
	}
}

// recorded plays serbian deals with a program (PeeksTalon as peeks) in
// each seat in turn, the others simple, and reports what it was shown.
func recorded(t *testing.T, peeks bool, deals int) *recorder {
	t.Helper()
	r, err := rulesets.Open("serbian")
	if err != nil {
		t.Fatal(err)
	}
	w := &recorder{peeked: map[string]int{}, asked: map[string]int{}}
	rng := rand.New(rand.NewPCG(3, 30))
	for d := 0; d < deals; d++ {
		seat := d % r.Hands
		players := []game.Player{&bot.Simple{}, &bot.Simple{}, &bot.Simple{}}
		w.g = game.New(r, players)
		toProg, fromPref := io.Pipe()
		toPref, fromProg := io.Pipe()
		reaped := make(chan struct{})
		go func() { w.run(toProg, fromProg); close(reaped) }()
		stop := func() { toProg.Close(); fromPref.Close() }
		p := newProgram(Config{Label: "recorder", PeeksTalon: peeks}, fromPref, toPref, stop, reaped, &bot.Simple{})
		if err := p.handshake(Hello{Ruleset: r.Name, Seat: seat}); err != nil {
			t.Fatal(err)
		}
		w.g.Players[seat] = p
		bot.FastCards(w.g)
		w.g.Deal(rng)
		if err := w.g.Run(); err != nil {
			t.Fatalf("deal %d: %v", d+1, err)
		}
		p.Close()
		if c := p.Counts(); c.Refused() > 0 {
			t.Fatalf("deal %d: refused %+v", d+1, c)
		}
	}
	return w
}

// TestPeekedTalonOnlyInTheAuctionAndOnlyByOptIn: a program seated with
// the match-only opt-in (Config.PeeksTalon) is told the talon, the cards
// really there, at each of its calls in the auction and at no other
// decision; without it (the default) no message carries the field at all.
func TestPeekedTalonOnlyInTheAuctionAndOnlyByOptIn(t *testing.T) {
	w := recorded(t, true, 12)
	if w.asked["auction"] == 0 || w.peeked["auction"] != w.asked["auction"] {
		t.Errorf("with the opt-in: %d of %d calls in the auction were shown the talon (want all)", w.peeked["auction"], w.asked["auction"])
	}
	for phase, n := range w.peeked {
		if phase != "auction" {
			t.Errorf("with the opt-in: %d decisions of phase %s were shown the talon (want none)", n, phase)
		}
	}
	for _, s := range w.wrong {
		t.Error(s)
	}
	off := recorded(t, false, 12)
	if len(off.peeked) != 0 || off.asked["auction"] == 0 {
		t.Errorf("without the opt-in: shown the talon at %v (want never), over %v decisions", off.peeked, off.asked)
	}
}
