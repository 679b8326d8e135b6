package main

import (
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/preference-rules/pref/internal/safeio"
	"github.com/preference-rules/pref/interpreter/cards"
	"github.com/preference-rules/pref/interpreter/deal"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/interpreter/money"
	"github.com/preference-rules/pref/interpreter/record"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/interpreter/seats"
	"github.com/preference-rules/pref/interpreter/table"
	"github.com/preference-rules/pref/rulesets"
	"github.com/spf13/cobra"
)

func playCmd() *cobra.Command {
	var (
		name      string
		seed      uint64
		deals     int
		names     []string
		ascii     bool
		options   []string
		seat      string
		plain     bool
		toPool    int
		wholeGame bool
		botKind   string
		review    bool
		// --record
		recordPath string
		force      bool
	)
	cmd := &cobra.Command{
		Use:   "play [--ruleset NAME] [--seed N] [--deals N]",
		Short: "Play random deals with computer players, printed, then settled",
		Long: `Deal and play with computer players that only make legal moves: the hands,
the auction with the reason for each call, the exchange, the defence, every
trick, then the settlement with its arithmetic. The same seed gives the same
deals. With --deals N the deal passes to the left and the pot carries over;
running balances are printed after each deal. With --game (rulesets that keep a
score sheet and close it, such as sochi or serbian) a whole game is played
until the sheet closes; the final sheet is then converted into scores that add
up to zero and printed as a table. --to-pool N is --game with the option
that sets the game's target (the ruleset's table.sheet.target: pool-target, a
game to N in the Russian conventions) set to N; a Serbian game's size is its
option bula.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			r, opts, err := openWithOptions(name, options)
			if err != nil {
				return err
			}
			if recordPath != "" {
				if err := checkTarget("--record", recordPath, force); err != nil {
					return err
				}
			}
			if cmd.Flags().Changed("to-pool") && (toPool < 1 || toPool > maxPool) {
				return badInput(fmt.Errorf("--to-pool %d: want 1 to %d", toPool, maxPool))
			}
			if deals > maxDeals {
				return badInput(fmt.Errorf("--deals %d: at most %d", deals, maxDeals))
			}
			if err := checkNames(names); err != nil {
				return badInput(err)
			}
			flag := "--game"
			if toPool > 0 {
				flag, wholeGame = "--to-pool", true
			}
			if wholeGame {
				if cmd.Flags().Changed("deals") {
					return badInput(fmt.Errorf("%s plays a whole game: leave out --deals", flag))
				}
				if r.Sheet.Final == nil {
					return badInput(fmt.Errorf("%s: %s keeps no score sheet that closes (table.sheet.final)", flag, r.Name))
				}
			}
			target := "" // the option --to-pool sets
			if toPool > 0 {
				if r, target, err = toTarget(r, toPool); err != nil {
					return badInput(err)
				}
			}
			if wholeGame {
				deals = 0 // until the sheet closes
			} else if deals < 1 {
				return badInput(fmt.Errorf("--deals %d: at least one", deals))
			}
			if len(names) == 0 {
				names = defaultNames[:r.Hands]
			}
			t, err := table.New(r, names)
			if err != nil {
				return badInput(err)
			}
			if botKind != "simple" && botKind != "strong" {
				return badInput(fmt.Errorf("--bots %q: simple or strong", botKind))
			}
			p := &printer{w: cmd.OutOrStdout(), r: r, ascii: ascii, bots: botKind, review: review}
			if recordPath != "" {
				if toPool > 0 {
					opts[target] = toPool
				}
				recorded, ok := recordedRuleset(name, recordPath)
				if !ok {
					fmt.Fprintf(cmd.ErrOrStderr(), "pref: note: the ruleset %s is not in or below the folder of %s: pref verify will refuse the record until the ruleset is put there (or in %s)\n", name, recordPath, rulesets.UserDir())
				}
				p.rec = &record.Record{Ruleset: recorded, Options: opts, Seats: names}
			}
			rng := rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
			if seat != "" && !slices.Contains(names, seat) {
				return badInput(fmt.Errorf("--seat %s: not one of the players %v", seat, names))
			}
			var err2 error
			switch {
			case seat == "":
				err2 = playSession(p, t, rng, deals, nil, "")
			case plain || !isTerminal(cmd.OutOrStdout()) || !isTerminalReader(cmd.InOrStdin()):
				h := newHuman(cmd.InOrStdin(), p, seat)
				h.table = t
				err2 = playSession(p, t, rng, deals, h, seat)
			default:
				err2 = playFullScreen(cmd, p, t, rng, deals, seat)
			}
			if p.rec != nil && len(p.rec.Deals) > 0 {
				// what was played is kept, even when the session stopped early
				data, err := record.Marshal(p.rec)
				if err == nil {
					err = safeio.WriteFile(recordPath, data, 0o644, force)
				}
				if err != nil && err2 == nil {
					return badInput(fmt.Errorf("--record: %v", err))
				}
				if err == nil {
					fmt.Fprintf(cmd.ErrOrStderr(), "pref: %d deal(s) recorded in %s (pref verify %s replays them)\n", len(p.rec.Deals), recordPath, recordPath)
				}
			}
			return err2
		},
	}
	f := cmd.Flags()
	f.StringVar(&name, "ruleset", rulesets.Default, "embedded ruleset name or path to a .yaml file")
	f.Uint64Var(&seed, "seed", 1, "random seed, 0 to 2^64-1: the same seed gives the same deals")
	f.IntVar(&deals, "deals", 1, "number of deals to play in a row (1 to 1000)")
	f.StringSliceVar(&names, "players", nil, "player names in playing order (default Anton, Brigitte, Charlotte; a fourth name seats four)")
	f.BoolVar(&ascii, "ascii", false, "write suits as letters (C S D H) instead of symbols")
	f.StringSliceVar(&options, "option", nil, "ruleset option, name=value (see pref rules)")
	f.StringVar(&seat, "seat", "", "take this player's seat yourself (full screen at a terminal, else prompts on standard input; ? gives a hint)")
	f.BoolVar(&plain, "plain", false, "with --seat: plain-text prompts even at a terminal")
	f.StringVar(&recordPath, "record", "", "write what was played as a game record to this file (atomically; see docs/records.md)")
	f.BoolVar(&force, "force", false, "with --record: overwrite an existing file")
	f.BoolVar(&review, "review", false, "after each deal, what perfect play would have given (every hand known) and the first card that cost each side a trick")
	f.StringVar(&botKind, "bots", "simple", "the computer players: simple, or strong (cards played by sampling the unseen hands and solving each double-dummy; bids, exchange and defence weighed by playing each option out over such samples)")
	f.IntVar(&toPool, "to-pool", 0, "play a whole game until every pool reaches N (1 to 1000), then print the final sheet (rulesets whose sheet names its target option, table.sheet.target)")
	f.BoolVar(&wholeGame, "game", false, "play a whole game until the score sheet closes, then print the final sheet (score-sheet rulesets)")
	_ = cmd.RegisterFlagCompletionFunc("ruleset", completeRulesets)
	return cmd
}

// toTarget is r with the option that sets the game's target (the
// ruleset's table.sheet.target) at n, and that option's name: --to-pool
// knows the concept, each ruleset its option.
func toTarget(r *ruleset.Ruleset, n int) (*ruleset.Ruleset, string, error) {
	target, ok, err := r.Target()
	if err != nil {
		return nil, "", err
	}
	if !ok {
		return nil, "", fmt.Errorf("--to-pool: %s names no option for the game's target (table.sheet.target, the pool a game is played to): use --game, and the ruleset's options for the game's size", r.Name)
	}
	r, err = r.With(map[string]any{target.Name: n})
	return r, target.Name, err
}

var defaultNames = []string{"Anton", "Brigitte", "Charlotte", "Dora"}

// Limits of pref play's figures. A session longer than maxDeals is not a
// session anybody watches, and each deal costs time; a pool target above
// maxPool would not close within maxGameDeals deals, so the game would run
// for minutes and then fail.
const (
	maxDeals = 1000
	maxPool  = 1000
)

// checkNames refuses player names that cannot tell the players apart: an
// empty name, one used twice, or one the transcript uses for something
// else. settle refuses the same for its seats.
func checkNames(names []string) error {
	// The one rule for names at a pref table (package seats): a name is
	// printed in the transcript and written into records.
	if err := seats.Check(names); err != nil {
		se := err.(*seats.Error)
		switch {
		case se.Twin && slices.Contains(names[:se.Index], se.Name): // the name passed the rule: printable as it is
			return fmt.Errorf("--players: %s is named twice; each player needs a name of their own", se.Name)
		case se.Twin:
			return fmt.Errorf("--players: %s %s; each player needs a name of their own", se.Name, se.Msg)
		}
		return fmt.Errorf("--players: %s", se.Describe("player"))
	}
	return nil
}

// playFullScreen plays the session behind a bubbletea screen that steps
// it: the printer's transcript and the person's decisions go to it.
func playFullScreen(cmd *cobra.Command, p *printer, t *table.Table, rng *rand.Rand, deals int, seat string) error {
	sess := newSession(p, t, rng, deals, nil, seat)
	scr := newScreen(t.R.Title, sess, p, seat)
	prog := tea.NewProgram(scr, tea.WithInput(cmd.InOrStdin()), tea.WithOutput(cmd.OutOrStdout()), tea.WithAltScreen())
	if _, err := prog.Run(); err != nil {
		return err
	}
	// The screen is gone: the standings stay on the terminal.
	p.w, p.paint = cmd.OutOrStdout(), nil
	if scr.err == nil {
		if err := sess.standings(); err != nil {
			return err
		}
	}
	// The session's own error (a deal the interpreter refused, a table that
	// does not balance) must not end in exit 0 because the screen closed
	// normally.
	return scr.err
}

// maxGameDeals bounds a whole game: a ruleset whose sheet never closes
// must not run forever.
const maxGameDeals = 10000

// usesMoney reports whether r moves money (antes, payments) rather than
// only writing on a score sheet.
func usesMoney(r *ruleset.Ruleset) bool {
	if r.Ante.Each > 0 || r.Ante.Dealer > 0 {
		return true
	}
	for _, rule := range r.Rules {
		for _, p := range rule.Pay {
			if p.Account == "" {
				return true
			}
		}
	}
	return false
}

// final prints the closed sheet and the final scores as a table.
func (p *printer) final(t *table.Table) (err error) {
	scores, err := t.Final()
	if err != nil {
		return failed("%v", err)
	}
	// The check that the scores add up to zero is made before anything is
	// printed; a partial sum that does not fit is a failed ruling.
	var sum money.Amount
	if err := func() (err error) {
		defer money.Catch(&err)
		for _, v := range scores {
			sum = sum.Add(v)
		}
		return nil
	}(); err != nil {
		return failed("final scores: %v", err)
	}
	r := t.R
	closed, err := t.Closed()
	if err != nil {
		return failed("%v", err)
	}
	if closed {
		p.f("\nThe game is over after %d deals.\n\nFinal sheet\n", t.Deals)
	} else {
		p.f("\nThe sheet after %d deals (the game is not over: the scores are what closing it now would give)\n", t.Deals)
	}
	head := []string{"player"}
	head = append(head, r.Sheet.Accounts...)
	for _, a := range r.Sheet.PairAccounts {
		for _, n := range t.Names {
			head = append(head, a+" "+n)
		}
	}
	head = append(head, "score")
	rows := [][]string{head}
	for i, n := range t.Names {
		row := []string{n}
		for _, a := range r.Sheet.Accounts {
			row = append(row, t.Sheet[n+" "+a].String())
		}
		for _, a := range r.Sheet.PairAccounts {
			for _, o := range t.Names {
				v := "-"
				if o != n {
					v = t.Sheet[n+" "+a+" "+o].String()
				}
				row = append(row, v)
			}
		}
		rows = append(rows, append(row, scores[i].Signed()))
	}
	widths := make([]int, len(head))
	for _, row := range rows {
		for k, c := range row {
			widths[k] = max(widths[k], len([]rune(c)))
		}
	}
	for _, row := range rows {
		var b strings.Builder
		for k, c := range row {
			if k == 0 {
				fmt.Fprintf(&b, "  %-*s", widths[k], c)
				continue
			}
			fmt.Fprintf(&b, "  %*s", widths[k], c)
		}
		p.f("%s\n", b.String())
	}
	p.f("\nThe scores add up to %v.\n", sum)
	if d := r.Sheet.Final.Description; d != "" {
		p.f("%s\n", d)
	}
	return nil
}

type printer struct {
	rec   *record.Record // with --record: the deals played so far
	w     io.Writer
	r     *ruleset.Ruleset
	ascii bool
	names []string // this deal's seats
	you   string   // the human's name, when one plays this deal
	// paint, when set, colours a card's name by its suit (the full screen)
	paint func(c cards.Card, name string) string
	bots  string // the computer players' kind (--bots): simple or strong
	// review: after each deal, what perfect play would have given (--review)
	review bool
}

func (p *printer) seatName(seat int) string {
	if seat == game.TalonSeat {
		return "talon"
	}
	return p.names[seat]
}

func (p *printer) f(format string, args ...any) { fmt.Fprintf(p.w, format, args...) }

func (p *printer) cards(m cards.Mask) string {
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

func (p *printer) card(c cards.Card) string {
	name := p.r.Deck.Pretty(c)
	if p.ascii {
		name = p.r.Deck.Name(c)
	}
	if p.paint != nil {
		return p.paint(c, name)
	}
	return name
}

func (p *printer) callName(c ruleset.Call) string {
	ct := &p.r.Contracts[c.Contract]
	s := ct.Name
	if ct.Label != "" {
		s = ct.Label
	}
	if c.Hand {
		s += " (hand)"
	}
	return s
}

func (p *printer) header(t *table.Table, d, deals int, seats []string) {
	if d > 0 {
		p.f("\n")
	}
	title := p.r.Title
	if deals > 1 {
		title = fmt.Sprintf("%s, deal %d of %d", title, d+1, deals)
		if deals == maxGameDeals {
			title = fmt.Sprintf("%s, deal %d", p.r.Title, d+1)
		}
	}
	p.f("%s\n%s\n", title, strings.Repeat("=", len([]rune(title))))
	p.f("Dealer: %s. Forehand: %s.", t.Names[t.Dealer], seats[0])
	if len(seats) > p.r.Hands {
		p.f(" %s sits out.", t.Names[t.Dealer])
	}
	p.f("\n")
}

func (p *printer) hands(g *game.Game, names []string) {
	p.f("\nHands\n")
	for s := 0; s < p.r.Hands; s++ {
		if p.you != "" && names[s] != p.you {
			p.f("  %-10s (cards hidden)\n", names[s])
			continue
		}
		p.f("  %-10s %s\n", names[s], p.cards(g.Dealt[s]))
	}
	if p.you == "" {
		p.f("  %-10s %s\n", "talon", p.cards(g.Talon))
	}
	p.f("\nAuction\n")
}

func (p *printer) deal(g *game.Game, names []string) {
	r := p.r
	if p.you != "" { // told as it happened (session.tell): what was hidden, and the tally
		p.f("\nThe deal is over.\n")
		if g.Declarer >= 0 && g.Laid != 0 && names[g.Declarer] != p.you {
			p.f("  %s had laid aside %s.\n", names[g.Declarer], p.cards(g.Laid))
		}
		if g.NTricks > 0 {
			p.tally(g, names)
		}
		return
	}
	if g.Declarer < 0 && g.Contract >= 0 {
		p.f("Everybody passed: %s, each for himself.\n", r.Contracts[g.Contract].Display())
		if g.TalonTricks() > 0 {
			p.f("The talon's cards are turned one by one and open the first %d tricks.\n", g.TalonTricks())
		}
		p.tricks(g, names)
		return
	}
	if g.Declarer < 0 {
		p.f("Everybody passed: nobody declares, the deal is over.\n")
		return
	}
	d := names[g.Declarer]
	if g.Forced {
		p.f("Everybody passed: %s is forced to take the talon.\n", d)
	} else if g.PotBid > 0 {
		p.f("Everybody passed: in the second round %s offers %d into the pot and wins the talon.\n", d, g.PotBid)
	} else if g.Bid == game.Pass {
		p.f("Everybody passed: %s takes the second chance.\n", d)
	}
	p.f("\nExchange\n")
	switch {
	case g.Hand:
		p.f("  %s plays from the hand; the talon stays face down.\n", d)
	case r.Exchange.ShowTalon:
		p.f("  %s shows the talon (%s) to everyone, takes it and lays aside %s.\n", d, p.cards(g.Talon), p.cards(g.Laid))
	case r.Exchange.TakeTalon:
		p.f("  %s takes the talon (%s) and lays aside %s.\n", d, p.cards(g.Talon), p.cards(g.Laid))
	}
	if g.Conceded {
		p.f("  %s gives up.\n", d)
		return
	}
	ct := &r.Contracts[g.Contract]
	p.f("  %s announces %s", d, ct.Display())
	if ct.Trumps != cards.NoSuit {
		p.f(" (trumps %s)", r.Deck.SuitNames[ct.Trumps])
	}
	switch {
	case ct.Exact:
		p.f(": %s must take exactly %d tricks.\n", d, r.Need(g.Contract, g.Hand))
	default:
		p.f(": %s needs %d tricks.\n", d, r.Need(g.Contract, g.Hand))
	}
	if ct.Open {
		p.f("  %s plays with the cards shown: %s\n", d, p.cards(g.Hands[g.Declarer]))
	}
	p.f("\nDefence\n")
	for k := 1; k < r.Hands; k++ {
		s := (g.Declarer + k) % r.Hands
		what := "plays"
		caller := g.ContraCaller() // in team mode he plays for both
		switch {
		case g.Doubled[s] > 0:
			what = "plays, and calls " + strings.Join(ruleset.ContraCalls[1:min(g.Doubled[s], ruleset.MaxContraLevels)+1], ", ")
			if r.Defence.Contra.Team {
				what += "; plays for both defenders"
			}
		case g.Invited(s) && caller >= 0 && r.Defence.Contra.Team:
			what = "is brought in by the contra: plays for " + names[caller]
		case g.LoneDefender() >= 0 && g.Defence[s] == deal.Drop && g.Open:
			what = fmt.Sprintf("drops out; the hands are shown and %s plays this one too", names[g.LoneDefender()])
		case g.LoneDefender() >= 0 && g.Defence[s] == deal.Drop:
			what = "drops out; plays the hand closed for the other defender"
		case g.Invited(s):
			what = "drops out, and is invited: plays for the inviter"
		case g.Defence[s] == deal.Drop:
			what = "drops out"
		case g.Defence[s] == deal.Half:
			what = "takes half without play (the other defender passed)"
		case g.Defence[s] == deal.Invite:
			what = "plays, and invites the other defender"
		}
		p.f("  %-10s %s\n", names[s], what)
	}
	if g.Conceded {
		p.f("  %s gives up.\n", d)
		return
	}
	if defence := g.Defenders(); g.NTricks == 0 && defence.Uncontested(g.R) {
		p.f("Nobody doubled: %s is played only against a contra, so no card is played.\n", g.R.Contracts[g.Contract].Display())
		return
	}
	if g.NTricks == 0 {
		p.f("Nobody defends: no card play.\n")
		return
	}
	p.tricks(g, names)
}

// tricks prints the card play: each trick, its winner, and the tally.
func (p *printer) tricks(g *game.Game, names []string) {
	name := p.seatName
	p.f("\nPlay\n")
	for i := 0; i < g.NTricks; i++ {
		t := &g.Record[i]
		var parts []string
		for k := 0; k < t.N; k++ {
			parts = append(parts, fmt.Sprintf("%s %s", name(int(t.Seats[k])), p.card(t.Cards[k])))
		}
		p.f("  %2d. %-44s -> %s\n", i+1, strings.Join(parts, ", "), name(t.Winner))
	}
	if g.Stopped {
		p.f("  Play stops: the contract can no longer be made.\n")
	}
	p.tally(g, names)
}

// tally is the cooperation notes and the tricks each player took.
func (p *printer) tally(g *game.Game, names []string) {
	r := p.r
	for k := 0; k < g.NNotes; k++ {
		n := g.Notes[k]
		p.f("  Note, trick %d: %s played %s, against the cooperation rule: %s.\n", n.Trick+1, names[n.Seat], p.card(n.Card), game.CooperationRules[n.Rule])
	}
	var taken []string
	for s := 0; s < r.Hands; s++ {
		if g.InPlay(s) {
			taken = append(taken, fmt.Sprintf("%s %d", names[s], g.Taken[s]))
		}
	}
	if g.TalonTaken > 0 {
		taken = append(taken, fmt.Sprintf("talon %d", g.TalonTaken))
	}
	p.f("Tricks: %s.\n", strings.Join(taken, ", "))
}

func (p *printer) balances(t *table.Table) {
	var parts []string
	for i, n := range t.Names {
		parts = append(parts, fmt.Sprintf("%s %s", n, t.Balance[i].Signed()))
	}
	if usesMoney(t.R) {
		p.f("Balances: %s; pot %v\n", strings.Join(parts, ", "), t.Pot)
	}
	if len(t.Sheet) > 0 {
		keys := make([]string, 0, len(t.Sheet))
		for k := range t.Sheet {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		var parts []string
		for _, k := range keys {
			parts = append(parts, fmt.Sprintf("%s %v", k, t.Sheet[k]))
		}
		p.f("Sheet: %s\n", strings.Join(parts, ", "))
	}
	marks := false
	for _, m := range t.Marks {
		marks = marks || m != 0
	}
	if marks {
		var ms []string
		for i, n := range t.Names {
			ms = append(ms, fmt.Sprintf("%s %d", n, t.Marks[i]))
		}
		p.f("Markings: %s\n", strings.Join(ms, ", "))
	}
}

// indent prefixes each line with two spaces.
type indent struct{ w io.Writer }

func (i indent) Write(b []byte) (int, error) {
	s := strings.TrimSuffix(string(b), "\n")
	_, err := io.WriteString(i.w, "  "+strings.ReplaceAll(s, "\n", "\n  ")+"\n")
	return len(b), err
}
