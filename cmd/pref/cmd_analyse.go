package main

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/preference-rules/pref/internal/safeio"
	"github.com/preference-rules/pref/internal/termtext"
	"github.com/preference-rules/pref/interpreter/cards"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/interpreter/record"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/interpreter/solve"
	"github.com/preference-rules/pref/rulesets"
	"github.com/spf13/cobra"
)

func analyseCmd() *cobra.Command {
	var name, contract, declarer, lead, talon, trick, dealRange string
	var hands, seats, options []string
	var perCard, asJSON, dealerOut, showLine bool
	cmd := &cobra.Command{
		Use:   "analyse [RECORD] | --contract C --declarer SEAT --lead SEAT --hand SEAT=CARDS...",
		Short: "Double-dummy: what best play gives, for a position or a played deal trick by trick",
		Long: `Solve a position with every hand known: the tricks the declarer takes when
both sides play their best under the ruleset's rules of play (in a misère the
declarer takes as few as he can). Hands are given as --hand SEAT=CARDS (cards
as 7S or 7♠, separated by spaces or commas), every hand the same length, up to
a whole deal; a defender whose hand is not given has dropped out. --trick
CARDS gives the cards already played to the trick under way, from the
leader's (the hands without them). --cards adds, for each legal card of the
player to play, the declarer's tricks if it is played; --line a line of best
play to the end, trick by trick; --json prints {"declarer_tricks": N, "cards":
{...}, "line": [...]}.

In the all-pass game (a contract without a declarer, where each player takes
as few tricks as he can) --declarer names the player counted: the answer is
the fewest tricks that player can hold themselves to whatever the others do
(they play to give them the most; --json's declarer_tricks are that player's).
--talon CARDS gives the talon's cards still to be turned into the first
tricks, in order, where the contract turns them (talon_leads);
--dealer-sits-out says a fourth player dealt and sits out, where that lets a
turned card win its trick.

Given a game record instead, it replays each deal's card play and shows after
every trick what perfect play from there would give the declarer, and the
first card that cost its side a trick (in the all-pass game, after every
trick the fewest tricks each player can still hold themselves to, and the first
card that cost its player a trick). With --json: {"deals": [{"deal", "contract",
"declarer", "best": [as play began, after trick 1, ...], "first_cost"}]}, each
"best" by player's name. --deals N or N-M analyses only those deals of the
record (numbered from 1); a run solves at most 200 deals (each can take a
few tenths of a second), and a record with more needs --deals. At a
terminal a progress bar counts the deals solved (none with --json or when
standard error is not a terminal).

Example (the Kovalevskaya misère):
  pref analyse --ruleset sochi --contract misere --declarer Anton --lead Charlotte \
    --hand "Anton=7S 8S 9S 10S 8C 7D 8D 9D 8H 9H" \
    --hand "Brigitte=KS AS 10C JC QC AD 10H QH KH AH" \
    --hand "Charlotte=JS QS 7C 9C 10D JD QD KD 7H JH"`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 1 {
				return analyseRecord(cmd, args[0], dealRange, asJSON)
			}
			if dealRange != "" {
				return badInput(fmt.Errorf("--deals %s: chooses the deals of a RECORD; give one", dealRange))
			}
			r, _, err := openWithOptions(name, options)
			if err != nil {
				return err
			}
			if len(seats) == 0 {
				seats = defaultNames[:r.Hands]
			}
			if len(seats) != r.Hands {
				return badInput(fmt.Errorf("--seats: %s deals %d hands, not %d", r.Name, r.Hands, len(seats)))
			}
			ci, ok := r.ContractByName(contract)
			if !ok {
				var names []string
				for _, c := range r.Contracts {
					names = append(names, c.Name)
				}
				return badInput(fmt.Errorf("--contract %q: no such contract in %s (%s)", contract, r.Name, strings.Join(names, ", ")))
			}
			p := &solve.Position{R: r, Contract: ci, Declarer: slices.Index(seats, declarer), Leader: slices.Index(seats, lead)}
			if p.Declarer < 0 || p.Leader < 0 {
				return badInput(fmt.Errorf("--declarer and --lead must name seats of %v", seats))
			}
			given, err := parseHands(r, seats, hands, p) // the seats a --hand names: in play
			if err != nil {
				return err
			}
			if p.Trick, err = parseCards(r, "--trick", trick); err != nil {
				return err
			}
			toPlay, err := seatTrick(r, seats, p, given) // the seat to play now
			if err != nil {
				return err
			}
			ct := &r.Contracts[ci]
			for i, h := range p.Hands[:r.Hands] {
				if h == 0 && !given[i] && ct.NoDeclarer {
					return badInput(fmt.Errorf("--hand: %s is played by every hand; %s has none", ct.Display(), seats[i]))
				}
			}
			if p.Talon, err = parseCards(r, "--talon", talon); err != nil {
				return err
			}
			if len(p.Talon) > r.TalonSize {
				return badInput(fmt.Errorf("--talon: %d cards; the talon of %s holds %d", len(p.Talon), r.Name, r.TalonSize))
			}
			p.TalonCompetes = ct.TalonCompetes(dealerOut)
			// every hand given: both defenders defend, bound by a binding
			// cooperation rule 1 where the ruleset has one
			p.Cooperating = r.Play.Cooperation == ruleset.CooperationFirstRuleBinding
			for i := range r.Hands {
				p.Cooperating = p.Cooperating && given[i]
			}
			tricks, _, err := solve.Tricks(p)
			if err != nil {
				return badInput(err)
			}
			var line []solve.Played
			if showLine {
				if line, _, err = solve.PlayedLine(p); err != nil {
					return badInput(err)
				}
			}
			var values map[cards.Card]int
			if perCard {
				if values, err = solve.CardValues(p); err != nil {
					return badInput(err)
				}
			}
			out := termtext.NewWriter(cmd.OutOrStdout()) // names come from the record
			if asJSON {
				return printPositionJSON(out, r, seats, tricks, values, line)
			}
			leads := lead + " leads"
			if len(p.Trick) > 0 {
				var played []string
				for _, c := range p.Trick {
					played = append(played, r.Deck.Name(c))
				}
				leads = fmt.Sprintf("%s led, the trick holds %s, %s to play", lead, strings.Join(played, " "), seats[toPlay])
			}
			left := p.Hands[toPlay].Count() // the tricks still to play, this one too
			if ct.NoDeclarer {
				fmt.Fprintf(out, "All play %s; %s. Playing to take as few tricks as possible, %s takes at most %d trick(s) of %d, whatever the others do.\n",
					ct.Display(), leads, declarer, tricks, left)
			} else {
				fmt.Fprintf(out, "%s plays %s; %s. With best play by both sides %s takes %d trick(s) of %d.\n",
					declarer, ct.Display(), leads, declarer, tricks, left)
			}
			if perCard {
				order := make([]cards.Card, 0, len(values))
				for c := range values {
					order = append(order, c)
				}
				sort.Slice(order, func(i, j int) bool { return order[i] > order[j] })
				var parts []string
				for _, c := range order {
					parts = append(parts, fmt.Sprintf("%s %d", r.Deck.Name(c), values[c]))
				}
				whose := "the declarer's"
				if ct.NoDeclarer {
					whose = declarer + "'s"
				}
				fmt.Fprintf(out, "%s's cards, and %s tricks after each: %s\n", seats[toPlay], whose, strings.Join(parts, ", "))
			}
			if showLine {
				fmt.Fprintf(out, "A line of best play:\n")
				for i := 0; i < len(line); {
					var parts []string
					if line[i].Turned {
						parts = append(parts, "talon "+r.Deck.Name(line[i].TurnedCard))
					}
					if line[i].Trick == 0 {
						for k, c := range p.Trick { // already played to the trick under way
							if k < len(p.TrickSeats) && p.TrickSeats[k] >= 0 {
								parts = append(parts, seats[p.TrickSeats[k]]+" "+r.Deck.Name(c))
							}
						}
					}
					t := line[i].Trick
					for ; i < len(line) && line[i].Trick == t; i++ {
						parts = append(parts, seats[line[i].Seat]+" "+r.Deck.Name(line[i].Card))
					}
					fmt.Fprintf(out, "  %2d. %s\n", t+1, strings.Join(parts, ", "))
				}
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&name, "ruleset", rulesets.Default, "embedded ruleset name or path to a .yaml file")
	f.StringVar(&contract, "contract", "", "the contract played (its name in the bid table)")
	f.StringVar(&declarer, "declarer", "", "the declarer's seat (in the all-pass game, the player counted)")
	f.StringVar(&trick, "trick", "", "the cards already played to the trick under way, from the leader's (a seat that played its last card: --hand SEAT=)")
	f.StringVar(&talon, "talon", "", "the talon's cards still to be turned into tricks, in order (talon_leads)")
	f.BoolVar(&dealerOut, "dealer-sits-out", false, "a fourth player dealt and sits out (a turned talon card may then win its trick)")
	f.StringVar(&lead, "lead", "", "the seat to lead")
	f.StringArrayVar(&hands, "hand", nil, "a hand: SEAT=CARDS (repeat for each seat in play)")
	f.StringSliceVar(&seats, "seats", nil, "the seats in playing order (default Anton, Brigitte, Charlotte)")
	f.StringSliceVar(&options, "option", nil, "ruleset option, name=value")
	f.BoolVar(&perCard, "cards", false, "also the value of each legal card of the player to play")
	f.BoolVar(&showLine, "line", false, "also a line of best play to the end, trick by trick")
	f.BoolVar(&asJSON, "json", false, "print the answer as JSON")
	f.StringVar(&dealRange, "deals", "", fmt.Sprintf("with a RECORD: the deals to analyse, N or N-M (default all; at most %d a run)", maxAnalysedDeals))
	_ = cmd.RegisterFlagCompletionFunc("ruleset", completeRulesets)
	return cmd
}

// maxAnalysedDeals bounds the deals one run of pref analyse RECORD solves:
// a deal takes up to a few tenths of a second (a record of 1,000 deals once
// ran for a minute and a half with no sign of life), so a run stays within
// about a minute; --deals chooses the deals of a longer record.
const maxAnalysedDeals = 200

// dealSpan reads --deals (N or N-M, from 1) against a record of n deals and
// returns the first deal and one past the last, from 0; "" is every deal.
// More than maxAnalysedDeals is refused, with the way to choose fewer.
func dealSpan(spec, path string, n int) (from, to int, err error) {
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
			return 0, 0, badInput(fmt.Errorf("--deals %s: want N or N-M, 1 <= N <= M <= %d (the deals of %s)", spec, n, path))
		}
	}
	if count := to - from + 1; count > maxAnalysedDeals {
		return 0, 0, badInput(fmt.Errorf("%s: %d deals to analyse; pref analyse solves at most %d a run: choose them with --deals, e.g. --deals %d-%d", path, count, maxAnalysedDeals, from, from+maxAnalysedDeals-1))
	}
	return from - 1, to, nil
}

