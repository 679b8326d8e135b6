package app

import (
	"fmt"
	"github.com/preference-rules/pref/interpreter/deal"
	"io"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"

	"github.com/preference-rules/pref/internal/rulings"
	"github.com/preference-rules/pref/internal/safeio"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/interpreter/record"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/interpreter/seats"
	"github.com/preference-rules/pref/interpreter/table"
	"github.com/preference-rules/pref/rulesets"
)

// PlayRequest is pref play: a session of deals with computer players, a
// person at one seat or none, until a number of deals is played or a
// whole game closes, and its record written. Prepare checks it and seats
// the table; the front end then plays the session its own way (Mode).
type PlayRequest struct {
	Ruleset    string
	Options    []string // name=value
	Seed       uint64
	Deals      int
	Names      []string // the players, in playing order (default DefaultNames)
	ASCII      bool
	Seat       string // the person's seat, "" for none
	Plain      bool   // the person at plain prompts even at a terminal
	ToPool     int    // a whole game to this pool (the ruleset's target option)
	WholeGame  bool
	Bots       string // simple or strong
	Review     bool
	RecordPath string // the record to write, "" for none
	Force      bool   // the record over an existing file
	// Given says whether a flag was given, not left at its default: a
	// person at a terminal without --seed gets a random deal, and the
	// command that deals it again names what was given.
	Given func(flag string) bool
	// Out and Err are the transcript and the notes; InTerminal and
	// OutTerminal whether keys can be read and a screen drawn there.
	Out, Err                io.Writer
	InTerminal, OutTerminal bool
}

// PlayMode is how the front end plays a prepared session.
type PlayMode int

const (
	AmongComputers PlayMode = iota // nobody seated: Play(nil)
	AtLineSeat                     // a person at plain prompts: Play(their player)
	Practising                     // one deal at a time at the full screen, each from a seed (Deal)
	AtFullScreen                   // the session at the full screen (Session)
)

// PreparedPlay is a session seated and ready to play.
type PreparedPlay struct {
	Printer    *Printer
	Table      *table.Table
	Mode       PlayMode
	Seed       uint64 // the first deal's (random for a person without --seed)
	RandomSeed bool   // the seed was drawn, not given: it is shown
	Again      string // the pref play command that deals a seed (%d) again
	rng        *rand.Rand
	q          *PlayRequest
}

// Limits of pref play's figures. A session longer than MaxDeals is not a
// session anybody watches, and each deal costs time; a pool target above
// MaxPool would not close within MaxGameDeals deals, so the game would
// run for minutes and then fail.
const (
	MaxDeals = 1000
	MaxPool  = 1000
)

// Prepare checks the request and seats the table. The checks keep their
// order: the first fault found is the one reported.
func (q *PlayRequest) Prepare() (*PreparedPlay, error) {
	r, opts, err := rulings.OpenWithOptions(q.Ruleset, q.Options)
	if err != nil {
		return nil, err
	}
	if err := q.check(); err != nil {
		return nil, err
	}
	r, target, err := q.goal(r)
	if err != nil {
		return nil, err
	}
	if len(q.Names) == 0 {
		q.Names = rulings.DefaultNames[:r.Hands]
	}
	t, err := table.New(r, q.Names)
	if err != nil {
		return nil, &BadInput{err}
	}
	if err := CheckBots(q.Bots); err != nil { // simple, strong, exec:COMMAND or a list of them
		return nil, badInput("--bots %v", err)
	}
	p := &Printer{Out: q.Out, Ruleset: r, ASCII: q.ASCII, Bots: q.Bots, Review: q.Review}
	if q.RecordPath != "" {
		p.Record = q.newRecord(opts, target)
	}
	if q.Seat != "" && !slices.Contains(q.Names, q.Seat) {
		return nil, badInput("--seat %s: not one of the players %v", q.Seat, q.Names)
	}
	pl := &PreparedPlay{Printer: p, Table: t, Mode: q.mode(p), Seed: q.Seed, Again: q.againCommand(), q: q}
	// A person practising at a terminal gets a new deal each time, not
	// seed 1's; the seed is shown so that the deal can be played again.
	if q.Seat != "" && !q.Given("seed") && q.InTerminal {
		pl.Seed, pl.RandomSeed = NewSeed(), true
	}
	pl.rng = DealRand(pl.Seed)
	if pl.Mode == AtLineSeat && pl.RandomSeed {
		p.Printf("Seed %d: %s deals it again.\n\n", pl.Seed, fmt.Sprintf(pl.Again, pl.Seed))
	}
	return pl, nil
}

