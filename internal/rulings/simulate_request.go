package rulings

import (
	"fmt"
	"io"
	"time"

	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/interpreter/simulate"
)

// SimulateRequest is pref simulate: the deals of a simulation played on
// Workers workers by the computer players Bots, and a second ruleset on
// the same cards when one is compared, reported as text or JSON.
type SimulateRequest struct {
	Simulation
	Workers int
	Bots    string // simple, strong or strong-cards
	JSON    bool
	// Progress is where a progress bar of the deals played is drawn (a
	// terminal), nil for none.
	Progress io.Writer
	// SessionLen is the deals of a session (0: 20); Sweep the options
	// swept, OPTION=v1,v2,... each, ranked by the measure RankBy
	// (simulate_sweep.go).
	SessionLen int
	Sweep      []string
	RankBy     string
}

// Run checks the figures, plays the simulation and writes its report to w.
func (q *SimulateRequest) Run(w io.Writer) error {
	s := &q.Simulation
	if s.Deals < 1 || s.Deals > 10_000_000 {
		return refusedf("--deals %d: want 1 to 10000000", s.Deals)
	}
	if err := CheckWorkers(q.Workers); err != nil {
		return &Refused{err}
	}
	r, _, err := OpenWithOptions(s.Name, s.Options)
	if err != nil {
		return err
	}
	comparing := s.CompareName != "" || len(s.CompareOptions) > 0
	// a comparison is deal by deal: only then are the deals' results kept
	if q.Bots != "simple" && q.Bots != "strong" && q.Bots != "strong-cards" {
		return refusedf("--bots %q: simple, strong or strong-cards", q.Bots)
	}
	if q.SessionLen < 0 || q.SessionLen > MaxSessionLen {
		return refusedf("--session %d: want 1 to %d", q.SessionLen, MaxSessionLen)
	}
	cfg := simulate.Config{Deals: s.Deals, Workers: q.Workers, Seed: s.Seed, KeepPerDeal: comparing, Bots: q.Bots, SessionLen: q.SessionLen}
	if len(q.Sweep) > 0 {
		return q.runSweep(w, r, cfg, comparing)
	}
	progress := progressBar(q.Progress, s.Deals, q.JSON)
	if s.Report, err = simulate.Run(r, cfg, progress); err != nil {
		return failedf("%v", err)
	}
	if comparing {
		if err := s.compareOn(r, cfg, progress); err != nil {
			return err
		}
	}
	if comparing {
		return q.writeCompared(w)
	}
	if q.JSON {
		data, err := s.JSON()
		if err != nil {
			return failedf("%v", err)
		}
		fmt.Fprintln(w, string(data))
		return nil
	}
	s.Print(w)
	return nil
}

// compareOn plays the compared ruleset (the same one with
// --compare-option when --compare names none) on the cards of s.
func (s *Simulation) compareOn(r *ruleset.Ruleset, cfg simulate.Config, progress func(int)) error {
	if s.CompareName == "" {
		s.CompareName = s.Name
	}
	r2, _, err := OpenWithOptions(s.CompareName, s.CompareOptions)
	if err != nil {
		return err
	}
	if r2.Hands != r.Hands {
		return refusedf("--compare %s deals %d hands, %s %d: the same cards cannot be played", s.CompareName, r2.Hands, s.Name, r.Hands)
	}
	if s.Compared, err = simulate.Run(r2, cfg, progress); err != nil {
		return failedf("%v", err)
	}
	return nil
}

// MatchRequest is pref match: kinds of player on the same cards, rotated
// through the seats, reported as text or JSON.
type MatchRequest struct {
	Ruleset   string
	Options   []string // name=value
	Players   []string // the kinds of player
	Deals     int
	Workers   int
	Seed      uint64
	JSON      bool
	TimeLimit time.Duration // an outside program's for each decision
	// Progress is where a progress bar of the deals played is drawn (a
	// terminal), nil for none.
	Progress io.Writer
}

// Run checks the figures, plays the match and writes its report to w; an
// outside program's refusals and its own standard error go to errOut.
func (q *MatchRequest) Run(w, errOut io.Writer) error {
	if q.Deals < 1 || q.Deals > 1_000_000 {
		return refusedf("--deals %d: want 1 to 1000000", q.Deals)
	}
	if err := CheckWorkers(q.Workers); err != nil {
		return &Refused{err}
	}
	r, _, err := OpenWithOptions(q.Ruleset, q.Options)
	if err != nil {
		return err
	}
	if err := CheckPlayers(q.Players, r.Name, r.Hands); err != nil {
		return &Refused{err}
	}
	if q.TimeLimit <= 0 || q.TimeLimit > 10*time.Minute {
		return refusedf("--time-limit %v: want more than 0 and at most 10m", q.TimeLimit)
	}
	opt := simulate.MatchOptions{TimeLimit: q.TimeLimit, Log: errOut, Stderr: errOut}
	rep, err := simulate.MatchWith(r, q.Players, q.Deals, q.Workers, q.Seed, progressBar(q.Progress, q.Deals, q.JSON), opt)
	if err != nil {
		return &Refused{err}
	}
	if q.JSON {
		return writeJSON(w, rep)
	}
	return PrintMatch(w, r.Name, r.Hands, q.Deals, q.Seed, rep)
}
