package main

import (
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/preference-rules/pref/internal/app"
	"github.com/preference-rules/pref/internal/safeio"
	"github.com/preference-rules/pref/internal/terminal"
	"github.com/preference-rules/pref/interpreter/record"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/interpreter/seats"
	"github.com/preference-rules/pref/interpreter/table"
	"github.com/preference-rules/pref/rulesets"
	"github.com/spf13/cobra"
)

// playFlags are pref play's flags as given.
type playFlags struct {
	name       string
	seed       uint64
	deals      int
	names      []string
	ascii      bool
	options    []string
	seat       string
	plain      bool
	toPool     int
	wholeGame  bool
	botKind    string
	review     bool
	recordPath string // --record
	force      bool
	randomSeed bool // no --seed for a person at a terminal: a random deal, its seed shown
}

func playCmd() *cobra.Command {
	var pf playFlags
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
		RunE: func(cmd *cobra.Command, args []string) error { return runPlay(cmd, &pf) },
	}
	f := cmd.Flags()
	f.StringVar(&pf.name, "ruleset", rulesets.Default, "embedded ruleset name or path to a .yaml file")
	f.Uint64Var(&pf.seed, "seed", 1, "random seed, 0 to 2^64-1: the same seed gives the same deals (with --seat at a terminal the default is a random seed, shown)")
	f.IntVar(&pf.deals, "deals", 1, "number of deals to play in a row (1 to 1000)")
	f.StringSliceVar(&pf.names, "players", nil, "player names in playing order (default Anton, Brigitte, Charlotte; a fourth name seats four)")
	f.BoolVar(&pf.ascii, "ascii", false, "write suits as letters (C S D H) instead of symbols")
	f.StringSliceVar(&pf.options, "option", nil, "ruleset option, name=value (see pref rules)")
	f.StringVar(&pf.seat, "seat", "", "take this player's seat yourself (full screen at a terminal, else prompts on standard input; ? gives a hint)")
	f.BoolVar(&pf.plain, "plain", false, "with --seat: plain-text prompts even at a terminal")
	f.StringVar(&pf.recordPath, "record", "", "write what was played as a game record to this file (atomically; see docs/records.md)")
	f.BoolVar(&pf.force, "force", false, "with --record: overwrite an existing file")
	f.BoolVar(&pf.review, "review", false, "after each deal, what perfect play would have given (every hand known) and the first card that cost each side a trick")
	f.StringVar(&pf.botKind, "bots", "simple", "the computer players: simple, strong (cards played by sampling the unseen hands and solving each double-dummy; bids, exchange and defence weighed by playing each option out over such samples) or exec:COMMAND (an outside program speaking pref's line protocol, docs/protocol.md); a comma-separated list gives the computer players their kinds in turn")
	f.IntVar(&pf.toPool, "to-pool", 0, "play a whole game until every pool reaches N (1 to 1000), then print the final sheet (rulesets whose sheet names its target option, table.sheet.target)")
	f.BoolVar(&pf.wholeGame, "game", false, "play a whole game until the score sheet closes, then print the final sheet (score-sheet rulesets)")
	_ = cmd.RegisterFlagCompletionFunc("ruleset", completeRulesets)
	return cmd
}