// unpretty turns 7♠ into 7S.
func unpretty(d cards.Deck, s string) string {
	for i, sym := range d.Symbols {
		s = strings.ReplaceAll(s, sym, d.SuitIDs[i])
	}
	return s
}

// readRecord reads a game record and opens its ruleset; any failure is
// bad input (exit 2).
func readRecord(path string) (*record.Record, *ruleset.Ruleset, error) {
	data, err := safeio.ReadFile(path, safeio.MaxFile)
	if err != nil {
		return nil, nil, badInput(err)
	}
	if !record.IsRecord(data) {
		return nil, nil, badInput(fmt.Errorf("%s is not a game record (it deals no hands)", path))
	}
	rec, err := record.Parse(path, data)
	if err != nil {
		return nil, nil, badInput(err)
	}
	r, err := record.Open(path, rec)
	if err != nil {
		return nil, nil, badInput(err)
	}
	return rec, r, nil
}

// dealAnalysis is what perfect play says of one played deal: as play
// began and after every trick, the declarer's tricks in the whole deal with
// best play from there (in the all-pass game, the fewest each player can
// still hold himself to), and the first card that cost its side (its
// player) a trick. It is printed as text or, with --json, as is.
type dealAnalysis struct {
	Deal     int    `json:"deal"`
	Contract string `json:"contract,omitempty"` // its name in the bid table
	label    string // the contract as the text names it
	Declarer string `json:"declarer,omitempty"` // none: the all-pass game
	Note     string `json:"note,omitempty"`     // why there is nothing to analyse
	// Best[0] is as play began, Best[i] after trick i: the declarer's
	// tricks, or each player's in the all-pass game, by name.
	Best      []map[string]int `json:"best,omitempty"`
	FirstCost *cardCost        `json:"first_cost,omitempty"`
}