func badInput(format string, args ...any) error {
	return &BadInput{fmt.Errorf(format, args...)}
}

// checkBots refuses computer players other than simple and strong, the
// kinds whose judgement the tutorial teaches (pref play takes outside
// programs too: CheckBots).
func checkBots(kind string) error {
	if kind != "simple" && kind != "strong" {
		return badInput("--bots %q: simple or strong", kind)
	}
	return nil
}

// check refuses the figures and names out of bounds, and a record that
// would replace what it must not.
func (q *PlayRequest) check() error {
	if q.RecordPath != "" {
		if err := rulings.CheckTarget("--record", q.RecordPath, q.Force); err != nil {
			return &BadInput{err}
		}
	}
	if q.Given("to-pool") && (q.ToPool < 1 || q.ToPool > MaxPool) {
		return badInput("--to-pool %d: want 1 to %d", q.ToPool, MaxPool)
	}
	if q.Deals > MaxDeals {
		return badInput("--deals %d: at most %d", q.Deals, MaxDeals)
	}
	if err := checkNames(q.Names); err != nil {
		return &BadInput{err}
	}
	return nil
}

// goal is how long the session runs: Deals, or a whole game (WholeGame,
// ToPool with the ruleset's target option set, returned as target). A
// whole game is Deals 0.
func (q *PlayRequest) goal(r *ruleset.Ruleset) (*ruleset.Ruleset, string, error) {
	flag := "--game"
	if q.ToPool > 0 {
		flag, q.WholeGame = "--to-pool", true
	}
	if q.WholeGame {
		if q.Given("deals") {
			return nil, "", badInput("%s plays a whole game: leave out --deals", flag)
		}
		if r.Sheet.Final == nil {
			return nil, "", badInput("%s: %s keeps no score sheet that closes (table.sheet.final)", flag, r.Name)
		}
	}
	target := "" // the option ToPool sets
	if q.ToPool > 0 {
		var err error
		if r, target, err = toTarget(r, q.ToPool); err != nil {
			return nil, "", &BadInput{err}
		}
	}
	if q.WholeGame {
		q.Deals = 0 // until the sheet closes
	} else if q.Deals < 1 {
		return nil, "", badInput("--deals %d: at least one", q.Deals)
	}
	return r, target, nil
}

// mode is how the session is played: among computers, with a person at
// the line seat (plain prompts, or no terminal), or at the full screen,
// one deal at a time when there is no more to it.
func (q *PlayRequest) mode(p *Printer) PlayMode {
	switch {
	case q.Seat == "":
		return AmongComputers
	case q.Plain || !q.OutTerminal || !q.InTerminal:
		return AtLineSeat
	case q.Deals == 1 && !q.WholeGame && p.Record == nil:
		return Practising
	}
	return AtFullScreen
}

// newRecord is the record RecordPath gets: the ruleset as named from the
// record's folder, the options (with ToPool's target), the seats.
func (q *PlayRequest) newRecord(opts map[string]any, target string) *record.Record {
	if q.ToPool > 0 {
		opts[target] = q.ToPool
	}
	recorded, ok := recordedRuleset(q.Ruleset, q.RecordPath)
	if !ok {
		fmt.Fprintf(q.Err, "pref: note: the ruleset %s is not in or below the folder of %s: pref verify will refuse the record until the ruleset is put there (or in %s)\n", q.Ruleset, q.RecordPath, rulesets.UserDir())
	}
	return &record.Record{Ruleset: recorded, Options: opts, Seats: q.Names}
}