// runPlay checks the flags, seats the table and plays the session, then
// writes the record. The checks keep their order: the first fault found
// is the one reported.
func runPlay(cmd *cobra.Command, pf *playFlags) error {
	r, opts, err := openWithOptions(pf.name, pf.options)
	if err != nil {
		return err
	}
	if err := checkPlayFlags(cmd, pf); err != nil {
		return err
	}
	r, target, err := playGoal(cmd, pf, r)
	if err != nil {
		return err
	}
	if len(pf.names) == 0 {
		pf.names = defaultNames[:r.Hands]
	}
	t, err := table.New(r, pf.names)
	if err != nil {
		return badInput(err)
	}
	if err := app.CheckBots(pf.botKind); err != nil {
		return badInput(fmt.Errorf("--bots %v", err))
	}
	p := newPrinter(cmd.OutOrStdout(), r, pf.ascii, pf.botKind, pf.review)
	if pf.recordPath != "" {
		p.Record = newRecord(cmd, pf, opts, target)
	}
	if pf.seat != "" && !slices.Contains(pf.names, pf.seat) {
		return badInput(fmt.Errorf("--seat %s: not one of the players %v", pf.seat, pf.names))
	}
	// A person practising at a terminal gets a new deal each time, not
	// seed 1's; the seed is shown so that the deal can be played again.
	if pf.seat != "" && !cmd.Flags().Changed("seed") && terminal.IsTerminalReader(cmd.InOrStdin()) {
		pf.seed, pf.randomSeed = newSeed(), true
	}
	rng := rand.New(rand.NewPCG(pf.seed, 0x9e3779b97f4a7c15))
	return writeRecord(cmd, pf, p, playAt(cmd, pf, p, t, rng))
}

// checkPlayFlags refuses the figures and names out of bounds, and a record
// that would replace what it must not.
func checkPlayFlags(cmd *cobra.Command, pf *playFlags) error {
	if pf.recordPath != "" {
		if err := checkTarget("--record", pf.recordPath, pf.force); err != nil {
			return err
		}
	}
	if cmd.Flags().Changed("to-pool") && (pf.toPool < 1 || pf.toPool > maxPool) {
		return badInput(fmt.Errorf("--to-pool %d: want 1 to %d", pf.toPool, maxPool))
	}
	if pf.deals > maxDeals {
		return badInput(fmt.Errorf("--deals %d: at most %d", pf.deals, maxDeals))
	}
	if err := checkNames(pf.names); err != nil {
		return badInput(err)
	}
	return nil
}

// playGoal is how long the session runs: --deals, or a whole game
// (--game, --to-pool with the ruleset's target option set, returned as
// target). A whole game is pf.deals 0.
func playGoal(cmd *cobra.Command, pf *playFlags, r *ruleset.Ruleset) (*ruleset.Ruleset, string, error) {
	flag := "--game"
	if pf.toPool > 0 {
		flag, pf.wholeGame = "--to-pool", true
	}
	if pf.wholeGame {
		if cmd.Flags().Changed("deals") {
			return nil, "", badInput(fmt.Errorf("%s plays a whole game: leave out --deals", flag))
		}
		if r.Sheet.Final == nil {
			return nil, "", badInput(fmt.Errorf("%s: %s keeps no score sheet that closes (table.sheet.final)", flag, r.Name))
		}
	}
	target := "" // the option --to-pool sets
	if pf.toPool > 0 {
		var err error
		if r, target, err = toTarget(r, pf.toPool); err != nil {
			return nil, "", badInput(err)
		}
	}
	if pf.wholeGame {
		pf.deals = 0 // until the sheet closes
	} else if pf.deals < 1 {
		return nil, "", badInput(fmt.Errorf("--deals %d: at least one", pf.deals))
	}
	return r, target, nil
}

// newPrinter is the transcript's printer for the command line: the
// settlement written as pref settle writes it.
func newPrinter(out io.Writer, r *ruleset.Ruleset, ascii bool, bots string, review bool) *app.Printer {
	return &app.Printer{Out: out, Ruleset: r, ASCII: ascii, Bots: bots, Review: review}
}

// newRecord is the record --record writes: the ruleset as named from the
// record's folder, the options (with --to-pool's target), the seats.
func newRecord(cmd *cobra.Command, pf *playFlags, opts map[string]any, target string) *record.Record {
	if pf.toPool > 0 {
		opts[target] = pf.toPool
	}
	recorded, ok := recordedRuleset(pf.name, pf.recordPath)
	if !ok {
		fmt.Fprintf(cmd.ErrOrStderr(), "pref: note: the ruleset %s is not in or below the folder of %s: pref verify will refuse the record until the ruleset is put there (or in %s)\n", pf.name, pf.recordPath, rulesets.UserDir())
	}
	return &record.Record{Ruleset: recorded, Options: opts, Seats: pf.names}
}