// cardCost is a card after which best play gives its side a trick less.
type cardCost struct {
	Trick  int    `json:"trick"`
	Seat   string `json:"seat"`
	Card   string `json:"card"`
	Before int    `json:"before"`
	After  int    `json:"after"`
}

// analyseDeal analyses one replayed deal of a record.
func analyseDeal(index int, st *game.State, seats []string) dealAnalysis {
	a := dealAnalysis{Deal: index + 1}
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
		// the declarer's count as play began and at each trick's end: the
		// replay has weighed those positions already
		a.Best = append(a.Best, map[string]int{a.Declarer: steps[0].Before})
		for i, s := range steps {
			if i == len(steps)-1 || steps[i+1].Trick != s.Trick {
				a.Best = append(a.Best, map[string]int{a.Declarer: s.After})
			}
		}
	}
	for n := 0; n <= st.NTricks && st.Declarer < 0; n++ {
		h, err := solve.Holds(st, n)
		if err != nil {
			a.Note = err.Error()
			return a
		}
		best := map[string]int{}
		for s, v := range h {
			if v >= 0 {
				best[seats[s]] = v
			}
		}
		a.Best = append(a.Best, best)
	}
	if s, ok := solve.FirstCost(steps, solve.Misere(r, st.Contract)); ok {
		a.FirstCost = &cardCost{Trick: s.Trick, Seat: seats[s.Seat], Card: r.Deck.Name(s.Card), Before: s.Before, After: s.After}
	}
	return a
}