// NewSeed is a random seed for a practice deal: below a million, short
// enough to type again.
func NewSeed() uint64 { return rand.Uint64N(1_000_000) }

// againCommand is the pref play command that deals a seed (%d) again
// with the flags that shape the deal: the ruleset, its options, the
// players and the seat.
func (q *PlayRequest) againCommand() string {
	parts := []string{"pref play"}
	if q.Given("ruleset") {
		parts = append(parts, "--ruleset "+q.Ruleset)
	}
	for _, o := range q.Options {
		parts = append(parts, "--option "+o)
	}
	if q.Given("players") {
		parts = append(parts, "--players "+strings.Join(q.Names, ","))
	}
	parts = append(parts, "--seat "+q.Seat)
	return strings.ReplaceAll(strings.Join(parts, " "), "%", "%%") + " --seed %d"
}

// Play plays the whole session, you (nil for nobody) in the person's
// seat.
func (pl *PreparedPlay) Play(you game.Player) error {
	return Play(pl.Printer, pl.Table, pl.rng, pl.q.Deals, you, pl.q.Seat)
}

// Session is the whole session, to be stepped by a full screen.
func (pl *PreparedPlay) Session() *Session {
	return NewSession(pl.Printer, pl.Table, pl.rng, pl.q.Deals, nil, pl.q.Seat)
}

// Deal is one deal from seed at a fresh table: practice.
func (pl *PreparedPlay) Deal(seed uint64) (*Session, error) {
	t, err := table.New(pl.Table.R, pl.q.Names)
	if err != nil {
		return nil, &BadInput{err}
	}
	return NewSession(pl.Printer, t, DealRand(seed), 1, nil, pl.q.Seat), nil
}

// Finish writes what was played to the record, even when the session
// (whose error is played) stopped early, and says so; it returns played
// unless writing failed after a session that did not.
func (pl *PreparedPlay) Finish(played error) error {
	p, q := pl.Printer, pl.q
	if p.Record == nil || len(p.Record.Deals) == 0 {
		return played
	}
	data, err := record.Marshal(p.Record)
	if err == nil {
		err = safeio.WriteFile(q.RecordPath, data, 0o644, q.Force)
	}
	if err != nil && played == nil {
		return badInput("--record: %v", err)
	}
	if err == nil {
		fmt.Fprintf(q.Err, "pref: %s recorded in %s (pref verify %s replays %s)\n", deal.Count(len(p.Record.Deals), "deal"), q.RecordPath, q.RecordPath, them(len(p.Record.Deals)))
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

// recordedRuleset is how a record written to recordPath names the ruleset
// given on the command line as name: a ruleset's name as it is, a path
// relative to the record's folder, which is where pref verify looks for
// it (rulesets.OpenFrom). ok is false when that path leads out of the
// folder: pref verify refuses such a record, so the player is told (and
// the record names the ruleset as it is from there all the same).
func recordedRuleset(name, recordPath string) (recorded string, ok bool) {
	if !strings.ContainsAny(name, `/\`) && !strings.HasSuffix(name, ".yaml") && !strings.HasSuffix(name, ".yml") {
		return name, true
	}
	absName, err1 := filepath.Abs(name)
	absDir, err2 := filepath.Abs(filepath.Dir(recordPath))
	if err1 != nil || err2 != nil {
		return name, false
	}
	rel, err := filepath.Rel(absDir, absName)
	if err != nil {
		return name, false
	}
	return filepath.ToSlash(rel), filepath.IsLocal(rel)
}

// them is the pronoun for n deals: "it" for one.
func them(n int) string {
	if n == 1 {
		return "it"
	}
	return "them"
}