// playAt plays the session: among computers, with a person at the line
// seat (plain prompts, or no terminal), or at the full screen.
func playAt(cmd *cobra.Command, pf *playFlags, p *app.Printer, t *table.Table, rng *rand.Rand) error {
	switch {
	case pf.seat == "":
		return app.Play(p, t, rng, pf.deals, nil, "")
	case pf.plain || !terminal.IsTerminal(cmd.OutOrStdout()) || !terminal.IsTerminalReader(cmd.InOrStdin()):
		h := terminal.NewHuman(cmd.InOrStdin(), p, pf.seat)
		h.Table = t
		if pf.randomSeed {
			p.Printf("Seed %d: %s deals it again.\n\n", pf.seed, fmt.Sprintf(againCommand(cmd, pf), pf.seed))
		}
		return app.Play(p, t, rng, pf.deals, h, pf.seat)
	case pf.deals == 1 && !pf.wholeGame && p.Record == nil:
		return practice(cmd, pf, p, t.R)
	}
	return playFullScreen(cmd, p, t, rng, pf.deals, pf.seat)
}

// practice plays one deal at a time at the full screen, each at a fresh
// table from a seed shown, as pref play --seed N deals it: n deals a new
// one, a the same one again.
func practice(cmd *cobra.Command, pf *playFlags, p *app.Printer, r *ruleset.Ruleset) error {
	pr := &terminal.Practice{
		Seed:    pf.seed,
		NewSeed: newSeed,
		Again:   againCommand(cmd, pf),
		Deal: func(seed uint64) (*app.Session, error) {
			t, err := table.New(r, pf.names)
			if err != nil {
				return nil, badInput(err)
			}
			return app.NewSession(p, t, rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15)), 1, nil, pf.seat), nil
		},
	}
	return terminal.PracticeFullScreen(cmd.InOrStdin(), cmd.OutOrStdout(), r.Title, p, pf.seat, pr)
}

// newSeed is a random seed for a practice deal: below a million, short
// enough to type again.
func newSeed() uint64 { return rand.Uint64N(1_000_000) }

// againCommand is the pref play command that deals a seed (%d) again
// with the flags that shape the deal: the ruleset, its options, the
// players and the seat.
func againCommand(cmd *cobra.Command, pf *playFlags) string {
	parts := []string{"pref play"}
	if cmd.Flags().Changed("ruleset") {
		parts = append(parts, "--ruleset "+pf.name)
	}
	for _, o := range pf.options {
		parts = append(parts, "--option "+o)
	}
	if cmd.Flags().Changed("players") {
		parts = append(parts, "--players "+strings.Join(pf.names, ","))
	}
	parts = append(parts, "--seat "+pf.seat)
	return strings.ReplaceAll(strings.Join(parts, " "), "%", "%%") + " --seed %d"
}

// writeRecord writes what was played with --record, even when the session
// (whose error is played) stopped early, and says so.
func writeRecord(cmd *cobra.Command, pf *playFlags, p *app.Printer, played error) error {
	if p.Record == nil || len(p.Record.Deals) == 0 {
		return played
	}
	data, err := record.Marshal(p.Record)
	if err == nil {
		err = safeio.WriteFile(pf.recordPath, data, 0o644, pf.force)
	}
	if err != nil && played == nil {
		return badInput(fmt.Errorf("--record: %v", err))
	}
	if err == nil {
		fmt.Fprintf(cmd.ErrOrStderr(), "pref: %d deal(s) recorded in %s (pref verify %s replays them)\n", len(p.Record.Deals), pf.recordPath, pf.recordPath)
	}
	return played
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
// maxPool would not close within app.MaxGameDeals deals, so the game would run
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
func playFullScreen(cmd *cobra.Command, p *app.Printer, t *table.Table, rng *rand.Rand, deals int, seat string) error {
	sess := app.NewSession(p, t, rng, deals, nil, seat)
	return terminal.PlayFullScreen(cmd.InOrStdin(), cmd.OutOrStdout(), t.R.Title, sess, p, seat)
}