// analyseRecord shows, for each deal of a record, what perfect play would
// have given after every trick, and the first card that cost a trick.
func analyseRecord(cmd *cobra.Command, path, dealRange string, asJSON bool) error {
	rec, r, err := readRecord(path)
	if err != nil {
		return err
	}
	deals, err := record.Replay(rec, r)
	if err != nil {
		return failed("%v", err)
	}
	from, to, err := dealSpan(dealRange, path, len(deals))
	if err != nil {
		return err
	}
	deals = deals[from:to]
	var progress func(int)
	if errOut := cmd.ErrOrStderr(); isTerminal(errOut) && !asJSON && len(deals) > 0 {
		progress = progressBar(errOut, len(deals))
	}
	var all []dealAnalysis
	for i, d := range deals {
		all = append(all, analyseDeal(d.Index, d.State, d.Seats))
		if progress != nil {
			progress(i + 1)
		}
	}
	out := termtext.NewWriter(cmd.OutOrStdout())
	if asJSON {
		data, err := json.MarshalIndent(map[string]any{"deals": all}, "", "  ")
		if err != nil {
			return failed("%v", err)
		}
		fmt.Fprintln(out, string(data))
		return nil
	}
	for i, a := range all {
		printDealAnalysis(out, a, deals[i].Seats)
	}
	return nil
}

