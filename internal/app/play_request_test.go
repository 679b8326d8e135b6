package app

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/preference-rules/pref/internal/rulings"
)

// playRequest is a pref play request with the flags' defaults, given
// flags named in given.
func playRequest(given ...string) *PlayRequest {
	var out, errOut bytes.Buffer
	return &PlayRequest{Ruleset: "austrian-1829", Seed: 1, Deals: 1, Bots: "simple", Out: &out, Err: &errOut,
		Given: func(flag string) bool { return strings.Contains(strings.Join(given, " "), flag) }}
}

// TestPlayRequestChoosesHowToPlay: nobody seated plays among computers,
// a person without a terminal at the line seat, one deal at a terminal
// as practice, more at the full screen.
func TestPlayRequestChoosesHowToPlay(t *testing.T) {
	for _, c := range []struct {
		seat     string
		deals    int
		terminal bool
		want     PlayMode
	}{
		{"", 1, true, AmongComputers},
		{"Anton", 1, false, AtLineSeat},
		{"Anton", 1, true, Practising},
		{"Anton", 3, true, AtFullScreen},
	} {
		q := playRequest("seed")
		q.Seat, q.Deals, q.InTerminal, q.OutTerminal = c.seat, c.deals, c.terminal, c.terminal
		pl, err := q.Prepare()
		if err != nil {
			t.Fatalf("%+v: %v", c, err)
		}
		if pl.Mode != c.want {
			t.Errorf("seat %q, %d deals, terminal %v: mode %d, want %d", c.seat, c.deals, c.terminal, pl.Mode, c.want)
		}
	}
}

// TestPlayRequestRefusesBadInput: each fault is a *BadInput naming its
// flag, and the first found is the one reported.
func TestPlayRequestRefusesBadInput(t *testing.T) {
	for _, c := range []struct {
		edit func(q *PlayRequest)
		want string
	}{
		{func(q *PlayRequest) { q.Deals = MaxDeals + 1 }, "--deals 1001: at most 1000"},
		{func(q *PlayRequest) { q.Deals = 0 }, "--deals 0: at least one"},
		{func(q *PlayRequest) { q.Seat = "Nobody" }, "--seat Nobody: not one of the players"},
		{func(q *PlayRequest) { q.Bots = "clever" }, `--bots "clever": simple, strong or exec:COMMAND`},
		{func(q *PlayRequest) { q.Names = []string{"Anton", "Anton", "Dora"} }, "--players: Anton is named twice"},
		{func(q *PlayRequest) { q.WholeGame = true }, "--game: austrian-1829 keeps no score sheet that closes"},
		{func(q *PlayRequest) { q.Deals, q.Bots = 0, "clever" }, "--deals 0"},
	} {
		q := playRequest()
		c.edit(q)
		_, err := q.Prepare()
		var b *BadInput
		if !errors.As(err, &b) || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("got %T %v, want a *BadInput starting %q", err, err, c.want)
		}
	}
}

// TestAgainCommandNamesWhatShapesTheDeal: the command that deals a seed
// again names the ruleset and players only when they were given, and
// keeps a % in an option from being read as a verb.
func TestAgainCommandNamesWhatShapesTheDeal(t *testing.T) {
	q := playRequest("players")
	q.Names, q.Seat, q.Options = []string{"A", "B", "C"}, "A", []string{"x=5%"}
	if got, want := q.againCommand(), "pref play --option x=5%% --players A,B,C --seat A --seed %d"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestRulesRequestRefusesAWidth: a width the renderer cannot use is input
// refused (a front end's exit 2), not a failed ruling.
func TestRulesRequestRefusesAWidth(t *testing.T) {
	var out bytes.Buffer
	err := (&RulesRequest{Ruleset: "austrian-1829", Width: 5}).Run(&out, nil)
	var r *rulings.Refused
	if !errors.As(err, &r) {
		t.Errorf("--width 5: %T %v, want a *rulings.Refused", err, err)
	}
}
