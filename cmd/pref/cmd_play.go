package main

import (
	"io"

	"github.com/preference-rules/pref/internal/app"
	"github.com/preference-rules/pref/internal/terminal"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/rulesets"
	"github.com/spf13/cobra"
)

func playCmd() *cobra.Command {
	var q app.PlayRequest
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
		RunE: func(cmd *cobra.Command, args []string) error { return runPlay(cmd, &q) },
	}
	f := cmd.Flags()
	f.StringVar(&q.Ruleset, "ruleset", rulesets.Default, "embedded ruleset name or path to a .yaml file")
	f.Uint64Var(&q.Seed, "seed", 1, "random seed, 0 to 2^64-1: the same seed gives the same deals (with --seat at a terminal the default is a random seed, shown)")
	f.IntVar(&q.Deals, "deals", 1, "number of deals to play in a row (1 to 1000)")
	f.StringSliceVar(&q.Names, "players", nil, "player names in playing order (default Anton, Brigitte, Charlotte; a fourth name seats four)")
	f.BoolVar(&q.ASCII, "ascii", false, "write suits as letters (C S D H) instead of symbols")
	f.StringSliceVar(&q.Options, "option", nil, "ruleset option, name=value (see pref rules)")
	f.StringVar(&q.Seat, "seat", "", "take this player's seat yourself (full screen at a terminal, else prompts on standard input; ? gives a hint)")
	f.BoolVar(&q.Plain, "plain", false, "with --seat: plain-text prompts even at a terminal")
	f.StringVar(&q.RecordPath, "record", "", "write what was played as a game record to this file (atomically; see docs/records.md)")
	f.BoolVar(&q.Force, "force", false, "with --record: overwrite an existing file")
	f.BoolVar(&q.Review, "review", false, "after each deal, what perfect play would have given (every hand known) and the first card that cost each side a trick")
	f.StringVar(&q.Bots, "bots", "simple", "the computer players: simple, strong (cards played by sampling the unseen hands and solving each double-dummy; bids, exchange and defence weighed by playing each option out over such samples) or exec:COMMAND (an outside program speaking pref's line protocol, docs/protocol.md); a comma-separated list gives the computer players their kinds in turn")
	f.IntVar(&q.ToPool, "to-pool", 0, "play a whole game until every pool reaches N (1 to 1000), then print the final sheet (rulesets whose sheet names its target option, table.sheet.target)")
	f.BoolVar(&q.WholeGame, "game", false, "play a whole game until the score sheet closes, then print the final sheet (score-sheet rulesets)")
	_ = cmd.RegisterFlagCompletionFunc("ruleset", completeRulesets)
	return cmd
}

// runPlay seats the table (app.PlayRequest), plays the session as it
// says, among computers, at the line seat or at the full screen, then
// writes the record.
func runPlay(cmd *cobra.Command, q *app.PlayRequest) error {
	in, out := cmd.InOrStdin(), cmd.OutOrStdout()
	q.Given, q.Out, q.Err = cmd.Flags().Changed, out, cmd.ErrOrStderr()
	q.InTerminal, q.OutTerminal = terminal.IsTerminalReader(in), terminal.IsTerminal(out)
	pl, err := q.Prepare()
	if err != nil {
		return err
	}
	switch pl.Mode {
	case app.AtLineSeat:
		h := terminal.NewHuman(in, pl.Printer, q.Seat)
		h.Table = pl.Table
		err = pl.Play(h)
	case app.Practising:
		pr := &terminal.Practice{Seed: pl.Seed, NewSeed: app.NewSeed, Again: pl.Again, Deal: pl.Deal,
			Ladder: terminal.LoadLadder(pl.Table.R.Name, !q.Given("bots"))} // simple, then strong players, unless --bots chose
		err = terminal.PracticeFullScreen(in, out, pl.Table.R.Title, pl.Printer, q.Seat, pr)
	case app.AtFullScreen:
		err = terminal.PlayFullScreen(in, out, pl.Table.R.Title, pl.Session(), pl.Printer, q.Seat)
	default:
		err = pl.Play(nil)
	}
	return pl.Finish(err)
}

// newPrinter is the transcript's printer for the command line: the
// settlement written as pref settle writes it.
func newPrinter(out io.Writer, r *ruleset.Ruleset, ascii bool, bots string, review bool) *app.Printer {
	return &app.Printer{Out: out, Ruleset: r, ASCII: ascii, Bots: bots, Review: review}
}