// printDealAnalysis prints a deal's analysis as text.
func printDealAnalysis(out io.Writer, a dealAnalysis, seats []string) {
	fmt.Fprintf(out, "Deal %d\n", a.Deal)
	if a.Note != "" {
		fmt.Fprintf(out, "  %s\n", a.Note)
		return
	}
	if a.Declarer != "" {
		fmt.Fprintf(out, "  %s plays %s; with best play from the deal's start %s takes %d trick(s).\n", a.Declarer, a.label, a.Declarer, a.Best[0][a.Declarer])
		for i := 1; i < len(a.Best); i++ {
			fmt.Fprintf(out, "  after trick %d: best play gives %s %d\n", i, a.Declarer, a.Best[i][a.Declarer])
		}
		if c := a.FirstCost; c != nil {
			fmt.Fprintf(out, "  the first card that cost a trick: trick %d: %s played %s, and best play then gives the declarer %d instead of %d\n", c.Trick, c.Seat, c.Card, c.After, c.Before)
		} else {
			fmt.Fprintf(out, "  every card was as good as the best\n")
		}
		return
	}
	each := func(best map[string]int) string {
		var parts []string
		for _, s := range seats {
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

// parseHands reads each --hand SEAT=CARDS into p's hands and says which
// seats were given (in play).
func parseHands(r *ruleset.Ruleset, seats, hands []string, p *solve.Position) (given [game.MaxSeats]bool, err error) {
	for _, h := range hands {
		who, list, ok := strings.Cut(h, "=")
		s := slices.Index(seats, who)
		if !ok || s < 0 {
			return given, badInput(fmt.Errorf("--hand %q: write SEAT=CARDS with a seat of %v", h, seats))
		}
		given[s] = true
		for _, f := range strings.FieldsFunc(list, func(c rune) bool { return c == ' ' || c == ',' }) {
			c, err := r.Deck.Parse(unpretty(r.Deck, f))
			if err != nil {
				return given, badInput(fmt.Errorf("--hand %s: %v", who, err))
			}
			if p.Hands[s].Has(c) {
				return given, badInput(fmt.Errorf("--hand %s: %s twice", who, r.Deck.Name(c)))
			}
			p.Hands[s] |= c.Bit()
		}
		if p.Hands[s].Count() > r.HandSize {
			return given, badInput(fmt.Errorf("--hand %s: %d cards; a hand holds %d", who, p.Hands[s].Count(), r.HandSize))
		}
	}
	return given, nil
}

// parseCards reads the cards a flag lists, separated by spaces or commas.
func parseCards(r *ruleset.Ruleset, flag, text string) ([]cards.Card, error) {
	var out []cards.Card
	for _, f := range strings.FieldsFunc(text, func(c rune) bool { return c == ' ' || c == ',' }) {
		c, err := r.Deck.Parse(unpretty(r.Deck, f))
		if err != nil {
			return nil, badInput(fmt.Errorf("%s: %v", flag, err))
		}
		out = append(out, c)
	}
	return out, nil
}

// seatTrick gives the cards of the trick under way (from the leader's) to
// the seats in play in turn, and says whose turn it is.
func seatTrick(r *ruleset.Ruleset, seats []string, p *solve.Position, given [game.MaxSeats]bool) (toPlay int, err error) {
	toPlay = p.Leader
	if len(p.Trick) == 0 {
		return toPlay, nil
	}
	if !given[p.Leader] {
		return 0, badInput(fmt.Errorf("--trick: the leader %s has no --hand", seats[p.Leader]))
	}
	for s := p.Leader; len(p.TrickSeats) < len(p.Trick); s = (s + 1) % r.Hands {
		if given[s] {
			if len(p.TrickSeats) > 0 && s == p.Leader {
				return 0, badInput(fmt.Errorf("--trick: %d cards; the seats in play play %d to a trick", len(p.Trick), len(p.TrickSeats)))
			}
			p.TrickSeats = append(p.TrickSeats, s)
		}
	}
	for toPlay = (p.TrickSeats[len(p.TrickSeats)-1] + 1) % r.Hands; !given[toPlay]; toPlay = (toPlay + 1) % r.Hands {
	}
	if toPlay == p.Leader {
		return 0, badInput(fmt.Errorf("--trick: %d cards complete the trick: give the position after it", len(p.Trick)))
	}
	return toPlay, nil
}

// printPositionJSON prints a position's analysis as pref analyse --json
// does: the declarer's tricks, each card's value (--cards) and a line of
// best play (--line), by names.
func printPositionJSON(out io.Writer, r *ruleset.Ruleset, seats []string, tricks int, values map[cards.Card]int, line []solve.Played) error {
	byName := map[string]int{}
	for c, v := range values {
		byName[r.Deck.Name(c)] = v
	}
	type played struct {
		Trick  int    `json:"trick"`
		Seat   string `json:"seat"`
		Card   string `json:"card"`
		Turned string `json:"talon,omitempty"` // the talon's card that opened the trick
	}
	var playedLine []played
	for _, pl := range line {
		x := played{Trick: pl.Trick + 1, Seat: seats[pl.Seat], Card: r.Deck.Name(pl.Card)}
		if pl.Turned {
			x.Turned = r.Deck.Name(pl.TurnedCard)
		}
		playedLine = append(playedLine, x)
	}
	data, _ := json.Marshal(struct {
		Tricks int            `json:"declarer_tricks"`
		Cards  map[string]int `json:"cards,omitempty"`
		Line   []played       `json:"line,omitempty"`
	}{tricks, byName, playedLine})
	fmt.Fprintln(out, string(data))
	return nil
}
