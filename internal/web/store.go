package web

import (
	"crypto/rand"
	"encoding/hex"
	"sync"
	"time"
)

// The tables in play are kept in memory, each under an id no other page
// can guess, at most maxTables of them; one left alone for tableIdle is
// dropped, and the oldest goes when a new one needs room.
const (
	maxTables = 64
	tableIdle = 2 * time.Hour
)

type store struct {
	mu     sync.Mutex
	max    int
	idle   time.Duration
	tables map[string]*webTable
	now    func() time.Time
}

func newStore(max int, idle time.Duration) *store {
	return &store{max: max, idle: idle, tables: map[string]*webTable{}, now: time.Now}
}

// add keeps t under a new id and returns the id.
func (s *store) add(t *webTable) string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	id := hex.EncodeToString(b[:])
	s.mu.Lock()
	defer s.mu.Unlock()
	s.expire()
	if len(s.tables) >= s.max {
		oldest := ""
		for k, v := range s.tables {
			if oldest == "" || v.used.Before(s.tables[oldest].used) {
				oldest = k
			}
		}
		delete(s.tables, oldest)
	}
	t.id, t.used = id, s.now()
	s.tables[id] = t
	return id
}

// get is the table of id, marked as used now; nil when there is none.
func (s *store) get(id string) *webTable {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.expire()
	t := s.tables[id]
	if t != nil {
		t.used = s.now()
	}
	return t
}

// expire drops the tables left alone too long.
func (s *store) expire() {
	for k, v := range s.tables {
		if s.now().Sub(v.used) > s.idle {
			delete(s.tables, k)
		}
	}
}

// size is the number of tables kept.
func (s *store) size() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.tables)
}
