package rulings

import (
	"encoding/json"
	"fmt"
	"github.com/preference-rules/pref/interpreter/deal"
	"io"
	"strconv"
	"strings"

	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/interpreter/record"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/interpreter/solve"
)

// MaxAnalysedDeals bounds the deals one analysis of a record solves: a
// deal takes up to a few tenths of a second (a record of 1,000 deals once
// ran for a minute and a half with no sign of life), so a run stays within
// about a minute; --deals chooses the deals of a longer record.
const MaxAnalysedDeals = 200

// DealSpan reads --deals (N or N-M, from 1) against a record of n deals and
// returns the first deal and one past the last, from 0; "" is every deal.
// More than MaxAnalysedDeals is refused, with the way to choose fewer.
func DealSpan(spec, path string, n int) (from, to int, err error) {
	from, to = 1, n
	if spec != "" {
		a, b, isRange := strings.Cut(spec, "-")
		var errA, errB error
		from, errA = strconv.Atoi(strings.TrimSpace(a))
		to, errB = from, nil
		if isRange {
			to, errB = strconv.Atoi(strings.TrimSpace(b))
		}
		if errA != nil || errB != nil || from < 1 || to < from || to > n {
			return 0, 0, fmt.Errorf("--deals %s: want N or N-M, 1 <= N <= M <= %d (the deals of %s)", spec, n, path)
		}
	}
	if count := to - from + 1; count > MaxAnalysedDeals {
		return 0, 0, fmt.Errorf("%s: %d deals to analyse; pref analyse solves at most %d a run: choose them with --deals, e.g. --deals %d-%d", path, count, MaxAnalysedDeals, from, from+MaxAnalysedDeals-1)
	}
	return from - 1, to, nil
}

// ReadRecord reads a game record from its bytes and opens its ruleset;
// every error is input that cannot be used.
func ReadRecord(path string, data []byte) (*record.Record, *ruleset.Ruleset, error) {
	if !record.IsRecord(data) {
		return nil, nil, fmt.Errorf("%s is not a game record (it deals no hands)", path)
	}
	rec, err := record.Parse(path, data)
	if err != nil {
		return nil, nil, err
	}
	r, err := record.Open(path, rec)
	if err != nil {
		return nil, nil, err
	}
	return rec, r, nil
}

// DealAnalysis is what perfect play says of one played deal: as play
// began and after every trick, the declarer's tricks in the whole deal with
// best play from there (in the all-pass game, the fewest each player can
// still hold himself to), and the first card that cost its side (its
// player) a trick. It is printed as text or, with --json, as is.
type DealAnalysis struct {
	Deal     int    `json:"deal"`
	Contract string `json:"contract,omitempty"` // its name in the bid table
	label    string // the contract as the text names it
	seats    []string
	Declarer string `json:"declarer,omitempty"` // none: the all-pass game
	Note     string `json:"note,omitempty"`     // why there is nothing to analyse
	// Best[0] is as play began, Best[i] after trick i: the declarer's
	// tricks, or each player's in the all-pass game, by name.
	Best      []map[string]int `json:"best,omitempty"`
	FirstCost *CardCost        `json:"first_cost,omitempty"`
}

// CardCost is a card after which best play gives its side a trick less.
type CardCost struct {
	Trick  int    `json:"trick"`
	Seat   string `json:"seat"`
	Card   string `json:"card"`
	Before int    `json:"before"`
	After  int    `json:"after"`
}

// AnalyseDeals analyses each replayed deal of a record, calling progress
// (when not nil) with the count analysed after each.
func AnalyseDeals(deals []record.DealResult, progress func(int)) []DealAnalysis {
	var all []DealAnalysis
	for i, d := range deals {
		all = append(all, AnalyseDeal(d.Index, d.State, d.Seats))
		if progress != nil {
			progress(i + 1)
		}
	}
	return all
}

