package extern

import (
	"encoding/csv"
	"fmt"
	"strings"

	"github.com/preference-rules/pref/interpreter/ruleset"
)

// ExecPrefix starts the kind of a player that is an outside program:
// exec: and its command line (SplitCommand).
const ExecPrefix = "exec:"

// ParseBots reads the computer players of a table (pref play's --bots):
// one kind for every computer seat, or a comma-separated list of kinds
// (CSV: a command holding a comma is written in double quotes), the
// computer players taking them in turn in the table's order and the list
// starting again when it runs out. A kind is simple, strong or
// exec:COMMAND.
func ParseBots(spec string) ([]string, error) {
	rd := csv.NewReader(strings.NewReader(spec))
	rd.LazyQuotes = true
	kinds, err := rd.Read()
	if err != nil {
		return nil, fmt.Errorf("%q: %v", spec, err)
	}
	for _, k := range kinds {
		if err := checkBot(k); err != nil {
			return nil, err
		}
	}
	return kinds, nil
}

// SeesTalonPrefix starts the kind of an outside program that is also told
// the talon while bidding (Config.PeeksTalon): sight no seat has, which
// only pref match offers, to measure a program that uses it by design.
const SeesTalonPrefix = "exec-sees-talon:"

// checkBot refuses a kind no computer player is made of, and a program
// given sight of the talon (only pref match seats one).
func checkBot(kind string) error {
	if strings.HasPrefix(kind, SeesTalonPrefix) {
		return fmt.Errorf("%q: a program shown the talon while bidding plays only in pref match, where it is measured; a table never shows a hidden card", kind)
	}
	if cmd, ok := strings.CutPrefix(kind, ExecPrefix); ok {
		if _, err := SplitCommand(cmd); err != nil {
			return fmt.Errorf("%s: %v", kind, err)
		}
		return nil
	}
	if kind != "simple" && kind != "strong" {
		return fmt.Errorf("%q: simple, strong or exec:COMMAND", kind)
	}
	return nil
}

// HelloFor is the hello for a table of ruleset r whose seats are named
// seats (forehand first), telling a program seat, its first deal's.
func HelloFor(r *ruleset.Ruleset, seats []string, seat int) Hello {
	h := Hello{Ruleset: r.Name, Seats: seats, Seat: seat}
	for c := r.Deck.All(); c != 0; c &= c - 1 {
		h.Deck = append(h.Deck, r.Deck.Name(c.Lowest()))
	}
	for _, ct := range r.Contracts {
		h.Contracts = append(h.Contracts, ct.Name)
	}
	return h
}
