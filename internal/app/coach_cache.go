package app

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/preference-rules/pref/interpreter/ruleset"
)

// The coached deals are picked by playing some hundred deals; every front
// end asks for them again and again (the web server on each page, the
// terminal at each lesson), and the answer only depends on the ruleset
// and the names at the table. So they are kept here, by the ruleset's
// digest, for every front end alike.

// pickedDeals keeps the coached deals picked, by digest.
var pickedDeals = &dealCache{max: 64}

// dealsPlayed counts the deals played out by simple players alone, as
// the searches for coached deals and exercises play them: what keeping
// them saves, as the tests see it.
var dealsPlayed atomic.Int64

// dealCache keeps up to max picks; the oldest goes when it is full (a
// server offered many rulesets and options keeps only the recent ones).
type dealCache struct {
	mu    sync.Mutex
	max   int
	order []string
	picks map[string]*pick
}

// pick is one ruleset's picks, made once (others asking at the same time
// wait for it).
type pick struct {
	once  sync.Once
	deals []CoachedDeal
	err   error
}

// get is the picks of r at a table of names: kept, or made by pickNow and
// kept. A ruleset without a digest is picked afresh each time.
func (c *dealCache) get(r *ruleset.Ruleset, names []string, pickNow func() ([]CoachedDeal, error)) ([]CoachedDeal, error) {
	key, ok := digest(r, names)
	if !ok {
		return pickNow()
	}
	p := c.entry(key)
	p.once.Do(func() { p.deals, p.err = pickNow() })
	return slices.Clone(p.deals), p.err
}

// entry is the pick kept for key, new when there is none.
func (c *dealCache) entry(key string) *pick {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.picks == nil {
		c.picks = map[string]*pick{}
	}
	if p, ok := c.picks[key]; ok {
		return p
	}
	if len(c.order) >= c.max {
		delete(c.picks, c.order[0])
		c.order = c.order[1:]
	}
	p := &pick{}
	c.picks[key] = p
	c.order = append(c.order, key)
	return p
}

// digest names what the picks of r at a table of names depend on: the
// ruleset as one document (extends merged, the options' fields applied,
// every default explicit), the options' values, the bids and the names.
func digest(r *ruleset.Ruleset, names []string) (string, bool) {
	text, err := r.YAML()
	if err != nil {
		return "", false
	}
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%q\x00", text, names)
	for _, o := range r.Options {
		fmt.Fprintf(h, "%s=%v\x00", o.Name, o.Default)
	}
	// a ruleset derived from the compiled one (tutorial.FirstGame) shares
	// its document: what it changes is told apart here
	fmt.Fprintf(h, "%v\x00%v\x00", r.Ladder, r.Exchange)
	for _, c := range r.Contracts {
		fmt.Fprintf(h, "%v", c.MustBid)
	}
	return hex.EncodeToString(h.Sum(nil)), true
}