// AnalyseDeal analyses one replayed deal of a record.
func AnalyseDeal(index int, st *game.State, seats []string) DealAnalysis {
	a := DealAnalysis{Deal: index + 1, seats: seats}
	if st == nil || st.Contract < 0 || st.NTricks == 0 {
		a.Note = "no card play: nothing to analyse"
		return a
	}
	r := st.R
	a.Contract, a.label = r.Contracts[st.Contract].Name, r.Contracts[st.Contract].Display()
	if st.Declarer >= 0 {
		a.Declarer = seats[st.Declarer]
	}
	steps, err := solve.Replay(st)
	if err != nil {
		a.Note = err.Error()
		return a
	}
	if st.Declarer >= 0 {
		a.Best = declarerBest(steps, a.Declarer)
	} else if a.Best, err = holdsBest(st, seats); err != nil {
		a.Note = err.Error()
		return a
	}
	if s, ok := solve.FirstCost(steps, solve.Misere(r, st.Contract)); ok {
		a.FirstCost = &CardCost{Trick: s.Trick, Seat: seats[s.Seat], Card: r.Deck.Name(s.Card), Before: s.Before, After: s.After}
	}
	return a
}

// declarerBest is the declarer's count as play began and at each trick's
// end: the replay has weighed those positions already.
func declarerBest(steps []solve.Step, declarer string) []map[string]int {
	best := []map[string]int{{declarer: steps[0].Before}}
	for i, s := range steps {
		if i == len(steps)-1 || steps[i+1].Trick != s.Trick {
			best = append(best, map[string]int{declarer: s.After})
		}
	}
	return best
}

// holdsBest is, in the all-pass game, the fewest tricks each player can
// still hold himself to as play began and after each trick; on an error,
// those found before it (the JSON shows them beside the note).
func holdsBest(st *game.State, seats []string) ([]map[string]int, error) {
	var all []map[string]int
	for n := 0; n <= st.NTricks; n++ {
		h, err := solve.Holds(st, n)
		if err != nil {
			return all, err
		}
		best := map[string]int{}
		for s, v := range h {
			if v >= 0 {
				best[seats[s]] = v
			}
		}
		all = append(all, best)
	}
	return all, nil
}

// PrintDealAnalyses writes the analyses of a record's deals as text, or
// with asJSON as {"deals": [...]}.
func PrintDealAnalyses(out io.Writer, all []DealAnalysis, asJSON bool) error {
	if asJSON {
		data, err := json.MarshalIndent(map[string]any{"deals": all}, "", "  ")
		if err != nil {
			return err
		}
		fmt.Fprintln(out, string(data))
		return nil
	}
	for _, a := range all {
		printDealAnalysis(out, a)
	}
	return nil
}

// printDealAnalysis prints a deal's analysis as text.
func printDealAnalysis(out io.Writer, a DealAnalysis) {
	fmt.Fprintf(out, "Deal %d\n", a.Deal)
	if a.Note != "" {
		fmt.Fprintf(out, "  %s\n", a.Note)
		return
	}
	if a.Declarer != "" {
		printDeclarerAnalysis(out, a)
		return
	}
	each := func(best map[string]int) string {
		var parts []string
		for _, s := range a.seats {
			if v, ok := best[s]; ok {
				parts = append(parts, fmt.Sprintf("%s %d", s, v))
			}
		}
		return strings.Join(parts, ", ")
	}
	fmt.Fprintf(out, "  All play %s; with best play from the deal's start, the fewest tricks each can hold themselves to (the others playing to give them the most): %s.\n", a.label, each(a.Best[0]))
	for i := 1; i < len(a.Best); i++ {
		fmt.Fprintf(out, "  after trick %d: %s\n", i, each(a.Best[i]))
	}
	if c := a.FirstCost; c != nil {
		fmt.Fprintf(out, "  the first card that cost its player a trick: trick %d: %s played %s, and best play then holds %s to %d instead of %d\n", c.Trick, c.Seat, c.Card, c.Seat, c.After, c.Before)
	} else {
		fmt.Fprintf(out, "  every card was as good as the best for its player\n")
	}
}

// printDeclarerAnalysis prints the analysis of a deal with a declarer.
func printDeclarerAnalysis(out io.Writer, a DealAnalysis) {
	fmt.Fprintf(out, "  %s plays %s; with best play from the deal's start %s takes %s.\n", a.Declarer, a.label, a.Declarer, deal.Count(a.Best[0][a.Declarer], "trick"))
	for i := 1; i < len(a.Best); i++ {
		fmt.Fprintf(out, "  after trick %d: best play gives %s %d\n", i, a.Declarer, a.Best[i][a.Declarer])
	}
	if c := a.FirstCost; c != nil {
		fmt.Fprintf(out, "  the first card that cost a trick: trick %d: %s played %s, and best play then gives the declarer %d instead of %d\n", c.Trick, c.Seat, c.Card, c.After, c.Before)
	} else {
		fmt.Fprintf(out, "  every card was as good as the best\n")
	}
}
