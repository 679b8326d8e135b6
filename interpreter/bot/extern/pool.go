package extern

import (
	"sync"

	"github.com/preference-rules/pref/interpreter/game"
)

// maxLogged is how many refusals a pool logs; the rest are counted only.
const maxLogged = 50

// Pool keeps running programs of one command between deals, as many as
// seats it fills at once: a match takes one for a seat before a deal
// (Get) and gives it back after (Put); a program may play another seat
// in its next deal (each decision names the seat). A program stopped in a deal is
// replaced by a new one at the next Get. Safe for concurrent use.
type Pool struct {
	cfg      Config
	hello    Hello
	fallback func() game.Player

	mu     sync.Mutex
	idle   []*Program
	counts Counts
	logged int
	log    func(format string, args ...any)
}

// NewPool is a pool of cfg's program for the table hello describes (its
// Seat is set per program); fallback makes the player that decides
// instead of a program.
func NewPool(cfg Config, hello Hello, fallback func() game.Player) *Pool {
	pl := &Pool{cfg: cfg, hello: hello, fallback: fallback}
	pl.log = cfg.Log
	pl.cfg.Log = pl.logCapped
	return pl
}

// logCapped logs the first maxLogged refusals, then says the rest are
// only counted.
func (pl *Pool) logCapped(format string, args ...any) {
	if pl.log == nil {
		return
	}
	pl.mu.Lock()
	defer pl.mu.Unlock()
	pl.logged++
	switch {
	case pl.logged < maxLogged:
		pl.log(format, args...)
	case pl.logged == maxLogged:
		pl.log("%s: further refusals are counted, not logged", pl.cfg.Label)
	}
}

// Check starts one program and closes it again: a command that does not
// run or speak the protocol is found before a match starts.
func (pl *Pool) Check() error {
	h := pl.hello
	p, err := Start(pl.cfg, h, pl.fallback())
	if err != nil {
		return err
	}
	p.Close()
	return nil
}

// Get is a program for seat: an idle one, or a new one (told seat in its
// hello). A new one that
// fails to start is counted (Failed) and logged, and a stand-in returned
// whose every decision the fallback makes (and counts).
func (pl *Pool) Get(seat int) *Program {
	pl.mu.Lock()
	if n := len(pl.idle); n > 0 {
		p := pl.idle[n-1]
		pl.idle = pl.idle[:n-1]
		pl.mu.Unlock()
		return p
	}
	pl.mu.Unlock()
	h := pl.hello
	h.Seat = seat
	p, err := Start(pl.cfg, h, pl.fallback())
	if err != nil {
		pl.mu.Lock()
		pl.counts.Failed++
		pl.mu.Unlock()
		pl.logCapped("%v; the simple player plays the seat this deal", err)
		return &Program{cfg: pl.cfg, Fallback: pl.fallback(), dead: true}
	}
	return p
}

// Put gives a program back after a deal: its counts are added to the
// pool's, and it is kept for the next deal, or closed if it has stopped.
func (pl *Pool) Put(p *Program) {
	c := p.counts
	p.counts = Counts{}
	if p.Dead() {
		p.Close()
	}
	pl.mu.Lock()
	defer pl.mu.Unlock()
	pl.counts.add(c)
	if !p.Dead() {
		pl.idle = append(pl.idle, p)
	}
}

// Counts are the refusals of every program of the pool so far (those
// given back).
func (pl *Pool) Counts() Counts {
	pl.mu.Lock()
	defer pl.mu.Unlock()
	return pl.counts
}

// Close ends every idle program.
func (pl *Pool) Close() {
	pl.mu.Lock()
	idle := pl.idle
	pl.idle = nil
	pl.mu.Unlock()
	var wg sync.WaitGroup
	for _, p := range idle {
		wg.Go(p.Close)
	}
	wg.Wait()
}
